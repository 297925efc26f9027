// Enquiries and newsletter against the API, with a real SMTP server started in the test:
// what is stored, what is delivered and how, what is refused and with which words; SMTP going
// down and coming back; retries, give-up and two workers sharing one outbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, tooLongMessage } from '../common/validation.ts';
import { BAD_TOKEN_MESSAGE, DEFAULT_SPAM_SETTINGS, HONEYPOT_MESSAGE, MISSING_TOKEN_MESSAGE, TOO_FAST_MESSAGE, USED_TOKEN_MESSAGE } from '../server/api/forms-http.ts';
import { createFormTokens, FORM_TOKEN_TTL_MS } from '../server/spam/form-token.ts';
import { SUBSCRIBED_MESSAGE } from '../server/api/newsletter.ts';
import { type Backend, backends, openTestDatabase, type TestDatabase } from './helpers/db.ts';
import { FROM, formsHarness, goodEnquiry, OPERATOR, SITE, waitFor, type FormsHarness } from './helpers/forms.ts';
import { startTestSmtp, toReceived, type ReceivedMail, type TestSmtp } from './helpers/smtp.ts';

type Json = Record<string, any>;

const count = async (h: FormsHarness, table: string) => Number((await h.rows<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n);
const truncate = (t: TestDatabase) => t.db.execute(sql.raw('truncate enquiries, mail_outbox, newsletter_subscribers, rate_limits, form_tokens_used restart identity cascade'));
const byKind = (mails: ReceivedMail[], to: string) => mails.filter((m) => m.to.includes(to));

/**
 * A describe block's SMTP server and database, opened before its tests (handed to `opened`) and
 * closed after them; after each test the SMTP server accepts again, the test's harness (`current`)
 * is closed, and the tables are emptied.
 */
function smtpAndDatabase(backend: Backend, { opened, current }: { opened: (smtp: TestSmtp, tdb: TestDatabase) => void; current: () => FormsHarness | undefined }) {
  let smtp: TestSmtp;
  let tdb: TestDatabase;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    tdb = await openTestDatabase(backend);
    opened(smtp, tdb);
  });
  afterAll(async () => {
    await smtp.stop();
    await tdb.drop();
  });
  afterEach(async () => {
    smtp.refuse = null;
    await current()?.close();
    await truncate(tdb);
    smtp.received.length = 0;
  });
}

describe.each(backends())('enquiries on %s', (backend) => {
  let smtp: TestSmtp;
  let h: FormsHarness;
  let tdb: TestDatabase;
  const harness = (opts: Parameters<typeof formsHarness>[1] = {}) => formsHarness(backend, { tdb, ...opts });
  smtpAndDatabase(backend, { opened: (s, t) => ([smtp, tdb] = [s, t]), current: () => h });

  it('stores an accepted enquiry with its outbox rows before answering 201, then delivers both e-mails', async () => {
    h = await harness({ smtp, forms: { startWorker: false } });
    const e = goodEnquiry(1);
    const res = await h.post('/plan-a-safari', { ...e, unknownField: 'ignored', another: 42 }, {}, '41.210.3.7');
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body.id).toEqual(expect.any(Number));

    // Committed before the answer: the rows are there although the worker has not run.
    const [row] = await h.rows<Json>(`select * from enquiries where id = ${body.id}`);
    expect(row).toMatchObject({
      name: e.name,
      email: e.email,
      phone: e.phone,
      country: 'Kenya',
      message: e.message,
      preferred_contact_method: 'Whatsapp',
      page_url: e.currentUrl,
      client_ip: '41.210.3.7',
      user_agent: 'vitest-agent/1.0',
    });
    expect(Date.now() - new Date(row!.created_at).getTime()).toBeLessThan(60_000);
    const outbox = await h.rows<Json>(`select kind, status, message_id from mail_outbox where enquiry_id = ${body.id} order by kind`);
    expect(outbox.map((o) => [o.kind, o.status])).toEqual([
      ['enquiry-acknowledgement', 'pending'],
      ['enquiry-operator', 'pending'],
    ]);
    expect(smtp.received).toHaveLength(0);

    expect(await h.forms.worker.runOnce()).toBe(2);
    expect(smtp.received).toHaveLength(2);
    const sent = await h.rows<Json>(`select status, attempts, sent_at from mail_outbox where enquiry_id = ${body.id}`);
    expect(sent.every((o) => o.status === 'sent' && o.attempts === 1 && o.sent_at)).toBe(true);

    const [op] = byKind(smtp.received, OPERATOR);
    expect(op!.to).toEqual([OPERATOR]);
    expect(op!.header('message-id')).toBe(outbox.find((o) => o.kind === 'enquiry-operator')!.message_id);
    expect(op!.header('reply-to')).toContain(`<${e.email}>`);
    expect(op!.header('reply-to')).toContain(e.name);
    expect(op!.header('from')).toBe(FROM);
    expect(op!.header('subject')).toBe(`Safari enquiry #${body.id} from ${e.name}`);
    for (const value of [e.name, e.email, e.phone, 'Kenya', 'Whatsapp', e.message, e.currentUrl, '41.210.3.7', 'vitest-agent/1.0']) {
      expect(op!.text).toContain(value);
    }

    const [ack] = byKind(smtp.received, e.email);
    expect(ack!.to).toEqual([e.email]);
    expect(ack!.header('message-id')).toBe(outbox.find((o) => o.kind === 'enquiry-acknowledgement')!.message_id);
    expect(ack!.header('reply-to')).toContain(OPERATOR);
    expect(ack!.text).toContain(`#${body.id}`);
    expect(ack!.text).toContain('on WhatsApp');
    // The visitor's words are not sent back to the address they typed.
    expect(ack!.raw).not.toContain('gorilla and chimpanzee trip');
    expect(ack!.text).not.toContain(e.message);
  });

  it('does not greet with a name that carries a link, so the acknowledgement cannot carry spam', async () => {
    h = await harness({ smtp, forms: { startWorker: false } });
    const res = await h.post('/plan-a-safari', { ...goodEnquiry(2), name: 'Cheap pills at pills.example' });
    expect(res.status).toBe(201);
    await h.forms.worker.runOnce();
    const [ack] = byKind(smtp.received, goodEnquiry(2).email);
    expect(ack!.raw).not.toContain('pills');
    expect(ack!.text.startsWith('Hello,')).toBe(true);
  });

  it('keeps line breaks out of every header: no injected Bcc, one recipient', async () => {
    h = await harness({ smtp, forms: { startWorker: false } });
    const res = await h.post('/plan-a-safari', {
      ...goodEnquiry(3),
      name: 'Eve\r\nBcc: victim@example.net\r\nX-Injected: yes',
      country: 'Kenya\r\nBcc: other@example.net',
    });
    expect(res.status).toBe(201);
    await h.forms.worker.runOnce();
    expect(smtp.received).toHaveLength(2);
    for (const m of smtp.received) {
      expect(m.to).toHaveLength(1);
      expect(m.to.some((t) => t.includes('victim') || t.includes('other'))).toBe(false);
      expect(m.headers.has('bcc')).toBe(false);
      expect(m.headers.has('x-injected')).toBe(false);
    }
    const op = byKind(smtp.received, OPERATOR)[0]!;
    expect(op.header('subject')).toMatch(/^Safari enquiry #\d+ from Eve Bcc: victim@example.net X-Injected: yes$/);

    const bad = await h.post('/plan-a-safari', { ...goodEnquiry(3), email: 'a@example.com\r\nBcc: victim@example.net' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error).toBe(MESSAGES.email);
  });

  describe('refuses bad requests with a 4xx and a sentence, storing nothing', () => {
    const big = 'x'.repeat(70 * 1024);
    const cases: [string, unknown, Record<string, string>, number, string | RegExp][] = [
      ['suspicious message', { ...goodEnquiry(), message: "1'; DROP TABLE enquiries; --" }, {}, 400, MESSAGES.suspicious],
      ['suspicious name', { ...goodEnquiry(), name: 'Robert union select' }, {}, 400, MESSAGES.suspicious],
      ['comment marker in message', { ...goodEnquiry(), message: 'hello /* there' }, {}, 400, MESSAGES.suspicious],
      ['bad e-mail', { ...goodEnquiry(), email: 'amina.example.com' }, {}, 400, MESSAGES.email],
      ['missing e-mail', { ...goodEnquiry(), email: undefined }, {}, 400, MESSAGES.email],
      ['bad phone', { ...goodEnquiry(), phone: '12ab' }, {}, 400, MESSAGES.phone],
      ['missing phone', { ...goodEnquiry(), phone: undefined }, {}, 400, MESSAGES.phone],
      ['missing name', { ...goodEnquiry(), name: '' }, {}, 400, MESSAGES.required],
      ['missing message', { ...goodEnquiry(), message: null }, {}, 400, MESSAGES.required],
      ['empty object', {}, {}, 400, MESSAGES.email],
      ['name is a number', { ...goodEnquiry(), name: 42 }, {}, 400, 'The field name must be text.'],
      ['message is an object', { ...goodEnquiry(), message: { text: 'hi' } }, {}, 400, 'The field message must be text.'],
      ['phone is an array', { ...goodEnquiry(), phone: ['+256772418260'] }, {}, 400, 'The field phone must be text.'],
      ['NUL character in message', { ...goodEnquiry(), message: 'hello\u0000there' }, {}, 400, 'The field message contains a character that is not allowed.'],
      ['method is a boolean', { ...goodEnquiry(), preferredContactMethod: true }, {}, 400, 'The field preferredContactMethod must be text.'],
      ['unknown contact method', { ...goodEnquiry(), preferredContactMethod: 'Fax' }, {}, 400, MESSAGES.contactMethod],
      ['javascript page address', { ...goodEnquiry(), currentUrl: 'javascript:alert(1)' }, {}, 400, MESSAGES.currentUrl],
      ['long message', { ...goodEnquiry(), message: 'a'.repeat(5001) }, {}, 400, tooLongMessage('message')],
      ['long name', { ...goodEnquiry(), name: 'a'.repeat(101) }, {}, 400, tooLongMessage('name')],
      ['body over 64 KB', { ...goodEnquiry(), message: big }, {}, 413, /too large/],
      ['a JSON array', '[1,2,3]', {}, 400, 'The request body must be a JSON object.'],
      ['JSON null', 'null', {}, 400, 'The request body must be a JSON object.'],
      ['broken JSON', '{"name": "Amina"', {}, 400, 'The request body is not valid JSON.'],
      ['a form body without e-mail', 'name=Amina&message=Hi', { 'content-type': 'application/x-www-form-urlencoded' }, 400, MESSAGES.email],
      ['plain text that is not JSON', 'hello', { 'content-type': 'text/plain' }, 415, /Content-Type: application\/json/],
      ['no content type, not JSON', 'hello', { 'content-type': '' }, 415, /Content-Type: application\/json/],
      ['multipart', '--x\r\n\r\n--x--', { 'content-type': 'multipart/form-data; boundary=x' }, 415, /Content-Type: application\/json/],
      ['honeypot filled', { ...goodEnquiry(), website: 'http://spam.example' }, {}, 400, HONEYPOT_MESSAGE],
      ['another site (Origin)', goodEnquiry(), { origin: 'https://evil.example' }, 403, 'This form can only be sent from our own website.'],
      ['another site (Sec-Fetch-Site)', goodEnquiry(), { 'sec-fetch-site': 'cross-site' }, 403, 'This form can only be sent from our own website.'],
      ['opaque origin', goodEnquiry(), { origin: 'null' }, 403, 'This form can only be sent from our own website.'],
    ];
    it.each(cases)('%s', async (_label, body, headers, status, error) => {
      h = await harness({ smtp, forms: { startWorker: false } });
      const res = await h.post('/plan-a-safari', body, headers);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const json = (await res.json()) as Json;
      if (typeof error === 'string') expect(json.error).toBe(error);
      else expect(json.error).toMatch(error);
      expect(await count(h, 'enquiries')).toBe(0);
      expect(await count(h, 'mail_outbox')).toBe(0);
    });

    it('reads JSON sent as text/plain (a bare fetch) and URL-encoded forms', async () => {
      h = await harness({ smtp, forms: { startWorker: false } });
      expect((await h.post('/plan-a-safari', JSON.stringify(goodEnquiry(1)), { 'content-type': 'text/plain;charset=UTF-8' })).status).toBe(201);
      expect((await h.post('/plan-a-safari', JSON.stringify(goodEnquiry(2)), { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(201);
      const form = new URLSearchParams({ ...goodEnquiry(3), preferredContactMethod: 'Phone' }).toString();
      expect((await h.post('/plan-a-safari', form, { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(201);
      const rows = await h.rows<Json>('select email, preferred_contact_method from enquiries order by id');
      expect(rows).toEqual([
        { email: 'amina1@example.com', preferred_contact_method: 'Whatsapp' },
        { email: 'amina2@example.com', preferred_contact_method: 'Whatsapp' },
        { email: 'amina3@example.com', preferred_contact_method: 'Phone' },
      ]);
    });

    it('accepts the same-site and the own-site origins', async () => {
      h = await harness({ smtp, forms: { startWorker: false } });
      expect((await h.post('/plan-a-safari', goodEnquiry(1), { origin: SITE, 'sec-fetch-site': 'same-origin' })).status).toBe(201);
      expect((await h.post('/plan-a-safari', goodEnquiry(2), { origin: 'http://localhost' })).status).toBe(201);
      expect(await count(h, 'enquiries')).toBe(2);
    });
  });

  it('stores a page path as an address on the site', async () => {
    h = await harness({ smtp, forms: { startWorker: false } });
    expect((await h.post('/plan-a-safari', { ...goodEnquiry(5), currentUrl: '/safaris/x?y=1' })).status).toBe(201);
    expect((await h.rows<Json>('select page_url from enquiries'))[0]!.page_url).toBe(`${SITE}/safaris/x?y=1`);
  });

  it('defaults the contact method to Email and takes the page from Referer when none is sent', async () => {
    h = await harness({ smtp, forms: { startWorker: false } });
    const { preferredContactMethod: _m, currentUrl: _u, ...rest } = goodEnquiry(4);
    const res = await h.post('/plan-a-safari', rest, { referer: `${SITE}/contact-us` });
    expect(res.status).toBe(201);
    const [row] = await h.rows<Json>('select preferred_contact_method, page_url from enquiries');
    expect(row).toEqual({ preferred_contact_method: 'Email', page_url: `${SITE}/contact-us` });
  });

  describe('spam defence', () => {
    it('limits enquiries per IP address and per e-mail, in the database, across processes', async () => {
      const spam = {
        minFillMs: 0,
        limits: {
          enquiryPerIp: { max: 2, windowMs: 3600_000 },
          enquiryPerEmail: { max: 3, windowMs: 3600_000 },
          subscribePerIp: { max: 10, windowMs: 3600_000 },
          subscribePerEmail: { max: 5, windowMs: 3600_000 },
        },
      };
      h = await harness({ smtp, spam: true, forms: { startWorker: false, spam } });
      const peer = (n: number) => `102.80.0.${n}`;
      expect((await h.post('/plan-a-safari', { ...goodEnquiry(1), formToken: await h.token() }, {}, peer(1))).status).toBe(201);
      expect((await h.post('/plan-a-safari', { ...goodEnquiry(2), formToken: await h.token() }, {}, peer(1))).status).toBe(201);
      const third = await h.post('/plan-a-safari', { ...goodEnquiry(3), formToken: await h.token() }, {}, peer(1));
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await third.json()) as Json).error).toMatch(/^Too many enquiries from your connection\. Please wait .+ and try again/);

      // A second process on the same database sees the same counts.
      const other = await harness({ smtp, spam: true, forms: { startWorker: false, spam } });
      try {
        expect((await other.post('/plan-a-safari', { ...goodEnquiry(4), formToken: await h.token() }, {}, peer(1))).status).toBe(429);
        // Same e-mail from three other addresses: the third is over the e-mail limit.
        const same = { ...goodEnquiry(5), email: 'repeat@example.com' };
        expect((await other.post('/plan-a-safari', { ...same, formToken: await h.token() }, {}, peer(2))).status).toBe(201);
        expect((await h.post('/plan-a-safari', { ...same, formToken: await h.token() }, {}, peer(3))).status).toBe(201);
        expect((await other.post('/plan-a-safari', { ...same, email: 'REPEAT@example.com', formToken: await h.token() }, {}, peer(4))).status).toBe(201);
        const over = await h.post('/plan-a-safari', { ...same, formToken: await h.token() }, {}, peer(5));
        expect(over.status).toBe(429);
        expect(((await over.json()) as Json).error).toMatch(/^Too many enquiries for this e-mail address/);
      } finally {
        await other.forms.stop();
      }
      // Refused attempts are not stored and do not use up the allowance of others.
      expect(await count(h, 'enquiries')).toBe(5);
    });

    describe('the client address (TRUST_PROXY)', () => {
      const perIp = (max: number) => ({
        minFillMs: 0,
        limits: {
          enquiryPerIp: { max, windowMs: 3600_000 },
          enquiryPerEmail: { max: 100, windowMs: 3600_000 },
          subscribePerIp: { max, windowMs: 3600_000 },
          subscribePerEmail: { max: 100, windowMs: 3600_000 },
        },
      });
      const send = async (path: '/plan-a-safari' | '/admin/clients', i: number, headers: Record<string, string>, peer: string) => {
        const body = path === '/plan-a-safari' ? goodEnquiry(i) : { fullName: `Ann ${i}`, email: `ann${i}@example.com` };
        return (await h.post(path, { ...body, formToken: await h.token() }, headers, peer)).status;
      };

      it('by default is the connection: X-Forwarded-For from a loopback or private peer gets no fresh allowance', async () => {
        h = await harness({ smtp, spam: true, forms: { startWorker: false, spam: perIp(2) } });
        for (const path of ['/plan-a-safari', '/admin/clients'] as const) {
          for (const [n, peer] of ['127.0.0.1', '10.0.0.5', '::1'].entries()) {
            const statuses: number[] = [];
            for (let i = 0; i < 4; i++) statuses.push(await send(path, 10 * n + i, { 'x-forwarded-for': `198.51.100.${i}` }, peer));
            expect(statuses, `${path} from ${peer}`).toEqual([201, 201, 429, 429].map((s) => (s === 201 && path === '/admin/clients' ? 200 : s)));
          }
        }
        expect((await h.rows<Json>('select distinct client_ip from enquiries order by 1')).map((r) => r.client_ip)).toEqual(['10.0.0.5', '127.0.0.1', '::1']);
        expect((await h.rows<Json>('select distinct client_ip from newsletter_subscribers order by 1')).map((r) => r.client_ip)).toEqual(['10.0.0.5', '127.0.0.1', '::1']);
      });

      it.each(['1', '127.0.0.0/8'])('TRUST_PROXY=%s: the proxy is believed, each visitor has an allowance of its own', async (trustProxy) => {
        h = await harness({ smtp, spam: true, trustProxy, forms: { startWorker: false, spam: perIp(1) } });
        for (let i = 0; i < 3; i++) expect(await send('/plan-a-safari', i, { 'x-forwarded-for': `6.6.6.6, 198.51.100.${i}` }, '127.0.0.1')).toBe(201);
        expect(await send('/plan-a-safari', 3, { 'x-forwarded-for': '198.51.100.0' }, '127.0.0.1')).toBe(429);
        expect((await h.rows<Json>('select client_ip from enquiries order by id')).map((r) => r.client_ip)).toEqual(['198.51.100.0', '198.51.100.1', '198.51.100.2']);
        // A peer that is not the proxy is not believed.
        if (trustProxy !== '1') expect(await send('/plan-a-safari', 4, { 'x-forwarded-for': '198.51.100.9' }, '203.0.113.7')).toBe(201);
        if (trustProxy !== '1') expect(await send('/plan-a-safari', 5, { 'x-forwarded-for': '198.51.100.10' }, '203.0.113.7')).toBe(429);
      });

      it('limits IPv6 visitors per /64 network', async () => {
        h = await harness({ smtp, spam: true, forms: { startWorker: false, spam: perIp(2) } });
        expect(await send('/plan-a-safari', 1, {}, '2001:db8:1:2::1')).toBe(201);
        expect(await send('/plan-a-safari', 2, {}, '2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe(201);
        expect(await send('/plan-a-safari', 3, {}, '2001:db8:1:2::3')).toBe(429);
        expect(await send('/admin/clients', 1, {}, '2001:db8:1:2::4')).toBe(200);
        expect(await send('/admin/clients', 2, {}, '2001:db8:1:2::5')).toBe(200);
        expect(await send('/admin/clients', 3, {}, '2001:db8:1:2:ffff::6')).toBe(429);
        // The next /64 is another subscriber line.
        expect(await send('/plan-a-safari', 4, {}, '2001:db8:1:3::1')).toBe(201);
        // The full address is what is stored.
        expect((await h.rows<Json>('select client_ip from enquiries order by id')).map((r) => r.client_ip)).toEqual(['2001:db8:1:2::1', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:3::1']);
      });

      it('believes X-Forwarded-Host in the cross-site check only from a trusted proxy', async () => {
        const shop = { origin: 'https://shop.example', 'x-forwarded-host': 'shop.example' };
        h = await harness({ smtp, forms: { startWorker: false } });
        const refused = await h.post('/plan-a-safari', goodEnquiry(1), shop, '127.0.0.1');
        expect(refused.status).toBe(403);
        expect(((await refused.json()) as Json).error).toBe('This form can only be sent from our own website.');
        await h.close();
        h = await harness({ smtp, trustProxy: '127.0.0.1', forms: { startWorker: false } });
        expect((await h.post('/plan-a-safari', goodEnquiry(1), shop, '127.0.0.1')).status).toBe(201);
        expect((await h.post('/plan-a-safari', goodEnquiry(2), shop, '10.0.0.1')).status).toBe(403);
        expect(await count(h, 'enquiries')).toBe(1);
      });
    });

    describe('form tokens', () => {
      const tokenCode = async (res: Response) => {
        const body = (await res.json()) as Json;
        return [res.status, body.code, body.error];
      };
      const forged = (issued: number) => `${issued}.${'A'.repeat(22)}.${'A'.repeat(43)}`;
      /** Tokens signed with the server's key as the server would have issued them at another time. */
      const issuedAt = (at: number) => createFormTokens(tdb.db, { minFillMs: 0 }).issue(at);

      it.each(['/plan-a-safari', '/admin/clients'] as const)('%s: refused without a token, too fast, forged, expired or spent; accepted once', async (path) => {
        h = await harness({ smtp, spam: true, forms: { startWorker: false, spam: { minFillMs: 1500 } } });
        const table = path === '/plan-a-safari' ? 'enquiries' : 'newsletter_subscribers';
        const body = (i: number) => (path === '/plan-a-safari' ? goodEnquiry(i) : { fullName: `Ann ${i}`, email: `ann${i}@example.com` });
        const ok = path === '/plan-a-safari' ? 201 : 200;

        const tokenRes = await h.post('/form-token', {});
        expect(tokenRes.status).toBe(200);
        expect(tokenRes.headers.get('cache-control')).toBe('no-store');
        const { token } = (await tokenRes.json()) as Json;
        expect(token).toMatch(/^\d{13}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);

        expect(await tokenCode(await h.post(path, body(1)))).toEqual([400, 'form-token-missing', MISSING_TOKEN_MESSAGE]);
        expect(await tokenCode(await h.post(path, { ...body(1), formToken: '' }))).toEqual([400, 'form-token-missing', MISSING_TOKEN_MESSAGE]);
        expect(await tokenCode(await h.post(path, { ...body(1), formToken: token }))).toEqual([400, 'form-too-fast', TOO_FAST_MESSAGE]);
        expect(await tokenCode(await h.post(path, { ...body(1), formToken: forged(Date.now() - 60_000) }))).toEqual([400, 'form-token-invalid', BAD_TOKEN_MESSAGE]);
        expect(await tokenCode(await h.post(path, { ...body(1), formToken: `${token}x` }))).toEqual([400, 'form-token-invalid', BAD_TOKEN_MESSAGE]);
        // Another issue time under the same signature: forged.
        expect(await tokenCode(await h.post(path, { ...body(1), formToken: `${Number(token.slice(0, 13)) - 60_000}${token.slice(13)}` }))).toEqual([400, 'form-token-invalid', BAD_TOKEN_MESSAGE]);
        // Older than two hours: expired; issued well in the future: forged.
        expect(await tokenCode(await h.post(path, { ...body(1), formToken: await issuedAt(Date.now() - FORM_TOKEN_TTL_MS - 1000) }))).toEqual([400, 'form-token-expired', BAD_TOKEN_MESSAGE]);
        expect(await tokenCode(await h.post(path, { ...body(1), formToken: await issuedAt(Date.now() + 5 * 60_000) }))).toEqual([400, 'form-token-invalid', BAD_TOKEN_MESSAGE]);
        // Just inside its lifetime it is good.
        expect((await h.post(path, { ...body(2), formToken: await issuedAt(Date.now() - FORM_TOKEN_TTL_MS + 60_000) })).status).toBe(ok);
        expect(await count(h, table)).toBe(1);

        await new Promise((r) => setTimeout(r, 1600));
        expect((await h.post(path, { ...body(1), formToken: token })).status).toBe(ok);
        // Spent: refused for the same form, another form and another address alike.
        for (const again of [body(1), body(3)]) expect(await tokenCode(await h.post(path, { ...again, formToken: token }))).toEqual([400, 'form-token-used', USED_TOKEN_MESSAGE]);
        const other = path === '/plan-a-safari' ? '/admin/clients' : '/plan-a-safari';
        const otherBody = other === '/plan-a-safari' ? goodEnquiry(4) : { fullName: 'Ann 4', email: 'ann4@example.com' };
        expect((await tokenCode(await h.post(other, { ...otherBody, formToken: token })))[1]).toBe('form-token-used');
        expect(await count(h, table)).toBe(2);
        expect(await count(h, 'form_tokens_used')).toBe(2);
      });

      it('a token sent twice at once is accepted once', async () => {
        h = await harness({ smtp, spam: true, forms: { startWorker: false, spam: { minFillMs: 0 } } });
        const token = await h.token();
        const statuses = await Promise.all(Array.from({ length: 6 }, (_, i) => h.post('/plan-a-safari', { ...goodEnquiry(i), formToken: token }).then((r) => r.status)));
        expect(statuses.sort()).toEqual([201, 400, 400, 400, 400, 400]);
        expect(await count(h, 'enquiries')).toBe(1);
        expect(await count(h, 'mail_outbox')).toBe(2);
      });

      it('a refused submission (rate limit) does not spend its token; the spent ids are pruned after expiry', async () => {
        const spam = { minFillMs: 0, limits: { ...DEFAULT_SPAM_SETTINGS.limits, enquiryPerEmail: { max: 1, windowMs: 3600_000 } } };
        h = await harness({ smtp, spam: true, forms: { startWorker: false, spam } });
        expect((await h.post('/plan-a-safari', { ...goodEnquiry(1), formToken: await h.token() })).status).toBe(201);
        const token = await h.token();
        expect((await h.post('/plan-a-safari', { ...goodEnquiry(1), formToken: token })).status).toBe(429);
        expect((await h.post('/plan-a-safari', { ...goodEnquiry(2), formToken: token })).status).toBe(201);
        expect(await count(h, 'form_tokens_used')).toBe(2);

        await h.rows(`insert into form_tokens_used (id, expires_at) values ('old-1', now() - interval '2 hours'), ('recent', now() - interval '10 minutes')`);
        await createFormTokens(tdb.db, { minFillMs: 0 }).prune(tdb.db);
        const left = await h.rows<Json>('select id from form_tokens_used order by id');
        expect(left.map((r) => r.id)).toContain('recent');
        expect(left.map((r) => r.id)).not.toContain('old-1');
        expect(left).toHaveLength(3);
      });

      it('with SPAM_CHECKS=off a form may come without a token (load tests); one that is sent is still checked and spent', async () => {
        h = await harness({ smtp, spam: false, forms: { startWorker: false } });
        expect((await h.post('/plan-a-safari', goodEnquiry(1))).status).toBe(201);
        expect((await h.post('/admin/clients', { fullName: 'Ann', email: 'ann@example.com' })).status).toBe(200);
        const token = await h.token();
        // No fill time...
        expect((await h.post('/plan-a-safari', { ...goodEnquiry(2), formToken: token })).status).toBe(201);
        // ...but single use, and no forgeries.
        expect((await tokenCode(await h.post('/plan-a-safari', { ...goodEnquiry(3), formToken: token })))[1]).toBe('form-token-used');
        expect((await tokenCode(await h.post('/plan-a-safari', { ...goodEnquiry(3), formToken: forged(Date.now()) })))[1]).toBe('form-token-invalid');
      });
    });

    it('with SPAM_CHECKS=off neither limits nor times, but the honeypot still holds', async () => {
      h = await harness({ smtp, spam: false, forms: { startWorker: false } });
      for (let i = 0; i < 12; i++) expect((await h.post('/plan-a-safari', goodEnquiry(1), {}, '102.80.0.9')).status).toBe(201);
      expect((await h.post('/plan-a-safari', { ...goodEnquiry(1), website: 'x' })).status).toBe(400);
    });
  });

  describe('delivery', () => {
    it('SMTP down, then back: every enquiry delivered exactly once', async () => {
      h = await harness({ smtp });
      await smtp.stop();
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await h.post('/plan-a-safari', goodEnquiry(i));
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as Json).id);
      }
      // The worker keeps trying while the server is away.
      await waitFor(async () => (await h.rows<Json>(`select min(attempts) as a from mail_outbox`))[0]!.a >= 2, 15_000, 'failed attempts');
      const during = await h.rows<Json>(`select status, last_error from mail_outbox`);
      expect(during.every((r) => r.status !== 'sent' && r.status !== 'failed')).toBe(true);
      expect(during.some((r) => /ECONNREFUSED|connect/i.test(String(r.last_error)))).toBe(true);
      expect(h.logs.some((l) => l.msg === 'mail delivery failed; will retry')).toBe(true);

      await smtp.start();
      await waitFor(() => smtp.received.length >= 12, 20_000, '12 messages');
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.received).toHaveLength(12);
      const messageIds = smtp.received.map((m) => m.header('message-id'));
      expect(new Set(messageIds).size).toBe(12);
      for (const id of ids) {
        expect(byKind(smtp.received, OPERATOR).filter((m) => m.header('subject')!.startsWith(`Safari enquiry #${id} `))).toHaveLength(1);
      }
      const rows = await h.rows<Json>(`select status, message_id from mail_outbox`);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      expect(new Set(rows.map((r) => r.message_id))).toEqual(new Set(messageIds));
    });

    it('after a long outage, delivers as soon as the server answers again, not at the end of the backoff', async () => {
      h = await harness({ smtp, forms: { mail: { retryBaseMs: 120_000, retryMaxMs: 600_000, giveUpMs: 3600_000 } } });
      await smtp.stop();
      for (let i = 0; i < 3; i++) expect((await h.post('/plan-a-safari', goodEnquiry(i))).status).toBe(201);
      await waitFor(async () => (await h.rows<Json>(`select count(*)::int as n from mail_outbox where attempts >= 1 and status = 'pending'`))[0]!.n === 6, 10_000, 'first attempts');
      // Each would next be tried in about two minutes.
      const [next] = await h.rows<{ wait: number }>(`select extract(epoch from min(next_attempt_at) - now())::float as wait from mail_outbox`);
      expect(Number(next!.wait)).toBeGreaterThan(60);
      await smtp.start();
      const backAt = Date.now();
      await waitFor(() => smtp.received.length >= 6, 10_000, 'delivery after the outage');
      expect(Date.now() - backAt).toBeLessThan(5_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.received).toHaveLength(6);
      expect(h.logs.some((l) => l.msg === 'SMTP server reachable again; retrying the waiting messages now')).toBe(true);
    });

    it('retries a temporary refusal (451) and then delivers once', async () => {
      h = await harness({ smtp });
      smtp.refuse = { code: 451, message: 'Try again later', stage: 'data' };
      expect((await h.post('/plan-a-safari', goodEnquiry(1))).status).toBe(201);
      await waitFor(async () => (await h.rows<Json>(`select min(attempts) as a from mail_outbox`))[0]!.a >= 2, 10_000, 'retries');
      smtp.refuse = null;
      await waitFor(() => smtp.received.length >= 2, 10_000, 'delivery');
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.received).toHaveLength(2);
      const rows = await h.rows<Json>(`select status, attempts from mail_outbox`);
      expect(rows.every((r) => r.status === 'sent' && r.attempts >= 2)).toBe(true);
    });

    it('marks a message failed and logs it after the give-up time', async () => {
      h = await harness({ smtp, forms: { mail: { giveUpMs: 600 } } });
      smtp.refuse = { code: 451, message: 'Mailbox busy', stage: 'rcpt' };
      expect((await h.post('/plan-a-safari', goodEnquiry(1))).status).toBe(201);
      await waitFor(async () => (await h.rows<Json>(`select count(*)::int as n from mail_outbox where status = 'failed'`))[0]!.n === 2, 10_000, 'failed rows');
      const rows = await h.rows<Json>(`select status, failed_at, last_error, attempts from mail_outbox`);
      for (const r of rows) {
        expect(r.failed_at).toBeTruthy();
        expect(r.last_error).toMatch(/451/);
        // At least the first attempt; on a busy machine the give-up time may pass before a retry.
        expect(r.attempts).toBeGreaterThanOrEqual(1);
      }
      expect(h.logs.filter((l) => l.msg === 'mail delivery failed for good; the message is marked failed' && l.level === 50)).toHaveLength(2);
      expect(await count(h, 'enquiries')).toBe(1);
    });

    it('gives up at once on a permanent refusal (550) of the recipient', async () => {
      h = await harness({ smtp, forms: { startWorker: false } });
      smtp.refuse = { code: 550, message: 'No such user', stage: 'rcpt' };
      expect((await h.post('/plan-a-safari', goodEnquiry(1))).status).toBe(201);
      await h.forms.worker.runOnce();
      const rows = await h.rows<Json>(`select status, attempts from mail_outbox`);
      expect(rows).toEqual([
        { status: 'failed', attempts: 1 },
        { status: 'failed', attempts: 1 },
      ]);
    });

    it('claims a row whose sender died once its lease has run out', async () => {
      h = await harness({ smtp, forms: { startWorker: false } });
      expect((await h.post('/plan-a-safari', goodEnquiry(1))).status).toBe(201);
      // As a process killed mid-send leaves it: claimed, lease in the past.
      await h.rows(`update mail_outbox set status = 'sending', attempts = 1, locked_until = now() - interval '1 second'`);
      expect(await h.forms.worker.runOnce()).toBe(2);
      expect(smtp.received).toHaveLength(2);
      // A row still leased to a live process is left alone.
      expect((await h.post('/plan-a-safari', goodEnquiry(2))).status).toBe(201);
      await h.rows(`update mail_outbox set status = 'sending', locked_until = now() + interval '1 minute' where status = 'pending'`);
      expect(await h.forms.worker.runOnce()).toBe(0);
    });

    it('renews the lease of a slow send, so no other worker takes the row meanwhile', async () => {
      const slow = await startTestSmtp();
      h = await harness({ smtp: slow, forms: { startWorker: false, mail: { leaseMs: 300 } } });
      const other = await harness({ smtp: slow, forms: { startWorker: false, mail: { leaseMs: 300 } } });
      try {
        expect((await h.post('/plan-a-safari', goodEnquiry(1))).status).toBe(201);
        // The server takes 1 s to accept each message: more than three leases.
        slow.delay = 1000;
        const sending = h.forms.worker.runOnce();
        await new Promise((r) => setTimeout(r, 700));
        expect(await other.forms.worker.runOnce()).toBe(0);
        expect(await sending).toBe(2);
        expect(slow.received).toHaveLength(2);
        expect(new Set(slow.received.map((m) => m.header('message-id'))).size).toBe(2);
      } finally {
        await other.forms.stop();
        await slow.stop();
      }
    });

    it('two workers on one outbox send every message once (FOR UPDATE SKIP LOCKED)', async () => {
      h = await harness({ smtp, forms: { startWorker: false } });
      const second = await harness({ smtp, forms: { startWorker: false } });
      try {
        for (let i = 0; i < 20; i++) expect((await h.post('/plan-a-safari', goodEnquiry(i))).status).toBe(201);
        let handled = 0;
        for (;;) {
          const [a, b] = await Promise.all([h.forms.worker.runOnce(), second.forms.worker.runOnce()]);
          handled += a + b;
          if (a + b === 0) break;
        }
        expect(handled).toBe(40);
        expect(smtp.received).toHaveLength(40);
        expect(new Set(smtp.received.map((m) => m.header('message-id'))).size).toBe(40);
      } finally {
        await second.forms.stop();
      }
    });

    it('without SMTP_URL writes .eml files under DATA_DIR/mail', async () => {
      h = await harness({ forms: { startWorker: false } });
      expect(h.forms.transport.kind).toBe('files');
      const res = await h.post('/plan-a-safari', goodEnquiry(7));
      expect(res.status).toBe(201);
      expect(await h.forms.worker.runOnce()).toBe(2);
      const dir = path.join(h.dataDir, 'mail');
      const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(2);
      const mails = await Promise.all(files.map(async (f) => toReceived(await readFile(path.join(dir, f), 'utf8'))));
      const op = mails.find((m) => m.header('to')?.includes(OPERATOR))!;
      expect(op.header('reply-to')).toContain(goodEnquiry(7).email);
      expect(op.text).toContain(goodEnquiry(7).message);
      const ids = await h.rows<Json>('select message_id from mail_outbox');
      expect(new Set(mails.map((m) => m.header('message-id')))).toEqual(new Set(ids.map((r) => r.message_id)));
    });
  });
});

describe.each(backends())('newsletter on %s', (backend) => {
  let smtp: TestSmtp;
  let h: FormsHarness;
  let tdb: TestDatabase;
  const harness = (opts: Parameters<typeof formsHarness>[1] = {}) => formsHarness(backend, { tdb, ...opts });
  smtpAndDatabase(backend, { opened: (s, t) => ([smtp, tdb] = [s, t]), current: () => h });

  it('subscribes once per address, mails a double opt-in with one-click unsubscribe, confirms and unsubscribes', async () => {
    h = await harness({ smtp, forms: { startWorker: false } });
    const first = await h.post('/admin/clients', { fullName: 'Ann Kato', email: 'Ann.Kato@Example.com' });
    expect(first.status).toBe(200);
    expect(((await first.json()) as Json).message).toBe(SUBSCRIBED_MESSAGE);
    const again = await h.post('/admin/clients', { fullName: 'Ann Kato', email: 'ann.kato@example.COM' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Json).message).toBe(SUBSCRIBED_MESSAGE);
    expect(await count(h, 'newsletter_subscribers')).toBe(1);
    const [sub] = await h.rows<Json>('select status, email, full_name from newsletter_subscribers');
    expect(sub).toEqual({ status: 'pending', email: 'Ann.Kato@Example.com', full_name: 'Ann Kato' });

    // The repeat within minutes does not send a second e-mail.
    expect(await h.forms.worker.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to.map((t) => t.toLowerCase())).toEqual(['ann.kato@example.com']);
    const confirmUrl = /https:\/\/www\.kigezitrails\.example\/newsletter\/confirm\?token=([A-Za-z0-9_-]{32})/.exec(mail.text);
    const unsubscribeUrl = /https:\/\/www\.kigezitrails\.example\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]{32})/.exec(mail.text);
    expect(confirmUrl).not.toBeNull();
    expect(unsubscribeUrl).not.toBeNull();
    expect(mail.header('list-unsubscribe')).toBe(`<${SITE}/newsletter/unsubscribe?token=${unsubscribeUrl![1]}>`);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // A wrong token changes nothing.
    const wrong = await h.post('/newsletter/confirm', { token: 'A'.repeat(32) });
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as Json).error).toMatch(/no longer valid/);
    const garbled = await h.post('/newsletter/confirm', { token: 'short' });
    expect(garbled.status).toBe(400);

    const confirmed = await h.post('/newsletter/confirm', { token: confirmUrl![1] });
    expect(confirmed.status).toBe(200);
    expect((await h.rows<Json>('select status from newsletter_subscribers'))[0]!.status).toBe('confirmed');

    const already = await h.post('/admin/clients', { fullName: 'Ann Kato', email: 'ANN.KATO@example.com' });
    expect(already.status).toBe(200);
    expect(((await already.json()) as Json).message).toBe(SUBSCRIBED_MESSAGE);
    // A confirmed subscriber is not mailed again.
    expect(await h.forms.worker.runOnce()).toBe(0);

    // One-click unsubscribe as a mail client sends it (RFC 8058), from no site at all.
    const oneClick = await h.api.fetch(
      new Request(`http://localhost/newsletter/unsubscribe?token=${unsubscribeUrl![1]}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(oneClick.status).toBe(200);
    expect((await h.rows<Json>('select status from newsletter_subscribers'))[0]!.status).toBe('unsubscribed');

    // Subscribing again after unsubscribing asks for confirmation again.
    const back = await h.post('/admin/clients', { fullName: 'Ann Kato', email: 'ann.kato@example.com' });
    expect(back.status).toBe(200);
    expect((await h.rows<Json>('select status from newsletter_subscribers'))[0]!.status).toBe('pending');
    expect(await h.forms.worker.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(2);
  });

  it('answers a subscription the same way for a new, pending, confirmed or unsubscribed address', async () => {
    h = await harness({ smtp, forms: { startWorker: false } });
    const answer = async (email: string) => {
      const res = await h.post('/admin/clients', { fullName: 'Ann Kato', email });
      return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), body: await res.text() };
    };
    const fresh = await answer('new@example.com');
    await answer('pending@example.com');
    await answer('confirmed@example.com');
    await answer('gone@example.com');
    await h.rows(`update newsletter_subscribers set status = 'confirmed', confirmed_at = now() where email_key = 'confirmed@example.com'`);
    await h.rows(`update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where email_key = 'gone@example.com'`);
    expect(fresh).toEqual({ status: 200, type: expect.stringMatching(/^application\/json/), cache: 'no-store', body: JSON.stringify({ message: SUBSCRIBED_MESSAGE }) });
    for (const email of ['another@example.com', 'PENDING@example.com', 'confirmed@example.com', 'gone@example.com']) expect(await answer(email), email).toEqual(fresh);
    // Mail: one opt-in per new or returning address, none for the confirmed one, none again within minutes for the pending one.
    await h.forms.worker.runOnce();
    const to = smtp.received.flatMap((m) => m.to.map((t) => t.toLowerCase())).sort();
    expect(to).toEqual(['another@example.com', 'confirmed@example.com', 'gone@example.com', 'gone@example.com', 'new@example.com', 'pending@example.com']);
  });

  it.each([
    [{ fullName: '', email: 'a@example.com' }, 400, 'Full name and email are required.'],
    [{ fullName: 'Ann' }, 400, 'Full name and email are required.'],
    [{ fullName: 'Ann', email: 'not-an-email' }, 400, MESSAGES.email],
    [{ fullName: 7, email: 'a@example.com' }, 400, 'The field fullName must be text.'],
    [{ fullName: 'Ann', email: 'a@example.com', website: 'x' }, 400, HONEYPOT_MESSAGE],
  ])('refuses %j', async (body, status, error) => {
    h = await harness({ smtp, forms: { startWorker: false } });
    const res = await h.post('/admin/clients', body);
    expect(res.status).toBe(status);
    expect(((await res.json()) as Json).error).toBe(error);
    expect(await count(h, 'newsletter_subscribers')).toBe(0);
  });

  it('refuses a cross-site subscription', async () => {
    h = await harness({ smtp, forms: { startWorker: false } });
    const res = await h.post('/admin/clients', { fullName: 'Ann', email: 'a@example.com' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(await count(h, 'newsletter_subscribers')).toBe(0);
  });
});
