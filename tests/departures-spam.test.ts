// Booking seats on a group departure is protected like the enquiry form, on PGlite and PostgreSQL:
// a form token (missing, expired, forged or spent: the enquiry form's words), the honeypot, and
// the seats one address (and one e-mail address) may book in an hour, counted in the database, so
// that a flood from one address is refused with 429 and Retry-After while another address still
// books. The booking page (no JavaScript) shows each refusal with the visitor's values kept, asks
// to confirm when its token was missing, and answers 429 with Retry-After in the site's design.
import './helpers/production.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_TOKEN_MESSAGE, HONEYPOT_MESSAGE, MISSING_TOKEN_MESSAGE, USED_TOKEN_MESSAGE } from '../server/api/forms-http.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const AGENT = 'agent@kigezitrails.example';
const HOUR = 3600_000;
type Json = Record<string, any>;

describe.each(backends())('seat bookings protected like the enquiry form on %s', (backend) => {
  let site: InProcessSite;
  let agent: SignedIn;
  let slug: string;

  async function create(startsOn: string, seats: number): Promise<number> {
    const res = await agent.send('/departures', { safariSlug: slug, startsOn, seats, priceMinor: 180_000, status: 'open' });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  }
  const token = (at = Date.now()) => site.app.forms!.tokens.issue(at);
  /** A request sent once more if a kept-alive connection was closed before it went (ECONNRESET). */
  const sent = (send: () => Promise<Response>) => send().catch((e: { cause?: { code?: string } }) => (e.cause?.code === 'ECONNRESET' ? send() : Promise.reject(e)));
  /** A booking from `address` (the proxy's X-Forwarded-For, believed with TRUST_PROXY). */
  const book = (id: number, address: string, travellers: string[], over: Json = {}) =>
    sent(() =>
      fetch(`${site.base}/api/departures/${id}/book`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.base, 'x-forwarded-for': address },
        body: JSON.stringify({ travellers, singleRooms: 0, leadName: travellers[0], email: `${travellers[0]!.split(' ')[0]!.toLowerCase()}@example.com`, phone: '', acceptTerms: true, ...over }),
      }),
    );
  const withToken = async (over: Json = {}) => ({ formToken: await token(), ...over });
  const seatsTaken = async (id: number) => Number((await site.rows<{ n: number }>(`select coalesce(sum(seats), 0)::int as n from departure_seats where departure_id = ${id}`))[0]!.n);
  const page = (id: number, address: string, fields: Record<string, string>) =>
    sent(() =>
      fetch(`${site.base}/safaris/${slug}/departures/${id}?seats=1`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.base, 'x-forwarded-for': address },
        body: new URLSearchParams(fields),
      }),
    );

  beforeAll(async () => {
    site = await startSite({
      backend,
      // The whole share of the process for each address: the time budget (tested on its own) never
      // comes before the seats' allowance here, however slow the machine.
      env: { SPAM_CHECKS: 'on', TRUST_PROXY: '127.0.0.0/8', CLIENT_SHARE_PERCENT: '100' },
      app: { forms: { startWorker: false, spam: { minFillMs: 0, limits: { seatsPerIp: { max: 3, windowMs: HOUR }, seatsPerEmail: { max: 4, windowMs: HOUR } } } } },
    });
    await addStaff(site.app.database!.db, AGENT, 'agent', undefined, 'Amos Agent');
    agent = await signIn(site.base, AGENT);
    slug = (await site.rows<{ s: string }>('select safarititleslug as s from safaris order by id limit 1'))[0]!.s;
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('refuses a booking without a good form token or with the honeypot filled, with the enquiry form’s words, and books nothing', async () => {
    const id = await create('2027-08-06', 8);
    const missing = await book(id, '198.51.100.1', ['Amina Okello']);
    expect([missing.status, await missing.json()]).toEqual([400, { error: MISSING_TOKEN_MESSAGE, code: 'form-token-missing' }]);
    const expired = await book(id, '198.51.100.1', ['Amina Okello'], { formToken: await token(Date.now() - 3 * HOUR) });
    expect([expired.status, await expired.json()]).toEqual([400, { error: BAD_TOKEN_MESSAGE, code: 'form-token-expired' }]);
    const forged = await book(id, '198.51.100.1', ['Amina Okello'], { formToken: `${Date.now()}.${'a'.repeat(22)}.${'b'.repeat(43)}` });
    expect([forged.status, ((await forged.json()) as Json).code]).toEqual([400, 'form-token-invalid']);
    const robot = await book(id, '198.51.100.1', ['Amina Okello'], await withToken({ website: 'https://spam.example' }));
    expect([robot.status, ((await robot.json()) as Json).error]).toEqual([400, HONEYPOT_MESSAGE]);
    expect(await seatsTaken(id)).toBe(0);
    const once = await withToken();
    expect((await book(id, '198.51.100.2', ['Amina Okello'], once)).status).toBe(201);
    const again = await book(id, '198.51.100.2', ['David Okello'], once);
    expect([again.status, ((await again.json()) as Json).error]).toEqual([400, USED_TOKEN_MESSAGE]);
    expect(await seatsTaken(id)).toBe(1);
  });

  it('refuses a flood of seats from one address (429, Retry-After) while another address still books', async () => {
    const id = await create('2027-08-20', 12);
    expect((await book(id, '203.0.113.5', ['Flood One', 'Flood Two'], await withToken())).status).toBe(201);
    expect((await book(id, '203.0.113.5', ['Flood Three'], await withToken({ email: 'other@example.com' }))).status).toBe(201);
    const flood = await Promise.all(Array.from({ length: 12 }, async (_, i) => book(id, '203.0.113.5', [`Flood Number${i}`], await withToken({ email: `flood${i}@example.com` }))));
    expect(flood.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 429));
    expect(Number(flood[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await flood[0]!.json()) as Json).error).toMatch(/^Too many seats booked from your connection\. Please wait .+ and try again, or call or WhatsApp us\.$/);
    expect(await seatsTaken(id)).toBe(3);
    // Another address books; a sold-out attempt gives its seats back to the allowance.
    expect((await book(id, '203.0.113.9', ['Grace Okello'], await withToken())).status).toBe(201);
    const small = await create('2027-08-27', 2);
    const soldOut = await book(small, '203.0.113.10', ['Ann One', 'Ben Two', 'Cat Three'], await withToken({ email: 'group@example.com' }));
    expect(soldOut.status).toBe(409);
    expect((await book(id, '203.0.113.10', ['Ruth Kato', 'Amos Kato', 'Joy Kato'], await withToken({ email: 'kato@example.com' }))).status).toBe(201);
    // The e-mail address has its own allowance, whatever the address.
    const sameMail = await book(id, '203.0.113.11', ['Peter Okello', 'Sara Okello'], await withToken({ email: 'grace@example.com' }));
    expect((await book(id, '203.0.113.12', ['Joy Okello', 'Tom Okello'], await withToken({ email: 'grace@example.com' }))).status).toBe(429);
    expect(sameMail.status).toBe(201);
    expect(await seatsTaken(id)).toBe(9);
  });

  it('the booking page (no JavaScript): asks to confirm without a token, keeps the values on every refusal, 429 with Retry-After', async () => {
    const id = await create('2027-09-03', 6);
    const fields = { traveller0: 'Nora Twesigye', email: 'nora@example.com', phone: '+256 700 000 001', acceptTerms: 'yes', formToken: '', website: '' };
    const first = await page(id, '192.0.2.7', fields);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('Please check your details and press “Book my seat” to confirm.');
    expect(html).toContain('value="Nora Twesigye"');
    expect(html).toContain('value="+256 700 000 001"');
    const fresh = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
    expect(fresh).toMatch(/^\d{13}\./);
    const booked = await page(id, '192.0.2.7', { ...fields, formToken: fresh! });
    expect(booked.status).toBe(302);
    expect(booked.headers.get('location')).toMatch(/^\/trip\/[A-Za-z0-9_-]{43}$/);
    // Two more seats from the address, then it is over its allowance.
    expect((await book(id, '192.0.2.7', ['Ivan Twesigye', 'Rita Twesigye'], await withToken({ email: 'ivan@example.com' }))).status).toBe(201);
    const over = await page(id, '192.0.2.7', { ...fields, email: 'late@example.com', formToken: await token() });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const refused = await over.text();
    expect(refused).toContain('Too many seats booked from your connection.');
    expect(refused).toContain('value="late@example.com"');
    expect(refused).toContain('class="site-header');
    expect(await seatsTaken(id)).toBe(3);
  });
});
