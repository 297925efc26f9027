// The title a safari is shown under on the site (its page, cards, structured data, the PDF, the
// route map): the number of days with the title as written, in the page's language. English puts
// the days in front, "3 Day Gorilla Trekking Safari"; German, French and Spanish name the days
// first and the title after a colon, which reads well whatever the title's grammar:
// "3 Tage: Gorilla-Trekking in Bwindi", "3 jours : Trek des gorilles", "3 días: Trekking de gorilas".
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

const HEADINGS: Record<Language, (days: number, title: string) => string> = {
  en: (days, title) => `${days} Day ${title}`,
  de: (days, title) => `${days} ${days === 1 ? 'Tag' : 'Tage'}: ${title}`,
  // French typography: a no-break space before the colon; one day and less is singular.
  fr: (days, title) => `${days} ${days <= 1 ? 'jour' : 'jours'}\u00a0: ${title}`,
  es: (days, title) => `${days} ${days === 1 ? 'día' : 'días'}: ${title}`,
};

export function safariHeading(days: number, title: string, language: Language = DEFAULT_LANGUAGE): string {
  return HEADINGS[language](days, title);
}

/**
 * A safari's title on a card or in a list (cards, side lists, the navigation's panels): English
 * says "3 Days Gorilla Trekking Safari" there; the other languages as on the safari's page.
 */
export function safariCardTitle(days: number, title: string, language: Language = DEFAULT_LANGUAGE): string {
  return language === DEFAULT_LANGUAGE ? `${days} ${days === 1 ? 'Day' : 'Days'} ${title}` : safariHeading(days, title, language);
}
