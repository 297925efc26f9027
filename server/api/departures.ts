// /api/departures: group departures for the public pages, and booking seats on one.
//
//   GET  /departures/safari/:slug   a safari's upcoming departures with their seats left (not kept: seats change)
//   GET  /departures/months         the months with a departure on sale (the safaris list's filter)
//   GET  /departures/in/:month      the safaris with a departure on sale in a month (YYYY-MM)
//   GET  /departures/:id            one departure on sale, for its booking page
//   POST /departures/:id/book       seats booked: a booking held 30 minutes, its trip page's address;
//                                   protected like the enquiry form (form token, honeypot, the seats
//                                   allowed per address and per e-mail, the per-address budget)
//
// The booking is answered with the private trip page's path (the traveller goes there to pay the
// deposit) and e-mailed to the traveller, with a notice to the operator, through the outbox.
import { Hono } from 'hono';
import { type SeatBooking, seatBookingSchema } from '../../common/departure-forms.ts';
import { DEPARTURE_MESSAGES, type DepartureForBooking, onSale } from '../../common/departures.ts';
import { DEFAULT_DEPOSIT_PERCENT } from '../../common/booking-money.ts';
import { TRIP_PAGE_HEADERS, tripUrl } from '../../common/trip-page.ts';
import { bookingAccount, operatorToday } from '../bookings/bookings.ts';
import { travellerTitle } from '../bookings/manual.ts';
import { bookSeats, type BookedSeats } from '../departures/book.ts';
import { departureTerms } from '../departures/trip-document.ts';
import { safariTranslation } from '../content/safari-translation.ts';
import { departureById, departureMonths, safarisDepartingIn, safarisWithDepartures, upcomingDepartures } from '../departures/read.ts';
import type { Tx } from '../db/index.ts';
import { limitKey, sourceOf } from '../http/client-address.ts';
import { refuseCrossSite } from '../http/cross-site.ts';
import { type ApiContext, type ApiEnv, deps, slugParam } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';
import { bookingConfirmationMessage, bookingNoticeMessage } from '../mail/quote-mail.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { consume } from '../spam/rate-limit.ts';
import { idParam, readBody } from './admin/body.ts';
import { budgeted } from './budget.ts';
import type { FormsApiOptions } from './enquiries.ts';
import { checkFormToken, formBodyLimit, HONEYPOT_MESSAGE, readJsonFields, spendFormToken, tooMany } from './forms-http.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/languages.ts';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

async function forBooking(c: ApiContext): Promise<DepartureForBooking> {
  const { db } = deps(c);
  const id = idParam(c, 'Departure');
  const today = await operatorToday(db);
  const d = await departureById(db, id, new Date());
  if (!d || d.startsOn <= today || d.status === 'cancelled') throw Object.assign(new HttpError(404, DEPARTURE_MESSAGES.notFound, NO_STORE, 'not-found'), { quiet: true });
  const { booked: _b, held: _h, bookings: _n, ...rest } = d;
  // In the page's language (/api/<lang>/departures/:id asks with ?language=, server/api/languages.ts):
  // the safari's translated title and the terms.
  const asked = c.req.query('language');
  const language: Language = isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
  const own = await safariTranslation(db, d.safariSlug, language);
  return {
    ...rest,
    safariTitle: own?.title ?? d.safariTitle,
    safariDays: Math.max(1, 1 + Math.round((Date.parse(d.endsOn) - Date.parse(d.startsOn)) / 86_400_000)),
    terms: departureTerms(language),
    depositPercent: DEFAULT_DEPOSIT_PERCENT,
  };
}

/** The traveller's confirmation and the operator's notice, in the booking's transaction. */
async function mailBooked(tx: Tx, made: BookedSeats, travellers: string[], opts: FormsApiOptions, today: string) {
  const { booking } = made;
  const account = (await bookingAccount(tx, booking.id, today))!.account;
  const language = booking.language as Language;
  const mail = {
    reference: booking.reference,
    quoteReference: null,
    // The safari's title in the traveller's language (the booking keeps it as the safari gives it).
    title: await travellerTitle(tx, { title: made.title, safariSlug: booking.safari_slug, language }),
    lead: { name: booking.lead_name, email: booking.lead_email },
    travellers,
    travelFrom: booking.travel_from,
    travelTo: booking.travel_to,
    account,
    language,
  };
  const to = { from: opts.mailFrom, operatorEmail: opts.operatorEmail };
  await enqueueMail(tx, opts.messageIdDomain, [
    { kind: 'booking-confirmation', message: bookingConfirmationMessage({ ...mail, tripUrl: tripUrl(opts.siteUrl, made.token, mail.language) }, to) },
    // The operator's notice is English, with the title as the booking keeps it.
    { kind: 'booking-notice', message: bookingNoticeMessage({ ...mail, title: made.title, consoleUrl: `${opts.siteUrl}/admin/bookings/${booking.id}` }, to) },
  ]);
}

/**
 * The seats' allowance of the visitor's address and e-mail address (each seat counts), in the
 * booking's transaction: a booking refused later (sold out) gives its seats back.
 */
async function countSeats(tx: Tx, opts: FormsApiOptions, address: string | null, input: SeatBooking) {
  if (!opts.spam.enabled) return;
  const seats = input.travellers.length;
  if (address) {
    const r = await consume(tx, 'seats-ip', limitKey(address), opts.spam.limits.seatsPerIp, Date.now(), seats);
    if (!r.ok) throw tooMany('seats booked from your connection', r.retryAfterSeconds);
  }
  const r = await consume(tx, 'seats-email', input.email, opts.spam.limits.seatsPerEmail, Date.now(), seats);
  if (!r.ok) throw tooMany('seats booked for this e-mail address', r.retryAfterSeconds);
}

/**
 * Checked like the enquiry form: cross-site and size (middleware), field types and the honeypot,
 * the booking's rules, the form token; then in one transaction the token is spent, the seats
 * counted against the address and the e-mail address, the seats taken and the e-mails queued.
 */
async function book(c: ApiContext, opts: FormsApiOptions) {
  const id = idParam(c, 'Departure');
  const spam = await readJsonFields(c, ['formToken', 'website'] as const);
  if (spam.website?.trim()) throw new HttpError(400, HONEYPOT_MESSAGE);
  const input = await readBody(c, seatBookingSchema);
  const token = await checkFormToken(opts.tokens, opts.spam, spam.formToken);
  const address = sourceOf(c, opts.trust).address;
  const { db } = deps(c);
  const made = await db.transaction(async (tx) => {
    await spendFormToken(tx, opts.tokens, token);
    await countSeats(tx, opts, address, input);
    const today = await operatorToday(tx);
    const booked = await bookSeats(tx, id, input, { today, now: new Date() });
    await mailBooked(tx, booked, input.travellers, opts, today);
    return booked;
  });
  opts.onQueued();
  return c.json(
    {
      ok: true,
      reference: made.booking.reference,
      tripPath: `/trip/${made.token}`,
      holdUntil: made.holdUntil.toISOString(),
      message: `Thank you: your seats are booked (${made.booking.reference}) and held for 30 minutes while you pay the deposit. We have sent the details to ${made.booking.lead_email}.`,
    },
    201,
    TRIP_PAGE_HEADERS,
  );
}

export function departuresApi(opts: FormsApiOptions) {
  const app = new Hono<ApiEnv>();
  app.use('/departures/:id/book', refuseCrossSite(opts.siteUrl, opts.trust));
  app.get('/departures/safari/:slug', async (c) => {
    const { db } = deps(c);
    const slug = slugParam(c);
    // A safari without any departure (most) answers at once, without a query.
    const departures = slug && (await safarisWithDepartures(db)).has(slug) ? await upcomingDepartures(db, slug, await operatorToday(db), new Date()) : [];
    return c.json({ departures }, 200, NO_STORE);
  });
  app.get('/departures/months', async (c) => {
    const { db } = deps(c);
    return c.json({ months: await departureMonths(db, await operatorToday(db)) }, 200, NO_STORE);
  });
  app.get('/departures/in/:month', async (c) => {
    const month = c.req.param('month');
    if (!MONTH.test(month)) throw new HttpError(400, 'Give the month as YYYY-MM.', NO_STORE, 'invalid-month');
    const { db } = deps(c);
    return c.json({ safaris: await safarisDepartingIn(db, month, await operatorToday(db)) }, 200, NO_STORE);
  });
  app.get('/departures/:id', async (c) => {
    const d = await forBooking(c);
    return c.json({ ...d, onSale: onSale(d) }, 200, NO_STORE);
  });
  app.post('/departures/:id/book', formBodyLimit(), budgeted(), (c) => book(c, opts));
  return app;
}
