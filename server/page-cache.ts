// The rendered-page cache: which page requests may be answered from server/http-cache.ts, and
// under which key. A page is kept only when its route module opts in (`export const handle =
// cachedPage` from app/lib/cache-policy.ts), the request is an anonymous GET or HEAD, and its
// query holds only what the route's policy names. Client navigations' data requests
// (`/path.data?_routes=...`) are kept the same way, since they are the same page's loader data.
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { CachePolicy, RouteHandle } from '../app/lib/cache-policy.ts';
import { queryKey } from './http-cache.ts';

export interface PagePlan {
  /** Cache key: build, content version, year, path and the normalised query. */
  key: string;
  /** The URL rendered for the key (tracking parameters dropped), same origin as the request. */
  renderUrl: string;
}

type Tree = RouteObject & { id: string; children?: Tree[] };

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

/** Whether a request carries anything that could make its answer personal. */
export function isPersonal(request: Request): boolean {
  return request.headers.has('cookie') || request.headers.has('authorization');
}

/** Plans page requests against a build's routes: a PagePlan when the answer may be kept. */
export function pagePlanner(build: ServerBuild) {
  const tree = routeTree(build);
  const policyOf = (id: string): CachePolicy | undefined => (build.routes[id]?.module as { handle?: RouteHandle } | undefined)?.handle?.cache;

  return (request: Request, contentVersion: number): PagePlan | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    if (isPersonal(request)) return undefined;
    const url = new URL(request.url);
    // React Router's data requests: /parks.data, /_.data for /, /parks/_.data for /parks/.
    const isData = url.pathname.endsWith('.data');
    const pathname = !isData ? url.pathname : url.pathname.endsWith('/_.data') ? url.pathname.slice(0, -'_.data'.length) : url.pathname.slice(0, -'.data'.length);
    const matches = matchRoutes(tree, pathname);
    const leaf = matches?.[matches.length - 1]?.route as Tree | undefined;
    const policy = leaf ? policyOf(leaf.id) : undefined;
    if (!matches || !policy) return undefined;

    const params = new URLSearchParams(url.search);
    let routesPart = '';
    if (isData) {
      // _routes names the loaders to run; only the matched routes' ids make a (finite) key.
      const wanted = params.getAll('_routes');
      params.delete('_routes');
      if (wanted.length > 1) return undefined;
      if (wanted.length === 1) {
        const ids = wanted[0]!.split(',');
        const matched = new Set(matches.map((m) => (m.route as Tree).id));
        if (!ids.every((id) => matched.has(id))) return undefined;
        routesPart = `_routes=${encodeURIComponent(ids.join(','))}`;
      }
    }
    const query = queryKey(params, policy);
    if (query === undefined) return undefined;
    const search = routesPart ? `${query ? `${query}&` : '?'}${routesPart}` : query;
    return {
      // The year too: the footer's copyright line is rendered from the clock.
      key: `page ${build.assets.version} v${contentVersion} y${new Date().getUTCFullYear()} ${url.pathname}${search}`,
      renderUrl: `${url.origin}${url.pathname}${search}`,
    };
  };
}
