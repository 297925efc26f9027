// Erasing a person reaches their quotes and bookings, on PGlite and PostgreSQL: a quote never
// booked goes (with its versions and trip link); a booked trip stays for the accounts without the
// person (no name, address, phone, manifest, notes, message, children's ages, trip link or reminder
// address anywhere in the database), its ledger untouched, its account and the dashboard's money
// the same to the cent; someone else's booking is untouched; the ledger refuses a name or address in
// an entry, so it never holds any; and the erasure is in the audit log with its counts.
import './helpers/production.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail } from '../common/booking-console.ts';
import { createBooking } from '../server/bookings/bookings.ts';
import { createQuote, markQuoteSent } from '../server/bookings/quotes.ts';
import { createTripLink } from '../server/bookings/trip-links.ts';
import { sampleQuoteDocument, sentQuote, textsLeft } from './helpers/bookings.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const OWNER = 'owner@kigezitrails.example';
const NOW = new Date('2026-11-27T06:00:00Z');
const EMAIL = 'Erin.Erase@Example.com';
/** Everything personal the test writes about the person: none of it may be left anywhere. */
const PERSONAL = ['erin.erase@example.com', 'Erin Erase', 'Tom Erase', 'Lily Erase', 'No peanuts', 'Asthma inhaler', '+256700000009', 'Dear Erin', 'Erin phoned', 'Lily is 9', 'Family of Erin'];
type Json = Record<string, any>;

describe.each(backends())('erasing a person’s quotes and bookings on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  const detail = async (id: number) => (await (await owner.get(`/bookings/${id}`)).json()) as BookingDetail;
  const money = (d: BookingDetail) => ({ reference: d.reference, state: d.state, currency: d.currency, travelFrom: d.travelFrom, travelTo: d.travelTo, account: d.account, ledger: d.ledger });
  const dashboardMoney = async () => {
    const d = (await (await owner.get('/dashboard')).json()) as Json;
    const { bookedPerMonth, depositsReceivedMinor, receivedMinor, outstandingMinor } = d.bookings;
    return { bookedPerMonth, depositsReceivedMinor, receivedMinor, outstandingMinor };
  };

  beforeAll(async () => {
    site = await startSite({ backend, env: { SPAM_CHECKS: 'off' }, app: { admin: { clock: () => NOW } } });
    await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
    owner = await signIn(site.base, OWNER);
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  /** The person: a subscriber with an enquiry, a quote from it (booked, paid in part), a loose draft and a booking made by hand. */
  async function thePerson() {
    const db = site.app.database!.db;
    const [sub] = await site.rows<{ id: number }>(
      `insert into newsletter_subscribers (full_name, email, email_key, status, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
       values ('Erin Erase', '${EMAIL}', lower('${EMAIL}'), 'confirmed', 'c-erin', 'u-erin', now()) returning id`,
    );
    const [enquiry] = await site.rows<{ id: number }>(
      `insert into enquiries (name, email, phone, message, preferred_contact_method) values ('Erin Erase', '${EMAIL}', '+256700000009', 'Gorillas for the family', 'Email') returning id`,
    );
    const doc = sampleQuoteDocument({ message: 'Dear Erin, here is your trip.', title: 'Family of Erin: gorillas' });
    const booked = await db.transaction(async (tx) => {
      const { quote } = await createQuote(tx, { traveller: { name: 'Erin Erase', email: EMAIL, phone: '+256700000009' }, enquiryId: enquiry!.id, document: doc, year: 2026 });
      const version = await markQuoteSent(tx, quote.id, null);
      await createTripLink(tx, quote.id);
      return createBooking(tx, { quoteVersionId: version.id, lead: { name: 'Erin Erase', email: EMAIL }, travellers: ['Erin Erase', 'Tom Erase', 'Lily Erase'], today: '2026-11-27' });
    });
    await db.execute(sql`update booking_travellers set dietary = 'No peanuts', medical = 'Asthma inhaler', age = 9 where booking_id = ${booked.id} and position = 2`);
    await db.execute(sql`insert into booking_events (booking_id, kind, detail) values (${booked.id}, 'reminder-trip-soon', ${JSON.stringify({ on: '2027-03-03', to: EMAIL })}::jsonb)`);
    expect((await owner.send(`/bookings/${booked.id}/notes`, { notes: 'Erin phoned: Lily is 9' }, 'PUT')).status).toBe(200);
    expect((await owner.send(`/bookings/${booked.id}/ledger`, { kind: 'payment', amountMinor: 300_000, method: 'bank-transfer', reference: 'TT-88', receivedOn: '2026-11-26' })).status).toBe(201);
    await db.transaction((tx) =>
      createQuote(tx, { traveller: { name: 'Erin Erase', email: EMAIL.toLowerCase() }, document: sampleQuoteDocument({ message: 'Dear Erin, a second idea.' }), year: 2026 }),
    );
    const manual = await owner.send('/bookings', {
      title: 'Family of Erin: Kidepo',
      travelFrom: '2027-06-01',
      travelTo: '2027-06-04',
      travellers: [{ name: 'Erin Erase', age: null }],
      lead: { name: 'Erin Erase', email: EMAIL.toUpperCase(), phone: '+256700000009' },
      lines: [{ label: 'Kidepo by road', category: 'safari', basis: 'person', unitMinor: 150_000, quantity: null }],
    });
    expect(manual.status).toBe(201);
    const manualId = ((await manual.json()) as Json).id as number;
    expect((await owner.send(`/bookings/${manualId}/ledger`, { kind: 'payment', amountMinor: 45_000, method: 'cash', receivedOn: '2026-11-27' })).status).toBe(201);
    return { subscriber: sub!.id, booked: booked.id, manual: manualId };
  }

  it('refuses a ledger entry that names a traveller or gives their address', async () => {
    const db = site.app.database!.db;
    const { version } = await db.transaction((tx) => sentQuote(tx));
    const b = await db.transaction((tx) =>
      createBooking(tx, { quoteVersionId: version.id, lead: { name: 'Amina Okello', email: 'amina@example.com' }, travellers: ['Amina Okello', 'David Okello', 'Grace Okello'], today: '2026-11-27' }),
    );
    const payment = { kind: 'payment', amountMinor: 100, method: 'bank-transfer', receivedOn: '2026-11-26' };
    for (const [body, field] of [
      [{ ...payment, reference: 'Transfer from David Okello' }, 'reference'],
      [{ ...payment, reference: 'AMINA@example.com' }, 'reference'],
      [{ kind: 'correction', amountMinor: -5, receivedOn: '2026-11-26', reason: 'Grace Okello paid twice' }, 'reason'],
    ] as const) {
      const res = await owner.send(`/bookings/${b.id}/ledger`, body);
      expect([res.status, ((await res.json()) as Json).code]).toEqual([400, `invalid-${field}`]);
    }
    expect((await owner.send(`/bookings/${b.id}/ledger`, { ...payment, reference: 'Okello-TT-77' })).status).toBe(201);
  });

  it('removes the person from quotes and bookings, and keeps the money to the cent', async () => {
    const ids = await thePerson();
    const db = site.app.database!.db;
    const { version } = await db.transaction((tx) => sentQuote(tx));
    const other = await db.transaction((tx) =>
      createBooking(tx, { quoteVersionId: version.id, lead: { name: 'Amina Okello', email: 'amina@example.com' }, travellers: ['Amina Okello', 'David Okello', 'Grace Okello'], today: '2026-11-27' }),
    );
    const before = { booked: money(await detail(ids.booked)), manual: money(await detail(ids.manual)), other: await detail(other.id), dashboard: await dashboardMoney() };
    const ledgerBefore = await site.rows(`select * from ledger_entries order by id`);
    expect(before.booked.account.paidMinor).toBe(300_000);

    const res = await owner.send(`/subscribers/${ids.subscriber}/erase`, { confirm: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, enquiries: 1, quotes: 1, bookings: 2 });

    // Nothing personal is left in any text column of any table.
    expect(await textsLeft((q) => site.rows(q), PERSONAL)).toEqual([]);
    expect(await site.rows(`select count(*)::int as n from booking_travellers where booking_id in (${ids.booked}, ${ids.manual})`)).toEqual([{ n: 0 }]);
    expect(await site.rows(`select count(*)::int as n from trip_links t join bookings b on b.quote_id = t.quote_id where b.id = ${ids.booked}`)).toEqual([{ n: 0 }]);
    expect(await site.rows(`select count(*)::int as n from quotes where traveller_name = 'Erin Erase' or traveller_email ilike '${EMAIL}'`)).toEqual([{ n: 0 }]);

    // The money: the ledger row for row, each account, the dashboard's figures.
    expect(await site.rows(`select * from ledger_entries order by id`)).toEqual(ledgerBefore);
    expect(money(await detail(ids.booked))).toEqual(before.booked);
    expect(money(await detail(ids.manual))).toEqual(before.manual);
    expect(await dashboardMoney()).toEqual(before.dashboard);
    const after = await detail(ids.booked);
    expect([after.leadName, after.leadEmail, after.leadPhone, after.notes, after.manifest, after.travellers]).toEqual(['Erased traveller', '', '', '', [], 0]);
    expect(after.account.paidMinor + after.account.outstandingMinor).toBe(after.account.totalMinor);
    // A payment still goes on the erased booking's account.
    expect((await owner.send(`/bookings/${ids.booked}/ledger`, { kind: 'payment', amountMinor: 1_000, method: 'cash', receivedOn: '2026-11-27' })).status).toBe(201);
    expect((await detail(ids.booked)).account.paidMinor).toBe(301_000);

    // Someone else is untouched.
    expect(await detail(other.id)).toEqual(before.other);
    const [audit] = await site.rows<Json>(`select target, detail from audit_log where action = 'subscriber.erase'`);
    expect(audit).toEqual({ target: `subscriber:${ids.subscriber}`, detail: { enquiries: 1, mail: 0, quotes: 1, bookings: 2 } });
  });
});
