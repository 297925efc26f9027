// Quotes and the private trip page over HTTP, on PGlite and PostgreSQL, with a real SMTP server:
// a quote made from an enquiry, sent (the e-mail with the private link, the enquiry `quoted` with
// the quote in its notes), a new version superseding it (the link shows the latest, accepting the
// old one is refused), accepting (a booking, e-mails to both sides), the manifest, the headers
// (no-store, noindex, no Referer to other sites), a revoked link, a stranger's token refused, 100 wrong tokens
// throttled, and the token never in the log.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../common/booking-money.ts';
import type { QuoteDetail, QuoteListItem, QuoteStart } from '../common/quote-admin.ts';
import type { TripView } from '../common/trip-page.ts';
import { createLogger } from '../server/logger.ts';
import { sampleQuoteDocument } from './helpers/bookings.ts';
import { backends } from './helpers/db.ts';
import { startTestSmtp, type TestSmtp } from './helpers/smtp.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, type SignedIn, signIn } from './helpers/staff.ts';

const OWNER = 'owner@kigezitrails.example';
const TRAVELLER = 'amina.okello@example.com';
type Json = Record<string, any>;

const today = new Date().toISOString().slice(0, 10);
const travelFrom = addDays(today, 120);
const documentFor = (title: string) => sampleQuoteDocument({ title, travelFrom, travelTo: addDays(travelFrom, 3), balanceDueOn: addDays(travelFrom, -60), validUntil: addDays(today, 14) });

describe.each(backends())('quotes and the trip page on %s', (backend) => {
  let site: InProcessSite;
  let smtp: TestSmtp;
  let owner: SignedIn;
  const logLines: string[] = [];
  let enquiryId: number;
  let quoteId: number;
  let token: string;

  const trip = (t: string, path = '', init: RequestInit = {}) => fetch(`${site.base}/api/trip/${t}${path}`, init);
  const post = (t: string, path: string, body: unknown, from = '41.210.9.1') =>
    trip(t, path, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.base, 'x-forwarded-for': from }, body: JSON.stringify(body) });
  const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  const tokenIn = (text: string) => /\/trip\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk, _enc, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    );
    site = await startSite({ backend, drivenMail: true, logger, env: { SMTP_URL: smtp.url, TRUST_PROXY: '1' } });
    await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
    owner = await signIn(site.base, OWNER);
    const [e] = await site.rows<{ id: number }>(
      `insert into enquiries (name, email, phone, message, preferred_contact_method, source) values ('Amina Okello', '${TRAVELLER}', '+256700000001', 'Gorillas in March, please.', 'Email', 'plan-a-safari') returning id`,
    );
    enquiryId = e!.id;
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
  });

  it('starts a quote from an enquiry, makes it, lists it and refuses a bad document in words', async () => {
    const start = (await (await owner.get(`/quotes/new?enquiry=${enquiryId}`)).json()) as QuoteStart;
    expect(start).toMatchObject({ traveller: { name: 'Amina Okello', email: TRAVELLER, phone: '+256700000001' }, enquiryId, safariSlug: null });
    expect(start.trip).toEqual({ travelFrom: null, travelTo: null, travelMonth: null, adults: null, children: null, childAges: [] });
    expect((await owner.get('/quotes/new?enquiry=abc')).status).toBe(404);
    // An enquiry that carries its trip starts the quote with it: the safari, the dates, the travellers.
    const [withTrip] = await site.rows<{ id: number }>(
      `insert into enquiries (name, email, phone, message, preferred_contact_method, source, safari, travel_from, travel_to, adults, children, child_ages)
       values ('Jonas Weber', 'jonas@example.com', '+4915112345678', 'Gorillas and chimps.', 'Email', 'safari', '3-days-bwindi-gorilla-trekking-safari', '2027-07-10', '2027-07-16', 2, 1, '{9}') returning id`,
    );
    expect(await (await owner.get(`/quotes/new?enquiry=${withTrip!.id}`)).json()).toMatchObject({
      safariSlug: '3-days-bwindi-gorilla-trekking-safari',
      trip: { travelFrom: '2027-07-10', travelTo: '2027-07-16', travelMonth: null, adults: 2, children: 1, childAges: [9] },
    });
    const bad = await owner.send('/quotes', { traveller: start.traveller, enquiryId, document: { ...documentFor('x'), days: [] } });
    expect([bad.status, ((await bad.json()) as Json).error]).toEqual([400, 'Add at least one day.']);
    const res = await owner.send('/quotes', { traveller: start.traveller, enquiryId, document: documentFor('Bwindi gorillas') });
    const made = (await res.json()) as Json;
    expect(res.status, JSON.stringify(made)).toBe(201);
    expect(made.reference).toMatch(/^Q-\d{4}-\d{4}$/);
    quoteId = made.id;
    const list = ((await (await owner.get('/quotes')).json()) as { quotes: QuoteListItem[] }).quotes;
    expect(list.find((q) => q.id === quoteId)).toMatchObject({ status: 'draft', version: 1, totalMinor: 911_999, title: 'Bwindi gorillas', enquiryId });
    expect((await fetch(`${site.base}/api/admin/quotes`)).status).toBe(401);
  });

  it('sends it: the e-mail with the private link, the enquiry quoted with the quote in its notes', async () => {
    const res = await owner.send(`/quotes/${quoteId}/send`);
    expect(res.status).toBe(200);
    await site.drainMail();
    const [mail] = mailTo(TRAVELLER);
    expect(mail?.header('subject')).toMatch(/^Your safari quote Q-\d{4}-\d{4}: Bwindi gorillas$/);
    expect(mail?.text).toContain('Total: $9,119.99');
    expect(mail?.text).toContain('Deposit to book: $2,736 (30 %)');
    token = tokenIn(mail?.text ?? '');
    expect(token).toHaveLength(43);
    const [e] = await site.rows<{ status: string }>(`select status from enquiries where id = ${enquiryId}`);
    expect(e?.status).toBe('quoted');
    const notes = await site.rows<{ body: string }>(`select body from enquiry_notes where enquiry_id = ${enquiryId}`);
    expect(notes.map((n) => n.body).join()).toMatch(/Quote Q-\d{4}-\d{4} \(version 1, Bwindi gorillas\) sent: \$9,119\.99\./);
    // Only the token's hash is stored.
    expect(await site.rows(`select 1 from trip_links where token_hash = '${token}'`)).toHaveLength(0);
    // Sending the same version again is refused: a change makes a new version.
    expect((await owner.send(`/quotes/${quoteId}/send`)).status).toBe(409);
  });

  it('shows the trip privately: no-store, noindex, no Referer to other sites', async () => {
    const res = await trip(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const view = (await res.json()) as TripView;
    expect(view).toMatchObject({ version: 1, travellerName: 'Amina Okello', expired: false, booking: null, price: { totalMinor: 911_999, depositMinor: 273_600 } });
  });

  it('supersedes the sent version with a new one: the same link shows the latest; accepting the old is refused', async () => {
    expect((await owner.send(`/quotes/${quoteId}`, { document: documentFor('Bwindi gorillas and chimps') }, 'PUT')).status).toBe(200);
    expect(((await (await trip(token)).json()) as TripView).version).toBe(1);
    expect((await owner.send(`/quotes/${quoteId}/send`)).status).toBe(200);
    await site.drainMail();
    expect(mailTo(TRAVELLER)).toHaveLength(2);
    expect(mailTo(TRAVELLER)[1]?.text).toContain('This revised quote replaces the one we sent before.');
    const view = (await (await trip(token)).json()) as TripView;
    expect([view.version, view.document.title]).toEqual([2, 'Bwindi gorillas and chimps']);
    const detail = (await (await owner.get(`/quotes/${quoteId}`)).json()) as QuoteDetail;
    expect(detail.versions.map((v) => [v.version, v.supersededAt === null])).toEqual([
      [2, true],
      [1, false],
    ]);
    const old = await post(token, '/accept', { leadName: 'Amina Okello', travellers: ['Amina Okello', 'David Okello', 'Grace Okello'], acceptTerms: true, version: 1 });
    expect([old.status, ((await old.json()) as Json).code]).toEqual([409, 'superseded']);
  });

  it('accepts: checks the form, books, e-mails both sides, and the page shows the booking', async () => {
    const names = ['Amina Okello', 'David Okello', 'Grace Okello'];
    const noTerms = await post(token, '/accept', { leadName: 'Amina Okello', travellers: names, version: 2 });
    expect([noTerms.status, ((await noTerms.json()) as Json).error]).toEqual([400, 'Tick the box to accept the terms.']);
    const short = await post(token, '/accept', { leadName: 'Amina Okello', travellers: names.slice(0, 2), acceptTerms: true, version: 2 });
    expect([short.status, ((await short.json()) as Json).error]).toEqual([400, 'Give the name of every traveller.']);
    const res = await post(token, '/accept', { leadName: 'Amina Okello', travellers: names, acceptTerms: true, version: 2 });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.reference).toMatch(/^B-\d{4}-\d{4}$/);
    await site.drainMail();
    expect(mailTo(TRAVELLER)[2]?.header('subject')).toBe(`Booking ${body.reference} confirmed: Bwindi gorillas and chimps`);
    const notice = smtp.received.find((m) => (m.header('subject') ?? '').startsWith(`New booking ${body.reference}`));
    expect(notice?.text).toContain('Lead traveller: Amina Okello <amina.okello@example.com>');
    expect(notice?.text).not.toContain(token);
    const view = (await (await trip(token)).json()) as TripView;
    expect(view.booking).toMatchObject({
      reference: body.reference,
      state: 'confirmed-pending-deposit',
      account: { paidMinor: 0, outstandingMinor: 911_999, next: { what: 'deposit', amountMinor: 273_600 } },
    });
    expect(view.booking?.travellers.map((t) => t.name)).toEqual(names);
    const again = await post(token, '/accept', { leadName: 'Amina Okello', travellers: names, acceptTerms: true, version: 2 });
    expect(again.status).toBe(409);
    const [e] = await site.rows<{ status: string }>(`select q.status from quotes q where q.id = ${quoteId}`);
    expect(e?.status).toBe('accepted');
  });

  it('keeps the manifest the traveller enters', async () => {
    const bad = await post(token, '/manifest', { travellers: [{ position: 0, age: 300, dietary: '', medical: '' }] });
    expect([bad.status, ((await bad.json()) as Json).error]).toEqual([400, 'Enter an age from 0 to 120, or leave it empty.']);
    const res = await post(token, '/manifest', {
      travellers: [
        { position: 0, age: 41, dietary: 'Vegetarian', medical: '' },
        { position: 2, age: 15, dietary: '', medical: 'Asthma: carries an inhaler' },
      ],
    });
    expect(res.status).toBe(200);
    const view = (await (await trip(token)).json()) as TripView;
    expect(view.booking?.travellers.map((t) => [t.age, t.dietary, t.medical])).toEqual([
      [41, 'Vegetarian', ''],
      [null, '', ''],
      [15, '', 'Asthma: carries an inhaler'],
    ]);
    // A write from another site is refused.
    const cross = await trip(token, '/manifest', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: '{"travellers":[]}' });
    expect(cross.status).toBe(403);
  });

  it('refuses a stranger’s token and a revoked link', async () => {
    const stranger = 'A'.repeat(43);
    expect((await trip(stranger, '', { headers: { 'x-forwarded-for': '41.210.9.2' } })).status).toBe(404);
    expect((await trip('short', '', { headers: { 'x-forwarded-for': '41.210.9.2' } })).status).toBe(404);
    const other = await owner.send('/quotes', { traveller: { name: 'Ben', email: 'ben@example.com' }, document: documentFor('Other trip') });
    const otherId = ((await other.json()) as Json).id;
    await owner.send(`/quotes/${otherId}/send`);
    await site.drainMail();
    const otherToken = tokenIn(mailTo('ben@example.com')[0]?.text ?? '');
    expect(((await (await trip(otherToken)).json()) as TripView).document.title).toBe('Other trip');
    expect((await owner.send(`/quotes/${otherId}/revoke`)).status).toBe(200);
    expect((await trip(otherToken)).status).toBe(404);
  });

  it('throttles an address after 100 wrong tokens, and never logs a token', async () => {
    const from = { 'x-forwarded-for': '41.210.77.7' };
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => trip(`${'G'.repeat(39)}${String(i).padStart(4, '0')}`, '', { headers: from }).then((r) => r.status)));
    expect(new Set(guesses)).toEqual(new Set([404]));
    const blocked = await trip(`${'H'.repeat(43)}`, '', { headers: from });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.get('cache-control')).toBe('no-store');
    // Another address is not affected.
    expect((await trip(token, '', { headers: { 'x-forwarded-for': '41.210.77.8' } })).status).toBe(200);
    const log = logLines.join('');
    expect(log).not.toContain(token);
    expect(log).not.toContain('G'.repeat(39));
  });
});
