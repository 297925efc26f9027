// /api/admin/quotes: quotes in the console, for any signed-in member of staff. The list, one quote
// with its versions, making one (from an enquiry, a safari or nothing), saving its draft, sending
// it (a new version supersedes the one sent before; the traveller gets an e-mail with the private
// trip link and the version's PDF; an enquiry it came from becomes `quoted`), its latest version's
// PDF, and revoking its links. Every change is in the audit log.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { formatMinor } from '../../../common/booking-money.ts';
import { newQuoteSchema, type QuoteDetail, type QuoteListItem, type QuoteStart, saveQuoteSchema } from '../../../common/quote-admin.ts';
import type { SafariResponse } from '../../../common/api-types.ts';
import { DEFAULT_LANGUAGE, formLanguage, isLanguage, type Language } from '../../../common/languages.ts';
import { safariInLanguage } from '../../../common/quote-base.ts';
import { checkQuoteDocument } from '../../../common/quote-document.ts';
import { tripUrl } from '../../../common/trip-page.ts';
import { audit } from '../../auth/audit.ts';
import { catalogueOf, LEFT_OUT, translateAnswer } from '../../content/translated-answers.ts';
import { isTranslationLanguage } from '../../content/translatable.ts';
import { safariDetail } from '../../content/types/safaris.queries.ts';
import { type AdminContext, type AdminEnv, requireStaff, sessionOf } from '../../auth/guard.ts';
import { enquiryLanguage, operatorToday, storedQuoteLanguage } from '../../bookings/bookings.ts';
import { versionPdf } from '../../bookings/quote-pdf.ts';
import { createQuote, markQuoteSent, quoteLanguage, saveQuoteDraft } from '../../bookings/quotes.ts';
import { createTripLink, revokeTripLinks } from '../../bookings/trip-links.ts';
import type { Db, Tx } from '../../db/index.ts';
import { bookings, enquiries, enquiryNotes, enquiryStatusChanges, quotes, quoteVersions, safaris, tripLinks } from '../../db/schema.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps, SLUG } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { enqueueMail, pdfAttachment } from '../../mail/outbox.ts';
import { quoteSentMessage } from '../../mail/quote-mail.ts';
import { idParam, readBody } from './body.ts';
import type { InboxMailOptions } from './enquiries.ts';

export interface QuotesAdminOptions {
  siteUrl: string;
  trust: ProxyTrust;
  mail: InboxMailOptions;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** What an enquiry already says about the trip: who, the safari it was sent from, and its language (the quote's). (The trip's own fields join here when enquiries carry them.) */
function tripOfEnquiry(row: typeof enquiries.$inferSelect, safariSlug: string | null): Omit<QuoteStart, 'safari'> {
  const trip = {
    travelFrom: row.travel_from,
    travelTo: row.travel_to,
    travelMonth: row.travel_month,
    adults: row.adults,
    children: row.children,
    childAges: row.child_ages ?? [],
  };
  const language = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
  return { traveller: { name: row.name, email: row.email, phone: row.phone }, enquiryId: row.id, safariSlug: safariSlug ?? row.safari, message: row.message, trip, language };
}

async function quoteList(db: Db): Promise<QuoteListItem[]> {
  const latest = db
    .select({ quote_id: quoteVersions.quote_id, version: sql<number>`max(${quoteVersions.version})`.as('latest') })
    .from(quoteVersions)
    .groupBy(quoteVersions.quote_id)
    .as('latest');
  const rows = await db
    .select({ q: quotes, v: quoteVersions, b: { reference: bookings.reference, state: bookings.state }, enquiryLanguage: enquiries.language })
    .from(quotes)
    .innerJoin(latest, eq(latest.quote_id, quotes.id))
    .innerJoin(quoteVersions, and(eq(quoteVersions.quote_id, quotes.id), eq(quoteVersions.version, latest.version)))
    .leftJoin(bookings, eq(bookings.quote_id, quotes.id))
    .leftJoin(enquiries, eq(enquiries.id, quotes.enquiry_id))
    .orderBy(desc(quotes.updated_at), desc(quotes.id))
    .limit(500);
  return rows.map(({ q, v, b, enquiryLanguage }) => listItem(q, v, b?.reference ? (b as QuoteListItem['booking']) : null, quoteLanguage(q, enquiryLanguage)));
}

function listItem(q: typeof quotes.$inferSelect, v: typeof quoteVersions.$inferSelect, booking: QuoteListItem['booking'], language: Language): QuoteListItem {
  return {
    id: q.id,
    reference: q.reference,
    travellerName: q.traveller_name,
    travellerEmail: q.traveller_email,
    status: q.status as QuoteListItem['status'],
    title: v.document.title,
    version: v.version,
    totalMinor: v.total_minor,
    currency: v.currency,
    travelFrom: v.document.travelFrom,
    updatedAt: q.updated_at.toISOString(),
    enquiryId: q.enquiry_id,
    language,
    booking,
  };
}

async function quoteDetail(db: Tx, id: number): Promise<QuoteDetail> {
  const [q] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!q) throw new HttpError(404, 'Quote not found', undefined, 'not-found');
  const versions = await db.select().from(quoteVersions).where(eq(quoteVersions.quote_id, id)).orderBy(desc(quoteVersions.version));
  const [b] = await db.select({ reference: bookings.reference, state: bookings.state }).from(bookings).where(eq(bookings.quote_id, id));
  const [links] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tripLinks)
    .where(and(eq(tripLinks.quote_id, id), isNull(tripLinks.revoked_at)));
  const latest = versions[0]!;
  const checked = checkQuoteDocument(latest.document);
  if (!checked.ok) throw new Error(`quote ${id} holds an invalid document: ${checked.error}`);
  return {
    ...listItem(q, latest, (b as QuoteListItem['booking']) ?? null, await storedQuoteLanguage(db, q)),
    travellerPhone: q.traveller_phone,
    safariSlug: q.safari_slug,
    createdAt: q.created_at.toISOString(),
    document: checked.document,
    price: checked.price,
    draft: latest.sent_at === null,
    versions: versions.map((v) => ({ version: v.version, totalMinor: v.total_minor, createdAt: v.created_at.toISOString(), sentAt: iso(v.sent_at), supersededAt: iso(v.superseded_at) })),
    openLinks: links?.n ?? 0,
  };
}

/** The PDF of a quote's latest version (a draft is marked as one). */
async function latestPdf(db: Db, id: number, siteUrl: string) {
  const [q] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!q) throw new HttpError(404, 'Quote not found', undefined, 'not-found');
  const [latest] = await db.select().from(quoteVersions).where(eq(quoteVersions.quote_id, id)).orderBy(desc(quoteVersions.version)).limit(1);
  if (!latest) throw new HttpError(404, 'Quote not found', undefined, 'not-found');
  return versionPdf(q, latest, siteUrl, await storedQuoteLanguage(db, q));
}

/**
 * The safari a quote starts from, in the quote's language: the public page's answer translated as
 * /api/<lang>/safaris/{slug} translates it (server/content/translated-answers.ts), each night's
 * lodge kept by its English slug (common/quote-base.ts `safariInLanguage`); the English answer when the safari has no complete
 * translation in that language (`language` says which). Null when there is no such safari.
 */
async function startingSafari(db: Db, slug: string | null, language: Language): Promise<QuoteStart['safari']> {
  if (!slug || !SLUG.test(slug)) return null;
  const found = await safariDetail(db, slug);
  if (!found) return null;
  // The parts a quote reads, as the wire carries them (the translation reads strings, not dates).
  const english = JSON.parse(JSON.stringify({ safari: found.body.safari, safaridays: found.body.safaridays })) as Pick<SafariResponse, 'safari' | 'safaridays'>;
  if (!isTranslationLanguage(language)) return { slug, language, answer: english };
  const translated = translateAnswer(english, `/safaris/${slug}`, await catalogueOf(db, language));
  if (translated === LEFT_OUT) return { slug, language: DEFAULT_LANGUAGE, answer: english };
  return { slug, language, answer: safariInLanguage(translated as typeof english, english) };
}

/**
 * GET /quotes/new?enquiry={id}&safari={slug}&language={code}: the traveller, safari and language of
 * an enquiry, to start a quote with; with no enquiry, a blank start in the language asked for
 * (English when absent). The safari (the one asked for, else the enquiry's) comes in that language.
 */
async function quoteStart(db: Db, q: { enquiry?: string; safari?: string; language?: string }): Promise<QuoteStart> {
  const start = await enquiryStart(db, q.enquiry, q.language);
  return { ...start, safari: await startingSafari(db, q.safari || start.safariSlug, start.language) };
}

async function enquiryStart(db: Db, raw: string | undefined, asked: string | undefined): Promise<Omit<QuoteStart, 'safari'>> {
  if (!raw) {
    const language = formLanguage(asked);
    if (!language.ok) throw new HttpError(400, language.error, undefined, 'invalid-language');
    return { traveller: { name: '', email: '', phone: '' }, enquiryId: null, safariSlug: null, message: '', trip: null, language: language.value };
  }
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw new HttpError(404, 'Enquiry not found', undefined, 'not-found');
  const [row] = await db
    .select({ e: enquiries, slug: safaris.safarititleslug })
    .from(enquiries)
    .leftJoin(safaris, eq(safaris.id, enquiries.safari_id))
    .where(eq(enquiries.id, Number(raw)));
  if (!row) throw new HttpError(404, 'Enquiry not found', undefined, 'not-found');
  return tripOfEnquiry(row.e, row.slug);
}

/** An enquiry the quote was sent for becomes `quoted`, with the quote named in its notes. */
async function markEnquiryQuoted(tx: Tx, enquiryId: number, staffId: number, note: string): Promise<void> {
  const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, enquiryId)).for('update');
  if (!row) return;
  if (row.status !== 'quoted' && row.status !== 'booked') {
    await tx.update(enquiries).set({ status: 'quoted' }).where(eq(enquiries.id, enquiryId));
    await tx.insert(enquiryStatusChanges).values({ enquiry_id: enquiryId, staff_id: staffId, from_status: row.status, to_status: 'quoted' });
  }
  await tx.insert(enquiryNotes).values({ enquiry_id: enquiryId, staff_id: staffId, body: note });
}

async function sendQuote(tx: Tx, id: number, c: AdminContext, opts: QuotesAdminOptions): Promise<{ version: number; outboxId: number }> {
  const s = sessionOf(c);
  const sent = await markQuoteSent(tx, id, s.staff.id);
  const [q] = await tx.select().from(quotes).where(eq(quotes.id, id));
  const checked = checkQuoteDocument(sent.document);
  if (!q || !checked.ok) throw new Error(`quote ${id} cannot be sent`);
  const token = await createTripLink(tx, id);
  const language = await storedQuoteLanguage(tx, q);
  const message = quoteSentMessage(
    {
      reference: q.reference,
      version: sent.version,
      traveller: { name: q.traveller_name, email: q.traveller_email },
      document: checked.document,
      price: checked.price,
      tripUrl: tripUrl(opts.siteUrl, token, language),
      author: { name: s.staff.name },
      language,
    },
    { from: opts.mail.from, operatorEmail: opts.mail.operatorEmail },
  );
  // The version's PDF goes with it, made now and stored with the message (server/mail/outbox.ts).
  const pdf = await versionPdf(q, sent, opts.siteUrl, language);
  message.attachments = [pdfAttachment(pdf.filename, pdf.bytes)];
  const [outboxId] = await enqueueMail(tx, opts.mail.messageIdDomain, [{ kind: 'quote-sent', enquiryId: q.enquiry_id ?? undefined, message }]);
  const total = formatMinor(checked.price.totalMinor, checked.price.currency);
  if (q.enquiry_id) await markEnquiryQuoted(tx, q.enquiry_id, s.staff.id, `Quote ${q.reference} (version ${sent.version}, ${checked.document.title}) sent: ${total}.`);
  await audit(tx, {
    staffId: s.staff.id,
    actor: s.staff.email,
    action: 'quote.send',
    target: `quote:${id}`,
    detail: { version: sent.version, outbox: outboxId },
    ip: sourceOf(c, opts.trust).address ?? null,
  });
  return { version: sent.version, outboxId: outboxId! };
}

function writeRoutes(app: Hono<AdminEnv>, opts: QuotesAdminOptions): void {
  const ip = (c: AdminContext) => sourceOf(c, opts.trust).address ?? null;
  app.post('/quotes', async (c) => {
    const s = sessionOf(c);
    const input = await readBody(c, newQuoteSchema);
    const { db } = deps(c);
    const created = await db.transaction(async (tx) => {
      let language = input.language;
      if (input.enquiryId !== null) {
        const [e] = await tx.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.id, input.enquiryId));
        if (!e) throw new HttpError(400, 'That enquiry does not exist.', undefined, 'invalid-enquiryId');
        // A quote answers its enquiry in the enquiry's language.
        language = await enquiryLanguage(tx, input.enquiryId);
      }
      const year = Number((await operatorToday(tx)).slice(0, 4));
      const made = await createQuote(tx, { traveller: input.traveller, enquiryId: input.enquiryId, safariSlug: input.safariSlug, staffId: s.staff.id, document: input.document, year, language });
      await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'quote.create', target: `quote:${made.quote.id}`, detail: { reference: made.quote.reference }, ip: ip(c) });
      return made.quote;
    });
    return c.json({ ok: true, id: created.id, reference: created.reference }, 201);
  });
  app.put('/quotes/:id', async (c) => {
    const id = idParam(c, 'Quote');
    const input = await readBody(c, saveQuoteSchema);
    const version = await deps(c).db.transaction((tx) => saveQuoteDraft(tx, id, input.document, sessionOf(c).staff.id));
    return c.json({ ok: true, version: version.version });
  });
  app.post('/quotes/:id/send', async (c) => {
    const id = idParam(c, 'Quote');
    const sent = await deps(c).db.transaction((tx) => sendQuote(tx, id, c, opts));
    opts.mail.onQueued();
    return c.json({ ok: true, ...sent });
  });
  app.post('/quotes/:id/revoke', async (c) => {
    const id = idParam(c, 'Quote');
    const s = sessionOf(c);
    const revoked = await deps(c).db.transaction(async (tx) => {
      const n = await revokeTripLinks(tx, id);
      await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'quote.revoke-links', target: `quote:${id}`, detail: { revoked: n }, ip: ip(c) });
      return n;
    });
    return c.json({ ok: true, revoked });
  });
}

export function quotesAdminApi(opts: QuotesAdminOptions) {
  const app = new Hono<AdminEnv>();
  app.use('/quotes/*', requireStaff());
  app.use('/quotes', requireStaff());
  app.get('/quotes', async (c) => c.json({ quotes: await quoteList(deps(c).db) }));
  app.get('/quotes/new', async (c) => c.json(await quoteStart(deps(c).db, c.req.query())));
  app.get('/quotes/:id', async (c) => c.json(await quoteDetail(deps(c).db, idParam(c, 'Quote'))));
  app.get('/quotes/:id/quote.pdf', async (c) => {
    const pdf = await latestPdf(deps(c).db, idParam(c, 'Quote'), opts.siteUrl);
    return c.body(new Uint8Array(pdf.bytes), 200, { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${pdf.filename}"`, 'x-content-type-options': 'nosniff' });
  });
  writeRoutes(app, opts);
  return app;
}
