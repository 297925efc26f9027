// Erasing a person, found by their e-mail address (any letter case), whether they subscribed,
// enquired, were quoted or booked: `erasePerson` (the console's subscriber erase and its erase of
// anyone, server/api/admin/subscribers.ts and erasure.ts) and `personFootprint` (what it would
// remove and keep, counted for the confirmation). Their subscription, enquiries (with notes,
// history and replies), every e-mail to or about them in the outbox and the rate-limit counters
// keyed by their address go; a one-way fingerprint of the address is kept (a tombstone, so an
// import cannot add them again). Their quotes and bookings: a quote that was never booked goes, with its versions and trip links. What was booked stays for
// the accounts, anonymised: the booking keeps its reference, dates, currency, price and state, and
// its ledger (append-only, and holding no personal data: common/booking-ledger.ts refuses a name or
// an address in an entry's reference or reason); its lead traveller's name, address, phone, the
// notes, the manifest (names, ages, diet, medical notes), the trip links, the quote's traveller and
// the message and children's ages of its versions are removed, and the reminders' record of where
// they were sent and any cancelling reason are dropped from its history.
import { createHash } from 'node:crypto';
import { count, eq, inArray, or, sql } from 'drizzle-orm';
import type { PersonFootprint } from '../../common/person-erasure.ts';
import type { Db, Tx } from '../db/index.ts';
import { bookingEvents, bookings, bookingTravellers, enquiries, ledgerEntries, mailOutbox, newsletterSubscribers, quotes, quoteVersions, rateLimits, tripLinks } from '../db/schema.ts';
import { tombstones } from '../newsletter/tombstones.ts';

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

/** Erases the quotes and bookings found for the person, in the caller's transaction. */
async function eraseQuotesAndBookings(tx: Tx, found: Awaited<ReturnType<typeof theirs>>): Promise<ErasedBookings> {
  if (found.looseQuotes.length) await tx.delete(quotes).where(inArray(quotes.id, found.looseQuotes));
  await anonymiseQuotes(tx, found.bookedQuotes);
  await anonymiseBookings(tx, found.bookingIds);
  return { quotes: found.looseQuotes.length, bookings: found.bookingIds.length };
}

/** The lower-cased address that names a person everywhere. */
export const personKey = (email: string) => email.trim().toLowerCase();

/** Where the person with this (lower-cased) address is: their subscription, enquiries, mail, quotes and bookings. */
async function findPerson(tx: Tx, key: string) {
  const [subscriber] = await tx.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email_key, key)).for('update');
  const enquiryIds = ids(await tx.select({ id: enquiries.id }).from(enquiries).where(sql`lower(${enquiries.email}) = ${key}`));
  // Mail to or about the person: their confirmation and newsletter e-mails, the acknowledgements
  // of their enquiries, and the operator's notices of them (which carry their address as Reply-To).
  const mail = or(
    subscriber ? eq(mailOutbox.subscriber_id, subscriber.id) : undefined,
    enquiryIds.length ? inArray(mailOutbox.enquiry_id, enquiryIds) : undefined,
    sql`lower(${mailOutbox.message}->'to'->>'address') = ${key}`,
    sql`lower(${mailOutbox.message}->'replyTo'->>'address') = ${key}`,
  );
  // Their quotes and bookings, found by address or by their enquiries (before those go).
  return { subscriberId: subscriber?.id ?? null, enquiryIds, mail, booked: await theirs(tx, key, enquiryIds) };
}

const counted = async (q: PromiseLike<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);

/** Counts what erasing the person with this (lower-cased) address would remove and keep. */
export async function personFootprint(tx: Tx, key: string): Promise<PersonFootprint> {
  const p = await findPerson(tx, key);
  const quoteIds = [...p.booked.looseQuotes, ...p.booked.bookedQuotes];
  const { bookingIds } = p.booked;
  return {
    subscribed: p.subscriberId !== null,
    enquiries: p.enquiryIds.length,
    quotes: p.booked.looseQuotes.length,
    tripLinks: quoteIds.length ? await counted(tx.select({ n: count() }).from(tripLinks).where(inArray(tripLinks.quote_id, quoteIds))) : 0,
    mail: await counted(tx.select({ n: count() }).from(mailOutbox).where(p.mail)),
    bookings: bookingIds.length,
    travellers: bookingIds.length ? await counted(tx.select({ n: count() }).from(bookingTravellers).where(inArray(bookingTravellers.booking_id, bookingIds))) : 0,
    ledgerEntries: bookingIds.length ? await counted(tx.select({ n: count() }).from(ledgerEntries).where(inArray(ledgerEntries.booking_id, bookingIds))) : 0,
  };
}

export type ErasedPerson = { subscriber: number | null; enquiries: number; mail: number } & ErasedBookings;

/**
 * Erases the person with this (lower-cased) address everywhere, in the caller's transaction, and
 * leaves a tombstone (call `tombstones(db).ready()` before the transaction). Enquiries are deleted
 * by id, so the tables that hang off an enquiry (notes, history, replies: ON DELETE CASCADE) go
 * with them; campaign recipient rows go with the subscriber. Returns counts only.
 */
export async function erasePerson(db: Db, tx: Tx, key: string): Promise<ErasedPerson> {
  const p = await findPerson(tx, key);
  await tombstones(db).bury(tx, key);
  const mail = await tx.delete(mailOutbox).where(p.mail).returning({ id: mailOutbox.id });
  const booked = await eraseQuotesAndBookings(tx, p.booked);
  let deletedEnquiries = 0;
  for (let i = 0; i < p.enquiryIds.length; i += 500) {
    deletedEnquiries += (
      await tx
        .delete(enquiries)
        .where(inArray(enquiries.id, p.enquiryIds.slice(i, i + 500)))
        .returning({ id: enquiries.id })
    ).length;
  }
  // The rate-limit counters keyed by their address (hashed) go too.
  await tx.delete(rateLimits).where(eq(rateLimits.key_hash, createHash('sha256').update(key).digest('hex')));
  if (p.subscriberId !== null) await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, p.subscriberId));
  return { subscriber: p.subscriberId, enquiries: deletedEnquiries, mail: mail.length, ...booked };
}
