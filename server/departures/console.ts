// What staff do with departures in the console: make and change one, read its manifest (who holds
// its seats, their travellers), move a booking to another departure of the same safari (the seats
// checked under both departures' locks, in one transaction), and cancel a departure (every booking
// on it cancelled, its traveller e-mailed once, and a refund marked due where money was paid: the
// refund itself is a ledger entry staff record).
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { addDays, daysBetween } from '../../common/booking-money.ts';
import type { Currency } from '../../common/currency.ts';
import type { DepartureInput } from '../../common/departure-forms.ts';
import { DEPARTURE_MESSAGES, type ManifestBooking } from '../../common/departures.ts';
import { bookingAccount } from '../bookings/bookings.ts';
import type { Db, Tx } from '../db/index.ts';
import { bookingEvents, bookings, bookingTravellers, departures, departureSeats } from '../db/schema.ts';
import { HttpError } from '../http/error.ts';
import type { CancelledDepartureMail } from './mail.ts';
import { countedAt, lockDeparture, seatsChanged } from './seats.ts';
import type { Language } from '../../common/languages.ts';

const invalid = (message: string, field: string) => Object.assign(new HttpError(400, message, undefined, `invalid-${field}`), { field });

const values = (input: DepartureInput) => ({
  safari_slug: input.safariSlug,
  starts_on: input.startsOn,
  seats: input.seats,
  price_minor: input.priceMinor,
  single_supplement_minor: input.singleSupplementMinor,
  currency: input.currency,
  status: input.status,
  guide_slug: input.guideSlug || null,
});

/** A new departure (its date after `today`). */
export async function createDeparture(tx: Tx, input: DepartureInput, staffId: number, today: string): Promise<number> {
  if (input.startsOn <= today) throw invalid(DEPARTURE_MESSAGES.past, 'startsOn');
  if (input.status === 'cancelled') throw invalid(DEPARTURE_MESSAGES.status, 'status');
  const [row] = await tx
    .insert(departures)
    .values({ ...values(input), created_by: staffId })
    .returning({ id: departures.id });
  await seatsChanged(tx, []);
  return row!.id;
}

/** Changes a departure: never below the seats it has booked, never to or from cancelled (that is cancelDeparture). */
export async function updateDeparture(tx: Tx, id: number, input: DepartureInput, now: Date): Promise<boolean> {
  const { departure, seatsLeft } = await lockDeparture(tx, id, now);
  if (departure.status === 'cancelled') throw new HttpError(409, DEPARTURE_MESSAGES.cancelled, undefined, 'cancelled');
  if (input.status === 'cancelled') throw invalid(DEPARTURE_MESSAGES.status, 'status');
  const taken = departure.seats - seatsLeft;
  if (input.seats < taken) throw invalid(DEPARTURE_MESSAGES.seatsBelowBooked, 'seats');
  if (input.safariSlug !== departure.safari_slug && taken > 0) throw invalid(DEPARTURE_MESSAGES.safari, 'safariSlug');
  const next = values(input);
  const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== departure[k]);
  if (!changed) return false;
  await tx.update(departures).set(next).where(eq(departures.id, id));
  await seatsChanged(tx, [id], now);
  return true;
}

/** Who holds seats on a departure now: each booking, its money, its travellers. */
export async function manifestOf(db: Db | Tx, departureId: number, now: Date, today: string): Promise<ManifestBooking[]> {
  const rows = await db
    .select({ seat: departureSeats, booking: bookings })
    .from(departureSeats)
    .innerJoin(bookings, eq(bookings.id, departureSeats.booking_id))
    .where(and(eq(departureSeats.departure_id, departureId), countedAt(now)))
    .orderBy(asc(departureSeats.created_at));
  const ids = rows.map((r) => r.booking.id);
  const people = ids.length ? await db.select().from(bookingTravellers).where(inArray(bookingTravellers.booking_id, ids)).orderBy(asc(bookingTravellers.position)) : [];
  const refunds = ids.length
    ? await db
        .select({ id: bookingEvents.booking_id })
        .from(bookingEvents)
        .where(and(inArray(bookingEvents.booking_id, ids), eq(bookingEvents.kind, 'refund-due')))
    : [];
  const out: ManifestBooking[] = [];
  for (const { seat, booking: b } of rows) {
    const account = (await bookingAccount(db, b.id, today))!.account;
    out.push({
      bookingId: b.id,
      reference: b.reference,
      state: b.state,
      leadName: b.lead_name,
      leadEmail: b.lead_email,
      leadPhone: b.lead_phone,
      seats: seat.seats,
      singleRooms: seat.single_rooms,
      holdUntil: account.paidMinor > 0 || !seat.hold_until ? null : seat.hold_until.toISOString(),
      paid: account.paidMinor > 0,
      refundDue: refunds.some((r) => r.id === b.id),
      travellers: people.filter((p) => p.booking_id === b.id).map((p) => ({ name: p.name, age: p.age, dietary: p.dietary, medical: p.medical })),
    });
  }
  return out;
}

/**
 * Moves a booking's seats to another departure of the same safari: both departures locked (in id
 * order, so two moves the other way round wait rather than deadlock), the seats checked on the
 * new one, the booking's dates shifted with it, and the move recorded on the booking.
 */
export async function moveBooking(tx: Tx, fromId: number, bookingId: number, toId: number, now: Date, staffId: number): Promise<{ from: string; to: string }> {
  if (fromId === toId) throw invalid(DEPARTURE_MESSAGES.moveTarget, 'toDepartureId');
  const [first, second] = fromId < toId ? [fromId, toId] : [toId, fromId];
  const locked = new Map([
    [first, await lockDeparture(tx, first, now)],
    [second, await lockDeparture(tx, second, now)],
  ]);
  const from = locked.get(fromId)!.departure;
  const { departure: to, seatsLeft } = locked.get(toId)!;
  const [seat] = await tx
    .select()
    .from(departureSeats)
    .where(and(eq(departureSeats.booking_id, bookingId), eq(departureSeats.departure_id, fromId), isNull(departureSeats.released_at)));
  if (!seat) throw new HttpError(404, DEPARTURE_MESSAGES.notOnDeparture, undefined, 'not-found');
  if (to.safari_slug !== from.safari_slug || to.status === 'cancelled' || to.status === 'full') throw invalid(DEPARTURE_MESSAGES.moveTarget, 'toDepartureId');
  if (seat.seats > seatsLeft) throw new HttpError(409, DEPARTURE_MESSAGES.soldOut, undefined, 'sold-out');
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  const shift = daysBetween(from.starts_on, to.starts_on);
  await tx.update(departureSeats).set({ departure_id: toId }).where(eq(departureSeats.booking_id, bookingId));
  await tx
    .update(bookings)
    .set({ travel_from: addDays(b!.travel_from, shift), travel_to: addDays(b!.travel_to, shift), updated_at: now })
    .where(eq(bookings.id, bookingId));
  await tx
    .insert(bookingEvents)
    .values({ booking_id: bookingId, kind: 'departure-moved', detail: { from: from.starts_on, to: to.starts_on, fromDeparture: fromId, toDeparture: toId }, staff_id: staffId });
  await seatsChanged(tx, [fromId, toId], now);
  return { from: from.starts_on, to: to.starts_on };
}

/**
 * Cancels a departure: its status, then every booking holding seats on it cancelled, its seats
 * released and, where money was paid, a `refund-due` event staff see on the booking. Returns the
 * e-mails to send (the caller puts them in the outbox in the same transaction). A second
 * cancellation is refused, so no traveller is written to twice.
 */
export async function cancelDeparture(tx: Tx, id: number, reason: string, at: { now: Date; today: string }, staffId: number): Promise<Omit<CancelledDepartureMail, 'title'>[]> {
  const { departure } = await lockDeparture(tx, id, at.now);
  if (departure.status === 'cancelled') throw new HttpError(409, DEPARTURE_MESSAGES.cancelled, undefined, 'cancelled');
  await tx.update(departures).set({ status: 'cancelled' }).where(eq(departures.id, id));
  const seats = await tx
    .select({ bookingId: departureSeats.booking_id })
    .from(departureSeats)
    .innerJoin(bookings, eq(bookings.id, departureSeats.booking_id))
    .where(and(eq(departureSeats.departure_id, id), isNull(departureSeats.released_at)));
  const mails: Omit<CancelledDepartureMail, 'title'>[] = [];
  for (const { bookingId } of seats) {
    const found = (await bookingAccount(tx, bookingId, at.today))!;
    const b = found.booking;
    await tx.update(departureSeats).set({ released_at: at.now }).where(eq(departureSeats.booking_id, bookingId));
    if (b.state === 'cancelled') continue;
    await tx.update(bookings).set({ state: 'cancelled', updated_at: at.now }).where(eq(bookings.id, bookingId));
    await tx.insert(bookingEvents).values({ booking_id: bookingId, kind: 'state', detail: { from: b.state, to: 'cancelled', reason: `Departure cancelled: ${reason}` }, staff_id: staffId });
    const paidMinor = found.account.paidMinor;
    if (paidMinor > 0) await tx.insert(bookingEvents).values({ booking_id: bookingId, kind: 'refund-due', detail: { amountMinor: paidMinor, currency: b.currency, departure: id }, staff_id: staffId });
    mails.push({
      reference: b.reference,
      startsOn: departure.starts_on,
      lead: { name: b.lead_name, email: b.lead_email },
      reason,
      paidMinor,
      currency: b.currency as Currency,
      language: b.language as Language,
    });
  }
  await seatsChanged(tx, [id], at.now);
  return mails;
}
