// Which rendered pages the server may keep and serve again (server/page-cache.ts). Caching is
// opt-in: a route module exports one of these as its `handle`; a route without one is rendered
// for every request. Only anonymous GET/HEAD answers with status 200 are kept, keyed by the URL,
// the content version and the build; any query parameter the policy does not name means the page
// is rendered fresh, so arbitrary query strings cannot fill the cache.
export interface CachePolicy {
  /** Query parameters whose values select a different cached page (e.g. ?page=N of a list). */
  query?: readonly string[];
  /** For parameters that take only a few values: the values kept; any other is produced fresh. */
  values?: Readonly<Record<string, readonly string[]>>;
  /**
   * The route renders the same document for every address it answers (the not-found view): one
   * kept answer, with its status (404), serves them all, so random addresses cost nothing.
   */
  anyAddress?: boolean;
}

export interface RouteHandle {
  cache?: CachePolicy;
}

/** A page that is the same for every visitor, without query parameters. */
export const cachedPage = { cache: {} } as const satisfies RouteHandle;

/** A paginated list: each valid ?page=N is a page of its own (invalid ones are 404s, never kept). */
export const cachedList = { cache: { query: ['page'] } } as const satisfies RouteHandle;

/** The not-found view of the catch-all route: one kept 404 page for every unknown address. */
export const cachedNotFound = { cache: { anyAddress: true } } as const satisfies RouteHandle;

/** A map picture (app/routes/*-map.ts): the default (wide) one, and the square one of ?size=phone. */
export const cachedMap = { cache: { query: ['size'], values: { size: ['phone'] } } } as const satisfies RouteHandle;
