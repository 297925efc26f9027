// A form's failure in the language of the page it was sent from, for the API's answers (the
// server's half of the forms in the page's language; the pages say the same with useT()). English
// is the spec's exact words, as common/validation.ts writes them; the other languages come from
// the pages' catalogues (`validation.<key>`). Server-only: it loads every catalogue it needs.
import { TRIP_LIMITS, TRIP_MESSAGES } from '../../common/enquiry-trip.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { failureText, type Failure } from './failure.ts';
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
