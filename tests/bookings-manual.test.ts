// A booking made by hand (a trip booked on the phone), over HTTP on PGlite and PostgreSQL: the
// safaris it is chosen from, the price from the one money function, the travellers and their ages in
// the manifest, its screen's answer (no quote, no lodges), the lists, a payment moving it on like any
// booking, the audit log, and every bad input a clear 400 (never a 500) that makes nothing.
import './helpers/production.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail, BookingList } from '../common/booking-console.ts';
import { priceOf } from '../common/booking-money.ts';
import { backends } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';
import { AGENT, startBookingsConsole } from './helpers/bookings-console.ts';
import type { InProcessSite } from './helpers/start-site.ts';
import type { SignedIn } from './helpers/staff.ts';

const SAFARI = '1-day-bwindi-gorilla-trek-from-kabale';
type Json = Record<string, any>;

const LINES = [
  { label: 'Gorilla trek', category: 'safari', basis: 'person', unitMinor: 120_000, quantity: null },
  { label: 'Permits', category: 'permit', basis: 'person', unitMinor: 80_000, quantity: 2 },
  { label: 'Airport transfer', category: 'transfer', basis: 'group', unitMinor: 5_050, quantity: null },
];
const booking = (over: Json = {}) => ({
  safariSlug: SAFARI,
  title: '',
  travelFrom: '2027-04-02',
  travelTo: '2027-04-03',
  travellers: [
    { name: 'Joseph Mukasa', age: null },
    { name: 'Ruth Mukasa', age: null },
    { name: 'Ivan Mukasa', age: 12 },
  ],
  lead: { name: 'Joseph Mukasa', email: 'joseph@example.com', phone: '+256 772 000111' },
  lines: LINES,
  depositPercent: 25,
  balanceDueOn: null,
  notes: 'Booked on the phone.',
  ...over,
});

describe.each(backends())('bookings made by hand on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  let agent: SignedIn;
  const count = async () => rowsOf<{ n: number }>(await site.app.database!.db.execute(sql`select count(*)::int as n from bookings`))[0]!.n;

  beforeAll(async () => {
    ({ site, owner, agent } = await startBookingsConsole(backend));
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('offers the site’s safaris to choose from, to staff only', async () => {
    expect((await fetch(`${site.base}/api/admin/bookings/new`)).status).toBe(401);
    const res = await agent.get('/bookings/new');
    expect(res.status).toBe(200);
    const { safaris } = (await res.json()) as { safaris: { slug: string; title: string }[] };
    expect(safaris.find((s) => s.slug === SAFARI)?.title).toMatch(/gorilla/i);
  });

  it('makes a booking priced by the money function, with its travellers, shown and listed like any other', async () => {
    const res = await agent.send('/bookings', booking());
    expect(res.status).toBe(201);
    const made = (await res.json()) as { id: number; reference: string };
    expect(made.reference).toMatch(/^B-2026-\d{4}$/);
    const price = priceOf({ currency: 'USD', lines: LINES as never, travellers: { adults: 2, children: 1 }, depositPercent: 25, travelFrom: '2027-04-02' });
    // 3 × $1,200 + 2 × $800 + $50.50 = $5,250.50; a quarter of it, rounded half up, is $1,312.63.
    expect([price.totalMinor, price.depositMinor]).toEqual([525_050, 131_263]);
    const d = (await (await agent.get(`/bookings/${made.id}`)).json()) as BookingDetail;
    expect(d).toMatchObject({
      reference: made.reference,
      manual: true,
      quoteReference: '',
      state: 'confirmed-pending-deposit',
      leadName: 'Joseph Mukasa',
      leadEmail: 'joseph@example.com',
      leadPhone: '+256 772 000111',
      travellers: 3,
      travelFrom: '2027-04-02',
      balanceDueOn: '2027-02-01',
      depositDueOn: '2026-12-04',
      notes: 'Booked on the phone.',
      nights: [],
      account: { totalMinor: price.totalMinor, depositMinor: price.depositMinor, paidMinor: 0 },
    });
    expect(d.title).toMatch(/gorilla/i);
    expect(d.manifest.map((t) => [t.name, t.age])).toEqual([
      ['Joseph Mukasa', null],
      ['Ruth Mukasa', null],
      ['Ivan Mukasa', 12],
    ]);
    expect(d.events.map((e) => e.detail)).toEqual([{ from: null, to: 'confirmed-pending-deposit', manual: true }]);
    const list = (await (await agent.get('/bookings?q=Mukasa')).json()) as BookingList;
    expect(list.items.map((i) => [i.reference, i.title])).toEqual([[made.reference, d.title]]);
    const paid = await agent.send(`/bookings/${made.id}/ledger`, { kind: 'payment', amountMinor: price.depositMinor, method: 'cash', receivedOn: '2026-11-27' });
    expect(paid.status).toBe(201);
    expect(((await (await agent.get(`/bookings/${made.id}`)).json()) as BookingDetail).state).toBe('confirmed');
    const audit = rowsOf<Json>(await site.app.database!.db.execute(sql`select action, actor, detail from audit_log where target = ${`booking:${made.id}`} order by id`));
    expect(audit[0]).toEqual({ action: 'booking.create', actor: AGENT, detail: { reference: made.reference, manual: true, totalMinor: 525_050, currency: 'USD' } });
  });

  it('takes a title instead of a safari, and the title given over the safari’s', async () => {
    const own = await owner.send('/bookings', booking({ safariSlug: null, title: 'Kidepo by road', travellers: [{ name: 'Joseph Mukasa', age: null }] }));
    expect(own.status).toBe(201);
    const d = (await (await owner.get(`/bookings/${((await own.json()) as Json).id}`)).json()) as BookingDetail;
    expect([d.title, d.travellers, d.account.totalMinor]).toEqual(['Kidepo by road', 1, 120_000 + 160_000 + 5_050]);
    const named = await owner.send('/bookings', booking({ title: 'Mukasa family gorillas' }));
    expect(((await (await owner.get(`/bookings/${((await named.json()) as Json).id}`)).json()) as BookingDetail).title).toBe('Mukasa family gorillas');
  });

  it('refuses bad input with a clear 400 naming the field, and makes nothing', async () => {
    const before = await count();
    const cases: [Json, string, string][] = [
      [booking({ safariSlug: null, title: ' ' }), 'invalid-title', 'Choose the safari or give the trip a title.'],
      [booking({ safariSlug: 'no-such-safari' }), 'invalid-safariSlug', 'That safari does not exist: choose one from the list.'],
      [booking({ travelFrom: '2027-02-30' }), 'invalid-travelFrom', 'Enter the first day of travel as a date.'],
      [booking({ travelTo: '2027-04-01' }), 'invalid-travelTo', 'The last day of travel cannot be before the first.'],
      [booking({ travellers: [] }), 'invalid-travellers', 'Give the name of every traveller, one a line.'],
      [booking({ travellers: [{ name: 'Ruth', age: 'nine' }] }), 'invalid-travellers', 'An age is a whole number of years from 0 to 120, after a comma: “Amina Okello, 9”.'],
      [booking({ lead: { name: 'Joseph', email: 'not-an-address' } }), 'invalid-lead', 'Enter the traveller’s e-mail address.'],
      [booking({ lines: [] }), 'invalid-lines', 'Add at least one price line.'],
      [booking({ lines: [{ ...LINES[0], unitMinor: null }] }), 'invalid-lines', 'Enter an amount.'],
      [booking({ lines: [{ ...LINES[0], category: 'discount', basis: 'group', unitMinor: -100 }] }), 'invalid-lines', 'The total cannot be below zero: the discounts are larger than the price.'],
      [booking({ depositPercent: 120 }), 'invalid-depositPercent', 'The deposit is a whole percentage from 0 to 100.'],
      [booking({ balanceDueOn: '2027-05-01' }), 'invalid-balanceDueOn', 'The balance is due on or before the first day of travel.'],
      [[], 'invalid', 'Invalid input: expected object, received array'],
    ];
    for (const [body, code, message] of cases) {
      const res = await agent.send('/bookings', body);
      const answer = (await res.json()) as Json;
      expect([res.status, answer.code], JSON.stringify(body)).toEqual([400, code]);
      if (code !== 'invalid') expect(answer.error, code).toBe(message);
    }
    const raw = await fetch(`${site.base}/api/admin/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: agent.cookie, 'x-csrf-token': agent.csrf, origin: site.base },
      body: '{"title":',
    });
    expect(raw.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps the database’s rule: a booking has a quote and its version, or its own title and lines', async () => {
    const db = site.app.database!.db;
    await expect(
      db.execute(
        sql`insert into bookings (reference, travel_from, travel_to, currency, lead_name, lead_email, total_minor, deposit_minor, deposit_due_on, balance_due_on) values ('B-2026-9999', '2027-01-01', '2027-01-02', 'USD', 'X', 'x@example.com', 0, 0, '2026-12-01', '2026-12-01')`,
      ),
    ).rejects.toThrow();
  });
});
