// The trip a booking of departure seats fixes: the safari's itinerary on the departure's dates, the
// seats at the price per person and the single rooms at the supplement, in the shape of a quote's
// document (common/quote-document.ts) and priced by the one money function. The booking keeps its
// title and price lines (it has no quote); its trip page shows the document made again from them,
// the departure and the safari's days (bookingTripDocument). All of it in the booking's language:
// the safari's days from its complete translation, the price lines' words and the terms from the
// server's messages (app/lib/server-messages/).
import { asc, eq } from 'drizzle-orm';
import { addDays, DEFAULT_DEPOSIT_PERCENT } from '../../common/booking-money.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { serverMessages } from '../../app/lib/server-messages.server.ts';
import type { QuoteDocument } from '../../common/quote-document.ts';
import type { Tx } from '../db/index.ts';
import type { BookingRow } from '../bookings/bookings.ts';
import { travellerTitle } from '../bookings/manual.ts';
import { safariTranslation } from '../content/safari-translation.ts';
import { markdownToHtml } from '../db/html.ts';
import { departures, departureSeats, lodges, safariDays, safaris } from '../db/schema.ts';
import type { DepartureRow } from './seats.ts';

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 5000);

/**
 * The safari of a departure, with its days in `language` (its complete translation's titles and
 * texts over the English days, one for one; the English without one). `title` stays the English
 * title the booking keeps; null when the safari is no longer published.
 */
export async function safariOf(tx: Tx, slug: string, language: Language = DEFAULT_LANGUAGE) {
  const [safari] = await tx.select({ id: safaris.id, title: safaris.safarititle, days: safaris.safariday }).from(safaris).where(eq(safaris.safarititleslug, slug));
  if (!safari) return null;
  const days = await tx
    .select({
      title: safariDays.title,
      description: safariDays.description,
      breakfast: safariDays.breakfast,
      lunch: safariDays.lunch,
      dinner: safariDays.dinner,
      lodge: lodges.lodgetitle,
      lodgeSlug: lodges.lodgetitleslug,
    })
    .from(safariDays)
    .leftJoin(lodges, eq(lodges.id, safariDays.lodge_id))
    .where(eq(safariDays.safari_id, safari.id))
    .orderBy(asc(safariDays.day_number));
  const own = await safariTranslation(tx, slug, language);
  const itinerary = own ? days.map((d, i) => (own.itinerary[i] ? { ...d, title: own.itinerary[i].title, description: markdownToHtml(own.itinerary[i].description) } : d)) : days;
  return { ...safari, heading: own?.title ?? safari.title, itinerary };
}

export type DepartureSafari = NonNullable<Awaited<ReturnType<typeof safariOf>>>;

/** The last day of a departure of a safari of `days` days. */
export const endOf = (startsOn: string, days: number) => addDays(startsOn, Math.max(days, 1) - 1);

/** The terms of seats on a group departure, in `language`. */
export const departureTerms = (language: Language) => serverMessages(language).t('departure.terms');

/**
 * The document of a booking of `travellers` seats (and `singleRooms` single rooms) on a departure,
 * on `today`, in `language` (the safari's days as `safariOf` read them in it).
 */
export function departureDocument(d: DepartureRow, safari: DepartureSafari, seats: { travellers: number; singleRooms: number }, today: string, language: Language): QuoteDocument {
  const m = serverMessages(language);
  const balance = addDays(d.starts_on, -60);
  const itinerary = safari.itinerary.length ? safari.itinerary : [{ title: safari.heading, description: '', breakfast: false, lunch: false, dinner: false, lodge: null, lodgeSlug: null }];
  const lines: QuoteDocument['lines'] = [{ label: m.t('departure.seatsLine', { title: safari.heading }), category: 'safari', basis: 'person', unitMinor: d.price_minor, quantity: null }];
  if (seats.singleRooms > 0 && d.single_supplement_minor > 0)
    lines.push({ label: m.t('departure.singleLine'), category: 'single-supplement', basis: 'person', unitMinor: d.single_supplement_minor, quantity: seats.singleRooms });
  return {
    title: `${safari.days}-day ${safari.title}`,
    message: '',
    travelFrom: d.starts_on,
    travelTo: endOf(d.starts_on, safari.days),
    travellers: { adults: seats.travellers, children: 0, childAges: [] },
    days: itinerary.map((day) => ({
      title: day.title,
      text: plain(day.description),
      lodge: day.lodge && day.lodgeSlug ? { slug: day.lodgeSlug, name: day.lodge, roomType: '', board: 'full-board' as const } : null,
      meals: { breakfast: day.breakfast, lunch: day.lunch, dinner: day.dinner },
      activities: [],
      stops: [],
    })),
    lines,
    currency: 'USD',
    display: null,
    depositPercent: DEFAULT_DEPOSIT_PERCENT,
    balanceDueOn: balance < today ? today : balance,
    validUntil: today,
    terms: departureTerms(language),
    included: [],
    excluded: [],
  };
}

/**
 * The trip page's document of a booking of departure seats (no quote behind it): the safari's days
 * as they are now, on the booking's dates, with the title and price lines the booking fixed. Null
 * when the booking holds no seats on a departure.
 */
export async function bookingTripDocument(tx: Tx, b: BookingRow): Promise<QuoteDocument | null> {
  const [seat] = await tx
    .select({ departure: departures, seats: departureSeats.seats, singles: departureSeats.single_rooms })
    .from(departureSeats)
    .innerJoin(departures, eq(departures.id, departureSeats.departure_id))
    .where(eq(departureSeats.booking_id, b.id));
  if (!seat) return null;
  // The title the booking keeps, as its traveller reads it (the safari's title in their language).
  const language = b.language as Language;
  const title = await travellerTitle(tx, { title: b.title ?? seat.departure.safari_slug, safariSlug: b.safari_slug, language });
  const safari = (await safariOf(tx, seat.departure.safari_slug, language)) ?? { id: 0, title, heading: title, days: 1, itinerary: [] };
  const made = b.created_at.toISOString().slice(0, 10);
  return {
    ...departureDocument(seat.departure, safari, { travellers: seat.seats, singleRooms: seat.singles }, made, language),
    title,
    travelFrom: b.travel_from,
    travelTo: b.travel_to,
    lines: b.price_lines ?? [],
    balanceDueOn: b.balance_due_on,
    validUntil: made,
  };
}
