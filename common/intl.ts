// Dates, numbers, money and durations in a page's language: the one home of the site's Intl
// formatters (made once per language and style, then reused). English keeps the site's own
// formats: British dates and numbers ("15 January 2024", "1,000"), dollars as in the US ("$1,680").
// The other languages format as their home market does (de-DE, fr-FR, es-ES). Isomorphic.
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

/** The Intl locale of a language's dates and numbers. */
const LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

export function intlLocale(language: Language): string {
  return LOCALES[language] ?? LOCALES[DEFAULT_LANGUAGE];
}

/** The date styles the pages show. */
const DATE_STYLES = {
  /** "15 January 2024" */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "15 Jan 2024" */
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "January 2024" */
  month: { month: 'long', year: 'numeric' },
  /** "Mon, 15 Jan 2024" */
  weekdayShort: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** "Mon, 15 January 2024" */
  weekdayLong: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
  /** "Monday, 15 January 2024" */
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(language: Language, style: DateStyle): Intl.DateTimeFormat {
  const key = `${language} ${style}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(intlLocale(language), { ...DATE_STYLES[style], timeZone: 'UTC' })));
  return f;
}

/**
 * A calendar date or a moment, in UTC (the dates are days, not times of day): an ISO date
 * ("2024-01-15") or timestamp, or a Date. What is not a date is given back as it came.
 */
export function formatDate(value: string | Date, language: Language, style: DateStyle = 'long'): string {
  const d = typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : /^\d{4}-\d{2}$/.test(value) ? `${value}-01T00:00:00Z` : value) : value;
  return Number.isNaN(d.getTime()) ? String(value) : dateFormat(language, style).format(d);
}

/** A number in the language's digits and separators ("1,000", "1.000", "1 000"). */
export function formatNumber(n: number, language: Language, maximumFractionDigits?: number): string {
  const key = `${language} ${maximumFractionDigits ?? ''}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(intlLocale(language), maximumFractionDigits === undefined ? {} : { maximumFractionDigits })));
  return f.format(n);
}

/**
 * The formatter of amounts of money in a currency, in whole units unless `digits` says otherwise.
 * English dollars as in the US ("$1,680"), other English amounts as in Britain ("€1,546",
 * "UGX 6,173,000"); the other languages as at home ("1.680 $", "1 546 €").
 */
export function moneyFormat(currency: string, language: Language = DEFAULT_LANGUAGE, digits = 0): Intl.NumberFormat {
  const locale = language === DEFAULT_LANGUAGE && currency === 'USD' ? 'en-US' : intlLocale(language);
  const key = `${locale} ${currency} ${digits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol', minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, f);
  }
  return f;
}

export function formatMoney(amount: number, currency: string, language: Language = DEFAULT_LANGUAGE, digits = 0): string {
  return moneyFormat(currency, language, digits).format(amount);
}

const listFormats = new Map<Language, Intl.ListFormat>();

/** "English, Luganda and Swahili"; "Englisch, Luganda und Swahili". */
export function formatList(items: readonly string[], language: Language): string {
  let f = listFormats.get(language);
  if (!f) listFormats.set(language, (f = new Intl.ListFormat(intlLocale(language), { type: 'conjunction' })));
  return f.format(items);
}
