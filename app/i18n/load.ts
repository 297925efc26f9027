// The pages' messages by chunk (app/i18n/compiled/pages/<language>/, planned per route by
// app/i18n/split.ts): the shared chunk and each route's own, each loaded once per language. The
// browser loads the chunks of the routes it shows (entry.client.tsx before hydrating, the root's
// clientMiddleware before a navigation commits); the server loads every chunk once at start.
// English's index of chunks is in the shell; another language's is loaded with that language.
import { baseRouteId, DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { chunks as english } from './compiled/pages/en/index.ts';
import { ROUTE_CHUNKS, SHARED_CHUNK } from './compiled/pages/routes.ts';
import type { Messages } from './messages.ts';

/** A language's chunks of the pages' messages by name. */
export type Chunks = Record<string, () => Promise<{ messages: Messages }>>;

const INDEXES: Record<Exclude<Language, 'en'>, () => Promise<{ chunks: Chunks }>> = {
  de: () => import('./compiled/pages/de/index.ts'),
  fr: () => import('./compiled/pages/fr/index.ts'),
  es: () => import('./compiled/pages/es/index.ts'),
};

const indexes = new Map<Language, Promise<Chunks>>([[DEFAULT_LANGUAGE, Promise.resolve(english)]]);
const loaded = new Map<string, Promise<Messages>>();

/** Routes by their ids, or every route (the server). */
export type Routes = readonly string[] | 'all';

/** The chunks the pages of these routes read: the shared one and each route's own; none for no route. */
export function chunkNames(chunks: Chunks, routes: Routes): string[] {
  if (routes === 'all') return Object.keys(chunks);
  return routes.length ? [SHARED_CHUNK, ...routes.flatMap((id) => ROUTE_CHUNKS[baseRouteId(id)] ?? [])] : [];
}

/** The pages' messages of these routes in a language. */
export async function pagesMessages(language: Language, routeIds: Routes): Promise<Messages> {
  let index = indexes.get(language);
  if (!index) indexes.set(language, (index = INDEXES[language as Exclude<Language, 'en'>]().then((m) => m.chunks)));
  const chunks = await index;
  const parts = chunkNames(chunks, routeIds).map((name) => {
    const key = `${language}/${name}`;
    let part = loaded.get(key);
    if (!part) loaded.set(key, (part = chunks[name]!().then((m) => m.messages)));
    return part;
  });
  return Object.assign({}, ...(await Promise.all(parts))) as Messages;
}
