// The operator's time zone and the operator's e-mails (over HTTP, on both databases): an owner
// chooses the zone on the settings API (agents may not, a zone the runtime does not know is
// refused with a message); the enquiry notice and the lock notice write their times in it; the
// owner made at set-up is listed as active, an invited member as invited until the link is used.
import './helpers/production.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceSetup } from '../server/auth/accounts.ts';
import { createLogger } from '../server/logger.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { goodEnquiry } from './helpers/forms.ts';
import { addStaff, signIn, STAFF_PASSWORD, type SignedIn } from './helpers/staff.ts';

type Json = Record<string, any>;

describe.each(backends())('the operator’s time zone and e-mails on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  let agent: SignedIn;

  beforeAll(async () => {
    site = await startSite({ backend, drivenMail: true });
    const db = site.app.database!.db;
    const token = (await announceSetup(db, 'http://localhost:3000', createLogger('silent')))!;
    const res = await fetch(`${site.base}/api/admin/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.base },
      body: JSON.stringify({ token, name: 'Amani Owner', email: 'owner@kigezitrails.example', password: STAFF_PASSWORD }),
    });
    expect(res.status).toBe(201);
    owner = await signIn(site.base, 'owner@kigezitrails.example');
    await addStaff(db, 'agent@kigezitrails.example', 'agent', undefined, 'Neema Agent');
    agent = await signIn(site.base, 'agent@kigezitrails.example');
  });
  afterAll(async () => {
    await site?.stop();
  });

  const outboxText = async (kind: string) =>
    (await site.rows<{ message: { text: string; html: string } }>(`select message from mail_outbox where kind = '${kind}' order by id desc limit 1`))[0]?.message;

  it('is Africa/Kampala until an owner chooses another; a zone the runtime does not know is refused', async () => {
    expect(((await (await owner.get('/settings')).json()) as Json).timeZone).toBe('Africa/Kampala');
    const bad = await owner.send('/settings', { timeZone: 'Africa/Atlantis' }, 'PUT');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error).toBe('Choose a time zone from the list (for example Africa/Kampala).');
    expect((await agent.send('/settings', { timeZone: 'UTC' }, 'PUT')).status).toBe(403);
    const ok = await owner.send('/settings', { timeZone: 'Asia/Kolkata' }, 'PUT');
    expect(ok.status).toBe(200);
    expect((await ok.json()) as Json).toMatchObject({ timeZone: 'Asia/Kolkata', agentsEditContent: false, changed: ['timeZone'] });
    // Saving the other setting leaves the zone as it is.
    await owner.send('/settings', { agentsEditContent: false }, 'PUT');
    expect(((await (await owner.get('/settings')).json()) as Json).timeZone).toBe('Asia/Kolkata');
    const [audit] = await site.rows<{ detail: Json }>(`select detail from audit_log where action = 'settings.change' order by id desc limit 1`);
    expect(audit!.detail).toEqual({ timeZone: 'Asia/Kolkata' });
  });

  it('the enquiry notice writes when it arrived in the operator’s zone, not as an ISO timestamp', async () => {
    await owner.send('/settings', { timeZone: 'Asia/Kolkata' }, 'PUT');
    const res = await fetch(`${site.base}/api/plan-a-safari`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.base }, body: JSON.stringify(goodEnquiry(1)) });
    expect(res.status).toBe(201);
    const [row] = await site.rows<{ created_at: string }>(`select created_at from enquiries order by id desc limit 1`);
    const at = new Date(row!.created_at);
    const local = new Date(at.getTime() + 330 * 60_000);
    const m = (await outboxText('enquiry-operator'))!;
    const received = /Received: (.+)/.exec(m.text)![1]!;
    expect(received).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d:\d\d \(Asia\/Kolkata, UTC\+5:30\)$/);
    expect(received).toContain(`${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}:${String(local.getUTCSeconds()).padStart(2, '0')}`);
    expect(m.text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(m.html).toContain('(Asia/Kolkata, UTC+5:30)');
  });

  it('the lock notice writes the lock’s times in the operator’s zone', async () => {
    await owner.send('/settings', { timeZone: 'Africa/Kampala' }, 'PUT');
    await addStaff(site.app.database!.db, 'locked@kigezitrails.example', 'agent');
    for (let i = 0; i < 12; i++) {
      await fetch(`${site.base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.base },
        body: JSON.stringify({ email: 'locked@kigezitrails.example', password: `wrong ${i}` }),
      });
      if ((await site.rows(`select 1 from mail_outbox where kind = 'staff-account-locked'`)).length) break;
    }
    const m = (await outboxText('staff-account-locked'))!;
    expect(m.text).toMatch(/was locked at \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(Africa\/Kampala, UTC\+3\)/);
    expect(m.text).toMatch(/refused until \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(Africa\/Kampala, UTC\+3\)/);
    expect(m.text).not.toMatch(/\d\d:\d\d UTC\b/);
  });

  it('lists the owner made at set-up as active; an invited member as invited until they choose a password', async () => {
    const invite = await owner.send('/staff', { email: 'new@kigezitrails.example', name: 'New Member', role: 'agent' });
    expect(invite.status).toBe(201);
    const list = ((await (await owner.get('/staff')).json()) as Json).staff as Json[];
    const by = (email: string) => list.find((m) => m.email === email)!;
    expect(by('owner@kigezitrails.example')).toMatchObject({ invited: false, disabled: false });
    expect(by('owner@kigezitrails.example').lastSignInAt).not.toBeNull();
    // Made with a password of its own (as npm run admin:create-user does): active, not invited.
    expect(by('locked@kigezitrails.example').invited).toBe(false);
    expect(by('new@kigezitrails.example').invited).toBe(true);
    const m = (await outboxText('staff-invitation'))!;
    const link = /Choose your password: (\S+)/.exec(m.text)![1]!;
    expect(m.text.indexOf(link)).toBeLessThan(m.text.indexOf('The link above works once'));
    expect(m.text).not.toContain('link below');
  });
});
