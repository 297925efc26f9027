// The UI's messages (app/i18n/catalogues/, compiled to app/i18n/compiled/): one catalogue per
// language, made once (app/i18n/messages.ts reads them), in two parts: the shell's and the pages'.
// English's shell part is in the shell; another language's is a chunk of its own, loaded only on
// its language's pages. The pages' part is split per route (app/i18n/load.ts): a page loads its
// language's shared chunk and its routes' own (entry.client.tsx before hydrating, the root's
// clientMiddleware before a navigation commits; the server loads every chunk once), so a page
// loads its own language's and its own route's messages and no other's. A component reads the
// page's messages with useT() (a page's or a form's: from app/i18n/pages.ts).
import { createContext, useContext } from 'react';
import { matchRoutes, type DataStrategyResult, type MiddlewareFunction, type RouteObject } from 'react-router';
import { DEFAULT_LANGUAGE, languageOfPath, type Language } from '../../common/languages.ts';
import { messages as english } from './compiled/en.ts';
import { pagesMessages, type Routes } from './load.ts';
import { catalogue, type Catalogue as I18n, type Messages } from './messages.ts';

const instances = new Map<Language, I18n>([[DEFAULT_LANGUAGE, catalogue(DEFAULT_LANGUAGE, { ...english })]]);

const SHELLS: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  de: () => import('./compiled/de.ts'),
  fr: () => import('./compiled/fr.ts'),
  es: () => import('./compiled/es.ts'),
};
const shells = new Map<Language, Promise<I18n>>();

/**
 * The language's messages (its shell's part) with the pages' messages of these routes (by their
 * ids; 'all': every route's, as the server loads them), each part loaded once (English's shell is
 * always there).
 */
export async function loadLanguage(language: Language, routeIds: Routes = []): Promise<I18n> {
  let shell = shells.get(language);
  if (!shell) {
    shell = language === DEFAULT_LANGUAGE ? Promise.resolve(instances.get(language)!) : SHELLS[language as Exclude<Language, 'en'>]().then((m) => catalogue(language, { ...m.messages }));
    shells.set(language, shell);
  }
  const [i18n, pages] = await Promise.all([shell, pagesMessages(language, routeIds)]);
  Object.assign(i18n.messages, pages);
  instances.set(language, i18n);
  return i18n;
}

/**
 * The root's clientMiddleware: a client navigation's messages (its language's and its routes'),
 * loaded while its route modules and data load, and there before it commits, so a page never
 * renders a key. The routes are matched in the hydrated router's own route tree.
 */
export const loadNavigationMessages: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ url }, next) => {
  const router = (window as { __reactRouterDataRouter?: { routes: RouteObject[] } }).__reactRouterDataRouter;
  const ids = (router ? matchRoutes(router.routes, url.pathname) : null)?.flatMap((m) => m.route.id ?? []) ?? [];
  const messages = loadLanguage(languageOfPath(url.pathname), ids);
  const result = await next();
  await messages;
  return result;
};

/** The language's messages if loaded, English until then. */
export function i18nFor(language: Language): I18n {
  return instances.get(language) ?? instances.get(DEFAULT_LANGUAGE)!;
}

export const I18nContext = createContext<I18n>(i18nFor(DEFAULT_LANGUAGE));

/** The page's language: its messages' (the root provides them by the page's address). */
export function usePageLanguage(): Language {
  return useContext(I18nContext).locale as Language;
}

/**
 * A value's message key by a map of literal keys, for words chosen by a value (a tier, a status):
 * the split of the catalogues per route sees the keys only where they are written whole
 * (app/i18n/split.ts). A value the map does not name is said as it came.
 */
export const keyOf = <K extends string>(keys: Readonly<Record<K, string>>, value: string): string => (Object.hasOwn(keys, value) ? keys[value as K] : value);

/** A message of the page's language by its key, with its values (ICU: plurals, selects). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function useT(): Translate {
  const i18n = useContext(I18nContext);
  return (key, values) => i18n._(key, values);
}

/**
 * A message of text and plain values as its pieces, each rendered as its own text node, as JSX
 * writes `since {year}.`: the English pages stay as they were rendered before the catalogues. A
 * message with plurals or selects is one string.
 */
export function useTParts(): (key: string, values: Record<string, string>) => string[] {
  const i18n = useContext(I18nContext);
  return (key, values) => {
    const compiled = i18n.messages[key];
    if (!Array.isArray(compiled) || !compiled.every((p) => typeof p === 'string' || (Array.isArray(p) && p.length === 1))) return [i18n._(key, values)];
    return compiled.map((p) => (typeof p === 'string' ? p : (values[p[0] as string] ?? ''))).filter((p) => p !== '');
  };
}
