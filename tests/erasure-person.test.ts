// Erasing any person from the console, on PGlite and PostgreSQL: a traveller who enquired and booked
// but never subscribed. The look-up counts what goes and what stays; the erasure removes every
// personal field (enquiry, quotes, trip link, manifest, notes, the e-mail waiting for them), keeps
// the ledger row for row so the accounts still balance, and is audited with its counts and without
// the address; agents are refused, and bad input gets a clear 400.
import './helpers/production.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail } from '../common/booking-console.ts';
import type { PersonLookup } from '../common/person-erasure.ts';
import { createBooking } from '../server/bookings/bookings.ts';
import { createQuote, markQuoteSent } from '../server/bookings/quotes.ts';
import { createTripLink } from '../server/bookings/trip-links.ts';
import { sampleQuoteDocument, textsLeft } from './helpers/bookings.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const NOW = new Date('2026-11-27T06:00:00Z');
const EMAIL = 'Paul.Nosub@Example.org';
const PERSONAL = ['paul.nosub@example.org', 'Paul Nosub', 'Ruth Nosub', 'Sam Nosub', 'Gluten free', '+256700000077', 'Chimps in Kibale please', 'Paul called twice'];
type Json = Record<string, any>;

describe.each(backends())('erasing a person who never subscribed, on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  let agent: SignedIn;
  let person: { enquiry: number; booking: number };

  beforeAll(async () => {
    site = await startSite({ backend, env: { SPAM_CHECKS: 'off' }, app: { admin: { clock: () => NOW } } });
    const db = site.app.database!.db;
    await addStaff(db, 'owner@kigezitrails.example', 'owner', undefined, 'Olivia Owner');
    await addStaff(db, 'agent@kigezitrails.example', 'agent', undefined, 'Alex Agent');
    owner = await signIn(site.base, 'owner@kigezitrails.example');
    agent = await signIn(site.base, 'agent@kigezitrails.example');
    const [enquiry] = await site.rows<{ id: number }>(
      `insert into enquiries (name, email, phone, message, preferred_contact_method) values ('Paul Nosub', '${EMAIL}', '+256700000077', 'Chimps in Kibale please', 'Email') returning id`,
    );
    const booked = await db.transaction(async (tx) => {
      const { quote } = await createQuote(tx, { traveller: { name: 'Paul Nosub', email: EMAIL, phone: '+256700000077' }, enquiryId: enquiry!.id, document: sampleQuoteDocument(), year: 2026 });
      const version = await markQuoteSent(tx, quote.id, null);
      await createTripLink(tx, quote.id);
      return createBooking(tx, { quoteVersionId: version.id, lead: { name: 'Paul Nosub', email: EMAIL }, travellers: ['Paul Nosub', 'Ruth Nosub', 'Sam Nosub'], today: '2026-11-27' });
    });
    await db.transaction((tx) => createQuote(tx, { traveller: { name: 'Paul Nosub', email: EMAIL }, document: sampleQuoteDocument({ message: 'Chimps in Kibale please' }), year: 2026 }));
    await db.execute(sql`update booking_travellers set dietary = 'Gluten free' where booking_id = ${booked.id}`);
    await db.execute(
      sql`insert into mail_outbox (kind, message_id, message) values ('quote', ${'<erase-test@kigezitrails.example>'}, ${JSON.stringify({ to: { name: 'Paul Nosub', address: EMAIL }, subject: 'Your trip' })}::jsonb)`,
    );
    expect((await owner.send(`/bookings/${booked.id}/notes`, { notes: 'Paul called twice' }, 'PUT')).status).toBe(200);
    for (const entry of [
      { kind: 'payment', amountMinor: 200_000, method: 'bank-transfer', reference: 'TT-401', receivedOn: '2026-11-26' },
      { kind: 'refund', amountMinor: -15_000, method: 'bank-transfer', reference: 'TT-402', receivedOn: '2026-11-27', reason: 'Paid twice by the bank' },
    ]) {
      expect((await owner.send(`/bookings/${booked.id}/ledger`, entry)).status).toBe(201);
    }
    person = { enquiry: enquiry!.id, booking: booked.id };
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('refuses agents, and bad input with a clear message', async () => {
    expect((await agent.get(`/erasure?enquiry=${person.enquiry}`)).status).toBe(403);
    expect((await agent.send('/erasure/look-up', { email: EMAIL })).status).toBe(403);
    expect((await agent.send('/erasure', { email: EMAIL, confirm: true })).status).toBe(403);
    const bad = async (res: Response) => [res.status, ((await res.json()) as Json).error];
    expect(await bad(await owner.send('/erasure/look-up', { email: 'not an address' }))).toEqual([400, 'Enter the person’s e-mail address, like name@example.com.']);
    expect(await bad(await owner.send('/erasure', { email: EMAIL }))).toEqual([400, 'Tick the box to confirm the erasure.']);
    expect(await bad(await owner.get('/erasure?booking=abc'))).toEqual([400, 'Choose a booking by its number.']);
    expect(await bad(await owner.get('/erasure?enquiry=99999'))).toEqual([404, 'Enquiry not found']);
    expect(await owner.get('/erasure').then((r) => r.json())).toBeNull();
    expect(await site.rows(`select count(*)::int as n from audit_log where action = 'person.erase'`)).toEqual([{ n: 0 }]);
  });

  it('erases them everywhere and keeps the accounts balanced', async () => {
    const expected: PersonLookup = {
      email: EMAIL,
      footprint: { subscribed: false, enquiries: 1, quotes: 1, tripLinks: 1, mail: 1, bookings: 1, travellers: 3, ledgerEntries: 2 },
    };
    expect(await (await owner.get(`/erasure?enquiry=${person.enquiry}`)).json()).toEqual(expected);
    expect(await (await owner.get(`/erasure?booking=${person.booking}`)).json()).toEqual(expected);
    expect(await (await owner.send('/erasure/look-up', { email: ` ${EMAIL.toUpperCase()} ` })).json()).toEqual({ ...expected, email: EMAIL.toUpperCase() });

    const ledgerBefore = await site.rows(`select * from ledger_entries order by id`);
    const before = (await (await owner.get(`/bookings/${person.booking}`)).json()) as BookingDetail;
    expect(before.account.paidMinor).toBe(185_000);

    const res = await owner.send('/erasure', { email: EMAIL.toLowerCase(), confirm: true });
    expect([res.status, await res.json()]).toEqual([200, { ok: true, enquiries: 1, mail: 1, quotes: 1, bookings: 1 }]);

    expect(await site.rows(`select * from ledger_entries order by id`)).toEqual(ledgerBefore);
    const after = (await (await owner.get(`/bookings/${person.booking}`)).json()) as BookingDetail;
    expect([after.reference, after.account, after.ledger]).toEqual([before.reference, before.account, before.ledger]);
    expect(after.account.paidMinor + after.account.outstandingMinor).toBe(after.account.totalMinor);
    expect([after.leadName, after.leadEmail, after.manifest]).toEqual(['Erased traveller', '', []]);

    const audits = await site.rows<Json>(`select actor, target, detail from audit_log where action = 'person.erase'`);
    expect(audits).toEqual([{ actor: 'owner@kigezitrails.example', target: null, detail: { subscribed: false, enquiries: 1, mail: 1, quotes: 1, bookings: 1 } }]);
    // Nothing is left to find, by the address or the booking.
    expect(((await (await owner.send('/erasure/look-up', { email: EMAIL })).json()) as PersonLookup).footprint).toEqual({
      subscribed: false,
      enquiries: 0,
      quotes: 0,
      tripLinks: 0,
      mail: 0,
      bookings: 0,
      travellers: 0,
      ledgerEntries: 0,
    });
    expect((await owner.get(`/erasure?booking=${person.booking}`)).status).toBe(404);
    // Nothing personal is left in any text column of any table (the audit log's included).
    expect(await textsLeft((q) => site.rows(q), PERSONAL)).toEqual([]);
  });
});
