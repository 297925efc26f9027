// The bookings' reminders on PGlite and PostgreSQL, with time moved by the test (an injected
// clock), never slept: the balance due in 14 days, then overdue, and the trip in 7 days, each sent
// once to the lead traveller through the outbox with a new trip-page link (the links sent before
// still open the trip), whatever the runs, restarts and processes; the
// state following the calendar (balance-due, travelled); an owner's switch turning one off.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking } from '../server/bookings/bookings.ts';
import { recordLedgerEntry } from '../server/bookings/ledger.ts';
import { runBookingReminders, writeReminderSettings } from '../server/bookings/reminders.ts';
import { linkOfToken } from '../server/bookings/trip-links.ts';
import { openDatabase } from '../server/db/index.ts';
import * as t from '../server/db/schema.ts';
import { sentQuote } from './helpers/bookings.ts';
import { backends, openTestDatabase, type TestDatabase } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';
import { addStaff } from './helpers/staff.ts';

const mail = { siteUrl: 'https://kigezitrails.example', from: 'Kigezi Trails <bookings@kigezitrails.example>', messageIdDomain: 'kigezitrails.example', operatorEmail: 'ops@kigezitrails.example' };
/** Morning in Kampala on a day. */
const at = (day: string) => () => new Date(`${day}T06:00:00Z`);

describe.each(backends())('booking reminders (%s)', (backend) => {
  let tdb: TestDatabase;
  let owner: number;
  beforeAll(async () => {
    tdb = await openTestDatabase(backend);
    owner = await addStaff(tdb.db, 'owner@kigezitrails.example', 'owner');
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  async function bookWithDeposit(): Promise<number> {
    // Travel 10 March 2027, balance due 9 January 2027, deposit $2,736 due 4 December 2026.
    const { version } = await tdb.db.transaction((tx) => sentQuote(tx));
    const b = await tdb.db.transaction((tx) =>
      createBooking(tx, { quoteVersionId: version.id, lead: { name: 'Amina Okello', email: 'amina@example.com' }, travellers: ['Amina Okello', 'David Okello', 'Grace Okello'], today: '2026-11-27' }),
    );
    await tdb.db.transaction((tx) => recordLedgerEntry(tx, b.id, { kind: 'payment', amountMinor: 273_600, method: 'bank-transfer', receivedOn: '2026-11-27' }, { staffId: owner }, '2026-11-27'));
    return b.id;
  }
  const stateOf = async (id: number) => (await tdb.db.select({ state: t.bookings.state }).from(t.bookings).where(eq(t.bookings.id, id)))[0]!.state;
  const sentFor = async (id: number) =>
    (await tdb.db.select({ kind: t.bookingEvents.kind }).from(t.bookingEvents).where(eq(t.bookingEvents.booking_id, id))).map((e) => e.kind).filter((k) => k.startsWith('reminder-'));

  it('sends each reminder once as time moves, and the state follows the calendar', async () => {
    const id = await bookWithDeposit();
    const opts = (day: string) => ({ ...mail, clock: at(day) });
    expect(await runBookingReminders(tdb.db, opts('2026-12-20'))).toEqual([]);
    expect(await runBookingReminders(tdb.db, opts('2026-12-26'))).toEqual([{ bookingId: id, kind: 'balance-soon' }]);
    // The same day again, and the next days: nothing more until the balance is overdue.
    expect(await runBookingReminders(tdb.db, opts('2026-12-26'))).toEqual([]);
    expect(await runBookingReminders(tdb.db, opts('2027-01-05'))).toEqual([]);
    expect(await stateOf(id)).toBe('confirmed');
    expect(await runBookingReminders(tdb.db, opts('2027-01-09'))).toEqual([]);
    expect(await stateOf(id)).toBe('balance-due');
    expect(await runBookingReminders(tdb.db, opts('2027-01-10'))).toEqual([{ bookingId: id, kind: 'balance-overdue' }]);
    expect(await runBookingReminders(tdb.db, opts('2027-02-01'))).toEqual([]);
    expect(await runBookingReminders(tdb.db, opts('2027-03-03'))).toEqual([{ bookingId: id, kind: 'trip-soon' }]);
    expect(await runBookingReminders(tdb.db, opts('2027-03-05'))).toEqual([]);
    expect(await runBookingReminders(tdb.db, opts('2027-03-14'))).toEqual([]);
    expect(await stateOf(id)).toBe('travelled');
    expect(await sentFor(id)).toEqual(['reminder-balance-soon', 'reminder-balance-overdue', 'reminder-trip-soon']);
    const mails = rowsOf<{ subject: string; to: string; text: string }>(
      await tdb.db.execute(sql`select message->>'subject' as subject, message->'to'->>'address' as "to", message->>'text' as text from mail_outbox where kind = 'booking-reminder' order by id`),
    );
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['amina@example.com', 'Your balance for 4-day Bwindi gorilla trek is due on Saturday, 9 January 2027'],
      ['amina@example.com', 'Your balance for 4-day Bwindi gorilla trek is overdue'],
      ['amina@example.com', 'Your trip starts in 7 days'],
    ]);
    expect(mails[0]!.text).toContain('$6,383.99 is still to pay');
    // Each carries a new link to the trip page, which opens the booking's quote; the earlier ones still do.
    const tokens = mails.map((m) => /https:\/\/kigezitrails\.example\/trip\/([A-Za-z0-9_-]{43})\n/.exec(m.text)?.[1]);
    expect(new Set(tokens).size).toBe(3);
    const [booking] = await tdb.db.select({ quote: t.bookings.quote_id }).from(t.bookings).where(eq(t.bookings.id, id));
    for (const token of tokens) expect((await linkOfToken(tdb.db, token!))?.quote?.id).toBe(booking!.quote);
  });

  it('sends once when two processes run at once and after a restart', async () => {
    const id = await bookWithDeposit();
    const opts = { ...mail, clock: at('2026-12-28') };
    const second = backend === 'postgres' ? await openDatabase({ databaseUrl: tdb.url!, dataDir: '/nonexistent' }) : null;
    try {
      const both = await Promise.all([runBookingReminders(tdb.db, opts), runBookingReminders(second?.db ?? tdb.db, opts), runBookingReminders(tdb.db, opts)]);
      expect(both.flat().filter((r) => r.bookingId === id)).toEqual([{ bookingId: id, kind: 'balance-soon' }]);
    } finally {
      await second?.close();
    }
    // A process started afterwards (PostgreSQL: a new connection pool) finds it sent.
    const restarted = backend === 'postgres' ? await openDatabase({ databaseUrl: tdb.url!, dataDir: '/nonexistent' }) : null;
    try {
      expect((await runBookingReminders(restarted?.db ?? tdb.db, opts)).filter((r) => r.bookingId === id)).toEqual([]);
    } finally {
      await restarted?.close();
    }
    expect(await sentFor(id)).toEqual(['reminder-balance-soon']);
  });

  it('sends nothing an owner turned off, and nothing to a cancelled booking', async () => {
    const id = await bookWithDeposit();
    await writeReminderSettings(tdb.db, { 'balance-soon': false }, owner);
    try {
      expect((await runBookingReminders(tdb.db, { ...mail, clock: at('2026-12-29') })).filter((r) => r.bookingId === id)).toEqual([]);
      await tdb.db.update(t.bookings).set({ state: 'cancelled' }).where(eq(t.bookings.id, id));
      expect((await runBookingReminders(tdb.db, { ...mail, clock: at('2027-01-12') })).filter((r) => r.bookingId === id)).toEqual([]);
      expect(await sentFor(id)).toEqual([]);
    } finally {
      await writeReminderSettings(tdb.db, { 'balance-soon': true }, owner);
    }
  });
});
