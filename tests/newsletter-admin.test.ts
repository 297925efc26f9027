// The owner's newsletter console over HTTP, with a real SMTP server: campaigns delivered to the
// confirmed subscribers only, each with its own one-click unsubscribe; sent once whatever the
// concurrency; subscribers imported (never confirmed), exported, unsubscribed and erased
// everywhere; agents refused everything.
import './helpers/production.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../common/newsletter-admin.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { startTestSmtp, type TestSmtp } from './helpers/smtp.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

type Json = Record<string, any>;

const OWNER = 'owner@kigezitrails.example';
const AGENT = 'agent@kigezitrails.example';
const RATE = 1200; // 50 ms between messages

describe.each(backends())('subscribers and campaigns on %s', (backend) => {
  let site: InProcessSite;
  let smtp: TestSmtp;
  let owner: SignedIn;
  let agent: SignedIn;
  let n = 0;

  async function seed(email: string, status: 'pending' | 'confirmed' | 'unsubscribed', name = 'Test Person'): Promise<number> {
    n++;
    const [row] = await site.rows<{ id: number }>(
      `insert into newsletter_subscribers (full_name, email, email_key, status, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
       values ('${name.replace(/'/g, "''")}', '${email}', lower('${email}'), '${status}', 'c${n}-${email}', 'u${n}-${email}', ${status === 'confirmed' ? 'now()' : 'null'}) returning id`,
    );
    return Number(row!.id);
  }
  const statusOf = async (email: string) => (await site.rows<{ status: string }>(`select status from newsletter_subscribers where email_key = lower('${email}')`))[0]?.status;
  const importCsv = (who: SignedIn, csv: string | Uint8Array, confirm = false, type = 'text/csv') =>
    fetch(`${site.base}/api/admin/subscribers/import${confirm ? '?confirm=1' : ''}`, {
      method: 'POST',
      headers: { cookie: who.cookie, origin: site.base, 'content-type': type, 'x-csrf-token': who.csrf },
      body: csv as BodyInit,
    });
  const newCampaign = async (subject = 'Gorilla season news', body = '## Permits\n\nThe **July** permits are out. [See the safaris](https://www.kigezitrails.example/safaris).') => {
    const res = await owner.send('/campaigns', { subject, body });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    site = await startSite({ backend, env: { SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: String(RATE) }, drivenMail: true });
    await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
    await addStaff(site.app.database!.db, AGENT, 'agent');
    owner = await signIn(site.base, OWNER);
    agent = await signIn(site.base, AGENT);
  });
  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
  });
  beforeEach(async () => {
    await site.rows('truncate newsletter_campaigns, newsletter_campaign_recipients, newsletter_subscribers, newsletter_tombstones, mail_outbox, enquiries restart identity cascade');
    smtp.received.length = 0;
  });

  it('delivers a campaign to every confirmed subscriber and no one else, each with its own one-click unsubscribe, at the configured rate', async () => {
    const confirmed = ['ann@example.com', 'ben@example.org', 'Cleo@Example.net'];
    for (const e of confirmed) await seed(e, 'confirmed');
    await seed('pending@example.com', 'pending');
    await seed('gone@example.com', 'unsubscribed');
    const id = await newCampaign();

    const send = await owner.send(`/campaigns/${id}/send`, {});
    expect(send.status).toBe(200);
    expect(await send.json()).toMatchObject({ ok: true, queued: 3 });

    // Staggered: one message every 60000 / RATE ms.
    const queued = await site.rows<{ next_attempt_at: string; kind: string }>(`select next_attempt_at, kind from mail_outbox order by next_attempt_at`);
    expect(queued.map((q) => q.kind)).toEqual(['newsletter-campaign', 'newsletter-campaign', 'newsletter-campaign']);
    const times = queued.map((q) => new Date(q.next_attempt_at).getTime());
    expect(times[1]! - times[0]!).toBeCloseTo(60_000 / RATE, -1);
    expect(times[2]! - times[0]!).toBeCloseTo((2 * 60_000) / RATE, -1);

    await site.drainMail();
    expect(smtp.received).toHaveLength(3);
    expect(
      smtp.received
        .flatMap((m) => m.to)
        .map((a) => a.toLowerCase())
        .sort(),
    ).toEqual(confirmed.map((e) => e.toLowerCase()).sort());
    for (const bad of ['pending@example.com', 'gone@example.com']) expect(smtp.received.some((m) => m.raw.includes(bad))).toBe(false);

    const tokens = new Set<string>();
    for (const m of smtp.received) {
      expect(m.header('subject')).toBe('Gorilla season news');
      const lu = m.header('list-unsubscribe')!;
      const match = /^<(http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\/one-click\?token=([A-Za-z0-9_-]{32}))>, <mailto:bookings@kigezitrails\.example\?subject=unsubscribe>$/.exec(lu);
      expect(match, lu).not.toBeNull();
      expect(m.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const token = match![2]!;
      tokens.add(token);
      // The visible link goes to the unsubscribe page with the same token.
      expect(m.text).toContain(`http://localhost:3000/newsletter/unsubscribe?token=${token}`);
      // The text part is the Markdown as plain text; replies go to the operator.
      expect(m.text).toContain('The July permits are out. See the safaris (https://www.kigezitrails.example/safaris).');
      expect(m.text).not.toContain('**');
      expect(m.header('reply-to')).toContain('bookings@kigezitrails.example');
      expect(m.raw).toContain('multipart/alternative');
    }
    expect(tokens.size).toBe(3);
    // Only hashes are stored.
    const stored = await site.rows<{ h: string }>(`select unsubscribe_token_hash as h from newsletter_campaign_recipients`);
    for (const t of tokens) expect(stored.some((s) => s.h === t)).toBe(false);

    const list = (await (await owner.get('/campaigns')).json()) as Json;
    expect(list.items[0]).toMatchObject({ id, status: 'sending', counts: { recipients: 3, queued: 0, sent: 3, failed: 0 } });
  });

  it('one-click unsubscribes exactly the person whose message it was, idempotently, with an empty or a One-Click body', async () => {
    for (const e of ['a1@example.com', 'a2@example.com', 'a3@example.com']) await seed(e, 'confirmed');
    const id = await newCampaign();
    expect((await owner.send(`/campaigns/${id}/send`, {})).status).toBe(200);
    await site.drainMail();
    const mail = smtp.received.find((m) => m.to[0] === 'a2@example.com')!;
    const url = /<(http[^>]+one-click[^>]+)>/.exec(mail.header('list-unsubscribe')!)![1]!.replace('http://localhost:3000', site.base);

    const first = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(first.status).toBe(200);
    expect(await statusOf('a2@example.com')).toBe('unsubscribed');
    expect(await statusOf('a1@example.com')).toBe('confirmed');
    expect(await statusOf('a3@example.com')).toBe('confirmed');
    const at = (await site.rows<{ u: string }>(`select unsubscribed_at::text as u from newsletter_subscribers where email = 'a2@example.com'`))[0]!.u;
    // Again, with no body, from no site at all: the same answer, nothing else changes.
    const again = await fetch(url, { method: 'POST' });
    expect(again.status).toBe(200);
    expect((await site.rows<{ u: string }>(`select unsubscribed_at::text as u from newsletter_subscribers where email = 'a2@example.com'`))[0]!.u).toBe(at);
    // The visible link's page flow takes the same token.
    const token = new URL(url).searchParams.get('token')!;
    const other = smtp.received.find((m) => m.to[0] === 'a3@example.com')!;
    const token3 = /token=([A-Za-z0-9_-]{32})/.exec(other.text)![1]!;
    const page = await fetch(`${site.base}/api/newsletter/unsubscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: token3 }) });
    expect(page.status).toBe(200);
    expect(await statusOf('a3@example.com')).toBe('unsubscribed');
    expect(await statusOf('a1@example.com')).toBe('confirmed');
    // A token no one has, or a malformed one: refused, nobody changes.
    expect((await fetch(`${site.base}/api/newsletter/unsubscribe/one-click?token=${'x'.repeat(32)}`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${site.base}/api/newsletter/unsubscribe/one-click?token=short`, { method: 'POST' })).status).toBe(400);
    expect(token).not.toBe(token3);
    // Opened in a browser, the one-click address changes nothing and leads to the page with the button.
    const token1 = /token=([A-Za-z0-9_-]{32})/.exec(smtp.received.find((m) => m.to[0] === 'a1@example.com')!.text)![1]!;
    const opened = await fetch(`${site.base}/api/newsletter/unsubscribe/one-click?token=${token1}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/newsletter/unsubscribe?token=${token1}`);
    expect(await statusOf('a1@example.com')).toBe('confirmed');
    expect(await statusOf('a1@example.com')).toBe('confirmed');
  });

  it('sends a campaign once: of two concurrent sends one is refused, and N messages are queued in all', async () => {
    for (let i = 0; i < 6; i++) await seed(`c${i}@example.com`, 'confirmed');
    const id = await newCampaign();
    const answers = await Promise.all([owner.send(`/campaigns/${id}/send`, {}), owner.send(`/campaigns/${id}/send`, {}), owner.send(`/campaigns/${id}/send`, {})]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const refused = (await answers.find((a) => a.status === 409)!.json()) as Json;
    expect(refused.error).toMatch(/already been sent/);
    const [{ n: total }] = (await site.rows<{ n: number }>(`select count(*)::int as n from mail_outbox where kind = 'newsletter-campaign'`)) as [{ n: number }];
    expect(total).toBe(6);
    // And later, too.
    const later = await owner.send(`/campaigns/${id}/send`, {});
    expect(later.status).toBe(409);
    // A sent campaign cannot be edited.
    expect((await owner.send(`/campaigns/${id}`, { subject: 'x', body: 'y' }, 'PUT')).status).toBe(409);
    await site.drainMail();
    expect(smtp.received).toHaveLength(6);
  });

  it.runIf(backend === 'postgres')('sends a campaign once when two server processes are asked at the same moment', async () => {
    const second = await startSite({ backend, env: { SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: String(RATE) }, shareDatabase: site.databaseUrl, drivenMail: true });
    try {
      for (let i = 0; i < 40; i++) await seed(`p${i}@example.com`, 'confirmed');
      const id = await newCampaign();
      const other = await signIn(second.base, OWNER);
      const answers = await Promise.all([owner.send(`/campaigns/${id}/send`, {}), other.send(`/campaigns/${id}/send`, {}), other.send(`/campaigns/${id}/send`, {})]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      const [{ n }] = (await site.rows<{ n: number }>(`select count(*)::int as n from mail_outbox where kind = 'newsletter-campaign'`)) as [{ n: number }];
      expect(n).toBe(40);
      const [{ r }] = (await site.rows<{ r: number }>(`select count(*)::int as r from newsletter_campaign_recipients where campaign_id = ${id}`)) as [{ r: number }];
      expect(r).toBe(40);
    } finally {
      await second.stop();
    }
  });

  it('keeps a campaign a draft when there is nobody to send to, and sends a [Test] to the owner only', async () => {
    await seed('p@example.com', 'pending');
    const id = await newCampaign('Hello', 'Just a line.');
    const none = await owner.send(`/campaigns/${id}/send`, {});
    expect(none.status).toBe(409);
    expect(((await none.json()) as Json).error).toMatch(/no confirmed subscribers/);
    expect((await site.rows<{ status: string }>(`select status from newsletter_campaigns where id = ${id}`))[0]!.status).toBe('draft');

    const test = await owner.send(`/campaigns/${id}/test`, {});
    expect(test.status).toBe(200);
    await site.drainMail();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([OWNER]);
    expect(smtp.received[0]!.header('subject')).toBe('[Test] Hello');
    expect(smtp.received[0]!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // A test is no send: still a draft, no recipients.
    expect((await site.rows<{ status: string }>(`select status from newsletter_campaigns where id = ${id}`))[0]!.status).toBe('draft');

    const preview = (await (await owner.get(`/campaigns/${id}/preview`)).json()) as Json;
    expect(preview.subject).toBe('Hello');
    expect(preview.html).toContain('<p>Just a line.</p>');
    expect(preview.text).toContain('Just a line.');
    expect(preview.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('renders Markdown safely: no script, no event handler reaches the e-mail', async () => {
    const id = await newCampaign('Safe', 'Hi <script>alert(1)</script> <img src=images/uploads/a.jpg onerror=alert(2)> [x](javascript:alert(3))');
    const preview = (await (await owner.get(`/campaigns/${id}/preview`)).json()) as Json;
    expect(preview.html).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('imports people as pending only, reports each row, and mails the opt-in only when asked', async () => {
    await seed('known@example.com', 'confirmed');
    await seed('left@example.com', 'unsubscribed');
    const csv = [
      'email,name,status',
      'new1@example.com,Nia New,confirmed',
      'KNOWN@example.com,Known Person,confirmed',
      'left@example.com,Left,confirmed',
      'not-an-address,Bad,confirmed',
      ',No Address,',
      'new1@example.com,Twice,',
      '"new2@example.com","Quoted, Name",',
    ].join('\r\n');
    const res = await importCsv(owner, csv);
    expect(res.status).toBe(200);
    const report = (await res.json()) as Json;
    expect(report).toMatchObject({ added: 2, existing: 3, invalid: 2, erased: 0, mailed: 0 });
    expect(report.rows.map((r: Json) => [r.line, r.outcome])).toEqual([
      [2, 'added'],
      [3, 'existing'],
      [4, 'existing'],
      [5, 'invalid'],
      [6, 'invalid'],
      [7, 'existing'],
      [8, 'added'],
    ]);
    expect(await statusOf('new1@example.com')).toBe('pending');
    expect(await statusOf('new2@example.com')).toBe('pending');
    expect((await site.rows<{ n: string }>(`select full_name as n from newsletter_subscribers where email = 'new2@example.com'`))[0]!.n).toBe('Quoted, Name');
    // Left as they were: an unsubscribed person is not brought back.
    expect(await statusOf('left@example.com')).toBe('unsubscribed');
    expect(await statusOf('known@example.com')).toBe('confirmed');
    expect((await site.rows(`select 1 from mail_outbox`)).length).toBe(0);
    // Nobody imported was confirmed.
    expect((await site.rows(`select 1 from newsletter_subscribers where status = 'confirmed'`)).length).toBe(1);

    const mailed = await importCsv(owner, 'email,name\nnew3@example.com,Nuru\nnew1@example.com,Again\n', true);
    expect(await mailed.json()).toMatchObject({ added: 1, existing: 1, mailed: 1 });
    await site.drainMail();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['new3@example.com']);
    expect(smtp.received[0]!.text).toMatch(/\/newsletter\/confirm\?token=/);
    expect(await statusOf('new3@example.com')).toBe('pending');
    // The audit log counts rows; it names no one.
    const audits = await site.rows<{ detail: unknown }>(`select detail from audit_log where action = 'subscribers.import'`);
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toMatch(/@example/);
  });

  it('refuses bad, oversized and over-long files with a clear 4xx', async () => {
    const bad = await importCsv(owner, 'email,name\n"unclosed@example.com,Name\n');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error).toMatch(/not valid CSV/);
    const noHeader = await importCsv(owner, 'someone@example.com,Name\n');
    expect(noHeader.status).toBe(400);
    expect(((await noHeader.json()) as Json).error).toMatch(/first row must name the columns/);
    expect((await importCsv(owner, '')).status).toBe(400);
    const notText = await importCsv(owner, new Uint8Array([0x65, 0x6d, 0xff, 0xfe, 0x00]));
    expect(notText.status).toBe(400);
    expect((await importCsv(owner, 'email\na@example.com', false, 'application/json')).status).toBe(415);
    const many = await importCsv(owner, `email\n${Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `p${i}@example.com`).join('\n')}\n`);
    expect(many.status).toBe(413);
    expect(((await many.json()) as Json).error).toMatch(/more than 10,000 rows/);
    // Over 2 MB: refused, by the route (just over) or before anything reads it (far over).
    const big = `email,name\n${'x@example.com,' + 'n'.repeat(90) + '\n'}`.repeat(21_000);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const tooBig = await importCsv(owner, big);
    expect(tooBig.status).toBe(413);
    const huge = await importCsv(owner, 'a'.repeat(3 * 1024 * 1024));
    expect(huge.status).toBe(413);
    // The larger limit is for the import only: any other console write keeps 64 KB.
    const other = await owner.send('/campaigns', { subject: 'big', body: 'x'.repeat(70 * 1024) });
    expect(other.status).toBe(413);
    expect((await site.rows('select 1 from newsletter_subscribers')).length).toBe(0);
  });

  it('exports the filtered list as CSV with formula cells neutralised', async () => {
    await seed('plain@example.com', 'confirmed', 'Plain Name');
    await seed('formula@example.com', 'confirmed', '=HYPERLINK("http://evil.example","x")');
    await seed('minus@example.com', 'pending', '-2+3');
    const res = await owner.get('/subscribers/export.csv?status=confirmed');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="subscribers-confirmed-/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csv = (await res.text()).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('email,name,status,subscribed_at,confirmed_at,unsubscribed_at,consent_source,consent_date');
    expect(lines).toHaveLength(3);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv).not.toContain('minus@example.com');
    const searched = await (await owner.get('/subscribers/export.csv?q=MINUS')).text();
    expect(searched).toContain(`'-2+3`);
    expect(searched).not.toContain('plain@example.com');
    // The list: search, filter, counts.
    const list = (await (await owner.get('/subscribers?q=plain')).json()) as Json;
    expect(list.items.map((i: Json) => i.email)).toEqual(['plain@example.com']);
    expect(list.counts).toEqual({ pending: 1, confirmed: 2, unsubscribed: 0 });
    expect((await owner.get('/subscribers?status=nonsense')).status).toBe(400);
    expect((await owner.get('/subscribers?page=99')).status).toBe(400);
  });

  it('unsubscribes one person from the console, withdrawing the campaign messages still waiting for them', async () => {
    const id = await seed('one@example.com', 'confirmed');
    await seed('two@example.com', 'confirmed');
    const cid = await newCampaign();
    expect((await owner.send(`/campaigns/${cid}/send`, {})).status).toBe(200);
    expect((await owner.send(`/subscribers/${id}/unsubscribe`)).status).toBe(200);
    await site.drainMail();
    expect(smtp.received.map((m) => m.to[0])).toEqual(['two@example.com']);
    expect(await statusOf('one@example.com')).toBe('unsubscribed');
    expect(await statusOf('two@example.com')).toBe('confirmed');
    expect((await owner.send(`/subscribers/999999/unsubscribe`)).status).toBe(404);
    expect((await owner.send(`/subscribers/abc/unsubscribe`)).status).toBe(404);
  });

  it('erases a person everywhere, keeps only a tombstone that a re-import respects, and lets their own sign-up bring them back', async () => {
    const email = 'Erase.Me@Example.com';
    const key = email.toLowerCase();
    const id = await seed(email, 'confirmed', 'Erin Erase');
    await seed('stay@example.com', 'confirmed', 'Stay Here');
    // Their enquiries (another letter case too) with the operator notice and acknowledgement.
    for (const address of [email, key]) {
      const [e] = await site.rows<{ id: number }>(
        `insert into enquiries (name, email, phone, message, preferred_contact_method) values ('Erin Erase', '${address}', '+256772000000', 'Gorillas please', 'Email') returning id`,
      );
      await site.rows(
        `insert into mail_outbox (kind, enquiry_id, message_id, message) values
          ('enquiry-operator', ${e!.id}, '<op${e!.id}@x>', '{"to":{"name":"ops","address":"bookings@kigezitrails.example"},"replyTo":{"name":"Erin","address":"${address}"},"subject":"s","text":"t","from":"f"}'),
          ('enquiry-acknowledgement', ${e!.id}, '<ack${e!.id}@x>', '{"to":{"name":"Erin","address":"${address}"},"subject":"s","text":"t","from":"f"}')`,
      );
    }
    await site.rows(`insert into enquiries (name, email, phone, message, preferred_contact_method) values ('Other', 'other@example.com', '+256772000001', 'Hi', 'Email')`);
    await site.rows(`insert into rate_limits (bucket, key_hash, window_start, hits) values ('subscribe-email', encode(sha256(convert_to('${key}', 'UTF8')), 'hex'), now(), 1)`);
    // A campaign sent to both.
    const cid = await newCampaign();
    expect((await owner.send(`/campaigns/${cid}/send`, {})).status).toBe(200);
    await site.drainMail();

    // An agent may not; a wrong id is a 404; the box must be ticked.
    expect((await agent.send(`/subscribers/${id}/erase`, { confirm: true })).status).toBe(403);
    expect((await owner.send(`/subscribers/${id}/erase`, {})).status).toBe(400);
    const res = await owner.send(`/subscribers/${id}/erase`, { confirm: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, enquiries: 2, mail: 5 });

    // Every column of every table: the address (any case) is nowhere, nor the name.
    const columns = await site.rows<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying', 'json')`,
    );
    expect(columns.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const c of columns) {
      const hits = await site.rows(`select 1 from "${c.table_name}" where lower("${c.column_name}"::text) like '%erase.me@example.com%' or "${c.column_name}"::text like '%Erin Erase%' limit 1`);
      if (hits.length) found.push(`${c.table_name}.${c.column_name}`);
    }
    expect(found).toEqual([]);
    expect((await site.rows(`select 1 from rate_limits`)).length).toBe(0);
    expect((await site.rows(`select 1 from newsletter_campaign_recipients`)).length).toBe(1);
    expect((await site.rows(`select 1 from enquiries`)).length).toBe(1);
    expect((await site.rows(`select 1 from newsletter_tombstones`)).length).toBe(1);
    const [audit] = await site.rows<Json>(`select target, detail from audit_log where action = 'subscriber.erase'`);
    expect(audit!.target).toBe(`subscriber:${id}`);
    // The others are untouched.
    expect(await statusOf('stay@example.com')).toBe('confirmed');
    const counts = (await (await owner.get('/campaigns')).json()) as Json;
    expect(counts.items[0].counts).toMatchObject({ recipients: 1, sent: 1 });

    // A re-import skips them.
    const again = (await (await importCsv(owner, `email,name\n${email.toUpperCase()},Erin\nfresh@example.com,Fresh\n`)).json()) as Json;
    expect(again).toMatchObject({ added: 1, erased: 1 });
    expect(again.rows[0]).toMatchObject({ outcome: 'erased' });
    expect(await statusOf(email)).toBeUndefined();
    expect((await owner.send(`/subscribers/${id}/erase`, { confirm: true })).status).toBe(404);

    // Their own sign-up is fresh consent: allowed, pending, and the tombstone goes.
    const signUp = await fetch(`${site.base}/api/admin/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.base },
      body: JSON.stringify({ fullName: 'Erin Erase', email }),
    });
    expect(signUp.status).toBe(200);
    expect(await statusOf(email)).toBe('pending');
    expect((await site.rows(`select 1 from newsletter_tombstones`)).length).toBe(0);
  });

  it('refuses agents every subscriber and campaign route (403), and anonymous callers (401)', async () => {
    const sid = await seed('x@example.com', 'confirmed');
    const cid = await newCampaign();
    const gets = ['/subscribers', '/subscribers/export.csv', `/subscribers/${sid}`, '/campaigns', `/campaigns/${cid}`, `/campaigns/${cid}/preview`];
    for (const p of gets) {
      expect((await agent.get(p)).status, p).toBe(403);
      expect((await fetch(`${site.base}/api/admin${p}`)).status, p).toBe(401);
    }
    const writes: [string, unknown, string?][] = [
      ['/campaigns', { subject: 'a', body: 'b' }],
      [`/campaigns/${cid}`, { subject: 'a', body: 'b' }, 'PUT'],
      [`/campaigns/${cid}/test`, {}],
      [`/campaigns/${cid}/send`, {}],
      [`/campaigns/${cid}`, {}, 'DELETE'],
      [`/subscribers/${sid}/unsubscribe`, {}],
      [`/subscribers/${sid}/erase`, { confirm: true }],
    ];
    for (const [p, body, method] of writes) expect((await agent.send(p, body, method)).status, p).toBe(403);
    expect((await importCsv(agent, 'email\nz@example.com\n')).status).toBe(403);
    // Nothing happened.
    expect((await site.rows(`select 1 from mail_outbox`)).length).toBe(0);
    expect(await statusOf('x@example.com')).toBe('confirmed');
    expect((await site.rows(`select status from newsletter_campaigns`))[0]).toMatchObject({ status: 'draft' });
    // And an owner's write without the anti-forgery token is refused too.
    const noCsrf = await fetch(`${site.base}/api/admin/campaigns/${cid}/send`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: site.base, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noCsrf.status).toBe(403);
  });
});
