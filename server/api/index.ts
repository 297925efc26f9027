// The JSON API: its own Hono app with the paths of spec point 7. Mounted at /api by the web
// server, or run alone at / (server/api/main.ts).
import { Hono, type Context, type ErrorHandler, type MiddlewareHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { UNAVAILABLE_CODE, UNAVAILABLE_MESSAGE } from '../../common/forms.ts';
import { isDatabaseUnreachable, RETRY_AFTER_SECONDS } from '../db/availability.ts';
import { forgetReferenceData } from '../db/queries.ts';
import { forgetSearchIndex, searchIndexOf } from '../search/engine.ts';
import { blogsApi } from './blogs.ts';
import { contentTypesApi } from './card-list.ts';
import { type AnswerStore, HttpCache } from '../http/cache.ts';
import { JSON_TYPE } from './cache.ts';
import { isClientFault, logClientFault, refuseUnknownMethods } from '../http/edge.ts';
import { boundedWrites, isStaffLargeWrite, securityHeaders, tooLargeMessage } from '../http/security.ts';
import type { ClientBudget } from '../spam/budget.ts';
import type { BudgetEnv } from './budget.ts';
import { cspReportApi } from './csp-report.ts';
import { destinationsApi } from './destinations.ts';
import { experiencesApi } from './experiences.ts';
import { healthApi } from './health.ts';
import type { ApiDeps, ApiEnv } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';
import { imagesApi } from './images.ts';
import { lodgesApi } from './lodges.ts';
import { currencyApi } from './currency.ts';
import { reviewPhotosApi } from './reviews.ts';
import { languageAnswers } from './languages.ts';
import { pagesApi } from './pages.ts';
import { parksApi } from './parks.ts';
import { safarisApi } from './safaris.ts';
import { searchApi } from './search.ts';
import { redirectsApi } from './redirects.ts';

export interface ApiOptions {
  deps: ApiDeps;
  /** Directories searched, in order, for /images/... files. */
  mediaDirs: string[];
  /** Where the media library's variants are (served at /images/uploads/...; server/media/uploads.ts). */
  uploadsDir?: string;
  /** Where answers of routes that opt in (`cached()`) are kept; none: every answer is produced. */
  cache?: HttpCache;
  /** Path the API's routes start with: '/api' inside the web process, '' when it runs alone. */
  basePath?: string;
  /** Checks a write meets before its body is read (server/api/admin/large-writes.ts). */
  beforeBody?: MiddlewareHandler<ApiEnv>;
  /** Where the console's large writes are spooled while they arrive (under DATA_DIR); none: in memory. */
  spoolDir?: string;
  /** The per-address budget of produced answers (server/spam/budget.ts); none: no limit. */
  budget?: ClientBudget;
  /** Extra resources (search, enquiries, newsletter) mounted on the same app. */
  extend?: (app: Hono<ApiEnv>) => void;
}

/** What escapes a route: a refusal in its words, a client gone, the database away (503), or a fault (500). */
function apiErrorAnswer(deps: ApiOptions['deps']): ErrorHandler<ApiEnv> {
  return (err, c) => {
    if (err instanceof HttpError) {
      // A client's fault: one line at info, no stack (none for the quiet ones).
      if (!err.quiet) deps.logger.info({ status: err.status, method: c.req.method, path: c.req.path.slice(0, 200), reason: err.code ?? err.message }, 'request refused');
      return c.json(err.code ? { error: err.message, code: err.code } : { error: err.message }, err.status, { 'content-type': JSON_TYPE, 'cache-control': 'no-store', ...err.headers });
    }
    // The client went away (or was too slow) while its body was read: nobody waits for an answer.
    if (isClientFault(err)) {
      logClientFault(deps.logger, err, { method: c.req.method, path: c.req.path });
      return c.json({ error: 'The request did not arrive whole.' }, 400, { 'content-type': JSON_TYPE, 'cache-control': 'no-store' });
    }
    // The database is away: not this request's fault nor a bug. One warning for the whole outage
    // (server/db/availability.ts), and the client is asked to come back.
    if (deps.availability ? deps.availability.noteFailure(err) : isDatabaseUnreachable(err)) {
      return c.json({ error: UNAVAILABLE_MESSAGE, code: UNAVAILABLE_CODE }, 503, {
        'content-type': JSON_TYPE,
        'cache-control': 'no-store',
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
    }
    deps.logger.error({ err, path: c.req.path }, 'API error');
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500, { 'content-type': JSON_TYPE, 'cache-control': 'no-store' });
  };
}

/** The API's resources, in the order they answer (the forms and the console, `extend`, before the content lists). */
function mountResources(app: Hono<ApiEnv>, opts: ApiOptions): void {
  app.route('/', healthApi());
  app.route('/', cspReportApi());
  // Approved reviews' photos come from the database, ahead of the image files.
  app.route('/', reviewPhotosApi());
  app.route('/', imagesApi(opts.mediaDirs, opts.uploadsDir));
  app.route('/', currencyApi());
  opts.extend?.(app);
  app.route('/', pagesApi());
  app.route('/', safarisApi());
  app.route('/', parksApi());
  app.route('/', lodgesApi());
  app.route('/', destinationsApi());
  app.route('/', experiencesApi());
  // The Blogs panel (/blogs/nav) before the posts (/blogs/:slug) of the registry's routes.
  app.route('/', blogsApi());
  app.route('/', contentTypesApi());
  app.route('/', searchApi());
  app.route('/', redirectsApi());
}

export function createApi(opts: ApiOptions) {
  const cache = opts.cache ?? new HttpCache({ maxBytes: 16 * 1024 * 1024, keepIdentity: true });
  cache.onClear(() => {
    forgetReferenceData(opts.deps.db);
    // The search index is made again soon after a change (at once by a search that comes first).
    const db = opts.deps.db;
    forgetSearchIndex(db);
    setTimeout(() => void searchIndexOf(db).catch(() => {}), 50).unref();
  });
  const answers: AnswerStore = { cache };
  // Routes carry the base path (/api when mounted in the web process, nothing when alone), so the
  // web process hands requests over as they are, without copying them.
  const root = new Hono<ApiEnv>({ strict: false });
  const app = opts.basePath ? root.basePath(opts.basePath) : root;

  // Security headers and bounded writes (server/http/security.ts), also when the API runs alone;
  // methods no address takes (TRACE, PROPFIND...) refused before either reads anything.
  app.use('*', securityHeaders({ siteUrl: opts.deps.siteUrl }));
  app.use('*', refuseUnknownMethods({ logger: opts.deps.logger, allow: (path) => allowedMethods(path), json: () => true }));
  app.use('*', async (c, next) => {
    c.set('deps', opts.deps);
    c.set('answers', answers);
    if (opts.budget) (c as unknown as Context<BudgetEnv>).set('budget', opts.budget);
    await next();
    if (c.res.status === 304) return;
    if (c.res.headers.get('content-type') === 'application/json') c.res.headers.set('content-type', JSON_TYPE);
    // Only routes that opt in (cached()) or set their own policy may be kept by anyone.
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
  });
  // Checks made before a write's body is read (the console's large writes: its session and token).
  if (opts.beforeBody) app.use('*', opts.beforeBody);
  app.use(
    '*',
    boundedWrites(
      (limit) => new Response(JSON.stringify({ error: tooLargeMessage(limit) }), { status: 413, headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store' } }),
      undefined,
      opts.spoolDir ? { dir: opts.spoolDir, paths: isStaffLargeWrite } : undefined,
    ),
  );

  // Answers in a language (/api/de/…): the English answer of the same route, translated.
  app.use(
    '*',
    languageAnswers(opts.basePath ?? '', async (request, env) => app.fetch(request, env as never)),
  );
  mountResources(app, opts);
  app.notFound((c) => c.json({ error: 'Not found' }, 404, { 'content-type': JSON_TYPE, 'cache-control': 'no-store' }));
  app.onError(apiErrorAnswer(opts.deps));

  // The methods each address takes, read off the routes (middleware, registered for ALL, aside).
  let routes: TrieRouter<true> | undefined;
  const allowedMethods = (path: string): string => {
    if (!routes) {
      routes = new TrieRouter<true>();
      for (const r of app.routes) if (r.method !== 'ALL') routes.add(r.method, r.path, true);
    }
    const allowed = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => routes!.match(m === 'HEAD' ? 'GET' : m, path)[0].length > 0);
    return (allowed.length ? allowed : ['GET', 'HEAD']).join(', ');
  };

  return Object.assign(app, { cache, allowedMethods });
}

export type Api = ReturnType<typeof createApi>;
