// The rendered-page cache: which page requests may be answered from server/http/cache.ts, and
// under which key. A page is kept only when its route module opts in (`export const handle =
// cachedPage` from app/lib/cache-policy.ts), the request is an anonymous GET or HEAD, and its
// query holds only what the route's policy names. Client navigations' data requests
// (`/path.data?_routes=...`) are kept the same way, since they are the same page's loader data.
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { CachePolicy, RouteHandle } from '../app/lib/cache-policy.ts';
import { queryKey } from './http/cache.ts';
import { DEFAULT_LANGUAGE, languageOfPath } from '../common/languages.ts';

export interface PagePlan {
  /** Cache key: build, year, path and the normalised query. */
  key: string;
  /** The URL rendered for the key (tracking parameters dropped), same origin as the request. */
  renderUrl: string;
  /** Statuses of answers that may be kept (200; and 404 for the not-found view). */
  statuses: readonly number[];
}

type Tree = RouteObject & { id: string; children?: Tree[] };
type RouteMatches = ReturnType<typeof matchRoutes<Tree>>;

/** The build's flat route manifest as the nested tree matchRoutes expects. */
function routeTree(build: ServerBuild): Tree[] {
  const byParent = new Map<string | undefined, Tree[]>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive } as Tree;
    const list = byParent.get(r.parentId) ?? [];
    list.push(node);
    byParent.set(r.parentId, list);
  }
  const attach = (nodes: Tree[]): Tree[] =>
    nodes.map((n) => {
      const children = byParent.get(n.id);
      return children && !n.index ? { ...n, children: attach(children) } : n;
    });
  return attach(byParent.get(undefined) ?? []);
}

/**
 * Whether a path is a possible page address: every escape decodes (a broken one such as %ff or %zz
 * does not) and it holds no control characters once decoded (no route can match a line break).
 */
export function decodable(pathname: string): boolean {
  if (!pathname.includes('%')) return !/[\x00-\x1f\x7f]/.test(pathname);
  try {
    return !/[\x00-\x1f\x7f]/.test(decodeURIComponent(pathname));
  } catch {
    return false;
  }
}

/** Whether a request carries anything that could make its answer personal. */
export function isPersonal(request: Request): boolean {
  return request.headers.has('cookie') || request.headers.has('authorization');
}

/** A page request's place in the cache: its normalised path and query, and the URL to render. */
const OK_ONLY = [200] as const;
/** The catch-all view answers 404, and that answer is the one kept. */
const ANY_ADDRESS_STATUSES = [200, 404] as const;

interface PlanCore {
  /** Statuses of answers that may be kept under this key. */
  statuses: readonly number[];
  /** Path and normalised query (tracking parameters dropped, parameters in a fixed order). */
  path: string;
  /** Path and query rendered for the key. */
  render: string;
  /** The cache key made for this plan, and the year it was made for. */
  key?: string;
  keyYear?: number;
}

let year = 0;
let yearFrom = 0;
let yearUntil = 0;
/** The current year (UTC), read from the clock only when a year's bounds are crossed. */
function currentYear(): number {
  const now = Date.now();
  if (now < yearFrom || now >= yearUntil) {
    year = new Date(now).getUTCFullYear();
    yearFrom = Date.UTC(year, 0, 1);
    yearUntil = Date.UTC(year + 1, 0, 1);
  }
  return year;
}

/** The page a path asks for: itself, or the page of a React Router data request (/parks.data, /_.data for /, /parks/_.data for /parks/). */
const pagePathOf = (pathname: string) => (!pathname.endsWith('.data') ? pathname : pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.slice(0, -'.data'.length));

interface Planning {
  matchesOf: (pagePath: string) => RouteMatches;
  build: ServerBuild;
  notPages: (pathname: string) => boolean;
  manifestPath: string;
  policyOf: (id: string) => CachePolicy | undefined;
}

/**
 * A data request's `_routes` (the loaders to run) as part of the key: only the matched routes'
 * ids make a (finite) key; undefined when it names others or comes more than once.
 */
function routesPartOf(params: URLSearchParams, matches: { route: unknown }[]): string | undefined {
  const wanted = params.getAll('_routes');
  params.delete('_routes');
  if (wanted.length > 1) return undefined;
  if (wanted.length === 0) return '';
  const ids = wanted[0]!.split(',');
  const matched = new Set(matches.map((m) => (m.route as Tree).id));
  if (!ids.every((id) => matched.has(id))) return undefined;
  return `_routes=${encodeURIComponent(ids.join(','))}`;
}

/** Which kept page a path and query is, or null when it is not one (no route, no policy, a query the route does not keep). */
function planCore({ matchesOf, notPages, manifestPath, policyOf }: Planning, pathAndQuery: string): PlanCore | null {
  // Appended to an origin, not resolved against it: a path starting with // is a path here.
  let url: URL;
  try {
    url = new URL(`http://site.internal${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`);
  } catch {
    return null;
  }
  if (url.pathname === manifestPath || notPages(url.pathname) || !decodable(url.pathname)) return null;
  const isData = url.pathname.endsWith('.data');
  const matches = matchesOf(pagePathOf(url.pathname));
  const leaf = matches?.[matches.length - 1]?.route as Tree | undefined;
  const policy = leaf ? policyOf(leaf.id) : undefined;
  if (!matches || !policy) return null;
  if (policy.anyAddress) {
    // One document for every address this route answers in a language (client data requests
    // excluded: their answer names the address's route matches); English keeps its key.
    const language = languageOfPath(url.pathname);
    return isData ? null : { path: `* ${leaf!.id}${language === DEFAULT_LANGUAGE ? '' : ` ${language}`}`, render: url.pathname, statuses: ANY_ADDRESS_STATUSES };
  }
  const params = new URLSearchParams(url.search);
  const routesPart = isData ? routesPartOf(params, matches) : '';
  if (routesPart === undefined) return null;
  const query = queryKey(params, policy);
  if (query === undefined) return null;
  const search = routesPart ? `${query ? `${query}&` : '?'}${routesPart}` : query;
  return { path: `${url.pathname}${search}`, render: `${url.pathname}${search}`, statuses: OK_ONLY };
}

/**
 * Plans page requests against a build's routes: a PagePlan when the answer may be kept. Plans
 * depend only on the URL, so they are remembered per URL (a bounded memo) for the fast path.
 */
export function pagePlanner(build: ServerBuild, notPages: (pathname: string) => boolean = () => false) {
  const tree = routeTree(build);
  const policyOf = (id: string): CachePolicy | undefined => (build.routes[id]?.module as { handle?: RouteHandle } | undefined)?.handle?.cache;
  // React Router's own endpoint for route discovery answers before any route: never a page.
  const manifestPath = (build as { routeDiscovery?: { manifestPath?: string } }).routeDiscovery?.manifestPath ?? '/__manifest';
  const memo = new Map<string, PlanCore | null>();
  const MEMO_MAX = 10_000;
  // The routes a path matches, per path (every query string of a path shares them; matching ranks
  // the whole route table each time). Long paths (no page has one) are matched each time.
  const matchMemo = new Map<string, RouteMatches>();
  function matchesOf(pagePath: string): RouteMatches {
    if (pagePath.length > 300) return matchRoutes(tree, pagePath);
    let m = matchMemo.get(pagePath);
    if (m === undefined) {
      m = matchRoutes(tree, pagePath);
      if (matchMemo.size >= MEMO_MAX) matchMemo.clear();
      matchMemo.set(pagePath, m);
    }
    return m;
  }

  function coreOf(pathAndQuery: string): PlanCore | null {
    let c = memo.get(pathAndQuery);
    if (c === undefined) {
      c = pathAndQuery.length > 2048 ? null : planCore({ matchesOf, build, notPages, manifestPath, policyOf }, pathAndQuery);
      if (memo.size >= MEMO_MAX) memo.clear();
      memo.set(pathAndQuery, c);
    }
    return c;
  }

  /** The cache key of a page request, or undefined when it must be rendered for itself. */
  function keyOf(method: string, pathAndQuery: string, personal: boolean): { key: string; render: string; statuses: readonly number[] } | undefined {
    if ((method !== 'GET' && method !== 'HEAD') || personal) return undefined;
    const c = coreOf(pathAndQuery);
    if (!c) return undefined;
    // The year too: the footer's copyright line is rendered from the clock. (Content changes drop
    // the kept pages made from what they changed: server/http/cache.ts.) The key is made once per
    // plan and year, so a kept page's lookup hashes the same string every time.
    const year = currentYear();
    if (c.keyYear !== year) {
      c.key = `page ${build.assets.version} y${year} ${c.path}`;
      c.keyYear = year;
    }
    return { key: c.key!, render: c.render, statuses: c.statuses };
  }

  /** The module of the route that answers a page path (a data request's path included). */
  function leafModule(pathname: string): Record<string, unknown> | undefined {
    const matches = matchesOf(pagePathOf(pathname));
    const leaf = matches?.[matches.length - 1]?.route as Tree | undefined;
    return leaf ? (build.routes[leaf.id]?.module as Record<string, unknown> | undefined) : undefined;
  }

  return {
    keyOf,
    leafModule,
    plan(request: Request): PagePlan | undefined {
      const url = new URL(request.url);
      const k = keyOf(request.method, url.pathname + url.search, isPersonal(request));
      return k && { key: k.key, renderUrl: url.origin + k.render, statuses: k.statuses };
    },
  };
}
