// Seats on group departures: how many a departure has left, the row lock every change of its seats
// takes, the 30-minute hold of a new booking, and its release. A booking's seats count while the
// booking is not cancelled, its row is not released, and either its hold runs or its ledger has a
// payment: an expired hold never blocks a seat, even before the release job has run.
import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.ts';
import { bookingEvents, bookings, departures, departureSeats } from '../db/schema.ts';
import { bumpContentVersion } from '../db/version.ts';
import { HttpError } from '../http/error.ts';
import { DEPARTURE_MESSAGES } from '../../common/departures.ts';

export type DepartureRow = typeof departures.$inferSelect;

const paid = sql`exists (select 1 from ledger_entries l where l.booking_id = ${departureSeats.booking_id} and l.kind = 'payment')`;

/** The seats rows that count at `now`. */
export const countedAt = (now: Date) => and(isNull(departureSeats.released_at), ne(bookings.state, 'cancelled'), or(isNull(departureSeats.hold_until), gt(departureSeats.hold_until, now), paid));

/** Seats taken per departure at `now` (departures without any are absent). */
export async function seatsTaken(db: Db | Tx, departureIds: number[], now: Date): Promise<Map<number, { taken: number; held: number; bookings: number }>> {
  if (!departureIds.length) return new Map();
  const rows = await db
    .select({
      id: departureSeats.departure_id,
      taken: sql<number>`coalesce(sum(${departureSeats.seats}), 0)::int`,
      held: sql<number>`coalesce(sum(${departureSeats.seats}) filter (where not ${paid} and ${departureSeats.hold_until} is not null), 0)::int`,
      bookings: sql<number>`count(*)::int`,
    })
    .from(departureSeats)
    .innerJoin(bookings, eq(bookings.id, departureSeats.booking_id))
    .where(and(inArray(departureSeats.departure_id, departureIds), countedAt(now)))
    .groupBy(departureSeats.departure_id);
  return new Map(rows.map((r) => [r.id, { taken: Number(r.taken), held: Number(r.held), bookings: Number(r.bookings) }]));
}

/**
 * Locks a departure's row for the rest of the transaction (SELECT … FOR UPDATE): every change of
 * its seats takes this lock first, so two bookings of the last seat are taken in turn, in one
 * process or several. Returns the row and the seats left at `now`.
 */
export async function lockDeparture(tx: Tx, id: number, now: Date): Promise<{ departure: DepartureRow; seatsLeft: number }> {
  const [departure] = await tx.select().from(departures).where(eq(departures.id, id)).for('update');
  if (!departure) throw new HttpError(404, DEPARTURE_MESSAGES.notFound, undefined, 'not-found');
  const taken = (await seatsTaken(tx, [id], now)).get(id)?.taken ?? 0;
  return { departure, seatsLeft: departure.seats - taken };
}

/**
 * Keeps a booking's seats held until `until` (never shortens a hold): for the payments code, while
 * a payment the traveller started is open. Returns whether the booking holds departure seats.
 */
export async function extendHold(tx: Tx, bookingId: number, until: Date): Promise<boolean> {
  const rows = await tx
    .update(departureSeats)
    .set({ hold_until: sql`greatest(${departureSeats.hold_until}, ${until.toISOString()}::timestamptz)` })
    .where(and(eq(departureSeats.booking_id, bookingId), isNull(departureSeats.released_at), sql`${departureSeats.hold_until} is not null`))
    .returning({ id: departureSeats.booking_id });
  return rows.length > 0;
}

/**
 * After a change of a departure or its seats: its date of change moves (the sitemap and the offers
 * read it) and so does the content version, so the kept pages that show its seats are dropped in
 * every process (server/http/cache.ts).
 */
export async function seatsChanged(tx: Tx, departureIds: number[], now = new Date()): Promise<void> {
  if (departureIds.length) await tx.update(departures).set({ updated_at: now }).where(inArray(departures.id, departureIds));
  await bumpContentVersion(tx, [departures, departureSeats]);
}

/**
 * Releases the holds that ran out before `now` with no payment in the booking's ledger: the seats
 * are free again and the booking is cancelled (its event says why). One transaction per booking,
 * under its departure's lock. Returns the bookings released.
 */
export async function releaseExpiredHolds(db: Db, now: Date): Promise<number[]> {
  const due = await db
    .select({ bookingId: departureSeats.booking_id, departureId: departureSeats.departure_id })
    .from(departureSeats)
    .where(and(isNull(departureSeats.released_at), lte(departureSeats.hold_until, now), sql`not ${paid}`))
    .limit(100);
  const released: number[] = [];
  for (const d of due) {
    const done = await db.transaction(async (tx) => {
      await lockDeparture(tx, d.departureId, now);
      const [row] = await tx
        .update(departureSeats)
        .set({ released_at: now })
        .where(and(eq(departureSeats.booking_id, d.bookingId), isNull(departureSeats.released_at), lte(departureSeats.hold_until, now), sql`not ${paid}`))
        .returning({ id: departureSeats.booking_id });
      if (!row) return false;
      const [b] = await tx.select({ state: bookings.state }).from(bookings).where(eq(bookings.id, d.bookingId)).for('update');
      if (b && b.state !== 'cancelled') {
        await tx.update(bookings).set({ state: 'cancelled', updated_at: now }).where(eq(bookings.id, d.bookingId));
        await tx.insert(bookingEvents).values({ booking_id: d.bookingId, kind: 'state', detail: { from: b.state, to: 'cancelled', reason: 'The seats’ hold ran out before a payment.' } });
      }
      await seatsChanged(tx, [d.departureId], now);
      return true;
    });
    if (done) released.push(d.bookingId);
  }
  return released;
}
