// In-memory response cache for the API's GET answers, with ETag / If-None-Match.
// Entries are dropped whenever the content version changes (see server/db/version.ts).
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { compressBytes, pickEncoding, replaceResponse } from '../compress.ts';

export const API_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
const JSON_TYPE = 'application/json; charset=utf-8';

interface Entry {
  body: Uint8Array;
  etag: string;
  /** Compressed copies, made on the first request that accepts each encoding. */
  br?: Uint8Array;
  gzip?: Uint8Array;
}

export class ResponseCache {
  #entries = new Map<string, Entry>();
  #max: number;
  hits = 0;
  misses = 0;
  #onClear: (() => void)[] = [];
  constructor(max = 2000) {
    this.#max = max;
  }
  /** Runs `f` whenever the cache is cleared (content changed). */
  onClear(f: () => void) {
    this.#onClear.push(f);
  }
  get(key: string): Entry | undefined {
    const e = this.#entries.get(key);
    if (e) {
      // Keep recently used entries at the end (least recently used are evicted first).
      this.#entries.delete(key);
      this.#entries.set(key, e);
    }
    return e;
  }
  set(key: string, e: Entry) {
    if (this.#entries.size >= this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, e);
  }
  clear() {
    this.#entries.clear();
    for (const f of this.#onClear) f();
  }
  get size() {
    return this.#entries.size;
  }
}

export function etagOf(body: Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

function respond(entry: Entry, ifNoneMatch: string | undefined, head: boolean, acceptEncoding: string | undefined): Response {
  const headers: Record<string, string> = { 'content-type': JSON_TYPE, etag: entry.etag, 'cache-control': API_CACHE_CONTROL, vary: 'accept-encoding' };
  if (matches(ifNoneMatch, entry.etag)) return new Response(null, { status: 304, headers });
  let body = entry.body;
  const encoding = entry.body.byteLength >= 1024 ? pickEncoding(acceptEncoding) : undefined;
  if (encoding) {
    body = entry[encoding] ??= compressBytes(entry.body, encoding);
    headers['content-encoding'] = encoding;
  }
  headers['content-length'] = String(body.byteLength);
  return new Response(head ? null : (body as BodyInit), { status: 200, headers });
}

/** Caches 200 JSON answers of GET requests by URL (path and query). Skips paths in `bypass`. */
export function cacheMiddleware(cache: ResponseCache, bypass: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || bypass(c.req.path)) return next();
    const url = new URL(c.req.url);
    const key = url.pathname + url.search;
    const ifNoneMatch = c.req.header('if-none-match');
    const hit = cache.get(key);
    const acceptEncoding = c.req.header('accept-encoding');
    if (hit) {
      cache.hits++;
      return respond(hit, ifNoneMatch, method === 'HEAD', acceptEncoding);
    }
    cache.misses++;
    await next();
    const res = c.res;
    if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('application/json')) {
      if (res.headers.get('content-type')?.startsWith('application/json')) res.headers.set('content-type', JSON_TYPE);
      if (!res.headers.has('cache-control')) res.headers.set('cache-control', 'no-store');
      return;
    }
    const body = new Uint8Array(await res.arrayBuffer());
    const entry = { body, etag: etagOf(body) };
    cache.set(key, entry);
    replaceResponse(c, respond(entry, ifNoneMatch, method === 'HEAD', acceptEncoding));
  };
}
