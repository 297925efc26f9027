// Group departures over HTTP on PGlite and PostgreSQL: the console makes them (owners and agents),
// the public answers list them with their seats left, and travellers book seats with no quote. The
// last seats are never oversold (200 attempts at once for the last 2 give exactly 2 bookings); an
// unpaid hold runs out (the test moves time), a paid one is kept; a booking moves to another
// departure with its seats checked; a cancelled departure mails each traveller once and marks
// refunds due on the bookings that paid. The two-process race on PostgreSQL is
// tests/departures-race.test.ts.
import './helpers/production.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepartureDetail, DepartureList, SafariDepartures } from '../common/departures.ts';
import { extendHold, releaseExpiredHolds } from '../server/departures/seats.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const OWNER = 'owner@kigezitrails.example';
const AGENT = 'agent@kigezitrails.example';
type Json = Record<string, any>;

describe.each(backends())('group departures on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  let agent: SignedIn;
  let slug: string;

  const departure = (over: Json = {}) => ({ safariSlug: slug, startsOn: '2027-03-12', seats: 8, priceMinor: 245_000, singleSupplementMinor: 38_000, status: 'open', guideSlug: null, ...over });
  async function create(over: Json = {}): Promise<number> {
    const res = await agent.send('/departures', departure(over));
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  }
  const book = (id: number, travellers: string[], over: Json = {}) =>
    fetch(`${site.base}/api/departures/${id}/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.base },
      body: JSON.stringify({ travellers, singleRooms: 0, leadName: travellers[0], email: 'amina@example.com', phone: '', acceptTerms: true, ...over }),
    });
  const seatsLeft = async (id: number) => {
    const all = (await (await fetch(`${site.base}/api/departures/safari/${slug}`)).json()) as SafariDepartures;
    return all.departures.find((d) => d.id === id)?.seatsLeft;
  };
  const detail = async (id: number) => (await (await owner.get(`/departures/${id}`)).json()) as DepartureDetail;
  const bookingIdOf = async (reference: string) => (await site.rows<{ id: number }>(`select id from bookings where reference = '${reference}'`))[0]!.id;

  beforeAll(async () => {
    site = await startSite({ backend, env: { SPAM_CHECKS: 'off' }, drivenMail: true });
    await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
    await addStaff(site.app.database!.db, AGENT, 'agent', undefined, 'Amos Agent');
    owner = await signIn(site.base, OWNER);
    agent = await signIn(site.base, AGENT);
    slug = (await site.rows<{ s: string }>('select safarititleslug as s from safaris order by id limit 1'))[0]!.s;
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('is made in the console, checked field by field, and listed with its seats', async () => {
    expect((await fetch(`${site.base}/api/admin/departures`)).status).toBe(401);
    const bad = await agent.send('/departures', departure({ seats: 0 }));
    expect([bad.status, ((await bad.json()) as Json).code]).toEqual([400, 'invalid-seats']);
    const past = await agent.send('/departures', departure({ startsOn: '2020-01-01' }));
    expect(past.status).toBe(400);
    const id = await create();
    const list = (await (await owner.get(`/departures?safari=${slug}`)).json()) as DepartureList;
    expect(list.items.find((d) => d.id === id)).toMatchObject({ seats: 8, seatsLeft: 8, priceMinor: 245_000, status: 'open' });
    expect(await seatsLeft(id)).toBe(8);
    const audit = await site.rows<{ action: string }>(`select action from audit_log where target = 'departure:${id}'`);
    expect(audit.map((a) => a.action)).toEqual(['departure.create']);
  });

  it('answers no departures for a safari without any, and lists its first one as soon as it is made', async () => {
    const [other] = await site.rows<{ s: string }>(`select safarititleslug as s from safaris where safarititleslug <> '${slug}' order by id desc limit 1`);
    const of = async () => ((await (await fetch(`${site.base}/api/departures/safari/${other!.s}`)).json()) as SafariDepartures).departures.map((d) => d.id);
    expect(await of()).toEqual([]);
    expect(await of()).toEqual([]);
    const id = await create({ safariSlug: other!.s });
    expect(await of()).toEqual([id]);
  });

  it('books seats with no quote: a booking pending its deposit, its trip page, e-mails, and the seats held 30 minutes', async () => {
    const id = await create({ seats: 6 });
    const quotesBefore = await site.rows<{ n: number }>('select count(*)::int as n from quotes');
    const res = await book(id, ['Amina Okello', 'David Okello'], { singleRooms: 1 });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as Json;
    expect(body.tripPath).toMatch(/^\/trip\/[A-Za-z0-9_-]{43}$/);
    const [b] = await site.rows<Json>(
      `select id, state, total_minor::int as total_minor, deposit_minor::int as deposit_minor, travel_from, quote_id, title, safari_slug, price_lines from bookings where reference = '${body.reference}'`,
    );
    expect(b).toMatchObject({ state: 'confirmed-pending-deposit', total_minor: 2 * 245_000 + 38_000, deposit_minor: 158_400, quote_id: null, safari_slug: slug });
    expect(b!.price_lines.map((l: Json) => [l.unitMinor, l.quantity])).toEqual([
      [245_000, null],
      [38_000, 1],
    ]);
    expect(String(b!.travel_from)).toContain('2027');
    // No quote behind it (none in the console's quotes): its trip link is the booking's own.
    expect(await site.rows('select count(*)::int as n from quotes')).toEqual(quotesBefore);
    expect(await site.rows(`select quote_id from trip_links where booking_id = ${b!.id}`)).toEqual([{ quote_id: null }]);
    const trip = (await (await fetch(`${site.base}/api${body.tripPath}`)).json()) as Json;
    expect(trip.booking).toMatchObject({ reference: body.reference, state: 'confirmed-pending-deposit' });
    expect(trip).toMatchObject({ reference: body.reference, travellerName: 'Amina Okello', expired: false, price: { totalMinor: 528_000, depositMinor: 158_400 } });
    expect(trip.document).toMatchObject({ title: b!.title, travelFrom: '2027-03-12', travellers: { adults: 2 } });
    expect(trip.document.days.length).toBeGreaterThan(0);
    const pdf = await fetch(`${site.base}/api${body.tripPath}/quote.pdf`);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const accept = await fetch(`${site.base}/api${body.tripPath}/accept`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.base }, body: '{}' });
    expect([accept.status, ((await accept.json()) as Json).code]).toEqual([409, 'already-booked']);
    const console = (await (await owner.get(`/bookings/${b!.id}`)).json()) as Json;
    expect(console).toMatchObject({ departureId: id, manual: false, quoteReference: '' });
    const [notice] = await site.rows<{ text: string }>(`select message->>'text' as text from mail_outbox where kind = 'booking-notice' and message->>'subject' like '%${body.reference}%'`);
    expect(notice!.text).toContain(`Booking ${body.reference} of a group departure: `);
    expect(notice!.text).toContain(`/admin/bookings/${b!.id}`);
    expect(await seatsLeft(id)).toBe(4);
    const d = await detail(id);
    expect(d.manifest).toHaveLength(1);
    expect(d.manifest[0]).toMatchObject({ seats: 2, singleRooms: 1, paid: false, travellers: [{ name: 'Amina Okello' }, { name: 'David Okello' }] });
    expect(Date.parse(d.manifest[0]!.holdUntil!) - Date.now()).toBeGreaterThan(25 * 60_000);
    const mails = await site.rows<{ kind: string }>(`select kind from mail_outbox where message->>'subject' like '%${body.reference}%' order by id`);
    expect(mails.map((m) => m.kind)).toEqual(['booking-confirmation', 'booking-notice']);
    const tooMany = await book(id, ['A One', 'B Two', 'C Three', 'D Four', 'E Five']);
    expect([tooMany.status, ((await tooMany.json()) as Json).code]).toEqual([409, 'sold-out']);
    const bad = await book(id, ['Amina Okello'], { acceptTerms: false });
    expect(bad.status).toBe(400);
  });

  it('never oversells: 200 attempts at once for the last 2 seats give exactly 2 bookings', async () => {
    const id = await create({ seats: 5 });
    expect((await book(id, ['Amina Okello', 'David Okello', 'Grace Okello'])).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => book(id, [`Traveller Number${i}`]).then((r) => r.status)));
    expect(answers.filter((s) => s === 201)).toHaveLength(2);
    expect(answers.filter((s) => s === 409)).toHaveLength(198);
    const [row] = await site.rows<{ n: number; seats: number }>(`select count(*)::int as n, sum(seats)::int as seats from departure_seats where departure_id = ${id}`);
    expect([Number(row!.n), Number(row!.seats)]).toEqual([3, 5]);
    expect(await seatsLeft(id)).toBe(0);
  }, 180_000);

  it('releases an unpaid hold when it runs out (time moved), keeps a paid one, and never counts an expired hold', async () => {
    const id = await create({ seats: 4 });
    const unpaid = (await (await book(id, ['Amina Okello', 'David Okello'])).json()) as Json;
    const paid = (await (await book(id, ['Grace Okello', 'Peter Okello'])).json()) as Json;
    const paidId = await bookingIdOf(paid.reference);
    const pay = await owner.send(`/bookings/${paidId}/ledger`, {
      kind: 'payment',
      amountMinor: 100_000,
      method: 'bank-transfer',
      reference: 'TT-9',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(pay.status).toBe(201);
    expect(await seatsLeft(id)).toBe(0);
    const db = site.app.database!.db;
    expect(await releaseExpiredHolds(db, new Date(Date.now() + 10 * 60_000))).toEqual([]);
    // (The other tests' unpaid holds run out too.)
    const released = await releaseExpiredHolds(db, new Date(Date.now() + 31 * 60_000));
    expect(released).toContain(await bookingIdOf(unpaid.reference));
    expect(released).not.toContain(paidId);
    expect(await seatsLeft(id)).toBe(2);
    const [cancelled] = await site.rows<{ state: string }>(`select state from bookings where reference = '${unpaid.reference}'`);
    expect(cancelled!.state).toBe('cancelled');
    // A hold past its time blocks nothing, even before the job has run.
    const again = (await (await book(id, ['Amos Kato', 'Ruth Kato'])).json()) as Json;
    await site.rows(`update departure_seats set hold_until = now() - interval '1 minute' where booking_id = ${await bookingIdOf(again.reference)}`);
    expect(await seatsLeft(id)).toBe(2);
    expect((await book(id, ['Sara Nambi', 'Joy Nambi'])).status).toBe(201);
  });

  it('keeps a hold a payment is open for (extendHold), never shortening it', async () => {
    const id = await create({ seats: 2, startsOn: '2027-03-26' });
    const made = (await (await book(id, ['Amina Okello'])).json()) as Json;
    const bookingId = await bookingIdOf(made.reference);
    const db = site.app.database!.db;
    const inAnHour = new Date(Date.now() + 60 * 60_000);
    expect(await db.transaction((tx) => extendHold(tx, bookingId, inAnHour))).toBe(true);
    expect(await db.transaction((tx) => extendHold(tx, bookingId, new Date(Date.now() + 5 * 60_000)))).toBe(true);
    expect(await releaseExpiredHolds(db, new Date(Date.now() + 45 * 60_000))).not.toContain(bookingId);
    expect(await seatsLeft(id)).toBe(1);
    expect(await releaseExpiredHolds(db, new Date(Date.now() + 61 * 60_000))).toContain(bookingId);
    expect(await db.transaction((tx) => extendHold(tx, bookingId, inAnHour))).toBe(false);
  });

  it('is findable: an Offer per upcoming departure in the safari’s JSON-LD, its date in the sitemap, the list’s month filter', async () => {
    const id = await create({ startsOn: '2027-07-02', seats: 3 });
    const soldOut = await create({ startsOn: '2027-07-16', seats: 1 });
    expect((await book(soldOut, ['Amina Okello'])).status).toBe(201);
    const html = await (await fetch(`${site.base}/safaris/${slug}`)).text();
    const graph = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].flatMap((m) => (JSON.parse(m[1]!) as Json)['@graph'] as Json[]);
    const trip = graph.find((n) => n['@id']?.endsWith('#trip'))!;
    const offers = trip.offers as Json[];
    const offer = offers.find((o) => String(o.url).endsWith(`/departures/${id}`))!;
    expect(offer).toMatchObject({ '@type': 'Offer', price: '2450.00', priceCurrency: 'USD', availability: 'https://schema.org/LimitedAvailability', availabilityStarts: '2027-07-02' });
    expect(offer.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(offers.find((o) => String(o.url).endsWith(`/departures/${soldOut}`))).toMatchObject({ availability: 'https://schema.org/SoldOut', inventoryLevel: { value: 0 } });
    const [{ at }] = (await site.rows<{ at: string }>(`select to_char(max(updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as at from departures where safari_slug = '${slug}'`)) as [
      { at: string },
    ];
    const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
    const entry = new RegExp(`<loc>[^<]*/safaris/${slug}</loc>\\s*<lastmod>([^<]+)</lastmod>`).exec(sitemap);
    expect(entry?.[1]?.slice(0, 19)).toBe(at);
    const july = await (await fetch(`${site.base}/safaris?month=2027-07`)).text();
    expect(july).toContain('with a group departure in July 2027');
    expect(july).toContain(`href="/safaris/${slug}"`);
    const none = await (await fetch(`${site.base}/safaris?month=2031-01`)).text();
    expect(none).not.toContain('with a group departure in');
    expect(none).toContain('Lowest to Highest');
  });

  it('moves a traveller’s booking to another departure, its seats checked there', async () => {
    const a = await create({ startsOn: '2027-04-02', seats: 4 });
    const b = await create({ startsOn: '2027-04-16', seats: 2 });
    const made = (await (await book(a, ['Amina Okello', 'David Okello'])).json()) as Json;
    const bookingId = await bookingIdOf(made.reference);
    const moved = await agent.send(`/departures/${a}/move`, { bookingId, toDepartureId: b });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await detail(b)).manifest.map((m) => m.reference)).toEqual([made.reference]);
    expect((await detail(a)).manifest).toEqual([]);
    const [row] = await site.rows<{ from: string }>(`select to_char(travel_from, 'YYYY-MM-DD') as from from bookings where id = ${bookingId}`);
    expect(row!.from).toBe('2027-04-16');
    const other = (await (await book(a, ['Grace Okello'])).json()) as Json;
    const full = await agent.send(`/departures/${a}/move`, { bookingId: await bookingIdOf(other.reference), toDepartureId: b });
    expect([full.status, ((await full.json()) as Json).code]).toEqual([409, 'sold-out']);
    const events = await site.rows<{ kind: string }>(`select kind from booking_events where booking_id = ${bookingId} order by id`);
    expect(events.map((e) => e.kind)).toContain('departure-moved');
  });

  it('cancels a departure (owners): each traveller mailed once, refunds due where money was paid', async () => {
    const id = await create({ startsOn: '2027-05-07', seats: 6 });
    const one = (await (await book(id, ['Amina Okello'])).json()) as Json;
    const two = (await (await book(id, ['Grace Okello', 'Peter Okello'])).json()) as Json;
    const twoId = await bookingIdOf(two.reference);
    await owner.send(`/bookings/${twoId}/ledger`, { kind: 'payment', amountMinor: 150_000, method: 'bank-transfer', reference: 'TT-10', receivedOn: new Date().toISOString().slice(0, 10) });
    const byAgent = await agent.send(`/departures/${id}/cancel`, { reason: 'Too few travellers to run the trip.' });
    expect(byAgent.status).toBe(403);
    const res = await owner.send(`/departures/${id}/cancel`, { reason: 'Too few travellers to run the trip.' });
    expect(await res.json()).toEqual({ ok: true, mailed: 2, refundsDue: 1 });
    expect((await owner.send(`/departures/${id}/cancel`, { reason: 'Again.' })).status).toBe(409);
    const mails = await site.rows<{ to: string; text: string }>(
      `select message->'to'->>'address' as to, message->>'text' as text from mail_outbox where kind = 'departure-cancelled' and (message->>'subject' like '%${one.reference}%' or message->>'subject' like '%${two.reference}%')`,
    );
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.text.includes(two.reference))!.text).toContain('everything you paid, $1,500,');
    const states = await site.rows<{ state: string }>(`select state from bookings where reference in ('${one.reference}', '${two.reference}')`);
    expect(states.map((s) => s.state)).toEqual(['cancelled', 'cancelled']);
    const refunds = await site.rows<{ booking_id: number }>(`select booking_id from booking_events where kind = 'refund-due' and booking_id in (${await bookingIdOf(one.reference)}, ${twoId})`);
    expect(refunds.map((r) => r.booking_id)).toEqual([twoId]);
    expect(await seatsLeft(id)).toBeUndefined();
    expect((await book(id, ['Late Comer'])).status).toBe(409);
  });
});
