// Quotes: a traveller's proposal and its versions. A version is a draft until it is sent; editing
// a sent quote makes a new draft version, and sending it supersedes the one sent before, so the
// traveller always sees the latest sent version.
import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/languages.ts';
import { checkQuoteDocument, type QuoteDocument } from '../../common/quote-document.ts';
import type { Tx } from '../db/index.ts';
import { quotes, quoteVersions } from '../db/schema.ts';
import { HttpError } from '../http/error.ts';
import { nextReference } from './references.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteVersionRow = typeof quoteVersions.$inferSelect;

export interface NewQuote {
  traveller: { name: string; email: string; phone?: string };
  enquiryId?: number | null;
  safariSlug?: string | null;
  staffId?: number | null;
  /** The language it is written in (its enquiry's, when it has one); English when not given. */
  language?: Language;
  document: unknown;
  /** The year of its reference (the operator's calendar). */
  year: number;
}

/**
 * The language a quote is written in (its e-mail, its PDF, its trip page and the booking made from
 * it are in it): its enquiry's when it answers one (as it always was), else the one staff chose,
 * stored on the quote. `enquiryLanguage` is its enquiry's, read with it (bookings.ts `storedQuoteLanguage` reads it).
 */
export function quoteLanguage(quote: Pick<QuoteRow, 'language'>, enquiryLanguage: string | null = null): Language {
  const language = enquiryLanguage ?? quote.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

function checked(document: unknown): { document: QuoteDocument; totalMinor: number; currency: string } {
  const c = checkQuoteDocument(document);
  if (!c.ok) throw Object.assign(new HttpError(400, c.error, undefined, 'invalid'), { field: c.path });
  return { document: c.document, totalMinor: c.price.totalMinor, currency: c.price.currency };
}

/** A new quote with its first (draft) version. */
export async function createQuote(tx: Tx, input: NewQuote): Promise<{ quote: QuoteRow; version: QuoteVersionRow }> {
  const doc = checked(input.document);
  const reference = await nextReference(tx, 'Q', input.year);
  const [quote] = await tx
    .insert(quotes)
    .values({
      reference,
      enquiry_id: input.enquiryId ?? null,
      traveller_name: input.traveller.name.trim(),
      traveller_email: input.traveller.email.trim(),
      traveller_phone: input.traveller.phone?.trim() ?? '',
      safari_slug: input.safariSlug ?? null,
      language: input.language ?? DEFAULT_LANGUAGE,
      created_by: input.staffId ?? null,
    })
    .returning();
  if (!quote) throw new Error('quote not inserted');
  const [version] = await tx
    .insert(quoteVersions)
    .values({ quote_id: quote.id, version: 1, document: doc.document, total_minor: doc.totalMinor, currency: doc.currency, created_by: input.staffId ?? null })
    .returning();
  return { quote, version: version! };
}

async function latestVersion(tx: Tx, quoteId: number): Promise<QuoteVersionRow | undefined> {
  const [row] = await tx.select().from(quoteVersions).where(eq(quoteVersions.quote_id, quoteId)).orderBy(desc(quoteVersions.version)).limit(1);
  return row;
}

/** The version the traveller sees: the latest one sent and not superseded. */
export async function currentSentVersion(tx: Tx, quoteId: number): Promise<QuoteVersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quote_id, quoteId), isNotNull(quoteVersions.sent_at), isNull(quoteVersions.superseded_at)))
    .orderBy(desc(quoteVersions.version))
    .limit(1);
  return row;
}

/** Saves the document: into the draft version, or into a new draft when the latest was sent. */
export async function saveQuoteDraft(tx: Tx, quoteId: number, document: unknown, staffId: number | null): Promise<QuoteVersionRow> {
  const doc = checked(document);
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
  if (!quote) throw new HttpError(404, 'Quote not found', undefined, 'not-found');
  if (quote.status === 'accepted') throw new HttpError(409, 'This quote was accepted: it cannot be changed.', undefined, 'accepted');
  const latest = await latestVersion(tx, quoteId);
  const values = { document: doc.document, total_minor: doc.totalMinor, currency: doc.currency, created_by: staffId };
  if (latest && !latest.sent_at) {
    const [row] = await tx.update(quoteVersions).set(values).where(eq(quoteVersions.id, latest.id)).returning();
    return row!;
  }
  const [row] = await tx
    .insert(quoteVersions)
    .values({ quote_id: quoteId, version: (latest?.version ?? 0) + 1, ...values })
    .returning();
  await tx.update(quotes).set({ updated_at: new Date() }).where(eq(quotes.id, quoteId));
  return row!;
}

/** Marks the latest version sent and supersedes every version sent before it. */
export async function markQuoteSent(tx: Tx, quoteId: number, staffId: number | null): Promise<QuoteVersionRow> {
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
  if (!quote) throw new HttpError(404, 'Quote not found', undefined, 'not-found');
  if (quote.status === 'accepted') throw new HttpError(409, 'This quote was accepted: it cannot be sent again.', undefined, 'accepted');
  const latest = await latestVersion(tx, quoteId);
  if (!latest) throw new HttpError(404, 'Quote not found', undefined, 'not-found');
  if (latest.sent_at) throw new HttpError(409, 'This version was already sent. Change the quote to send a new version.', undefined, 'already-sent');
  const now = new Date();
  await tx
    .update(quoteVersions)
    .set({ superseded_at: now })
    .where(and(eq(quoteVersions.quote_id, quoteId), ne(quoteVersions.id, latest.id), isNotNull(quoteVersions.sent_at), isNull(quoteVersions.superseded_at)));
  const [sent] = await tx.update(quoteVersions).set({ sent_at: now, sent_by: staffId }).where(eq(quoteVersions.id, latest.id)).returning();
  await tx.update(quotes).set({ status: 'sent', updated_at: now }).where(eq(quotes.id, quoteId));
  return sent!;
}
