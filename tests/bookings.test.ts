// The bookings' foundation on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL: references,
// quote versions superseding each other, a booking made from a sent version with the price it
// fixed, the ledger (checked, idempotent by key, append-only by a trigger), the account and the
// state the money implies.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, bookingAccount } from '../server/bookings/bookings.ts';
import { recordLedgerEntry } from '../server/bookings/ledger.ts';
import { currentSentVersion, markQuoteSent, saveQuoteDraft } from '../server/bookings/quotes.ts';
import { nextReference } from '../server/bookings/references.ts';
import * as t from '../server/db/schema.ts';
import { HttpError } from '../server/http/error.ts';
import { sampleQuoteDocument, sentQuote } from './helpers/bookings.ts';
import { backends, openTestDatabase, type TestDatabase } from './helpers/db.ts';
import { addStaff } from './helpers/staff.ts';

const TODAY = '2026-11-27';
const lead = { name: 'Amina Okello', email: 'amina@example.com' };
const names = ['Amina Okello', 'David Okello', 'Grace Okello'];

async function refusal(p: Promise<unknown>): Promise<HttpError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HttpError);
  return e as HttpError;
}

/** The database error a statement raised (drizzle wraps the driver's error as its cause). */
async function dbError(p: Promise<unknown>): Promise<{ message: string; code?: string }> {
  const e = (await p.then(
    () => null,
    (err: unknown) => err,
  )) as (Error & { cause?: Error & { code?: string } }) | null;
  expect(e).not.toBeNull();
  return { message: `${e?.message} ${e?.cause?.message ?? ''}`, code: e?.cause?.code ?? (e as { code?: string }).code };
}

describe.each(backends())('quotes and bookings (%s)', (backend) => {
  let tdb: TestDatabase;
  let agent: number;
  beforeAll(async () => {
    tdb = await openTestDatabase(backend);
    agent = await addStaff(tdb.db, 'agent@kigezitrails.example', 'agent');
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  it('numbers references from 1 each year, per kind', async () => {
    const db = tdb.db;
    expect(await nextReference(db, 'B', 2031)).toBe('B-2031-0001');
    expect(await nextReference(db, 'B', 2031)).toBe('B-2031-0002');
    expect(await nextReference(db, 'Q', 2031)).toBe('Q-2031-0001');
    expect(await nextReference(db, 'B', 2032)).toBe('B-2032-0001');
  });

  it('supersedes the sent version when a new one is sent; the traveller sees the latest', async () => {
    const { quote, version } = await tdb.db.transaction((tx) => sentQuote(tx));
    expect(quote.reference).toMatch(/^Q-2026-\d{4}$/);
    expect(version).toMatchObject({ version: 1, total_minor: 911_999, currency: 'USD' });
    const draft = await tdb.db.transaction((tx) => saveQuoteDraft(tx, quote.id, sampleQuoteDocument({ title: 'Gorillas and chimps' }), null));
    expect(draft.version).toBe(2);
    // Until it is sent, the traveller still sees version 1.
    expect((await currentSentVersion(tdb.db, quote.id))?.id).toBe(version.id);
    await tdb.db.transaction((tx) => markQuoteSent(tx, quote.id, null));
    const current = await currentSentVersion(tdb.db, quote.id);
    expect(current).toMatchObject({ version: 2 });
    expect(current?.document.title).toBe('Gorillas and chimps');
    const [old] = await tdb.db.select().from(t.quoteVersions).where(eq(t.quoteVersions.id, version.id));
    expect(old?.superseded_at).not.toBeNull();
    // The superseded version cannot be booked.
    const e = await refusal(tdb.db.transaction((tx) => createBooking(tx, { quoteVersionId: version.id, lead, travellers: names, today: TODAY })));
    expect([e.status, e.code]).toEqual([409, 'superseded']);
  });

  it('refuses a document that does not add up, with the problem in words', async () => {
    const e = await refusal(tdb.db.transaction((tx) => sentQuote(tx, { lines: [{ label: 'Discount', category: 'discount', basis: 'group', unitMinor: -100, quantity: null }] })));
    expect([e.status, e.message]).toEqual([400, 'The total cannot be below zero: the discounts are larger than the price.']);
    const e2 = await refusal(tdb.db.transaction((tx) => sentQuote(tx, { travelTo: '2027-03-01' })));
    expect(e2.message).toBe('The last day of travel cannot be before the first.');
  });

  it('books a sent version once, with its price, travellers and first state', async () => {
    const { quote, version } = await tdb.db.transaction((tx) => sentQuote(tx));
    const booking = await tdb.db.transaction((tx) => createBooking(tx, { quoteVersionId: version.id, lead, travellers: names, today: TODAY }));
    expect(booking).toMatchObject({
      reference: expect.stringMatching(/^B-2026-\d{4}$/),
      state: 'confirmed-pending-deposit',
      total_minor: 911_999,
      deposit_minor: 273_600,
      deposit_due_on: '2026-12-04',
      balance_due_on: '2027-01-09',
      travel_from: '2027-03-10',
      lead_phone: '+256700000001',
    });
    const travellers = await tdb.db.select().from(t.bookingTravellers).where(eq(t.bookingTravellers.booking_id, booking.id)).orderBy(t.bookingTravellers.position);
    expect(travellers.map((r) => r.name)).toEqual(names);
    const [q] = await tdb.db.select().from(t.quotes).where(eq(t.quotes.id, quote.id));
    expect(q?.status).toBe('accepted');
    const again = await refusal(tdb.db.transaction((tx) => createBooking(tx, { quoteVersionId: version.id, lead, travellers: names, today: TODAY })));
    expect([again.status, again.code]).toEqual([409, 'already-booked']);
  });

  it('refuses an expired quote and a wrong number of travellers', async () => {
    const { version } = await tdb.db.transaction((tx) => sentQuote(tx));
    expect((await refusal(tdb.db.transaction((tx) => createBooking(tx, { quoteVersionId: version.id, lead, travellers: names, today: '2027-01-01' })))).code).toBe('expired');
    expect((await refusal(tdb.db.transaction((tx) => createBooking(tx, { quoteVersionId: version.id, lead, travellers: names.slice(0, 2), today: TODAY })))).code).toBe('travellers');
    expect((await refusal(tdb.db.transaction((tx) => createBooking(tx, { quoteVersionId: version.id, lead, travellers: [...names.slice(0, 2), ' '], today: TODAY })))).code).toBe('travellers');
  });

  it('records payments into an account that moves the state, idempotently by key', async () => {
    const { version } = await tdb.db.transaction((tx) => sentQuote(tx));
    const booking = await tdb.db.transaction((tx) => createBooking(tx, { quoteVersionId: version.id, lead, travellers: names, today: TODAY }));
    const deposit = { kind: 'payment' as const, amountMinor: 273_600, method: 'bank-transfer' as const, reference: 'TT-881', receivedOn: TODAY, idempotencyKey: `deposit-${booking.id}-${backend}` };
    const first = await tdb.db.transaction((tx) => recordLedgerEntry(tx, booking.id, deposit, { staffId: agent }, TODAY));
    expect(first).toMatchObject({ created: true, account: { state: 'confirmed', paidMinor: 273_600, outstandingMinor: 638_399 } });
    const retry = await tdb.db.transaction((tx) => recordLedgerEntry(tx, booking.id, deposit, { provider: 'test' }, TODAY));
    expect(retry.created).toBe(false);
    expect(retry.entry.id).toBe(first.entry.id);
    const conflict = await refusal(tdb.db.transaction((tx) => recordLedgerEntry(tx, booking.id, { ...deposit, amountMinor: 1 }, { staffId: agent }, TODAY)));
    expect([conflict.status, conflict.code]).toEqual([409, 'idempotency-conflict']);

    await tdb.db.transaction((tx) => recordLedgerEntry(tx, booking.id, { kind: 'payment', amountMinor: 638_400, method: 'card', receivedOn: TODAY }, { staffId: agent }, TODAY));
    await tdb.db.transaction((tx) => recordLedgerEntry(tx, booking.id, { kind: 'correction', amountMinor: -1, reason: 'Balance typed one cent over', receivedOn: TODAY }, { staffId: agent }, TODAY));
    const found = await bookingAccount(tdb.db, booking.id, TODAY);
    expect(found?.entries).toHaveLength(3);
    expect(found?.account).toMatchObject({ paidMinor: 911_999, outstandingMinor: 0, state: 'paid', next: null });
    expect(found?.booking.state).toBe('paid');
    const events = await tdb.db.select().from(t.bookingEvents).where(eq(t.bookingEvents.booking_id, booking.id)).orderBy(t.bookingEvents.id);
    // From the first state; to confirmed; to paid (the correction brings it back to exactly paid: no move).
    expect(events.map((e) => e.detail)).toEqual([
      { from: null, to: 'confirmed-pending-deposit' },
      { from: 'confirmed-pending-deposit', to: 'confirmed' },
      { from: 'confirmed', to: 'paid' },
    ]);
  });

  it('refuses an entry that is not money: a refund without a reason, a future date, an unknown booking', async () => {
    const { version } = await tdb.db.transaction((tx) => sentQuote(tx));
    const booking = await tdb.db.transaction((tx) => createBooking(tx, { quoteVersionId: version.id, lead, travellers: names, today: TODAY }));
    const by = { staffId: agent };
    const cases = [
      [{ kind: 'refund', amountMinor: -500, method: 'cash', receivedOn: TODAY }, 'Give the reason for a refund or a correction.'],
      [{ kind: 'refund', amountMinor: 500, method: 'cash', reason: 'x', receivedOn: TODAY }, 'A refund is money paid back: enter it as a negative amount.'],
      [{ kind: 'payment', amountMinor: 10.5, method: 'cash', receivedOn: TODAY }, 'Enter the amount in whole minor units (cents), not zero.'],
      [{ kind: 'payment', amountMinor: 100, receivedOn: TODAY }, 'Choose how the money was paid.'],
      [{ kind: 'payment', amountMinor: 100, method: 'cash', receivedOn: '2026-02-30' }, 'Enter the date the money was received.'],
      [{ kind: 'payment', amountMinor: 100, method: 'cash', receivedOn: '2026-11-28' }, 'The date received cannot be in the future.'],
    ] as const;
    for (const [input, message] of cases) {
      const e = await refusal(tdb.db.transaction((tx) => recordLedgerEntry(tx, booking.id, input as never, by, TODAY)));
      expect([e.status, e.message]).toEqual([400, message]);
    }
    expect((await refusal(tdb.db.transaction((tx) => recordLedgerEntry(tx, 999_999, { kind: 'payment', amountMinor: 1, method: 'cash', receivedOn: TODAY }, by, TODAY)))).status).toBe(404);
    expect((await bookingAccount(tdb.db, booking.id, TODAY))?.entries).toHaveLength(0);
  });

  it('keeps the ledger append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const { version } = await tdb.db.transaction((tx) => sentQuote(tx));
    const booking = await tdb.db.transaction((tx) => createBooking(tx, { quoteVersionId: version.id, lead, travellers: names, today: TODAY }));
    const { entry } = await tdb.db.transaction((tx) =>
      recordLedgerEntry(tx, booking.id, { kind: 'payment', amountMinor: 5_000, method: 'mobile-money', receivedOn: TODAY }, { staffId: agent }, TODAY),
    );
    for (const statement of [sql`update ledger_entries set amount_minor = 1 where id = ${entry.id}`, sql`delete from ledger_entries where id = ${entry.id}`, sql`truncate ledger_entries cascade`]) {
      // (TRUNCATE … CASCADE: a plain TRUNCATE is already refused by the payment attempts' foreign key.)
      const e = await dbError(tdb.db.execute(statement));
      expect(e.message).toMatch(/append-only/);
      expect(e.code).toBe('55000');
    }
    // The booking cannot be deleted from under its money either (restrict: 23001, or 23503 as some versions report it).
    expect(['23001', '23503']).toContain((await dbError(tdb.db.delete(t.bookings).where(eq(t.bookings.id, booking.id)))).code);
    const [still] = await tdb.db.select().from(t.ledgerEntries).where(eq(t.ledgerEntries.id, entry.id));
    expect(still?.amount_minor).toBe(5_000);
  });

  it('refuses money rows the database checks: a zero amount, a payment below zero, nobody recording', async () => {
    const { version } = await tdb.db.transaction((tx) => sentQuote(tx));
    const booking = await tdb.db.transaction((tx) => createBooking(tx, { quoteVersionId: version.id, lead, travellers: names, today: TODAY }));
    const row = { booking_id: booking.id, currency: 'USD', received_on: TODAY, recorded_by: 1 };
    expect((await dbError(tdb.db.insert(t.ledgerEntries).values({ ...row, amount_minor: 0, kind: 'payment' }))).code).toBe('23514');
    expect((await dbError(tdb.db.insert(t.ledgerEntries).values({ ...row, amount_minor: -5, kind: 'payment' }))).code).toBe('23514');
    expect((await dbError(tdb.db.insert(t.ledgerEntries).values({ ...row, recorded_by: null, amount_minor: 5, kind: 'payment' }))).code).toBe('23514');
  });

  it('sends each reminder of a booking once (its kind is unique per booking)', async () => {
    const { version } = await tdb.db.transaction((tx) => sentQuote(tx));
    const booking = await tdb.db.transaction((tx) => createBooking(tx, { quoteVersionId: version.id, lead, travellers: names, today: TODAY }));
    const first = await tdb.db.insert(t.bookingEvents).values({ booking_id: booking.id, kind: 'reminder-balance-14' }).onConflictDoNothing().returning();
    const second = await tdb.db.insert(t.bookingEvents).values({ booking_id: booking.id, kind: 'reminder-balance-14' }).onConflictDoNothing().returning();
    expect([first.length, second.length]).toEqual([1, 0]);
  });
});
