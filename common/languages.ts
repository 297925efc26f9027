// The site's languages, in one home: which exist, what the page's <html lang> and hreflang say,
// and how an English address reads in each (translated path words under /de/, /fr/, /es/).
// English is the default and stays at today's addresses, with no prefix. The translated words
// of the addresses are in common/language-paths.ts (the pages of one language need none of them). Which languages are
// served is configuration (SITE_LANGUAGES, server/config.ts); the routes of every language are
// built (app/routes.ts) and a language that is not served answers 404. Isomorphic.

export const LANGUAGE_CODES = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export interface LanguageInfo {
  readonly code: Language;
  /** The language's own name, as the switcher shows it. */
  readonly name: string;
  /** <html lang> and the BCP 47 tag for Intl. */
  readonly tag: string;
  /** The address prefix: '' for English, '/de' for German... */
  readonly prefix: string;
}

export const LANGUAGES: Readonly<Record<Language, LanguageInfo>> = {
  en: { code: 'en', name: 'English', tag: 'en-GB', prefix: '' },
  de: { code: 'de', name: 'Deutsch', tag: 'de', prefix: '/de' },
  fr: { code: 'fr', name: 'Français', tag: 'fr', prefix: '/fr' },
  es: { code: 'es', name: 'Español', tag: 'es', prefix: '/es' },
};

const OTHERS = LANGUAGE_CODES.filter((l) => l !== DEFAULT_LANGUAGE).join('|');
const PREFIX = new RegExp(`^/(${OTHERS})(?=/|$)`);
const ROUTE_ID_PREFIX = new RegExp(`^(${OTHERS}):`);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The language an address is in (by its prefix) and its path without the prefix. */
export function splitLanguage(path: string): { language: Language; rest: string } {
  const m = PREFIX.exec(path);
  if (!m) return { language: DEFAULT_LANGUAGE, rest: path };
  return { language: m[1] as Language, rest: path.slice(m[0].length) || '/' };
}

export function languageOfPath(path: string): Language {
  return splitLanguage(path).language;
}

/**
 * The languages served, read from SITE_LANGUAGES ("en,de,fr,es"): English always first, then the
 * others in the registry's order; an unknown code is an error the configuration reports.
 */
export function parseSiteLanguages(value: string | undefined): Language[] {
  const asked = (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = asked.filter((code) => !isLanguage(code));
  if (unknown.length > 0) throw new Error(`unknown language ${unknown.map((u) => JSON.stringify(u)).join(', ')} (known: ${LANGUAGE_CODES.join(', ')})`);
  return LANGUAGE_CODES.filter((code) => code === DEFAULT_LANGUAGE || asked.includes(code));
}

/** A route's id in another language (app/routes.ts): "de:routes/park"; English keeps its own. */
export function localizedRouteId(id: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? id : `${language}:${id}`;
}

/** The English route's id of a route in any language: "de:routes/park" → "routes/park". */
export function baseRouteId(id: string): string {
  return languageOfRouteId(id) === DEFAULT_LANGUAGE ? id : id.slice(3);
}

/** The language of a route by its id (see localizedRouteId). */
export function languageOfRouteId(id: string): Language {
  const m = ROUTE_ID_PREFIX.exec(id);
  return m ? (m[1] as Language) : DEFAULT_LANGUAGE;
}

export const LANGUAGE_FIELD_MESSAGE = `The language must be one of ${LANGUAGE_CODES.join(', ')}.`;

/**
 * The language a form or the API names for what a traveller sends (the page's language): absent
 * or empty is English; anything else must be a language of the registry.
 */
export function formLanguage(value: string | null | undefined): { ok: true; value: Language } | { ok: false; error: string } {
  const given = (value ?? '').trim();
  if (given === '') return { ok: true, value: DEFAULT_LANGUAGE };
  return isLanguage(given) ? { ok: true, value: given } : { ok: false, error: LANGUAGE_FIELD_MESSAGE };
}

/**
 * The first language a visitor's Accept-Language header names that the site serves ("de-CH" is
 * German), by its q-values and then its order ("q=0" refuses a language); null when it names none.
 * Only where one address answers in every language (the trip page of a link that cannot be opened).
 */
export function acceptedLanguage(header: string | null | undefined, served: readonly Language[]): Language | null {
  const ranked = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { code: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), order };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked.map((r) => r.code).find((code): code is Language => isLanguage(code) && served.includes(code)) ?? null;
}
