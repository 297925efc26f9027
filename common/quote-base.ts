// Where a new quote starts: a safari of the site (its days, stops, lodges, activities, includes and
// price copied in) or a blank itinerary; and what an enquiry already says about the trip. Shared by
// the console's new-quote screen (its loader) and the API. A quote is written in the traveller's
// language: the safari's answer in that language gives its texts, and the words a quote starts
// with (its title's form, the price line's, the terms) are that language's.
import type { SafariResponse } from './api-types.ts';
import { addDays, DEFAULT_DEPOSIT_PERCENT } from './booking-money.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';
import type { QuoteDocument } from './quote-document.ts';
import { safariHeading } from './safari-title.ts';

/** What a quote reads of a safari's page answer. */
type SafariAnswer = Pick<SafariResponse, 'safari' | 'safaridays'>;

/** A quote is valid this many days after it is made, unless the agent says otherwise. */
const DEFAULT_VALID_DAYS = 14;
/** A blank quote's trip starts this many days after today, until the agent sets the dates. */
const DEFAULT_LEAD_DAYS = 90;

/** The words a new quote starts with, in the language it is written in (staff change them at will). */
interface StartWords {
  /** A blank quote's title and its first day's. */
  blank: string;
  firstDay: string;
  /** The title of a quote based on a safari of `days` days. */
  title: (days: number, safari: string) => string;
  /** The safari's price line. */
  perPerson: (safari: string) => string;
  terms: string;
}

const START_WORDS: Record<Language, StartWords> = {
  en: {
    blank: 'Your safari',
    firstDay: 'Day 1',
    title: (days, safari) => `${days}-day ${safari}`,
    perPerson: (safari) => `${safari} (per person)`,
    terms:
      'Your booking is confirmed when we receive the deposit. The balance is due by the date shown. Cancellation more than 60 days before travel: the deposit is kept; 60 to 30 days: 50 % of the total; less than 30 days: the total. Gorilla and chimpanzee permits cannot be refunded once bought. We strongly recommend travel insurance.',
  },
  de: {
    blank: 'Ihre Safari',
    firstDay: 'Tag 1',
    title: (days, safari) => safariHeading(days, safari, 'de'),
    perPerson: (safari) => `${safari} (pro Person)`,
    terms:
      'Ihre Buchung ist bestätigt, sobald die Anzahlung bei uns eingegangen ist. Der Restbetrag ist bis zum angegebenen Datum fällig. Stornierung mehr als 60 Tage vor Reisebeginn: Die Anzahlung wird einbehalten; 60 bis 30 Tage: 50 % des Gesamtpreises; weniger als 30 Tage: der Gesamtpreis. Gorilla- und Schimpansen-Permits können nach dem Kauf nicht erstattet werden. Wir empfehlen dringend eine Reiseversicherung.',
  },
  fr: {
    blank: 'Votre safari',
    firstDay: 'Jour 1',
    title: (days, safari) => safariHeading(days, safari, 'fr'),
    perPerson: (safari) => `${safari} (par personne)`,
    terms:
      'Votre réservation est confirmée dès réception de l’acompte. Le solde est dû à la date indiquée. Annulation plus de 60 jours avant le départ : l’acompte est conservé ; de 60 à 30 jours : 50 % du total ; moins de 30 jours : le total. Les permis gorilles et chimpanzés ne sont pas remboursables une fois achetés. Nous vous recommandons vivement une assurance voyage.',
  },
  es: {
    blank: 'Su safari',
    firstDay: 'Día 1',
    title: (days, safari) => safariHeading(days, safari, 'es'),
    perPerson: (safari) => `${safari} (por persona)`,
    terms:
      'Su reserva queda confirmada cuando recibimos el depósito. El saldo vence en la fecha indicada. Cancelación con más de 60 días de antelación: se retiene el depósito; de 60 a 30 días: el 50 % del total; con menos de 30 días: el total. Los permisos para gorilas y chimpancés no son reembolsables una vez comprados. Le recomendamos encarecidamente un seguro de viaje.',
  },
};

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

/** The dates and money every new quote starts with, and its terms in its language. */
function frame(
  today: string,
  days: number,
  language: Language,
): Pick<QuoteDocument, 'travelFrom' | 'travelTo' | 'balanceDueOn' | 'validUntil' | 'depositPercent' | 'currency' | 'display' | 'terms' | 'message'> {
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
    terms: START_WORDS[language].terms,
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

/** A blank itinerary of one day, for two adults, in the quote's language. */
export function blankQuote(today: string, language: Language = DEFAULT_LANGUAGE): QuoteDocument {
  const words = START_WORDS[language];
  return {
    ...frame(today, 1, language),
    title: words.blank,
    travellers: { adults: 2, children: 0, childAges: [] },
    days: [{ title: words.firstDay, text: '', lodge: null, meals: { breakfast: false, lunch: false, dinner: false }, activities: [], stops: [] }],
    lines: [{ label: 'Safari', category: 'safari', basis: 'person', unitMinor: 0, quantity: null }],
    included: [],
    excluded: [],
  };
}

/**
 * A quote based on a safari of the site: its days, lodges, stops and activities, its price per
 * person; its texts as the answer gives them (the safari's answer in the quote's language, or the
 * English one where it has no translation there).
 */
export function quoteFromSafari(data: SafariAnswer, today: string, language: Language = DEFAULT_LANGUAGE): QuoteDocument {
  const s = data.safari;
  const words = START_WORDS[language];
  const days = [...data.safaridays].sort((a, b) => a.day_number - b.day_number);
  return {
    ...frame(today, days.length || s.safariday, language),
    title: words.title(s.safariday, s.safarititle),
    travellers: { adults: 2, children: 0, childAges: [] },
    days: days.map((d) => ({
      title: d.title,
      text: plain(d.description),
      lodge: d.lodge ? { slug: d.lodge.lodgetitleslug, name: d.lodge.lodgetitle, roomType: '', board: 'full-board' as const } : null,
      meals: { breakfast: flag(d.breakfast), lunch: flag(d.lunch), dinner: flag(d.dinner) },
      activities: d.experiences.map((x) => x.experiencetitle),
      stops: d.stops.flatMap((p) => (p.latitude === null || p.longitude === null ? [] : [{ name: p.title, latitude: p.latitude, longitude: p.longitude }])),
    })),
    lines: [{ label: words.perPerson(s.safarititle), category: 'safari', basis: 'person', unitMinor: s.safariprice * 100, quantity: null }],
    included: list(s.safariincludes),
    excluded: list(s.safariexcludes),
  };
}

/**
 * A safari's answer in another language, each night's lodge taken from the English answer (the
 * lodge a quote names is its English slug, as the console's lodges are), under its translated name
 * where the translated answer gives one: a lodge whose own translation is missing is left out of
 * that answer, and the quote keeps every night's lodge.
 */
export function safariInLanguage(translated: SafariAnswer, english: SafariAnswer): SafariAnswer {
  const lodges = new Map(english.safaridays.map((d) => [d.day_number, d.lodge]));
  return {
    ...translated,
    safaridays: translated.safaridays.map((d) => {
      const lodge = lodges.get(d.day_number) ?? null;
      return { ...d, lodge: lodge && d.lodge ? { ...lodge, lodgetitle: d.lodge.lodgetitle } : lodge };
    }),
  };
}
