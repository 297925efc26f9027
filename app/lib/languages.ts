// The page's language in the UI: read off its address (common/languages.ts), with the languages
// the server serves (the root loader names them when there are several). The addresses in other
// languages (common/language-paths.ts) are a chunk of their own: the server loads it at start, the
// browser before hydrating a page in another language or a page with the switcher
// (entry.client.tsx), so an English page of an English-only site never loads it.
import { useLocation, useMatches, type MetaDescriptor } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, languageOfPath, type Language } from '../../common/languages.ts';

type LanguagePaths = typeof import('../../common/language-paths.ts');
let paths: LanguagePaths | undefined;

/** The addresses in other languages, loaded once. */
export async function loadLanguagePaths(): Promise<void> {
  paths ??= await import('../../common/language-paths.ts');
}

function loadedPaths(): LanguagePaths {
  if (!paths) throw new Error('the addresses in other languages are not loaded (loadLanguagePaths)');
  return paths;
}

/** An English address in a language (English: as given). */
function localizePath(englishPath: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? englishPath : loadedPaths().localizePath(englishPath, language);
}

/** An absolute English address in a language, its query kept (English: as given). */
export function urlIn(englishUrl: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? englishUrl : loadedPaths().urlIn(englishUrl, language);
}

type RootData = { languages?: readonly Language[] } | undefined;

/** The languages served, from the root's loader data (one of the matches given to meta or a hook). */
function servedLanguages(matches: readonly unknown[]): readonly Language[] {
  const root = matches.find((m) => (m as { id?: string } | undefined)?.id === 'root') as { loaderData?: RootData; data?: RootData } | undefined;
  return (root?.loaderData ?? root?.data)?.languages ?? [DEFAULT_LANGUAGE];
}

/**
 * The canonical link of a page in its own language, and (when several languages are served) an
 * alternate for each served language plus x-default, the English page.
 */
export function languageLinks(englishUrl: string, pathname: string, matches: readonly unknown[], alternates?: PageAlternates): MetaDescriptor[] {
  const language = languageOfPath(pathname);
  const tags: MetaDescriptor[] = [{ tagName: 'link', rel: 'canonical', href: urlIn(englishUrl, language) }];
  const served = servedLanguages(matches);
  if (served.length < 2) return tags;
  // The languages the page exists in, when its answer names them (an untranslated item: English only).
  const at = (l: Language) => (alternates ? (alternates[l] === undefined ? undefined : addressAt(englishUrl, alternates[l])) : urlIn(englishUrl, l));
  for (const l of served) {
    const href = at(l);
    if (href) tags.push({ tagName: 'link', rel: 'alternate', hrefLang: LANGUAGES[l].code, href });
  }
  const fallback = at(DEFAULT_LANGUAGE);
  if (fallback) tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: fallback });
  return tags;
}

/** The addresses of a page in the languages it exists in (each in its language's form), from its API answer. */
export type PageAlternates = Partial<Record<Language, string>>;

/** An address of the page's site, the page's query kept (later pages of a list). */
function addressAt(pageUrl: string, path: string): string {
  const url = new URL(pageUrl);
  url.pathname = path;
  return url.toString();
}

/** The same page's address in another language (the switcher): through its English address. */
export function pathIn(pathname: string, language: Language): string {
  return language === DEFAULT_LANGUAGE && languageOfPath(pathname) === DEFAULT_LANGUAGE ? pathname : loadedPaths().translatePath(pathname, language);
}

/**
 * The language a page at one address for every language is shown in: the one its loader names as
 * `shownLanguage` (the trip page: the booking's or quote's), if any.
 */
export function useDataLanguage(): Language | undefined {
  const matches = useMatches();
  const named = matches.map((m) => (m.loaderData as { shownLanguage?: unknown } | undefined)?.shownLanguage).find(isLanguage);
  return named;
}

/** The language the page is shown in: the one its data names, else its address's. */
export function useShownLanguage(): Language {
  const named = useDataLanguage();
  const { pathname } = useLocation();
  return named ?? languageOfPath(pathname);
}

/** The page's language: its address's, or the one its data names. */
function useLanguage(): Language {
  return useShownLanguage();
}

/** A link's address in the page's language, given in English or already in the page's language. */
export function useLocalLink(): (path: string) => string {
  const language = useLanguage();
  return (path) => pathIn(path, language);
}

/** A maker of addresses in the page's language from English ones (the shell's links). */
export function useLocalPath(): (englishPath: string) => string {
  const language = useLanguage();
  return (path) => localizePath(path, language);
}

/**
 * The language of the page a form was sent from (stored with what the traveller sent): the page's
 * address when the form names it, else the Referer, else the address the form was posted to.
 */
export function languageOfForm(request: Request, pageUrl?: string | null): Language {
  for (const candidate of [pageUrl, request.headers.get('referer'), request.url]) {
    if (!candidate) continue;
    try {
      return languageOfPath(new URL(candidate, request.url).pathname);
    } catch {
      // not an address: the next one
    }
  }
  return DEFAULT_LANGUAGE;
}
