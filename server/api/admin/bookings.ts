// /api/admin/bookings: bookings in the console (owners and agents; bookings are customer work,
// like the enquiries). Refunds, corrections and cancelling need an owner: they give money back
// or undo a sale. Every change is in the audit log.
//
//   GET  /bookings?state=&month=&money=&q=   the list (money: due | overdue), soonest departure first
//   GET  /bookings/new                       what a booking made by hand is chosen from (the safaris)
//   POST /bookings                           a booking made by hand (common/booking-manual.ts)
//   GET  /bookings/:id                       one booking: account, ledger, history, manifest, lodges per night
//   POST /bookings/:id/ledger                a payment, refund or correction (common/booking-ledger.ts)
//   GET  /bookings/:id/receipts/:entry       a ledger entry's receipt (PDF)
//   POST /bookings/:id/cancel                cancels it, with a reason (owners)
//   PUT  /bookings/:id/notes                 the staff's notes
//   PUT  /bookings/:id/nights/:night         a night's lodge ticked as confirmed (or not)
//   GET  /settings/reminders, PUT            which reminders go to travellers (owners)
import { asc } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  BOOKING_CONSOLE_MESSAGES,
  type BookingFilters,
  cancelSchema,
  isBookingState,
  reminderSettingsSchema,
  isMonth,
  MONEY_FILTERS,
  type MoneyFilter,
  nightSchema,
  notesSchema,
} from '../../../common/booking-console.ts';
import { ledgerEntryInputSchema } from '../../../common/booking-ledger.ts';
import { manualBookingSchema } from '../../../common/booking-manual.ts';
import { audit } from '../../auth/audit.ts';
import { requireStaff, sessionOf, type AdminEnv } from '../../auth/guard.ts';
import { bookingDetail, cancelBooking, confirmNight, listBookings, saveNotes } from '../../bookings/console.ts';
import { recordLedgerEntry } from '../../bookings/ledger.ts';
import { createManualBooking } from '../../bookings/manual.ts';
import { readReminderSettings, writeReminderSettings } from '../../bookings/reminders.ts';
import { receiptNumber, receiptPdf } from '../../bookings/receipt-pdf.ts';
import { type Clock, operatorDay, systemClock } from '../../bookings/today.ts';
import { safaris } from '../../db/schema.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { idParam, readBody } from './body.ts';

export interface BookingsAdminOptions {
  trust: ProxyTrust;
  /** The current instant (tests move it). */
  clock?: Clock;
}

function filtersOf(c: Context): BookingFilters {
  const f: BookingFilters = {};
  const { state, month, money, q } = c.req.query();
  if (state) {
    if (!isBookingState(state)) throw new HttpError(400, 'Choose a booking state from the list.', undefined, 'invalid-state');
    f.state = state;
  }
  if (month) {
    if (!isMonth(month)) throw new HttpError(400, 'Give the departing month as YYYY-MM.', undefined, 'invalid-month');
    f.month = month;
  }
  if (money) {
    if (!(MONEY_FILTERS as readonly string[]).includes(money)) throw new HttpError(400, 'Filter the balances by due or overdue.', undefined, 'invalid-money');
    f.money = money as MoneyFilter;
  }
  if (q?.trim()) f.q = q.trim().slice(0, 100);
  return f;
}

/** The domain's field errors as the console's `invalid-<field>` codes. */
function withFieldCode(err: unknown): never {
  if (err instanceof HttpError && err.code === 'invalid' && 'field' in err && typeof err.field === 'string' && err.field) throw new HttpError(400, err.message, undefined, `invalid-${err.field}`);
  throw err;
}

/** What the routes share: the guard, the clock, the audit and the owner check. */
interface Shared {
  app: Hono<AdminEnv>;
  staffOnly: ReturnType<typeof requireStaff>;
  clock: Clock;
  ip: (c: Context<AdminEnv>) => string | null;
  record: (c: Context<AdminEnv>, action: string, id: number, detail?: Record<string, unknown>) => Promise<void>;
  ownerFor: (c: Context<AdminEnv>) => void;
}

/** A booking made by hand, for a trip booked on the phone: what it is chosen from, and making it. */
function manualRoutes({ app, staffOnly, clock, record }: Shared): void {
  app.get('/bookings/new', staffOnly, async (c) => {
    const rows = await deps(c).db.select({ slug: safaris.safarititleslug, title: safaris.safarititle }).from(safaris).orderBy(asc(safaris.safarititle));
    return c.json({ safaris: rows });
  });

  app.post('/bookings', staffOnly, async (c) => {
    const input = await readBody(c, manualBookingSchema);
    const db = deps(c).db;
    const today = await operatorDay(db, clock);
    const booking = await db.transaction((tx) => createManualBooking(tx, input, today, sessionOf(c).staff.id));
    await record(c, 'booking.create', booking.id, { reference: booking.reference, manual: true, totalMinor: booking.total_minor, currency: booking.currency });
    return c.json({ id: booking.id, reference: booking.reference }, 201);
  });
}

/** The lists, one booking, its ledger and receipts. */
function moneyRoutes({ app, staffOnly, clock, record, ownerFor }: Shared): void {
  app.get('/bookings', staffOnly, async (c) => {
    const db = deps(c).db;
    return c.json(await listBookings(db, filtersOf(c), await operatorDay(db, clock)));
  });

  app.get('/bookings/:id', staffOnly, async (c) => {
    const db = deps(c).db;
    const found = await bookingDetail(db, idParam(c, 'Booking'), await operatorDay(db, clock));
    if (!found) throw new HttpError(404, 'Booking not found');
    return c.json(found);
  });

  app.post('/bookings/:id/ledger', staffOnly, async (c) => {
    const id = idParam(c, 'Booking');
    const input = await readBody(c, ledgerEntryInputSchema);
    if (input.kind !== 'payment') ownerFor(c);
    const db = deps(c).db;
    const today = await operatorDay(db, clock);
    const staffId = sessionOf(c).staff.id;
    const done = await db.transaction((tx) => recordLedgerEntry(tx, id, input, { staffId }, today)).catch(withFieldCode);
    if (done.created)
      await record(c, `booking.${input.kind}`, id, {
        entry: done.entry.id,
        amountMinor: done.entry.amount_minor,
        currency: done.entry.currency,
        method: done.entry.method,
        reference: done.entry.reference,
      });
    return c.json({ entryId: done.entry.id, created: done.created, account: done.account }, done.created ? 201 : 200);
  });

  app.get('/bookings/:id/receipts/:entry', staffOnly, async (c) => {
    const db = deps(c).db;
    const b = await bookingDetail(db, idParam(c, 'Booking'), await operatorDay(db, clock));
    const entry = b?.ledger.find((e) => String(e.id) === c.req.param('entry'));
    if (!b || !entry) throw new HttpError(404, 'Receipt not found');
    // The traveller's copy, in the booking's language; ?language=en the operator's English copy.
    const asked = c.req.query('language');
    if (asked !== undefined && asked !== 'en' && asked !== b.language) throw new HttpError(400, 'A receipt is in the booking’s language or in English.', undefined, 'invalid-language');
    const pdf = await receiptPdf(b, entry, asked === 'en' ? 'en' : b.language);
    return c.body(new Uint8Array(pdf), 200, { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${receiptNumber(b, entry)}.pdf"`, 'x-content-type-options': 'nosniff' });
  });
}

/** Cancelling, notes and the lodges' nights. */
function changeRoutes({ app, staffOnly, record, ownerFor }: Shared): void {
  app.post('/bookings/:id/cancel', staffOnly, async (c) => {
    ownerFor(c);
    const id = idParam(c, 'Booking');
    const { reason } = await readBody(c, cancelSchema);
    await deps(c).db.transaction((tx) => cancelBooking(tx, id, reason, sessionOf(c).staff.id));
    await record(c, 'booking.cancel', id, { reason });
    return c.json({ ok: true });
  });

  app.put('/bookings/:id/notes', staffOnly, async (c) => {
    const id = idParam(c, 'Booking');
    const { notes } = await readBody(c, notesSchema);
    const changed = await deps(c).db.transaction((tx) => saveNotes(tx, id, notes, sessionOf(c).staff.id));
    if (changed) await record(c, 'booking.notes', id);
    return c.json({ changed });
  });

  app.put('/bookings/:id/nights/:night', staffOnly, async (c) => {
    const id = idParam(c, 'Booking');
    const night = Number(c.req.param('night'));
    if (!Number.isInteger(night) || night < 1 || night > 400) throw new HttpError(400, BOOKING_CONSOLE_MESSAGES.night, undefined, 'invalid-night');
    const { confirmed } = await readBody(c, nightSchema);
    await deps(c).db.transaction((tx) => confirmNight(tx, id, night, confirmed, sessionOf(c).staff.id));
    await record(c, confirmed ? 'booking.night-confirmed' : 'booking.night-unconfirmed', id, { night });
    return c.json({ ok: true });
  });
}

/** Which reminders go to travellers (owners). */
function reminderRoutes({ app, ip }: Shared): void {
  const owner = requireStaff({ roles: ['owner'] });
  app.get('/settings/reminders', owner, async (c) => c.json(await readReminderSettings(deps(c).db)));
  app.put('/settings/reminders', owner, async (c) => {
    const input = await readBody(c, reminderSettingsSchema);
    const db = deps(c).db;
    const s = sessionOf(c);
    const changed = await writeReminderSettings(db, input, s.staff.id);
    if (changed.length)
      await audit(db, {
        staffId: s.staff.id,
        actor: s.staff.email,
        action: 'settings.change',
        target: 'settings',
        detail: { reminders: Object.fromEntries(changed.map((k) => [k, input[k]])) },
        ip: ip(c),
      });
    return c.json({ ...(await readReminderSettings(db)), changed });
  });
}

export function bookingsAdminApi(opts: BookingsAdminOptions) {
  const app = new Hono<AdminEnv>();
  const ip = (c: Context<AdminEnv>) => sourceOf(c, opts.trust).address ?? null;
  const shared: Shared = {
    app,
    staffOnly: requireStaff({ roles: ['owner', 'agent'] }),
    clock: opts.clock ?? systemClock,
    ip,
    record: (c, action, id, detail) => {
      const s = sessionOf(c);
      return audit(deps(c).db, { staffId: s.staff.id, actor: s.staff.email, action, target: `booking:${id}`, detail, ip: ip(c) });
    },
    ownerFor: (c) => {
      if (sessionOf(c).staff.role !== 'owner') throw new HttpError(403, BOOKING_CONSOLE_MESSAGES.ownerOnly, undefined, 'forbidden');
    },
  };
  manualRoutes(shared);
  moneyRoutes(shared);
  changeRoutes(shared);
  reminderRoutes(shared);
  return app;
}
