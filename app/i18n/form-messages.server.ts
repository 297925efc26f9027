// A form's failure in the language of the page it was sent from, for the API's answers (the
// server's half of the forms in the page's language; the pages say the same with useT()). English
// is the spec's exact words, as common/validation.ts writes them; the other languages come from
// the pages' catalogues (`validation.<key>`). Server-only: it loads every catalogue it needs.
import { DEPARTURE_MESSAGES } from '../../common/departures.ts';
import { PAY_MESSAGES } from '../../common/payments.ts';
import { TRIP_MESSAGES as TRIP_PAGE_MESSAGES } from '../../common/trip-page.ts';
import { TRIP_LIMITS, TRIP_MESSAGES } from '../../common/enquiry-trip.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { failureText, type Failure } from './failure.ts';
import { reviewMessageText } from './review-messages.ts';
import { pagesMessages } from './load.ts';
import { catalogue, type Catalogue } from './messages.ts';

const [de, fr, es] = await Promise.all((['de', 'fr', 'es'] as const).map((language) => pagesMessages(language, 'all')));
const CATALOGUES: Record<Exclude<Language, 'en'>, Catalogue> = { de: catalogue('de', de!), fr: catalogue('fr', fr!), es: catalogue('es', es!) };
// The trip's checks' words (keys written whole, as app/i18n/split.ts reads them).
const TRIP_ERROR_KEYS: Record<keyof typeof TRIP_MESSAGES, string> = {
  safari: 'trip.error.safari',
  unknownSafari: 'trip.error.unknownSafari',
  travelFrom: 'trip.error.travelFrom',
  travelTo: 'trip.error.travelTo',
  travelToAlone: 'trip.error.travelToAlone',
  travelMonth: 'trip.error.travelMonth',
  adults: 'trip.error.adults',
  children: 'trip.error.children',
  childAges: 'trip.error.childAges',
  budget: 'trip.error.budget',
};

/** A failure's message in a language (English: its own words). */
export function failureMessage(failure: Failure, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return failure.error;
  const c = CATALOGUES[language as Exclude<Language, 'en'>];
  return failureText((key, values) => c._(key, values), failure);
}

/** A trip's failed check (one of TRIP_MESSAGES, by its English words) in a language; other words as they came. */
export function tripFailureMessage(english: string, language: Language): string {
  const key = (Object.keys(TRIP_MESSAGES) as (keyof typeof TRIP_MESSAGES)[]).find((k) => TRIP_MESSAGES[k] === english);
  if (language === DEFAULT_LANGUAGE || !key) return english;
  const max = { adults: TRIP_LIMITS.adultsMax, children: TRIP_LIMITS.childrenMax, childAges: TRIP_LIMITS.childAgeMax }[key as string];
  return CATALOGUES[language as Exclude<Language, 'en'>]._(TRIP_ERROR_KEYS[key], max === undefined ? undefined : { max: String(max) });
}

/** A review's sentence (a check's words or the thanks, common/reviews.ts) in a language; other words as they came. */
export function reviewMessage(english: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return english;
  const c = CATALOGUES[language as Exclude<Language, 'en'>];
  return reviewMessageText((key) => c._(key), english);
}

/** Words of a table (English words → the pages' catalogue key) in a language; other words as they came. */
function sayIn(table: readonly (readonly [string, string])[], english: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return english;
  const key = table.find(([words]) => words === english)?.[1];
  return key ? CATALOGUES[language as Exclude<Language, 'en'>]._(key) : english;
}

/** The booking checks a traveller can meet on a departure's page (common/departures.ts); the trip page's say some of the same words. */
const DEPARTURE_WORDS = [
  [DEPARTURE_MESSAGES.notFound, 'book.error.notFound'],
  [DEPARTURE_MESSAGES.closed, 'book.error.closed'],
  [DEPARTURE_MESSAGES.soldOut, 'book.error.soldOut'],
  [DEPARTURE_MESSAGES.travellers, 'tripPage.error.traveller'],
  [DEPARTURE_MESSAGES.singles, 'book.error.singles'],
  [DEPARTURE_MESSAGES.leadName, 'tripPage.error.leadName'],
  [DEPARTURE_MESSAGES.email, 'book.error.email'],
  [DEPARTURE_MESSAGES.phone, 'book.error.phone'],
  [DEPARTURE_MESSAGES.terms, 'tripPage.error.terms'],
] as const;

/** A seat booking's refusal (one of DEPARTURE_MESSAGES, by its English words) in a language; other words as they came. */
export function departureMessage(english: string, language: Language): string {
  return sayIn(DEPARTURE_WORDS, english, language);
}

/** The trip page's refusals a traveller can meet (common/trip-page.ts, common/payments.ts). */
const TRIP_PAGE_WORDS = [
  [TRIP_PAGE_MESSAGES.leadName, 'tripPage.error.leadName'],
  [TRIP_PAGE_MESSAGES.traveller, 'tripPage.error.traveller'],
  [TRIP_PAGE_MESSAGES.terms, 'tripPage.error.terms'],
  [TRIP_PAGE_MESSAGES.age, 'tripPage.error.age'],
  [TRIP_PAGE_MESSAGES.notes, 'tripPage.error.notes'],
  [PAY_MESSAGES.method, 'tripPage.pay.method'],
  [PAY_MESSAGES.currency, 'tripPage.pay.currency'],
  [PAY_MESSAGES.nothingDue, 'tripPage.pay.nothingDue'],
  [PAY_MESSAGES.changed, 'tripPage.pay.changed'],
  [PAY_MESSAGES.unavailable, 'tripPage.pay.unavailable'],
  [PAY_MESSAGES.providerDown, 'tripPage.pay.providerDown'],
  [PAY_MESSAGES.noRate, 'tripPage.pay.noRate'],
] as const;

/** A trip page's refusal (by its English words) in a language; other words as they came. */
export function tripPageMessage(english: string, language: Language): string {
  return sayIn(TRIP_PAGE_WORDS, english, language);
}
