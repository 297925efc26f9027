// How loaders read the API: JSON or a thrown response that the error boundary turns into the
// not-found view (404), the friendly error view (500), or that view as a 503 while the database is away.
import { data, type RouterContextProvider } from 'react-router';
import { responseText } from '../../common/document-bytes.ts';
import { apiContext } from '../context.ts';
import { BadPage, pageParam } from './pagination.ts';
import { englishPath } from '../../common/language-paths.ts';

export function notFound(): never {
  throw data(null, { status: 404 });
}

/** An API answer that was not OK (other than 404 and 400): its status and its error field. */
export class ApiError extends Error {
  readonly status: number;
  /** The API's sentence for the visitor (the `error` field of its JSON answer), when it gave one. */
  readonly error: string | undefined;
  constructor(path: string, status: number, body: string) {
    super(`API ${path} answered ${status}: ${body.slice(0, 200)}`);
    this.status = status;
    let error: unknown;
    try {
      error = (JSON.parse(body) as { error?: unknown } | null)?.error;
    } catch {
      error = undefined;
    }
    this.error = typeof error === 'string' && error.trim() ? error.trim().slice(0, 300) : undefined;
  }
}

/** GET an API path (relative to the API root). 404 and 400 (a page out of range, a bad slug)
 * become the not-found view; other failures and non-JSON answers are real errors (500). */
export async function api<T>(context: Readonly<RouterContextProvider>, path: string): Promise<T> {
  const res = await context.get(apiContext).fetch(path, { headers: { accept: 'application/json' } });
  if (res.status === 404 || res.status === 400) notFound();
  if (res.status === 503) unavailableWhen(res, new ApiError(path, 503, await res.text().catch(() => '')).error);
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    throw new ApiError(path, res.status, body);
  }
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) throw new Error('Invalid content type. Expected JSON.');
  // JSON the server's own API client holds as text is parsed from it (no second decoding).
  const text = responseText(res);
  return (text !== undefined ? JSON.parse(text) : await res.json()) as T;
}

/**
 * The API answered 503 (its database is briefly away): the page answers 503 too, with the API's
 * Retry-After, as the error view (a route error response: not logged as a bug). The API's sentence,
 * when the caller read it, travels in the response's data (`{error}`), for the views that show
 * the server's words (a list's failure, app/lib/list-failure.ts).
 */
export function unavailableWhen(res: Response, error?: string): void {
  if (res.status !== 503) return;
  throw data({ error: error ?? null }, { status: 503, headers: { 'retry-after': res.headers.get('retry-after') ?? '5', 'cache-control': 'no-store' } });
}

/** The page's path from a loader's request. Client navigations fetch `/some/path.data`, so the
 * single-fetch suffix is removed; a trailing slash is dropped too. */
export function requestPath(request: Request): string {
  const path = new URL(request.url).pathname.replace(/\.data$/, '').replace(/\/+$/, '');
  // A page in another language reads the English page's answer (common/languages.ts).
  return englishPath(path === '/_root' ? '/' : path || '/');
}

/** ?page from the request URL; a malformed page is the not-found view. */
export function requestPage(request: Request): number {
  try {
    return pageParam(new URL(request.url));
  } catch (e) {
    if (e instanceof BadPage) notFound();
    throw e;
  }
}

/**
 * Cache-Control for server-rendered content pages: browsers and proxies may keep them but ask again
 * every time (a 304 against the strong ETag when nothing changed), so a saved edit is seen at once.
 */
export const PAGE_CACHE = 'public, no-cache';

export function pageHeaders({ errorHeaders }: { errorHeaders?: Headers }) {
  return { 'Cache-Control': errorHeaders ? 'no-store' : PAGE_CACHE };
}
