// Erasing a person's quotes and bookings (part of erasing them: server/api/admin/subscribers.ts).
// A quote that was never booked goes, with its versions and trip links. What was booked stays for
// the accounts, anonymised: the booking keeps its reference, dates, currency, price and state, and
// its ledger (append-only, and holding no personal data: common/booking-ledger.ts refuses a name or
// an address in an entry's reference or reason); its lead traveller's name, address, phone, the
// notes, the manifest (names, ages, diet, medical notes), the trip links, the quote's traveller and
// the message and children's ages of its versions are removed, and the reminders' record of where
// they were sent and any cancelling reason are dropped from its history.
import { inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/index.ts';
import { bookingEvents, bookings, bookingTravellers, quotes, quoteVersions, tripLinks } from '../db/schema.ts';

/** What a booking's lead traveller is called once erased; their trip's title likewise. */
const ERASED_NAME = 'Erased traveller';
const ERASED_TITLE = 'Trip of an erased traveller';

export type ErasedBookings = {
  /** Quotes deleted (never booked). */
  quotes: number;
  /** Bookings (and their quotes) kept for the accounts, anonymised. */
  bookings: number;
};

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** The person's quotes and bookings: by their address (any case), or made from their enquiries. */
async function theirs(tx: Tx, emailKey: string, enquiryIds: number[]) {
  const quoteRows = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(or(sql`lower(${quotes.traveller_email}) = ${emailKey}`, enquiryIds.length ? inArray(quotes.enquiry_id, enquiryIds) : undefined));
  const quoteIds = ids(quoteRows);
  const bookingRows = await tx
    .select({ id: bookings.id, quoteId: bookings.quote_id })
    .from(bookings)
    .where(or(sql`lower(${bookings.lead_email}) = ${emailKey}`, quoteIds.length ? inArray(bookings.quote_id, quoteIds) : undefined))
    .for('update');
  const booked = new Set(bookingRows.flatMap((b) => (b.quoteId === null ? [] : [b.quoteId])));
  return { bookingIds: ids(bookingRows), bookedQuotes: [...booked], looseQuotes: quoteIds.filter((id) => !booked.has(id)) };
}

/** The quotes behind bookings: no traveller, no trip link, no message or children's ages in any version. */
async function anonymiseQuotes(tx: Tx, quoteIds: number[]): Promise<void> {
  if (!quoteIds.length) return;
  await tx.delete(tripLinks).where(inArray(tripLinks.quote_id, quoteIds));
  await tx.update(quotes).set({ traveller_name: ERASED_NAME, traveller_email: '', traveller_phone: '', enquiry_id: null, updated_at: new Date() }).where(inArray(quotes.id, quoteIds));
  await tx
    .update(quoteVersions)
    .set({ document: sql`jsonb_set(jsonb_set(jsonb_set(${quoteVersions.document}, '{message}', '""'), '{title}', ${JSON.stringify(ERASED_TITLE)}::jsonb), '{travellers,childAges}', '[]')` })
    .where(inArray(quoteVersions.quote_id, quoteIds));
}

/** The bookings: the money and dates stay; the people and what was written about them go. */
async function anonymiseBookings(tx: Tx, bookingIds: number[]): Promise<void> {
  if (!bookingIds.length) return;
  await tx.delete(tripLinks).where(inArray(tripLinks.booking_id, bookingIds));
  await tx
    .update(bookings)
    .set({ lead_name: ERASED_NAME, lead_email: '', lead_phone: '', notes: '', title: sql`case when ${bookings.title} is null then null else ${ERASED_TITLE} end`, updated_at: new Date() })
    .where(inArray(bookings.id, bookingIds));
  await tx.delete(bookingTravellers).where(inArray(bookingTravellers.booking_id, bookingIds));
  await tx
    .update(bookingEvents)
    .set({ detail: sql`${bookingEvents.detail} - 'to' - 'reason'` })
    .where(inArray(bookingEvents.booking_id, bookingIds));
}

/** Erases the quotes and bookings of the person with this (lower-cased) address, in the caller's transaction. */
export async function eraseQuotesAndBookings(tx: Tx, emailKey: string, enquiryIds: number[]): Promise<ErasedBookings> {
  const found = await theirs(tx, emailKey, enquiryIds);
  if (found.looseQuotes.length) await tx.delete(quotes).where(inArray(quotes.id, found.looseQuotes));
  await anonymiseQuotes(tx, found.bookedQuotes);
  await anonymiseBookings(tx, found.bookingIds);
  return { quotes: found.looseQuotes.length, bookings: found.bookingIds.length };
}
