// A booking staff make by hand (a trip booked on the phone): no quote and no version behind it, so
// it keeps its own title, safari and price lines (migration 0029). Seats booked on a group
// departure are written the same way (insertQuotelessBooking, server/departures/book.ts). The price comes from the one
// money function (priceOf), exactly as a quote's does; the rest is a booking like any other (its
// ledger, state, reminders and screen).
import { eq } from 'drizzle-orm';
import { type ManualBooking, MANUAL_BOOKING_MESSAGES, travellerCount } from '../../common/booking-manual.ts';
import { MoneyError, type PriceTerms, priceOf } from '../../common/booking-money.ts';
import type { Language } from '../../common/languages.ts';
import { safariHeading } from '../../common/safari-title.ts';
import type { QuoteDocument } from '../../common/quote-document.ts';
import { safariTranslation } from '../content/safari-translation.ts';
import type { Db, Tx } from '../db/index.ts';
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

/**
 * A booking's title as its traveller reads it, in the booking's language: where the title is the one
 * its safari gives (seats on a departure: "7-day {title}"; a booking made by hand named after its
 * safari: "{title}"), the safari's title from its translation in that language, in the language's
 * heading form (common/safari-title.ts); the title as stored otherwise (English, a title staff
 * wrote, a safari with no complete translation in that language).
 */
export async function travellerTitle(tx: Tx | Db, b: { title: string; safariSlug: string | null; language: Language }): Promise<string> {
  if (!b.safariSlug) return b.title;
  const own = await safariTranslation(tx, b.safariSlug, b.language);
  if (!own) return b.title;
  if (b.title === `${own.days}-day ${own.englishTitle}`) return safariHeading(own.days, own.title, b.language);
  return b.title === own.englishTitle ? own.title : b.title;
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

/** A booking with no quote behind it: its trip, its price lines as priceOf priced them, its people. */
export interface QuotelessBooking {
  title: string;
  safariSlug: string | null;
  lines: QuoteDocument['lines'];
  price: PriceTerms;
  travelFrom: string;
  travelTo: string;
  lead: { name: string; email: string; phone: string };
  travellers: { name: string; age: number | null }[];
  notes: string;
  /** The staff member who made it; null for a traveller's own (seats on a group departure). */
  staffId: number | null;
  /** The operator's calendar day it is made on. */
  today: string;
  /** What its first state event says besides the state (`manual: true`, the departure). */
  event: Record<string, unknown>;
  /** The language of the page it was booked from; absent (made by hand) is English. */
  language?: Language;
}

/** Writes a booking with no quote: its row (the next reference of the year), its travellers and its first state. */
export async function insertQuotelessBooking(tx: Tx, b: QuotelessBooking): Promise<BookingRow> {
  const reference = await nextReference(tx, 'B', Number(b.today.slice(0, 4)));
  const [booking] = await tx
    .insert(bookings)
    .values({
      reference,
      title: b.title,
      safari_slug: b.safariSlug,
      price_lines: b.lines,
      created_by: b.staffId,
      travel_from: b.travelFrom,
      travel_to: b.travelTo,
      currency: b.price.currency,
      lead_name: b.lead.name,
      lead_email: b.lead.email,
      lead_phone: b.lead.phone,
      total_minor: b.price.totalMinor,
      deposit_minor: b.price.depositMinor,
      deposit_due_on: depositDueOn(b.today, b.price.balanceDueOn),
      balance_due_on: b.price.balanceDueOn,
      notes: b.notes,
      language: b.language,
    })
    .returning();
  if (!booking) throw new Error('booking not inserted');
  await tx.insert(bookingTravellers).values(b.travellers.map((t, position) => ({ booking_id: booking.id, position, name: t.name, age: t.age })));
  await tx.insert(bookingEvents).values({ booking_id: booking.id, kind: 'state', detail: { from: null, to: booking.state, ...b.event }, staff_id: b.staffId });
  return booking;
}

/** Makes a booking from a checked request (common/booking-manual.ts) on the operator's `today`. */
export async function createManualBooking(tx: Tx, input: ManualBooking, today: string, staffId: number): Promise<BookingRow> {
  return insertQuotelessBooking(tx, {
    title: await titleOf(tx, input),
    safariSlug: input.safariSlug,
    lines: input.lines,
    price: priced(input),
    travelFrom: input.travelFrom,
    travelTo: input.travelTo,
    lead: input.lead,
    travellers: input.travellers,
    notes: input.notes,
    staffId,
    today,
    event: { manual: true },
  });
}
