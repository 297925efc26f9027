// Display formats of the cards and detail pages, in the page's language (common/intl.ts is the
// one home of the formatters; this binds them to the page).
import { formatDate, formatNumber, type DateStyle } from '../../common/intl.ts';
import type { Language } from '../../common/languages.ts';
import { usePageLanguage } from '../i18n/index.ts';

/** Dates already formatted (pages show the same dates on every render); bounded, emptied when full. */
const formattedDates = new Map<string, { text: string; iso: string }>();

/** "15 January 2024" in the language; the ISO date for the datetime attribute. */
function date(iso: string, language: Language): { text: string; iso: string } {
  const key = `${language} ${iso}`;
  let out = formattedDates.get(key);
  if (!out) {
    const d = new Date(iso);
    out = Number.isNaN(d.getTime()) ? { text: iso, iso } : { text: formatDate(d, language), iso: d.toISOString().slice(0, 10) };
    if (formattedDates.size >= 2000) formattedDates.clear();
    formattedDates.set(key, out);
  }
  return { ...out };
}

/** The page's formats: its dates and numbers. */
export function useFormat() {
  const language = usePageLanguage();
  return {
    language,
    date: (iso: string) => date(iso, language),
    day: (value: string, style?: DateStyle) => formatDate(value, language, style),
    /** "March 2027" for a YYYY-MM. */
    month: (value: string) => formatDate(value, language, 'month'),
    number: (n: number, maximumFractionDigits?: number) => formatNumber(n, language, maximumFractionDigits),
  };
}
