// React Router's request handler over only the routes a page address can match. Per request, the
// handler matches the address against every ranked branch of its route table (up to five times:
// the request, the static handler's query, the discovery manifest's ancestors) and the renderer
// rebuilds the whole table as React routes (`ServerRouter`: createServerRoutes and
// createStaticRouter). With every public page in four languages that is some 270 routes each time.
//
// An address can only match a route whose path begins with the address's first segment, or whose
// first segment is dynamic (`:slug`, `*`, optional), or that has no path of its own (the root, a
// layout, the home page). So the routes are grouped once by the static first segment of their full
// path, and a request is handed to a handler built over its group plus the routes every group
// shares: the same routes match, in the same rank (filtering keeps their order), and the rendered
// document is the same bytes. Anything unusual (a data request, the discovery manifest, an escape,
// an empty segment) goes to the handler over the whole table.
import { createRequestHandler, type ServerBuild } from 'react-router';

type Handler = ReturnType<typeof createRequestHandler>;
type ServerRoute = NonNullable<ServerBuild['routes'][string]>;

/** The first segment of a route's full path: a static segment in lower case, '' when the path is
 * empty (the root, a layout, an index route), or undefined when it is dynamic or optional. */
function firstSegmentOf(routes: ServerBuild['routes'], route: ServerRoute): string | undefined {
  let path = route.path ?? '';
  for (let parent = route.parentId ? routes[route.parentId] : undefined; parent; parent = parent.parentId ? routes[parent.parentId] : undefined) {
    path = `${parent.path ?? ''}/${path}`;
  }
  const first = path.split('/').find((s) => s !== '') ?? '';
  if (first.startsWith(':') || first.includes('*') || first.endsWith('?')) return undefined;
  return first.toLowerCase();
}

/** The build with only the routes whose first segment `keep` accepts (server routes and assets alike). */
function buildWith(build: ServerBuild, keep: (id: string) => boolean): ServerBuild {
  const routes = Object.fromEntries(Object.entries(build.routes).filter(([id]) => keep(id)));
  const assetRoutes = Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => keep(id)));
  return { ...build, routes, assets: { ...build.assets, routes: assetRoutes } };
}

/**
 * The builds a page address is rendered with: one per static first segment of the routes' paths,
 * one with only the routes every address shares, and the whole build. `scopeOf` names the one
 * for an address.
 */
export function routeScopes(build: ServerBuild): { builds: ServerBuild[]; scopeOf: (pathname: string) => ServerBuild } {
  if (build.basename && build.basename !== '/') return { builds: [build], scopeOf: () => build };
  const firsts = new Map<string, string | undefined>();
  for (const [id, route] of Object.entries(build.routes)) if (route) firsts.set(id, firstSegmentOf(build.routes, route));
  const shared = (id: string) => {
    const f = firsts.get(id);
    return f === undefined || f === '';
  };
  const bySegment = new Map<string, ServerBuild>();
  for (const segment of new Set(firsts.values())) {
    if (segment)
      bySegment.set(
        segment,
        buildWith(build, (id) => shared(id) || firsts.get(id) === segment),
      );
  }
  const sharedOnly = buildWith(build, shared);
  const manifestPath = build.routeDiscovery?.manifestPath ?? '/__manifest';
  const scopeOf = (pathname: string): ServerBuild => {
    if (pathname.endsWith('.data') || pathname === manifestPath || pathname.includes('%') || pathname.includes('//') || !pathname.startsWith('/')) return build;
    const end = pathname.indexOf('/', 1);
    const segment = pathname.slice(1, end === -1 ? undefined : end).toLowerCase();
    if (segment === '') return pathname === '/' ? sharedOnly : build;
    return bySegment.get(segment) ?? sharedOnly;
  };
  return { builds: [build, sharedOnly, ...bySegment.values()], scopeOf };
}

/** React Router's handler for a page address, over only the routes the address can match. */
export function routeScopedHandler(build: ServerBuild): Handler {
  const { builds, scopeOf } = routeScopes(build);
  const handlers = new Map(builds.map((b) => [b, createRequestHandler(b, 'production')]));
  return (request, context) => handlers.get(scopeOf(new URL(request.url).pathname))!(request, context);
}
