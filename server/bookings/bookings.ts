// Bookings: made when a traveller accepts a quote version (createBooking), with the price that
// version fixed; their account (paid, outstanding, due) from the ledger by the one money function
// (common/booking-money.ts); and their state kept to what the money implies (syncBookingState),
// each change written to booking_events. Callers pass a transaction: the quote's or booking's row
// is locked for the length of it, so two acceptances or two payments at once are taken in turn.
import { asc, eq } from 'drizzle-orm';
import { accountOf, addDays, type BookingAccount, type BookingState, type BookingTerms, DEPOSIT_DUE_DAYS, type LedgerKind } from '../../common/booking-money.ts';
import type { Currency } from '../../common/currency.ts';
import { checkQuoteDocument } from '../../common/quote-document.ts';
import { toLocalInput } from '../../common/operator-time.ts';
import { readOperatorTimeZone } from '../auth/content-access.ts';
import type { Db, Tx } from '../db/index.ts';
import { bookingEvents, bookings, bookingTravellers, enquiries, ledgerEntries, quotes, quoteVersions } from '../db/schema.ts';
import { HttpError } from '../http/error.ts';
import { quoteLanguage, type QuoteRow } from './quotes.ts';
import { nextReference } from './references.ts';
import { isLanguage, type Language } from '../../common/languages.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type LedgerRow = typeof ledgerEntries.$inferSelect;

const BOOKING_MESSAGES = {
  notFound: 'This quote is no longer available.',
  superseded: 'This version of the quote has been replaced by a newer one. Reload the page to see it.',
  booked: 'This quote has already been accepted.',
  withdrawn: 'This quote has been withdrawn. Contact us for a new one.',
  expired: 'This quote is no longer valid. Contact us and we will send you an updated one.',
  travellers: 'Give the name of every traveller.',
} as const;

export interface NewBooking {
  quoteVersionId: number;
  lead: { name: string; email: string; phone?: string };
  /** Every traveller's full name, the lead traveller first: as many as the quote's travellers. */
  travellers: string[];
  /** The operator's calendar day of the acceptance (YYYY-MM-DD). */
  today: string;
  staffId?: number | null;
}

/** The day the deposit is due: a week after acceptance, but not after the balance (unless that has passed). */
export function depositDueOn(today: string, balanceDueOn: string): string {
  const week = addDays(today, DEPOSIT_DUE_DAYS);
  return balanceDueOn >= today && balanceDueOn < week ? balanceDueOn : week;
}

async function lockVersion(tx: Tx, versionId: number) {
  const [row] = await tx
    .select({ version: quoteVersions, quote: quotes })
    .from(quoteVersions)
    .innerJoin(quotes, eq(quotes.id, quoteVersions.quote_id))
    .where(eq(quoteVersions.id, versionId))
    .for('update', { of: quotes });
  if (!row) throw new HttpError(404, BOOKING_MESSAGES.notFound, undefined, 'not-found');
  return row;
}

/** The language of an enquiry (what it was written in); English without one. */
export async function enquiryLanguage(tx: Db | Tx, enquiryId: number | null): Promise<Language> {
  if (enquiryId === null) return 'en';
  const [row] = await tx.select({ language: enquiries.language }).from(enquiries).where(eq(enquiries.id, enquiryId));
  return isLanguage(row?.language) ? row.language : 'en';
}

/** The language a stored quote is written in (quotes.ts `quoteLanguage`): its enquiry's when it answers one. */
export async function storedQuoteLanguage(tx: Db | Tx, quote: Pick<QuoteRow, 'language' | 'enquiry_id'>): Promise<Language> {
  return quote.enquiry_id === null ? quoteLanguage(quote) : enquiryLanguage(tx, quote.enquiry_id);
}

/** Books an accepted quote version: the booking, its travellers, its first state; the quote becomes accepted. */
export async function createBooking(tx: Tx, input: NewBooking): Promise<BookingRow> {
  const { version, quote } = await lockVersion(tx, input.quoteVersionId);
  if (quote.status === 'accepted') throw new HttpError(409, BOOKING_MESSAGES.booked, undefined, 'already-booked');
  if (quote.status === 'withdrawn') throw new HttpError(409, BOOKING_MESSAGES.withdrawn, undefined, 'withdrawn');
  if (!version.sent_at) throw new HttpError(409, BOOKING_MESSAGES.notFound, undefined, 'not-sent');
  if (version.superseded_at) throw new HttpError(409, BOOKING_MESSAGES.superseded, undefined, 'superseded');
  const checked = checkQuoteDocument(version.document);
  if (!checked.ok) throw new Error(`Quote version ${version.id} holds an invalid document: ${checked.error}`);
  const { document: doc, price } = checked;
  if (doc.validUntil < input.today) throw new HttpError(409, BOOKING_MESSAGES.expired, undefined, 'expired');
  const names = input.travellers.map((n) => n.trim());
  if (names.length !== doc.travellers.adults + doc.travellers.children || names.some((n) => !n)) throw new HttpError(400, BOOKING_MESSAGES.travellers, undefined, 'travellers');
  const reference = await nextReference(tx, 'B', Number(input.today.slice(0, 4)));
  const language = await storedQuoteLanguage(tx, quote);
  const [booking] = await tx
    .insert(bookings)
    .values({
      reference,
      language,
      quote_id: quote.id,
      quote_version_id: version.id,
      travel_from: doc.travelFrom,
      travel_to: doc.travelTo,
      currency: price.currency,
      lead_name: input.lead.name.trim(),
      lead_email: input.lead.email.trim(),
      lead_phone: input.lead.phone?.trim() ?? quote.traveller_phone,
      total_minor: price.totalMinor,
      deposit_minor: price.depositMinor,
      deposit_due_on: depositDueOn(input.today, price.balanceDueOn),
      balance_due_on: price.balanceDueOn,
    })
    .returning();
  if (!booking) throw new Error('booking not inserted');
  await tx.insert(bookingTravellers).values(names.map((name, position) => ({ booking_id: booking.id, position, name })));
  await tx.insert(bookingEvents).values({ booking_id: booking.id, kind: 'state', detail: { from: null, to: booking.state }, staff_id: input.staffId ?? null });
  await tx.update(quotes).set({ status: 'accepted', updated_at: new Date() }).where(eq(quotes.id, quote.id));
  return booking;
}

/** What the money function needs of a booking row. */
export function termsOf(b: BookingRow): BookingTerms {
  return {
    currency: b.currency as Currency,
    totalMinor: b.total_minor,
    depositMinor: b.deposit_minor,
    depositDueOn: b.deposit_due_on,
    balanceDueOn: b.balance_due_on,
    travelFrom: b.travel_from,
    travelTo: b.travel_to,
    state: b.state as BookingState,
  };
}

const asAmount = (e: LedgerRow) => ({ amountMinor: e.amount_minor, currency: e.currency as Currency, kind: e.kind as LedgerKind });

export interface BookingWithAccount {
  booking: BookingRow;
  entries: LedgerRow[];
  account: BookingAccount;
}

/** A booking, its ledger in the order it was written, and its account on `today`; null when there is no such booking. */
export async function bookingAccount(db: Tx, id: number, today: string): Promise<BookingWithAccount | null> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!booking) return null;
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.booking_id, id)).orderBy(asc(ledgerEntries.id));
  return { booking, entries, account: accountOf(termsOf(booking), entries.map(asAmount), today) };
}

/**
 * Moves a booking to the state its money implies on `today` (deposit received → confirmed, the
 * balance's date reached → balance-due, everything received → paid, the trip over → travelled),
 * recording the change; a cancelled booking stays cancelled. Locks the booking's row.
 */
export async function syncBookingState(tx: Tx, id: number, today: string, staffId: number | null = null): Promise<BookingWithAccount> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!booking) throw new HttpError(404, 'Booking not found', undefined, 'not-found');
  const entries = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.booking_id, id)).orderBy(asc(ledgerEntries.id));
  const account = accountOf(termsOf(booking), entries.map(asAmount), today);
  if (account.state === booking.state) return { booking, entries, account };
  const [moved] = await tx.update(bookings).set({ state: account.state, updated_at: new Date() }).where(eq(bookings.id, id)).returning();
  await tx.insert(bookingEvents).values({ booking_id: id, kind: 'state', detail: { from: booking.state, to: account.state }, staff_id: staffId });
  return { booking: moved!, entries, account };
}

/** The operator's calendar day now (the console's time zone): the "today" of deposits, balances and validity. */
export async function operatorToday(db: Tx, now = new Date()): Promise<string> {
  return toLocalInput(now, await readOperatorTimeZone(db)).slice(0, 10);
}
