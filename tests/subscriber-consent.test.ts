// Moving an existing list in (over HTTP, on both databases): an import adds people as confirmed
// only with a source and a date of their consent for the whole file, recorded on each of them
// (in the list's answer and the export); without it they are pending and get the opt-in e-mail
// when asked, as before; a missing or wrong proof is refused with a message and adds no one.
import './helpers/production.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES } from '../common/newsletter-admin.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

type Json = Record<string, any>;

describe.each(backends())('importing a list that already agreed, on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  const CSV = ['email,name', 'ann@example.com,Ann Auma', 'ben@example.com,Ben Byaruhanga'].join('\n');
  const importCsv = (query: Record<string, string>, csv = CSV) =>
    fetch(`${site.base}/api/admin/subscribers/import?${new URLSearchParams(query)}`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: site.base, 'content-type': 'text/csv', 'x-csrf-token': owner.csrf },
      body: csv,
    });

  beforeAll(async () => {
    site = await startSite({ backend, drivenMail: true });
    await addStaff(site.app.database!.db, 'owner@kigezitrails.example', 'owner');
    owner = await signIn(site.base, 'owner@kigezitrails.example');
  });
  afterAll(async () => {
    await site?.stop();
  });
  beforeEach(async () => {
    await site.rows('truncate newsletter_subscribers, mail_outbox restart identity cascade');
  });

  it('adds them as confirmed with the proof on each person, shown in the list and the export, and mails no one', async () => {
    const res = await importCsv({ consent: '1', consentSource: '  Sign-up form on our   old website ', consentDate: '2024-03-15', confirm: '1' });
    expect(res.status).toBe(200);
    const report = (await res.json()) as Json;
    expect(report).toMatchObject({ added: 2, mailed: 0, consent: { source: 'Sign-up form on our old website', date: '2024-03-15' } });
    const rows = await site.rows<{ status: string; consent_source: string; consent_date: string; confirmed_at: string | null }>(
      `select status, consent_source, consent_date::text as consent_date, confirmed_at from newsletter_subscribers order by id`,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toMatchObject({ status: 'confirmed', consent_source: 'Sign-up form on our old website', consent_date: '2024-03-15' });
    for (const r of rows) expect(r.confirmed_at).not.toBeNull();
    expect(await site.rows(`select 1 from mail_outbox`)).toHaveLength(0);
    const list = (await (await owner.get('/subscribers')).json()) as Json;
    expect(list.items.map((i: Json) => i.consent)).toEqual([
      { source: 'Sign-up form on our old website', date: '2024-03-15' },
      { source: 'Sign-up form on our old website', date: '2024-03-15' },
    ]);
    const csv = await (await owner.get('/subscribers/export.csv')).text();
    expect(csv.split('\n')[0]).toContain('consent_source,consent_date');
    expect(csv).toContain('Sign-up form on our old website,2024-03-15');
    const [audit] = await site.rows<{ detail: Json }>(`select detail from audit_log where action = 'subscribers.import' order by id desc limit 1`);
    expect(audit!.detail).toMatchObject({ added: 2, consentSource: 'Sign-up form on our old website', consentDate: '2024-03-15', confirmationsQueued: 0 });
  });

  it('without the proof they are pending, with no consent recorded, and get the confirmation e-mail when asked', async () => {
    const res = await importCsv({ confirm: '1' });
    expect((await res.json()) as Json).toMatchObject({ added: 2, mailed: 2, consent: null });
    const rows = await site.rows<{ status: string; consent_source: string | null }>(`select status, consent_source from newsletter_subscribers`);
    expect(rows.every((r) => r.status === 'pending' && r.consent_source === null)).toBe(true);
    expect(await site.rows(`select 1 from mail_outbox where kind = 'newsletter-confirmation'`)).toHaveLength(2);
    expect(((await (await owner.get('/subscribers')).json()) as Json).items[0].consent).toBeNull();
  });

  it('refuses a consent without a source or a date, or with a date in the future, and adds no one', async () => {
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, string>, string, string][] = [
      [{ consent: '1', consentDate: '2024-03-15' }, CONSENT_MESSAGES.source, 'invalid-consentSource'],
      [{ consent: '1', consentSource: 'x', consentDate: '2024-03-15' }, CONSENT_MESSAGES.source, 'invalid-consentSource'],
      [{ consent: '1', consentSource: 'Old website form' }, CONSENT_MESSAGES.date, 'invalid-consentDate'],
      [{ consent: '1', consentSource: 'Old website form', consentDate: '15/03/2024' }, CONSENT_MESSAGES.date, 'invalid-consentDate'],
      [{ consent: '1', consentSource: 'Old website form', consentDate: '2024-02-30' }, CONSENT_MESSAGES.date, 'invalid-consentDate'],
      [{ consent: '1', consentSource: 'Old website form', consentDate: future }, CONSENT_MESSAGES.date, 'invalid-consentDate'],
      [{ consent: '1', consentSource: 'Old\u0007form', consentDate: '2024-03-15' }, CONSENT_MESSAGES.source, 'invalid-consentSource'],
    ];
    for (const [query, error, code] of cases) {
      const res = await importCsv(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect((await res.json()) as Json).toMatchObject({ error, code });
    }
    expect(await site.rows(`select 1 from newsletter_subscribers`)).toHaveLength(0);
  });

  it('leaves people already on the list as they are, proof or not', async () => {
    await importCsv({ confirm: '0' }, 'email\nann@example.com');
    const res = await importCsv({ consent: '1', consentSource: 'Old website form', consentDate: '2024-03-15' });
    expect((await res.json()) as Json).toMatchObject({ added: 1, existing: 1 });
    const rows = await site.rows<{ email: string; status: string; consent_source: string | null }>(`select email, status, consent_source from newsletter_subscribers order by email`);
    expect(rows).toEqual([
      { email: 'ann@example.com', status: 'pending', consent_source: null },
      { email: 'ben@example.com', status: 'confirmed', consent_source: 'Old website form' },
    ]);
  });
});
