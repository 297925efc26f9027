// The web app: the API under /api (in-process, or proxied to API_URL), static assets, and the
// React Router server-rendered site for every other URL.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { ApiClient } from '../common/api-client.ts';
import { compression } from './compress.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeKept, type HttpCache } from './http-cache.ts';
import { baseHeaders, boundedWrites, securityHeaders, tooLargeMessage, withPagePolicy } from './security.ts';
import { decodable, pagePlanner } from './page-cache.ts';
import type { Logger } from './logger.ts';
import { withImageMetaFrom } from './media/annotate.ts';
import { atPublicOrigin, callerSource, forwardedHeaders, ProxyTrust, socketAddress } from './spam/client-address.ts';
import { mediaDirs } from './media/dirs.ts';

export const projectRoot = path.resolve(import.meta.dirname, '..');
export const buildDir = path.join(projectRoot, 'build');

export interface WebOptions {
  /** The in-process API app, whose routes start with /api; absent when API_URL points at another host. */
  api?: { fetch(req: Request, env?: unknown): Response | Promise<Response> };
  apiUrl?: string;
  logger: Logger;
  build: ServerBuild;
  /** The canonical origin (security headers: HSTS when https). */
  siteUrl: string;
  clientDir?: string;
  /** Rendered pages of routes that opt in, scoped to the content version (server/page-cache.ts). */
  pages?: { cache: HttpCache };
  /** Which peers' X-Forwarded-* headers are believed (TRUST_PROXY); default: none. */
  trust?: ProxyTrust;
}

/** Request headers a cached render never depends on, or must not see. */
const NOT_FOR_RENDER = ['cookie', 'authorization', 'if-none-match', 'if-modified-since', 'range', 'if-range'];

/** URL paths of the files in the client build outside /assets/ (favicon and the like). */
function listPublicFiles(clientDir: string): Set<string> {
  const out = new Set<string>();
  if (!existsSync(clientDir)) return out;
  for (const e of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const rel = path.relative(clientDir, path.join(e.parentPath, e.name)).split(path.sep).join('/');
    if (!rel.startsWith('assets/') && !rel.startsWith('.')) out.add(`/${rel}`);
  }
  return out;
}

export async function loadServerBuild(): Promise<ServerBuild> {
  const file = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(file)) throw new Error(`No production build at ${file}. Run \`npm run build\` first.`);
  return (await import(file)) as ServerBuild;
}

/**
 * An API client for loaders: in-process through the API app, or over HTTP to API_URL. Its JSON
 * answers carry the media manifest's data for the images they mention (server/media/annotate.ts).
 */
/** The files that belong to a page, under its address: they move with it. */
const PAGE_FILE = /^(\/.+?)(\/(?:itinerary\.pdf|route\.svg|location\.svg))$/;

/**
 * Where the content editor moved this address (server/api/redirects.ts), with its query; a page's
 * own files (its itinerary PDF, its map) follow the page to its new address.
 */
async function movedTo(client: ApiClient, url: URL): Promise<string | undefined> {
  const whole = url.pathname.replace(/\/+$/, '');
  const file = PAGE_FILE.exec(whole);
  const path = file ? file[1]! : whole;
  const tail = file ? file[2]! : '';
  if (!/^\/[a-z0-9/-]{1,300}$/.test(path)) return undefined;
  try {
    const res = await client.fetch(`/redirects?path=${encodeURIComponent(path)}`, { headers: { accept: 'application/json' } });
    if (!res.ok) return undefined;
    const { to } = (await res.json()) as { to?: string };
    return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') ? to + tail + url.search : undefined;
  } catch {
    return undefined;
  }
}

export function apiClientFor(opts: Pick<WebOptions, 'api' | 'apiUrl' | 'trust'>, incoming?: Request, peer?: string): ApiClient {
  return withImageMetaFrom(plainApiClient(opts, incoming, peer), mediaDirs()[0]!);
}

// The visitor of a page request, as the API hears of it (server/spam/client-address.ts): in
// process, in the call's environment, which no client can set; over HTTP (API_URL), as
// X-Forwarded-* headers with this process's view, believed by an API host whose TRUST_PROXY
// names this process. Headers the visitor sent are never passed on as they are.
function plainApiClient(opts: Pick<WebOptions, 'api' | 'apiUrl' | 'trust'>, incoming?: Request, peer?: string): ApiClient {
  const caller = incoming ? callerSource(opts.trust ?? NO_PROXY, incoming, peer) : undefined;
  const agent: Record<string, string> = incoming ? { 'user-agent': incoming.headers.get('user-agent') ?? '' } : {};
  if (opts.apiUrl) {
    const base = opts.apiUrl;
    const forwarded = caller ? { ...agent, ...forwardedHeaders(caller) } : agent;
    return { fetch: (p, init) => fetch(base + p, { ...init, headers: { ...forwarded, ...(init?.headers as Record<string, string>) } }) };
  }
  const api = opts.api!;
  const env = caller ? { caller } : undefined;
  return {
    fetch: async (p, init) => api.fetch(new Request(`http://api.internal/api${p}`, { ...init, headers: { ...agent, ...(init?.headers as Record<string, string>) } }), env),
  };
}

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });

/**
 * Writes to a page address answer only what the route can take: a POST of a form to a route with
 * an action, from this site. Anything else gets its 4xx here, before React Router reads the request
 * (whose own checks would throw). Returns the request to hand on: when the form was posted from the
 * site's canonical origin (the public address in front of a proxy), the request is addressed to
 * that origin so that it matches the browser's Origin header.
 */
async function checkPageWrite(request: Request, route: Record<string, unknown> | undefined, siteUrl: string): Promise<Response | Request> {
  const allow = route?.action ? 'GET, HEAD, POST' : 'GET, HEAD';
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow, 'cache-control': 'no-store' } });
  if (!route?.action || request.method !== 'POST') return plain(405, 'This address does not accept that method.', { allow });
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data'))
    return plain(415, 'Send the form as application/x-www-form-urlencoded or multipart/form-data.');
  try {
    await request.clone().formData();
  } catch {
    return plain(400, 'The form could not be read. Please send it again.');
  }
  const origin = request.headers.get('origin');
  if (origin === null) return request;
  const url = new URL(request.url);
  let from: URL | undefined;
  try {
    from = origin === 'null' ? undefined : new URL(origin);
  } catch {
    from = undefined;
  }
  if (from?.origin === url.origin) return request;
  if (from && from.origin === new URL(siteUrl).origin) {
    return new Request(from.origin + url.pathname + url.search, { method: request.method, headers: request.headers, body: await request.arrayBuffer() });
  }
  return plain(403, 'This form can only be sent from our website.');
}

const NO_PROXY = new ProxyTrust(null);

/** The operator's console and its data requests (/admin, /admin/..., /admin.data). */
export function isConsolePath(pathname: string): boolean {
  return /^\/admin(?:[/.]|$)/.test(pathname);
}

export function createWeb(opts: WebOptions) {
  const app = new Hono();
  const security = { siteUrl: opts.siteUrl };
  // Every response leaves with the security headers (server/security.ts).
  app.use('*', securityHeaders(security));
  // Fingerprinted assets are compressed once and kept; pages as they stream.
  app.use('*', compression({ fixed: (p) => p.startsWith('/assets/') }));
  // Every write is read here, bounded, before anything parses it.
  app.use(
    '*',
    boundedWrites((limit, pathname) => {
      opts.logger.info({ status: 413 }, 'request refused: body over the limit');
      // An API path answers in the API's words (JSON), before the API itself reads anything.
      if (pathname === '/api' || pathname.startsWith('/api/'))
        return new Response(JSON.stringify({ error: tooLargeMessage(limit) }), { status: 413, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
      return new Response(tooLargeMessage(limit), { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    }),
  );
  const clientDir = opts.clientDir ?? path.join(buildDir, 'client');
  const relClient = path.relative(process.cwd(), clientDir) || '.';

  // The API: same process, or a proxy to the API host.
  if (opts.apiUrl) {
    const base = opts.apiUrl;
    app.all('/api/*', async (c) => {
      const url = new URL(c.req.url);
      const target = base + url.pathname.replace(/^\/api/, '') + url.search;
      const headers = new Headers(c.req.raw.headers);
      for (const h of ['host', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto']) headers.delete(h);
      for (const [k, v] of Object.entries(forwardedHeaders(callerSource(opts.trust ?? NO_PROXY, c.req.raw, socketAddress(c.env))))) headers.set(k, v);
      const res = await fetch(target, {
        method: c.req.method,
        headers,
        body: c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : c.req.raw.body,
        duplex: 'half',
      } as RequestInit);
      // fetch() has already decoded the body: drop the encoding headers (the compression
      // middleware encodes again for the client).
      const out = new Headers(res.headers);
      out.delete('content-encoding');
      out.delete('content-length');
      return new Response(res.body, { status: res.status, headers: out });
    });
  } else {
    const api = opts.api!;
    // Handed over as it is: the API's routes start with /api, and it reads the connection's
    // address from the environment.
    app.all('/api', (c) => api.fetch(c.req.raw, c.env));
    app.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
  }

  // Fingerprinted build assets: cached for a year.
  app.use(
    '/assets/*',
    serveStatic({
      root: relClient,
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // Other public files (favicon...): cached for a day. Only the files the build holds are looked
  // up, so a page request costs no file-system call.
  const publicFiles = listPublicFiles(clientDir);
  const publicStatic = serveStatic({
    root: relClient,
    onFound: (_p, c) => {
      c.header('Cache-Control', 'public, max-age=86400');
    },
  });
  app.use('*', (c, next) => (publicFiles.has(c.req.path) ? publicStatic(c, next) : next()));

  const handle = createRequestHandler(opts.build, 'production');
  const entry = opts.build.entry.module as unknown as { apiContext: RouterContext<ApiClient>; pageRendererContext?: RouterContext<unknown> };
  const apiContext = entry.apiContext;
  // A public page drawn from other API answers (the content editor's preview): the same handler,
  // no page cache, nothing of the visitor's request; the caller adds the security policy.
  const renderPage = (url: string, read: ApiClient['fetch']) => {
    const client = withImageMetaFrom({ fetch: read }, mediaDirs()[0]!);
    return handle(new Request(url, { headers: { accept: 'text/html' } }), new RouterContextProvider(new Map<RouterContext, unknown>([[apiContext, client]])));
  };
  const render = (request: Request, peer: string | undefined) => {
    const client = apiClientFor(opts, request, peer);
    const context = new RouterContextProvider(
      new Map<RouterContext, unknown>([[apiContext, client], ...(entry.pageRendererContext && isConsolePath(new URL(request.url).pathname) ? [[entry.pageRendererContext, renderPage] as [RouterContext, unknown]] : [])]),
    );
    return handle(request, context).then(async (res) => {
      // An address a changed slug left behind: a permanent redirect to the item's new address.
      if (res.status === 404 && (request.method === 'GET' || request.method === 'HEAD')) {
        const moved = await movedTo(client, new URL(request.url));
        if (moved) return withPagePolicy(new Response(null, { status: 301, headers: { location: moved, 'cache-control': 'public, max-age=300' } }), security);
      }
      // The console: never kept by anyone, never indexed, whatever the route says.
      if (isConsolePath(new URL(request.url).pathname)) {
        res.headers.set('cache-control', 'no-store');
        res.headers.set('x-robots-tag', 'noindex, nofollow');
      }
      return withPagePolicy(res, security);
    });
  };
  // Addresses the app answers before the pages: never looked up among kept pages.
  const planner = pagePlanner(opts.build, (p) => p === '/api' || p.startsWith('/api/') || p.startsWith('/assets/') || publicFiles.has(p) || isConsolePath(p));
  const pages = opts.pages;
  const base = baseHeaders(security);
  app.all('*', async (c) => {
    const peer = socketAddress(c.env);
    // Behind a trusted proxy, the page is handled for the host and scheme the visitor used.
    let request = atPublicOrigin(opts.trust ?? NO_PROXY, c.req.raw, peer);
    // An address that cannot be decoded is the client's mistake, answered here.
    const refused = (res: Response) => {
      // A client's fault: one line at info, no stack.
      opts.logger.info({ status: res.status, method: request.method, path: c.req.path.slice(0, 200) }, 'request refused');
      return res;
    };
    if (!decodable(new URL(request.url).pathname)) return refused(plain(404, 'There is no page at this address.'));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const checked = await checkPageWrite(request, planner.leafModule(c.req.path), opts.siteUrl);
      if (checked instanceof Response) return checked.status === 204 ? checked : refused(checked);
      request = checked;
    }
    const planned = pages?.cache.enabled ? planner.plan(request) : undefined;
    if (!planned) return render(request, peer);
    return pages!.cache.serve(planned.key, request, () => {
      // One render serves everyone: a plain GET of the normalised URL, nothing personal in it.
      const headers = new Headers(request.headers);
      for (const h of NOT_FOR_RENDER) headers.delete(h);
      return render(new Request(planned.renderUrl, { method: 'GET', headers }), peer);
    }, planned.statuses);
  });

  /**
   * Kept pages answered before any Request object is made (called by the HTTP server for every
   * request; false: not a kept page, the app handles it).
   */
  const serveKept = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!pages?.cache.enabled || !req.url) return false;
    let entry;
    try {
      const k = planner.keyOf(req.method ?? 'GET', req.url, !!(req.headers.cookie || req.headers.authorization));
      entry = k && pages.cache.get(k.key);
    } catch (err) {
      // Whatever the address, the app answers it properly; the fast path just steps aside.
      opts.logger.warn({ err, url: req.url.slice(0, 200) }, 'kept-page lookup failed');
      return false;
    }
    if (!entry) return false;
    pages.cache.countHit();
    writeKept(entry, req, res, base);
    return true;
  };

  return Object.assign(app, { serveKept });
}
