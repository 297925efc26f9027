// /api/trip/{token}: the traveller's private trip page. The latest sent version of the quote the
// link opens (and, once accepted, its booking and account) and its PDF, or the booking a link of
// its own opens (seats on a group departure: no quote, the trip made from the departure); accepting it (a booking, e-mails to
// the traveller and the operator); the travellers' ages, diets and medical notes. Every answer is
// no-store, noindex and sends no Referer to other sites; a wrong token counts against the address (100 an hour,
// then 429), and the token is never logged (server/logger.ts).
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { z } from 'zod';
import { checkQuoteDocument } from '../../common/quote-document.ts';
import { acceptSchema, manifestSchema, TRIP_MESSAGES, TRIP_PAGE_HEADERS, tripUrl, type TripView } from '../../common/trip-page.ts';
import { bookingAccount, type BookingRow, createBooking, operatorToday, storedQuoteLanguage } from '../bookings/bookings.ts';
import { versionPdf } from '../bookings/quote-pdf.ts';
import { currentSentVersion, type QuoteRow } from '../bookings/quotes.ts';
import { linkOfToken, type TripLinkTarget } from '../bookings/trip-links.ts';
import { bookingTripDocument } from '../departures/trip-document.ts';
import type { Tx } from '../db/index.ts';
import { bookings, bookingTravellers } from '../db/schema.ts';
import { limitKey, sourceOf } from '../http/client-address.ts';
import { refuseCrossSite } from '../http/cross-site.ts';
import { type ApiContext, type ApiEnv, deps } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';
import { bookingConfirmationMessage, bookingNoticeMessage } from '../mail/quote-mail.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { consume, type Limit } from '../spam/rate-limit.ts';
import type { FormsApiOptions } from './enquiries.ts';
import type { Language } from '../../common/languages.ts';

/** Wrong tokens an address may try in an hour before it is refused. */
const TRIP_GUESS_LIMIT: Limit = { max: 100, windowMs: 3_600_000 };

const PRIVATE = TRIP_PAGE_HEADERS;

const notFound = () => Object.assign(new HttpError(404, TRIP_MESSAGES.notFound, PRIVATE, 'not-found'), { quiet: true });

/** What a token opens (a quote, or a booking with no quote); a wrong one counts against the caller's address, and past the limit is a 429. */
async function tripLink(c: ApiContext, trust: FormsApiOptions['trust']): Promise<TripLinkTarget> {
  const { db } = deps(c);
  const token = c.req.param('token') ?? '';
  const link = await linkOfToken(db, token);
  if (link) return link;
  const address = sourceOf(c, trust).address;
  if (address) {
    const r = await consume(db, 'trip-token-miss', limitKey(address), TRIP_GUESS_LIMIT);
    if (!r.ok) throw Object.assign(new HttpError(429, TRIP_MESSAGES.throttled, { 'retry-after': String(r.retryAfterSeconds), ...PRIVATE }, 'throttled'), { quiet: true });
  }
  throw notFound();
}

/** The booking a link opens: its quote's once accepted, or its own; null while the quote is not accepted. */
export async function tripBooking(c: ApiContext, trust: FormsApiOptions['trust']): Promise<BookingRow | null> {
  const link = await tripLink(c, trust);
  const [b] = await deps(c)
    .db.select()
    .from(bookings)
    .where(link.quote ? eq(bookings.quote_id, link.quote.id) : eq(bookings.id, link.bookingId));
  return b ?? null;
}

/** The booking's part of the trip page: its state, account and travellers on `today`. */
async function bookingPart(db: Tx, id: number, today: string): Promise<NonNullable<TripView['booking']>> {
  const found = (await bookingAccount(db, id, today))!;
  const travellers = await db.select().from(bookingTravellers).where(eq(bookingTravellers.booking_id, id)).orderBy(asc(bookingTravellers.position));
  const b = found.booking;
  return {
    reference: b.reference,
    state: found.account.state,
    leadName: b.lead_name,
    account: found.account,
    depositDueOn: b.deposit_due_on,
    balanceDueOn: b.balance_due_on,
    travellers: travellers.map((t) => ({ position: t.position, name: t.name, age: t.age, dietary: t.dietary, medical: t.medical })),
  };
}

async function quoteTripView(db: Tx, quote: QuoteRow): Promise<TripView> {
  const version = await currentSentVersion(db, quote.id);
  if (!version?.sent_at) throw notFound();
  const checked = checkQuoteDocument(version.document);
  if (!checked.ok) throw new Error(`quote ${quote.id} holds an invalid document`);
  const today = await operatorToday(db);
  const [booked] = await db.select({ id: bookings.id, language: bookings.language }).from(bookings).where(eq(bookings.quote_id, quote.id));
  return {
    reference: quote.reference,
    travellerName: quote.traveller_name,
    version: version.version,
    sentAt: version.sent_at.toISOString(),
    document: checked.document,
    price: checked.price,
    today,
    expired: checked.document.validUntil < today,
    language: booked ? (booked.language as Language) : await storedQuoteLanguage(db, quote),
    booking: booked ? await bookingPart(db, booked.id, today) : null,
  };
}

/** A booking with no quote (seats on a group departure): its trip as its document, and the booking. */
async function bookedTrip(db: Tx, id: number) {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, id));
  const document = b ? await bookingTripDocument(db, b) : null;
  if (!b || !document) throw notFound();
  const checked = checkQuoteDocument(document);
  if (!checked.ok) throw new Error(`booking ${id} makes an invalid trip document: ${checked.error}`);
  return { booking: b, document: checked.document, price: checked.price };
}

async function bookingTripView(db: Tx, id: number): Promise<TripView> {
  const { booking: b, document, price } = await bookedTrip(db, id);
  const today = await operatorToday(db);
  return {
    reference: b.reference,
    travellerName: b.lead_name,
    version: 1,
    sentAt: b.created_at.toISOString(),
    document,
    price,
    today,
    expired: false,
    language: b.language as Language,
    booking: await bookingPart(db, id, today),
  };
}

/** The trip's PDF: the quote's latest sent version, or the trip of a booking with no quote. */
async function tripPdf(c: ApiContext, siteUrl: string, link: TripLinkTarget) {
  const { db } = deps(c);
  if (!link.quote) {
    const { booking: b, document } = await bookedTrip(db, link.bookingId);
    return versionPdf({ reference: b.reference, traveller_name: b.lead_name }, { version: 1, document, sent_at: b.created_at }, siteUrl, b.language as Language);
  }
  const version = await currentSentVersion(db, link.quote.id);
  if (!version) throw notFound();
  return versionPdf(link.quote, version, siteUrl, await storedQuoteLanguage(db, link.quote));
}

async function bodyOf<S extends z.ZodType>(c: ApiContext, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new HttpError(400, 'The request is not valid JSON.', PRIVATE);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HttpError(400, issue.message, PRIVATE, `invalid-${issue.path.join('.') || 'body'}`);
  }
  return parsed.data;
}

async function accept(c: ApiContext, opts: FormsApiOptions) {
  const { quote } = await tripLink(c, opts.trust);
  if (!quote) throw new HttpError(409, 'This trip is already booked.', PRIVATE, 'already-booked');
  const input = await bodyOf(c, acceptSchema);
  const { db } = deps(c);
  const made = await db.transaction(async (tx) => {
    const version = await currentSentVersion(tx, quote.id);
    if (!version || version.version !== input.version) throw new HttpError(409, 'We have sent you a newer version of this quote. Please read it, then accept it.', PRIVATE, 'superseded');
    const today = await operatorToday(tx);
    const travellers = input.travellers;
    const booking = await createBooking(tx, { quoteVersionId: version.id, lead: { name: input.leadName, email: quote.traveller_email, phone: quote.traveller_phone }, travellers, today });
    const found = (await bookingAccount(tx, booking.id, today))!;
    const mail = {
      reference: booking.reference,
      quoteReference: quote.reference,
      title: version.document.title,
      lead: { name: booking.lead_name, email: booking.lead_email },
      travellers,
      travelFrom: booking.travel_from,
      travelTo: booking.travel_to,
      account: found.account,
      language: booking.language as Language,
    };
    const to = { from: opts.mailFrom, operatorEmail: opts.operatorEmail };
    await enqueueMail(tx, opts.messageIdDomain, [
      {
        kind: 'booking-confirmation',
        enquiryId: quote.enquiry_id ?? undefined,
        message: bookingConfirmationMessage({ ...mail, tripUrl: tripUrl(opts.siteUrl, c.req.param('token') ?? '', mail.language) }, to),
      },
      { kind: 'booking-notice', enquiryId: quote.enquiry_id ?? undefined, message: bookingNoticeMessage({ ...mail, consoleUrl: `${opts.siteUrl}/admin/quotes/${quote.id}` }, to) },
    ]);
    return booking;
  });
  opts.onQueued();
  return c.json(
    { ok: true, reference: made.reference, email: quote.traveller_email, message: `Thank you: your booking ${made.reference} is confirmed. We have sent the details to ${quote.traveller_email}.` },
    201,
    PRIVATE,
  );
}

async function manifest(c: ApiContext, opts: FormsApiOptions) {
  const booking = await tripBooking(c, opts.trust);
  const input = await bodyOf(c, manifestSchema);
  const { db } = deps(c);
  if (!booking) throw new HttpError(409, 'Accept the quote first: the travellers’ details belong to the booking.', PRIVATE, 'not-booked');
  await db.transaction(async (tx) => {
    for (const t of input.travellers) {
      await tx
        .update(bookingTravellers)
        .set({ age: t.age, dietary: t.dietary, medical: t.medical, updated_at: new Date() })
        .where(and(eq(bookingTravellers.booking_id, booking.id), eq(bookingTravellers.position, t.position)));
    }
  });
  return c.json({ ok: true, message: 'Thank you: the travellers’ details are saved.' }, 200, PRIVATE);
}

export function tripApi(opts: FormsApiOptions) {
  const app = new Hono<ApiEnv>();
  app.use('/trip/:token/*', async (c, next) => (c.req.method === 'POST' ? (refuseCrossSite(opts.siteUrl, opts.trust)(c as never, next) as Promise<void>) : next()));
  app.get('/trip/:token', async (c) => {
    const link = await tripLink(c, opts.trust);
    const { db } = deps(c);
    return c.json(link.quote ? await quoteTripView(db, link.quote) : await bookingTripView(db, link.bookingId), 200, PRIVATE);
  });
  app.get('/trip/:token/quote.pdf', async (c) => {
    const pdf = await tripPdf(c, opts.siteUrl, await tripLink(c, opts.trust));
    return c.body(new Uint8Array(pdf.bytes), 200, { ...PRIVATE, 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${pdf.filename}"`, 'x-content-type-options': 'nosniff' });
  });
  app.post('/trip/:token/accept', (c) => accept(c, opts));
  app.post('/trip/:token/manifest', (c) => manifest(c, opts));
  return app;
}
