// The web app: the API under /api (in-process, or proxied to API_URL), static assets, and the
// React Router server-rendered site for every other URL.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { ApiClient } from '../common/api-client.ts';
import { compression } from './http/compress.ts';
import { isClientFault, logClientFault, refuseUnknownMethods } from './http/edge.ts';
import { RETRY_AFTER_SECONDS } from './db/availability.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeKept, type HttpCache } from './http/cache.ts';
import { baseHeaders, boundedWrites, discardBody, isStaffLargeWrite, securityHeaders, tooLargeMessage, withPagePolicy, writeLimitFor } from './http/security.ts';
import { decodable, pagePlanner } from './page-cache.ts';
import { routeScopedHandler } from './render-routes.ts';
import type { Logger } from './logger.ts';
import { withImageMetaFrom } from './media/annotate.ts';
import { atPublicOrigin, callerSource, forwardedHeaders, ProxyTrust, socketAddress } from './http/client-address.ts';
import type { ClientBudget } from './spam/budget.ts';
import { mediaDirs } from './media/dirs.ts';
import { bytesResponse, responseBytes } from '../common/document-bytes.ts';
import { DEFAULT_LANGUAGE, languageOfPath, type Language } from '../common/languages.ts';
import { localizePath } from '../common/language-paths.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
export const buildDir = path.join(projectRoot, 'build');

export interface WebOptions {
  /** The in-process API app, whose routes start with /api; absent when API_URL points at another host. */
  api?: { fetch(req: Request, env?: unknown): Response | Promise<Response>; allowedMethods?(path: string): string };
  apiUrl?: string;
  logger: Logger;
  build: ServerBuild;
  /** The canonical origin (security headers: HSTS when https). */
  siteUrl: string;
  /** Other origins a page's form may lead to (the payment providers' hosted pages, server/payments/index.ts). */
  formTargets?: readonly string[];
  clientDir?: string;
  /** Rendered pages of routes that opt in, scoped to the content version (server/page-cache.ts). */
  pages?: { cache: HttpCache };
  /** Per-address budget of pages rendered for their request (server/spam/budget.ts); none: no limit. */
  budget?: ClientBudget;
  /** Which peers' X-Forwarded-* headers are believed (TRUST_PROXY); default: none. */
  trust?: ProxyTrust;
  /** Where the console's large writes are kept while they arrive (under DATA_DIR); none: in memory. */
  spoolDir?: string;
  /** The languages served (SITE_LANGUAGES); default: English only. */
  languages?: readonly Language[];
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

/** API paths read in a page's language (server/api/languages.ts): the content, not the console, files or redirects. */
const IN_LANGUAGE = /^\/(?!admin(\/|$)|redirects(\/|\?|$)|images\/)/;

/**
 * A page's API reads in its language when several are served: /api/de/… for a German page (its
 * items translated, the untranslated left out), /api/en/… for an English one (which names the
 * languages each page exists in). With English alone the reads are the plain English answers.
 */
function inPageLanguage(client: ApiClient, request: Request, languages: readonly Language[] | undefined): ApiClient {
  if (!languages || languages.length < 2) return client;
  const language = languageOfPath(new URL(request.url).pathname);
  return {
    ...client,
    fetch: (p, init) => (IN_LANGUAGE.test(p) && (init?.method ?? 'GET') === 'GET' ? client.fetch(`/${language}${p}`, init) : client.fetch(p, init)),
  };
}

function apiClientFor(opts: Pick<WebOptions, 'api' | 'apiUrl' | 'trust'>, incoming?: Request, peer?: string): ApiClient {
  return withImageMetaFrom(plainApiClient(opts, incoming, peer), mediaDirs()[0]!);
}

// The visitor of a page request, as the API hears of it (server/http/client-address.ts): in
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
  const allow = allowOf(route);
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow, 'cache-control': 'no-store' } });
  if (!route?.action || request.method !== 'POST') return plain(405, 'This address does not accept that method.', { allow });
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return plain(415, 'Send the form as application/x-www-form-urlencoded or multipart/form-data.');
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

/** An address only the catch-all route answers: the not-found view is the same for every address. */
const NOT_FOUND_PATH = '/_not-found';

/**
 * The request for the not-found view in place of one whose address no route can read (a broken
 * escape, a control character): a GET (HEAD stays HEAD) of NOT_FOUND_PATH with the visitor's
 * headers, so the kept 404 page answers it (conditional and compressed like any kept page).
 */
function notFoundRequest(request: Request): Request {
  return new Request(new URL(NOT_FOUND_PATH, request.url), { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers: request.headers });
}

/**
 * The methods a page address takes: GET and HEAD when it shows something (a loader or a page),
 * POST when it has an action (a form's address that shows nothing takes only POST).
 */
function allowOf(route: Record<string, unknown> | undefined): string {
  const shows = !route || Boolean(route.loader || route.default);
  return [...(shows ? ['GET', 'HEAD'] : []), ...(route?.action ? ['POST'] : [])].join(', ');
}

const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/');

/** The operator's console and its data requests (/admin, /admin/..., /admin.data). */
function isConsolePath(pathname: string): boolean {
  return /^\/admin(?:[/.]|$)/.test(pathname);
}

type Planner = ReturnType<typeof pagePlanner>;

/**
 * What every request meets before a route: security headers, compression, methods no address
 * takes, the console's large writes checked before their body, bounded bodies, and the answer to
 * what escapes a handler. `planner` is read when a request comes (it is made after the routes).
 */
function mountEdge(app: Hono, opts: WebOptions, planner: () => Planner): void {
  const security = { siteUrl: opts.siteUrl, formTargets: opts.formTargets };
  // Every response leaves with the security headers (server/http/security.ts).
  app.use('*', securityHeaders(security));
  // Fingerprinted assets are compressed once and kept; pages as they stream.
  app.use('*', compression({ fixed: (p) => p.startsWith('/assets/') }));
  // Methods no address takes (TRACE, PROPFIND...): 405 with the address's Allow, before
  // anything reads the request (server/http/edge.ts).
  app.use(
    '*',
    refuseUnknownMethods({
      logger: opts.logger,
      json: isApiPath,
      allow: (p) => (isApiPath(p) ? (opts.api?.allowedMethods?.(p) ?? 'GET, HEAD, POST') : allowOf(planner().leafModule(p))),
    }),
  );
  // The console's large writes to page actions (the media library's and the CSV import's forms
  // without JavaScript): a signed-out or cross-site post is refused before a byte of its body is read.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'POST' || isApiPath(c.req.path) || !isStaffLargeWrite(c.req.path)) return next();
    const refusal = await staffOnlyBeforeBody(opts, c.req.raw, socketAddress(c.env));
    if (!refusal) return next();
    opts.logger.info({ status: refusal.status, method: 'POST', path: c.req.path.slice(0, 200) }, 'request refused before its body was read');
    // The body is then read to its end and dropped (never kept), so the answer reaches the client.
    if (!(await discardBody(c.req.raw, writeLimitFor(c.req.path)))) refusal.headers.set('connection', 'close');
    return refusal;
  });
  // Every write is read here, bounded, before anything parses it; the API's own (/api) are bounded
  // by the API, after its checks; the console's large writes go to a file, not memory.
  const bounded = boundedWrites(
    (limit, pathname) => {
      opts.logger.info({ status: 413 }, 'request refused: body over the limit');
      // An API path answers in the API's words (JSON), before the API itself reads anything.
      if (pathname === '/api' || pathname.startsWith('/api/'))
        return new Response(JSON.stringify({ error: tooLargeMessage(limit) }), { status: 413, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
      return new Response(tooLargeMessage(limit), { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    },
    undefined,
    opts.spoolDir ? { dir: opts.spoolDir, paths: isStaffLargeWrite } : undefined,
  );
  app.use('*', (c, next) => (isApiPath(c.req.path) && (opts.api || isStaffLargeWrite(c.req.path)) ? next() : bounded(c, next)));
  // What escapes a handler: a client that went away while its body was read is one info line; a
  // real fault is logged with its stack (once, by the logger) and answered 500.
  app.onError((err, c) => {
    if (isClientFault(err)) {
      logClientFault(opts.logger, err, { method: c.req.method, path: c.req.path });
      return plain(400, 'The request did not arrive whole.');
    }
    opts.logger.error({ err, method: c.req.method, path: c.req.path.slice(0, 200) }, 'request failed');
    return plain(500, 'Something went wrong on our side. Please try again.');
  });
}

/** A console post from another origin or without a session: its refusal; undefined: let it through. */
async function staffOnlyBeforeBody(opts: WebOptions, request: Request, peer: string | undefined): Promise<Response | undefined> {
  const url = new URL(atPublicOrigin(opts.trust ?? NO_PROXY, request, peer).url);
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== url.origin && origin !== new URL(opts.siteUrl).origin) return plain(403, 'This form can only be sent from our website.');
  const cookie = request.headers.get('cookie');
  if (!cookie) return signedOut(url);
  const res = await apiClientFor(opts, request, peer).fetch('/admin/session', { headers: { cookie, accept: 'application/json' } });
  await res.arrayBuffer().catch(() => undefined);
  if (res.ok) return undefined;
  if (res.status === 503) return plain(503, 'Our system is briefly unavailable. Please try again in a minute.', { 'retry-after': res.headers.get('retry-after') ?? String(RETRY_AFTER_SECONDS) });
  return signedOut(url);
}

/** Signed out: the page's post goes to sign-in (a data request, which cannot follow it, gets 401). */
const signedOut = (url: URL) =>
  url.pathname.endsWith('.data')
    ? plain(401, 'Please sign in again.')
    : new Response(null, { status: 303, headers: { location: `/admin/login?next=${encodeURIComponent(url.pathname)}`, 'cache-control': 'no-store' } });

/** The API: in this process, or a proxy to the API host at API_URL. */
function mountApi(app: Hono, opts: WebOptions): void {
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
}

/** The build's files: fingerprinted assets cached for a year, other public files for a day. Returns the public files' paths. */
function mountStatic(app: Hono, clientDir: string): Set<string> {
  const relClient = path.relative(process.cwd(), clientDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root: relClient,
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // Only the files the build holds are looked up, so a page request costs no file-system call.
  const publicFiles = listPublicFiles(clientDir);
  const publicStatic = serveStatic({
    root: relClient,
    onFound: (_p, c) => {
      c.header('Cache-Control', 'public, max-age=86400');
    },
  });
  app.use('*', (c, next) => (publicFiles.has(c.req.path) ? publicStatic(c, next) : next()));
  return publicFiles;
}

type Render = (request: Request, peer: string | undefined) => Promise<Response>;

/** React Router's renderer, reading the API for the visitor, with the answers a page's status calls for. */
function pageRenderer(opts: WebOptions): Render {
  const security = { siteUrl: opts.siteUrl, formTargets: opts.formTargets };
  const handle = routeScopedHandler(opts.build);
  const entry = opts.build.entry.module as unknown as { apiContext: RouterContext<ApiClient>; pageRendererContext?: RouterContext<unknown>; siteLanguagesContext?: RouterContext<unknown> };
  const apiContext = entry.apiContext;
  // The languages served, for the root's loader (a language not served answers 404).
  const languages: [RouterContext, unknown][] = entry.siteLanguagesContext && opts.languages ? [[entry.siteLanguagesContext, opts.languages]] : [];
  // A public page drawn from other API answers (the content editor's preview): the same handler,
  // no page cache, nothing of the visitor's request; the caller adds the security policy.
  const renderPage = (url: string, read: ApiClient['fetch']) => {
    const client = withImageMetaFrom({ fetch: read }, mediaDirs()[0]!);
    return handle(new Request(url, { headers: { accept: 'text/html' } }), new RouterContextProvider(new Map<RouterContext, unknown>([[apiContext, client], ...languages])));
  };
  return (request, peer) => {
    const client = inPageLanguage(apiClientFor(opts, request, peer), request, opts.languages);
    const context = new RouterContextProvider(
      new Map<RouterContext, unknown>([
        [apiContext, client],
        ...languages,
        ...(entry.pageRendererContext && isConsolePath(new URL(request.url).pathname) ? [[entry.pageRendererContext, renderPage] as [RouterContext, unknown]] : []),
      ]),
    );
    return handle(request, context).then(async (res) => {
      // An address a changed slug left behind: a permanent redirect to the item's new address.
      if (res.status === 404 && (request.method === 'GET' || request.method === 'HEAD')) {
        const moved = await movedTo(client, new URL(request.url));
        if (moved) return withPagePolicy(new Response(null, { status: 301, headers: { location: moved, 'cache-control': 'public, max-age=300' } }), security);
      }
      // The database is away (the API answered 503): the page asks the client to come back.
      if (res.status === 503) {
        res.headers.set('cache-control', 'no-store');
        if (!res.headers.has('retry-after')) res.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
      }
      // The console: never kept by anyone, never indexed, whatever the route says.
      if (isConsolePath(new URL(request.url).pathname)) {
        res.headers.set('cache-control', 'no-store');
        res.headers.set('x-robots-tag', 'noindex, nofollow');
      }
      return withPagePolicy(res, security);
    });
  };
}

/**
 * The "too many requests" view (app/routes/too-many-requests.tsx) with its Retry-After: the
 * same page for everyone of a language (the language of the address refused, when it is served:
 * `/de/…` gets the German view), rendered once per build, content and language and kept with the
 * pages. It is plain HTML, without the app's scripts: it answers many addresses, and the browser would hydrate
 * it as the page at its own address.
 */
async function tooManyAnswer(opts: WebOptions, render: Render, request: Request, peer: string | undefined, retryAfterSeconds: number): Promise<Response> {
  const pages = opts.pages;
  opts.logger.info({ status: 429, method: request.method, path: new URL(request.url).pathname.slice(0, 200), retryAfterSeconds }, 'request refused: over its budget');
  const asked = languageOfPath(new URL(request.url).pathname);
  const language = opts.languages?.includes(asked) ? asked : DEFAULT_LANGUAGE;
  const view = new Request(new URL(localizePath('/too-many-requests', language), request.url), { headers: { accept: 'text/html', 'accept-encoding': request.headers.get('accept-encoding') ?? '' } });
  const produce = async () => {
    const res = await render(view, peer);
    const html = (await res.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    return new Response(html, { status: res.status, headers });
  };
  const key = `page ${opts.build.assets.version} y${new Date().getUTCFullYear()} 429${language === DEFAULT_LANGUAGE ? '' : ` ${language}`}`;
  const res = pages?.cache.enabled ? await pages.cache.serve(key, view, produce, [429]) : await produce();
  const headers = new Headers(res.headers);
  headers.set('retry-after', String(retryAfterSeconds));
  headers.set('cache-control', 'no-store');
  headers.delete('etag');
  return new Response(request.method === 'HEAD' ? null : res.body, { status: 429, headers });
}

/** A page request answered from the kept pages when its route allows, rendered otherwise. */
function pageAnswerer(opts: WebOptions, planner: Planner, render: Render) {
  const pages = opts.pages;
  return (request: Request, peer: string | undefined): Promise<Response> => {
    const planned = pages?.cache.enabled ? planner.plan(request) : undefined;
    // Work no cache absorbs (a page with a query string it does not keep, a search, a form sent,
    // a signed-in visitor's page) is counted against the visitor's budget; kept pages never are.
    const budget = opts.budget;
    if (budget && !planned && !isConsolePath(new URL(request.url).pathname) && !planner.plan(request)) {
      const check = budget.check(budget.keyOf(request.headers, peer));
      if (!check.ok) return tooManyAnswer(opts, render, request, peer, check.retryAfterSeconds);
      return budget.charge(check.key, async () => {
        // The whole render is counted, its streamed body included. Its bytes stay held, so the
        // compression after it encodes them in one call.
        const res = await render(request, peer);
        if (!res.body || responseBytes(res)) return res;
        return bytesResponse(new Uint8Array(await res.arrayBuffer()), res);
      });
    }
    if (!planned) return render(request, peer);
    return pages!.cache.serve(
      planned.key,
      request,
      () => {
        // One render serves everyone: a plain GET of the normalised URL, nothing personal in it.
        const headers = new Headers(request.headers);
        for (const h of NOT_FOR_RENDER) headers.delete(h);
        return render(new Request(planned.renderUrl, { method: 'GET', headers }), peer);
      },
      planned.statuses,
    );
  };
}

/**
 * Kept pages answered before any Request object is made (called by the HTTP server for every
 * request; false: not a kept page, the app handles it).
 */
function keptPageServer(opts: WebOptions, planner: Planner) {
  const pages = opts.pages;
  const base = baseHeaders({ siteUrl: opts.siteUrl });
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!pages?.cache.enabled || !req.url) return false;
    let entry;
    let key = '';
    try {
      const k = planner.keyOf(req.method ?? 'GET', req.url, !!(req.headers.cookie || req.headers.authorization));
      if (k) key = k.key;
      entry = k && pages.cache.get(k.key);
    } catch (err) {
      // Whatever the address, the app answers it properly; the fast path just steps aside.
      opts.logger.warn({ err, url: req.url.slice(0, 200) }, 'kept-page lookup failed');
      return false;
    }
    if (!entry) return false;
    pages.cache.countHit();
    writeKept(entry, req, res, base, (e) => pages.cache.identityOf(key, e));
    return true;
  };
}

export function createWeb(opts: WebOptions) {
  const app = new Hono();
  mountEdge(app, opts, () => planner);
  mountApi(app, opts);
  const publicFiles = mountStatic(app, opts.clientDir ?? path.join(buildDir, 'client'));
  const render = pageRenderer(opts);
  // Addresses the app answers before the pages: never looked up among kept pages.
  const planner = pagePlanner(opts.build, (p) => p === '/api' || p.startsWith('/api/') || p.startsWith('/assets/') || publicFiles.has(p) || isConsolePath(p));
  const answer = pageAnswerer(opts, planner, render);
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
    // It is answered with the not-found view, the kept page of the catch-all route.
    if (!decodable(new URL(request.url).pathname)) return refused(await answer(notFoundRequest(request), peer));
    if (request.method === 'GET' || request.method === 'HEAD') {
      // An address that only takes a form (the content editor's preview) shows nothing to a GET.
      const route = planner.leafModule(c.req.path);
      if (route?.action && !route.loader && !route.default) return refused(plain(405, 'This address only takes a form sent with POST.', { allow: allowOf(route) }));
    } else {
      const checked = await checkPageWrite(request, planner.leafModule(c.req.path), opts.siteUrl);
      if (checked instanceof Response) return checked.status === 204 ? checked : refused(checked);
      request = checked;
    }
    return answer(request, peer);
  });
  return Object.assign(app, { serveKept: keptPageServer(opts, planner) });
}
