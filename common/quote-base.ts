// Where a new quote starts: a safari of the site (its days, stops, lodges, activities, includes and
// price copied in) or a blank itinerary; and what an enquiry already says about the trip. Shared by
// the console's new-quote screen (its loader) and the API.
import type { SafariResponse } from './api-types.ts';
import { addDays, DEFAULT_DEPOSIT_PERCENT } from './booking-money.ts';
import type { QuoteDocument } from './quote-document.ts';

/** A quote is valid this many days after it is made, unless the agent says otherwise. */
const DEFAULT_VALID_DAYS = 14;
/** A blank quote's trip starts this many days after today, until the agent sets the dates. */
const DEFAULT_LEAD_DAYS = 90;

const DEFAULT_TERMS =
  'Your booking is confirmed when we receive the deposit. The balance is due by the date shown. Cancellation more than 60 days before travel: the deposit is kept; 60 to 30 days: 50 % of the total; less than 30 days: the total. Gorilla and chimpanzee permits cannot be refunded once bought. We strongly recommend travel insurance.';

const flag = (v: unknown) => v === true || v === 'true';
const plain = (html: string) =>
  html
    .replace(/<\/(p|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&rsquo;/g, '’')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
const list = (text: string) =>
  text
    .replace(/["'`{}\\]/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The dates and money every new quote starts with. */
function frame(today: string, days: number): Pick<QuoteDocument, 'travelFrom' | 'travelTo' | 'balanceDueOn' | 'validUntil' | 'depositPercent' | 'currency' | 'display' | 'terms' | 'message'> {
  const travelFrom = addDays(today, DEFAULT_LEAD_DAYS);
  const balance = addDays(travelFrom, -60);
  return {
    travelFrom,
    travelTo: addDays(travelFrom, Math.max(days, 1) - 1),
    balanceDueOn: balance < today ? today : balance,
    validUntil: addDays(today, DEFAULT_VALID_DAYS),
    depositPercent: DEFAULT_DEPOSIT_PERCENT,
    currency: 'USD',
    display: null,
    terms: DEFAULT_TERMS,
    message: '',
  };
}

/** What an enquiry said about the trip (all optional), as a new quote takes it. */
export interface EnquiryTrip {
  travelFrom: string | null;
  travelTo: string | null;
  /** YYYY-MM: travel is flexible within that month. */
  travelMonth: string | null;
  adults: number | null;
  children: number | null;
  childAges: number[];
}

/**
 * A new quote with the enquiry's trip in it: its travellers, and its dates (the first of its month
 * when only a month was given), the itinerary's length kept when no last day was given. Dates
 * already past are left to the agent.
 */
export function withEnquiryTrip(doc: QuoteDocument, trip: EnquiryTrip | null, today: string): QuoteDocument {
  if (!trip) return doc;
  const adults = trip.adults ?? doc.travellers.adults;
  const children = trip.children ?? (trip.childAges.length || doc.travellers.children);
  const childAges = trip.childAges.length === children ? trip.childAges : [];
  const out: QuoteDocument = { ...doc, travellers: { adults, children, childAges } };
  const from = trip.travelFrom ?? (trip.travelMonth ? `${trip.travelMonth}-01` : null);
  if (!from || from < today) return out;
  const length = Math.round((Date.parse(doc.travelTo) - Date.parse(doc.travelFrom)) / 86_400_000);
  const to = trip.travelFrom && trip.travelTo && trip.travelTo >= from ? trip.travelTo : addDays(from, length);
  const balance = addDays(from, -60);
  return { ...out, travelFrom: from, travelTo: to, balanceDueOn: balance < today ? today : balance };
}

/** A blank itinerary of one day, for two adults. */
export function blankQuote(today: string): QuoteDocument {
  return {
    ...frame(today, 1),
    title: 'Your safari',
    travellers: { adults: 2, children: 0, childAges: [] },
    days: [{ title: 'Day 1', text: '', lodge: null, meals: { breakfast: false, lunch: false, dinner: false }, activities: [], stops: [] }],
    lines: [{ label: 'Safari', category: 'safari', basis: 'person', unitMinor: 0, quantity: null }],
    included: [],
    excluded: [],
  };
}

/** A quote based on a safari of the site: its days, lodges, stops and activities, its price per person. */
export function quoteFromSafari(data: SafariResponse, today: string): QuoteDocument {
  const s = data.safari;
  const days = [...data.safaridays].sort((a, b) => a.day_number - b.day_number);
  return {
    ...frame(today, days.length || s.safariday),
    title: `${s.safariday}-day ${s.safarititle}`,
    travellers: { adults: 2, children: 0, childAges: [] },
    days: days.map((d) => ({
      title: d.title,
      text: plain(d.description),
      lodge: d.lodge ? { slug: d.lodge.lodgetitleslug, name: d.lodge.lodgetitle, roomType: '', board: 'full-board' as const } : null,
      meals: { breakfast: flag(d.breakfast), lunch: flag(d.lunch), dinner: flag(d.dinner) },
      activities: d.experiences.map((x) => x.experiencetitle),
      stops: d.stops.flatMap((p) => (p.latitude === null || p.longitude === null ? [] : [{ name: p.title, latitude: p.latitude, longitude: p.longitude }])),
    })),
    lines: [{ label: `${s.safarititle} (per person)`, category: 'safari', basis: 'person', unitMinor: s.safariprice * 100, quantity: null }],
    included: list(s.safariincludes),
    excluded: list(s.safariexcludes),
  };
}
