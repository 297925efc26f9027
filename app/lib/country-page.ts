// The words of a country's pages (/parks/in/…, /safaris/in/…, /experiences/in/…) and of a safari
// experience's page, in the page's language: the values their messages read, and their <title> and
// meta description, which the API words in English (an English page keeps the API's).
import type { MetaDescriptor } from 'react-router';
import type { PageMeta } from '../../common/api-types.ts';
import { DEFAULT_LANGUAGE, languageOfPath } from '../../common/languages.ts';
import { i18nFor } from '../i18n/index.ts';
import { buildMeta, type MetaOptions, type MetaPlace } from './meta.ts';

/** A country's name and its slug as the messages' selects read it (ICU's keys have no hyphens). */
export function countryValues(slug: string, country: string): { slug: string; country: string } {
  return { slug: slug.replaceAll('-', '_'), country };
}

/** The catalogue's keys of a page's title and description, and their values. */
interface PageWords {
  title: string;
  description: string;
  values: Record<string, string>;
}

/** A page's <head> with its title and description in the page's language (English: the API's). */
export function metaInLanguage(page: PageMeta | undefined, words: PageWords | undefined, opts: MetaOptions, at: MetaPlace): MetaDescriptor[] {
  const language = languageOfPath(at.location.pathname);
  if (!page || !words || language === DEFAULT_LANGUAGE) return buildMeta(page, opts, at);
  const i18n = i18nFor(language);
  return buildMeta({ ...page, title: i18n._(words.title, words.values), pageDescription: i18n._(words.description, words.values) }, opts, at);
}
