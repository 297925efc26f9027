// A booking staff make by hand (a trip booked on the phone): no quote and no version behind it, so
// it keeps its own title, safari and price lines (migration 0029). The price comes from the one
// money function (priceOf), exactly as a quote's does; the rest is a booking like any other (its
// ledger, state, reminders and screen).
import { eq } from 'drizzle-orm';
import { type ManualBooking, MANUAL_BOOKING_MESSAGES, travellerCount } from '../../common/booking-manual.ts';
import { MoneyError, priceOf } from '../../common/booking-money.ts';
import type { Tx } from '../db/index.ts';
import { bookingEvents, bookings, bookingTravellers, safaris } from '../db/schema.ts';
import { HttpError } from '../http/error.ts';
import { type BookingRow, depositDueOn } from './bookings.ts';
import { nextReference } from './references.ts';

const invalid = (message: string, field: string) => new HttpError(400, message, undefined, `invalid-${field}`);

/** The trip's title: the one given, else the safari's (which must exist). */
async function titleOf(tx: Tx, input: ManualBooking): Promise<string> {
  if (input.safariSlug === null) return input.title;
  const [safari] = await tx.select({ title: safaris.safarititle }).from(safaris).where(eq(safaris.safarititleslug, input.safariSlug));
  if (!safari) throw invalid(MANUAL_BOOKING_MESSAGES.safari, 'safariSlug');
  return input.title || safari.title;
}

function priced(input: ManualBooking) {
  try {
    return priceOf({
      currency: 'USD',
      lines: input.lines,
      travellers: travellerCount(input.travellers),
      depositPercent: input.depositPercent,
      travelFrom: input.travelFrom,
      balanceDueOn: input.balanceDueOn,
    });
  } catch (e) {
    if (e instanceof MoneyError) throw invalid(`${e.message}.`, 'lines');
    throw e;
  }
}

/** Makes a booking from a checked request (common/booking-manual.ts) on the operator's `today`. */
export async function createManualBooking(tx: Tx, input: ManualBooking, today: string, staffId: number): Promise<BookingRow> {
  const title = await titleOf(tx, input);
  const price = priced(input);
  const reference = await nextReference(tx, 'B', Number(today.slice(0, 4)));
  const [booking] = await tx
    .insert(bookings)
    .values({
      reference,
      title,
      safari_slug: input.safariSlug,
      price_lines: input.lines,
      created_by: staffId,
      travel_from: input.travelFrom,
      travel_to: input.travelTo,
      currency: price.currency,
      lead_name: input.lead.name,
      lead_email: input.lead.email,
      lead_phone: input.lead.phone,
      total_minor: price.totalMinor,
      deposit_minor: price.depositMinor,
      deposit_due_on: depositDueOn(today, price.balanceDueOn),
      balance_due_on: price.balanceDueOn,
      notes: input.notes,
    })
    .returning();
  if (!booking) throw new Error('booking not inserted');
  await tx.insert(bookingTravellers).values(input.travellers.map((t, position) => ({ booking_id: booking.id, position, name: t.name, age: t.age })));
  await tx.insert(bookingEvents).values({ booking_id: booking.id, kind: 'state', detail: { from: null, to: booking.state, manual: true }, staff_id: staffId });
  return booking;
}
