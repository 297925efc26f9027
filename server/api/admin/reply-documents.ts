// What a reply to an enquiry carries besides its words: the templates it can start from (filled
// for the enquiry and the agent), the safari's itinerary PDF and a quote of the enquiry (its latest
// sent version's PDF, and a new private link to its trip page, the token written only into the
// visitor's e-mail; the operator's copy links the quote in the console instead).
import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { REPLY_DOCUMENT_MESSAGES, type ReplyKit } from '../../../common/reply-documents.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages.ts';
import { fillReplyTemplate, templatesFor } from '../../../common/reply-templates.ts';
import { tripUrl } from '../../../common/trip-page.ts';
import { enquiryLanguage } from '../../bookings/bookings.ts';
import { versionPdf } from '../../bookings/quote-pdf.ts';
import { createTripLink } from '../../bookings/trip-links.ts';
import type { Db, Tx } from '../../db/index.ts';
import { enquiries, quotes, quoteVersions, safaris } from '../../db/schema.ts';
import type { MailAttachment } from '../../db/schema-enquiries.ts';
import { HttpError } from '../../http/error.ts';
import { pdfAttachment } from '../../mail/outbox.ts';
import { readReplyTemplates } from '../../mail/reply-templates.ts';
import { greetingName } from '../../mail/templates.ts';

/**
 * Makes a safari's itinerary PDF in a language (the composition gives it: server/app.ts): the
 * safari's translation with the language's labels, or the English PDF when the safari has no
 * translation in it; null for no such safari.
 */
export type ItineraryMaker = (slug: string, language: Language) => Promise<{ filename: string; bytes: Uint8Array } | null>;

/** The documents of one reply: its files, and the quote's links for the visitor and for the operator's copy. */
export interface ReplyDocuments {
  attachments: MailAttachment[];
  quote: { reference: string; tripUrl: string; consoleUrl: string } | null;
}

async function enquirySafari(db: Db | Tx, enquiryId: number) {
  const [row] = await db
    .select({ name: enquiries.name, language: enquiries.language, slug: safaris.safarititleslug, title: safaris.safarititle })
    .from(enquiries)
    .leftJoin(safaris, eq(safaris.id, enquiries.safari_id))
    .where(eq(enquiries.id, enquiryId));
  if (!row) throw new HttpError(404, 'Enquiry not found', undefined, 'not-found');
  return row;
}

/** This enquiry's quotes with a version sent and current, newest first. */
function sentQuotes(db: Db | Tx, enquiryId: number) {
  return db
    .select({ quote: quotes, version: quoteVersions })
    .from(quotes)
    .innerJoin(quoteVersions, and(eq(quoteVersions.quote_id, quotes.id), isNotNull(quoteVersions.sent_at), isNull(quoteVersions.superseded_at)))
    .where(and(eq(quotes.enquiry_id, enquiryId), ne(quotes.status, 'withdrawn')))
    .orderBy(desc(quotes.id));
}

/** GET /enquiries/{id}/reply-kit: the templates filled for this enquiry and agent (those in its language first), and the documents it can carry. */
export async function replyKit(db: Db, enquiryId: number, agent: string): Promise<ReplyKit> {
  const [e, templates, sent] = await Promise.all([enquirySafari(db, enquiryId), readReplyTemplates(db), sentQuotes(db, enquiryId)]);
  const values = { name: greetingName(e.name) ?? e.name, safari: e.title ?? 'your safari', agent };
  const language = isLanguage(e.language) ? e.language : 'en';
  return {
    language,
    templates: templatesFor(templates, language).map((t) => ({ ...t, body: fillReplyTemplate(t.body, values) })),
    itinerary: e.slug && e.title ? { slug: e.slug, title: e.title } : null,
    quotes: sent.map(({ quote, version }) => ({ id: quote.id, reference: quote.reference, version: version.version, title: (version.document as { title?: string }).title ?? quote.reference })),
  };
}

/** The itinerary PDF in the enquiry's language, made before the reply's transaction (it reads the content as a visitor's page does). */
export async function itineraryAttachment(db: Db, enquiryId: number, make: ItineraryMaker | undefined): Promise<MailAttachment> {
  const { slug, language } = await enquirySafari(db, enquiryId);
  if (!slug) throw new HttpError(400, REPLY_DOCUMENT_MESSAGES.noSafari, undefined, 'invalid-attachItinerary');
  const pdf = await make?.(slug, isLanguage(language) ? language : DEFAULT_LANGUAGE).catch(() => null);
  if (!pdf) throw new HttpError(503, REPLY_DOCUMENT_MESSAGES.noItinerary, undefined, 'itinerary-unavailable');
  return pdfAttachment(pdf.filename, pdf.bytes);
}

/** A sent quote of the enquiry as the reply carries it: its PDF and a new trip link (inside the reply's transaction). */
export async function quoteAttachment(tx: Tx, enquiryId: number, quoteId: number, siteUrl: string): Promise<{ attachment: MailAttachment; quote: NonNullable<ReplyDocuments['quote']> }> {
  const [found] = (await sentQuotes(tx, enquiryId)).filter((r) => r.quote.id === quoteId);
  if (!found) throw new HttpError(400, REPLY_DOCUMENT_MESSAGES.notQuote, undefined, 'invalid-quoteId');
  const language = await enquiryLanguage(tx, enquiryId);
  const pdf = await versionPdf(found.quote, found.version, siteUrl, language);
  const token = await createTripLink(tx, quoteId);
  return {
    attachment: pdfAttachment(pdf.filename, pdf.bytes),
    quote: { reference: found.quote.reference, tripUrl: tripUrl(siteUrl, token, language), consoleUrl: `${siteUrl}/admin/quotes/${quoteId}` },
  };
}
