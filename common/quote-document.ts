// A quote version's document: the whole proposal an agent sends, checked by one zod schema in the
// console's form and in the API (and stored as it is, in quote_versions.document). Money is in minor
// units of `currency` (common/booking-money.ts computes the price from the lines).
import './zod-csp.ts';
import { z } from 'zod';
import { DEFAULT_DEPOSIT_PERCENT, isIsoDay, MoneyError, type PriceTerms, priceOf } from './booking-money.ts';
import { CURRENCIES } from './currency.ts';

z.config({ jitless: true });

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'withdrawn'] as const;

export const BOARD_BASES = ['room-only', 'bed-and-breakfast', 'half-board', 'full-board', 'all-inclusive'] as const;
type BoardBasis = (typeof BOARD_BASES)[number];
export const BOARD_LABELS: Record<BoardBasis, string> = {
  'room-only': 'Room only',
  'bed-and-breakfast': 'Bed and breakfast',
  'half-board': 'Half board',
  'full-board': 'Full board',
  'all-inclusive': 'All inclusive',
};

export const PRICE_CATEGORIES = ['safari', 'accommodation', 'permit', 'transfer', 'flight', 'activity', 'single-supplement', 'discount', 'other'] as const;
type PriceCategory = (typeof PRICE_CATEGORIES)[number];
export const PRICE_CATEGORY_LABELS: Record<PriceCategory, string> = {
  safari: 'Safari',
  accommodation: 'Accommodation',
  permit: 'Permit',
  transfer: 'Transfer',
  flight: 'Flight',
  activity: 'Activity',
  'single-supplement': 'Single supplement',
  discount: 'Discount',
  other: 'Other',
};

const MAX_DAYS = 60;
const MAX_TRAVELLERS = 40;

const isoDay = (what: string) => z.string({ error: `Enter ${what} as a date.` }).refine(isIsoDay, `Enter ${what} as a date.`);
const words = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .max(max, `${what.charAt(0).toUpperCase()}${what.slice(1)}: at most ${max} characters.`);
const minor = z.number({ error: 'Enter an amount.' }).int('Amounts are whole minor units (cents).').min(-1e11).max(1e11);

const quoteLodgeSchema = z.object({
  slug: words('the lodge', 120).min(1, 'Choose a lodge.'),
  name: words('the lodge’s name', 200).min(1, 'Choose a lodge.'),
  roomType: words('the room type', 120).default(''),
  board: z.enum(BOARD_BASES, { error: 'Choose the board basis.' }).default('full-board'),
});

/** A point of the route map (a park or place the day passes through). */
const routeStopSchema = z.object({
  name: words('the stop', 200),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

const quoteDaySchema = z.object({
  title: words('the day’s title', 200).min(1, 'Give every day a title.'),
  text: words('the day’s description', 5000).default(''),
  /** Where the night is spent; null on the last day or a night in transit. */
  lodge: quoteLodgeSchema.nullable().default(null),
  meals: z.object({ breakfast: z.boolean().default(false), lunch: z.boolean().default(false), dinner: z.boolean().default(false) }).default({ breakfast: false, lunch: false, dinner: false }),
  activities: z.array(words('an activity', 200).min(1)).max(20).default([]),
  stops: z.array(routeStopSchema).max(10).default([]),
});

/** A price line (a quote's, or a booking made by hand's: common/booking-manual.ts). */
export const quotePriceLineSchema = z
  .object({
    label: words('the line’s description', 200).min(1, 'Describe every price line.'),
    category: z.enum(PRICE_CATEGORIES, { error: 'Choose what the line is for.' }),
    basis: z.enum(['person', 'group'], { error: 'Choose per person or per group.' }),
    unitMinor: minor,
    quantity: z.number().int().min(0).max(999).nullable().default(null),
  })
  .refine((l) => (l.category === 'discount' ? l.unitMinor < 0 : l.unitMinor >= 0), { message: 'A discount is a negative amount; every other line is zero or more.', path: ['unitMinor'] });

export const quoteDocumentSchema = z
  .object({
    title: words('the trip’s title', 200).min(1, 'Give the trip a title.'),
    /** A note to the traveller, shown above the itinerary. */
    message: words('the message', 5000).default(''),
    travelFrom: isoDay('the first day of travel'),
    travelTo: isoDay('the last day of travel'),
    travellers: z.object({
      adults: z.number({ error: 'Enter the number of adults.' }).int().min(1, 'At least one adult travels.').max(MAX_TRAVELLERS),
      children: z.number({ error: 'Enter the number of children.' }).int().min(0).max(MAX_TRAVELLERS),
      childAges: z.array(z.number().int().min(0).max(17)).max(MAX_TRAVELLERS).default([]),
    }),
    days: z.array(quoteDaySchema).min(1, 'Add at least one day.').max(MAX_DAYS, `At most ${MAX_DAYS} days.`),
    lines: z.array(quotePriceLineSchema).min(1, 'Add at least one price line.').max(60),
    currency: z.literal('USD').default('USD'),
    /** Shown beside the dollars at the rate of the day the quote was made, or null. */
    display: z
      .object({
        currency: z.enum(CURRENCIES.filter((c) => c !== 'USD') as [string, ...string[]]),
        rate: z.number({ error: 'Enter the rate as a number of units per US dollar.' }).positive('Enter the rate as a number of units per US dollar.').max(1e6),
        /** The day of the rate: the site's rate's, or the day the agent set their own (kept with the version). */
        rateOn: isoDay('the rate’s date').nullish(),
      })
      .nullable()
      .default(null),
    depositPercent: z.number().int().min(0).max(100).default(DEFAULT_DEPOSIT_PERCENT),
    balanceDueOn: isoDay('the balance’s due date'),
    validUntil: isoDay('the date the quote is valid until'),
    terms: words('the terms', 20_000).min(1, 'Enter the terms the traveller accepts.'),
    included: z.array(words('an included item', 300).min(1)).max(60).default([]),
    excluded: z.array(words('an excluded item', 300).min(1)).max(60).default([]),
  })
  .refine((d) => d.travelTo >= d.travelFrom, { message: 'The last day of travel cannot be before the first.', path: ['travelTo'] })
  .refine((d) => d.balanceDueOn <= d.travelFrom, { message: 'The balance is due on or before the first day of travel.', path: ['balanceDueOn'] })
  .refine((d) => d.travellers.childAges.length === 0 || d.travellers.childAges.length === d.travellers.children, {
    message: 'Give an age for each child, or none.',
    path: ['travellers', 'childAges'],
  });
export type QuoteDocument = z.infer<typeof quoteDocumentSchema>;

export type QuoteCheck = { ok: true; document: QuoteDocument; price: PriceTerms } | { ok: false; error: string; path: string };

/** A document checked and priced: its first problem in words (with where), or the document and its price. */
export function checkQuoteDocument(input: unknown): QuoteCheck {
  const parsed = quoteDocumentSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: issue.message, path: issue.path.join('.') };
  }
  const d = parsed.data;
  try {
    const price = priceOf({ currency: d.currency, lines: d.lines, travellers: d.travellers, depositPercent: d.depositPercent, travelFrom: d.travelFrom, balanceDueOn: d.balanceDueOn });
    return { ok: true, document: d, price };
  } catch (e) {
    if (e instanceof MoneyError) return { ok: false, error: `${e.message}.`, path: 'lines' };
    throw e;
  }
}

/** A quote's days as the route map reads them (common/route.ts safariRoute): each day's stops, in order. */
export function quoteRouteDays(d: Pick<QuoteDocument, 'days'>) {
  return d.days.map((day, i) => ({ day_number: i + 1, stops: day.stops.map((s) => ({ title: s.name, parktitleslug: null, latitude: s.latitude, longitude: s.longitude })) }));
}
