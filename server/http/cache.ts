// One mechanism for every answer the server keeps in memory and serves again: rendered pages
// (server/page-cache.ts) and API answers (server/api/cache.ts).
//
// - Opt-in: callers decide per route whether an answer may be kept and under which key; only
//   200 answers without Set-Cookie and without `no-store`/`private` are ever stored.
// - Dependencies: each answer remembers the database tables it was made from (server/db/reads.ts);
//   a content change drops exactly the answers made from a table it wrote (`invalidate()`), and an
//   answer whose making overlapped such a change is served to its requests but not kept. `clear()`
//   drops everything (a change that cannot name its tables). Keys carry the build.
// - Bounded by bytes, least recently used first out.
// - Precompressed: each body is kept as brotli and gzip (compressed off the main thread): first at
//   a fast setting, since the request that made the answer waits for it (a crawler's first pass
//   asks for each page once), then, when the answer is asked for again, once more at the best
//   setting in the background, the fast copies serving meanwhile (`upgrade`);
//   a client that accepts neither gets the gzip body decoded, once: the decoded body is then kept
//   beside the compressed ones (counted against the budget like any bytes, so the pages identity
//   clients ask for stay decoded while they are among the recently used). Small bodies are kept as
//   they are.
// - A strong ETag per representation (If-None-Match -> 304).
// - Coalescing: concurrent requests for a cold key wait for one producer.
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CachePolicy } from '../../app/lib/cache-policy.ts';
import { pickEncoding } from './compress.ts';
import { Slots } from './slots.ts';
import { ANY_TABLE, noteReads, traced } from '../db/reads.ts';
import { bytesResponse, readBytes, responseBytes } from '../../common/document-bytes.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** Bodies smaller than this are kept and sent uncompressed. */
const MIN_COMPRESS_BYTES = 1024;

/** Headers never copied into a kept answer: they describe one transfer, or one visitor. */
const TRANSFER_HEADERS = new Set(['content-length', 'content-encoding', 'etag', 'date', 'set-cookie', 'connection', 'keep-alive', 'transfer-encoding', 'vary']);

export interface CachedAnswer {
  status: number;
  /** Headers of the answer as produced, minus the per-transfer ones. */
  headers: [string, string][];
  /** The hash part of the ETag (one per body; each encoding gets its own suffix). */
  tag: string;
  /** Uncompressed length. */
  length: number;
  /** Bodies: `identity` only for small answers; `br` and `gzip` otherwise. */
  identity?: Uint8Array;
  /** The uncompressed body beside the compressed ones, when the cache keeps it. */
  keptIdentity?: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  /** Bytes this entry holds (bodies plus a little for the key and headers). */
  size: number;
  /** The tables the answer was made from (ANY_TABLE: from anything); absent: unknown, as ANY_TABLE. */
  reads?: ReadonlySet<string>;
  /** Node header objects per encoding, made on first use by writeKept(). */
  nodeHeaders?: Partial<Record<'br' | 'gzip' | 'identity', OutgoingHttpHeaders>>;
  /** The compressed copies are the fast ones, not compressed at the best setting yet. */
  draft?: boolean;
}

export interface HttpCacheStats {
  hits: number;
  misses: number;
  /** Entries dropped by content changes (invalidate() and clear()). */
  dropped: number;
  /** Requests that waited for another request's production of the same key. */
  coalesced: number;
  /** Answers produced for a key (at most one at a time per key). */
  produced: number;
  stored: number;
  evicted: number;
  entries: number;
  bytes: number;
  maxBytes: number;
}

export class HttpCache {
  readonly maxBytes: number;
  #entries = new Map<string, CachedAnswer>();
  #inflight = new Map<string, Promise<CachedAnswer | undefined>>();
  #bytes = 0;
  #onClear: (() => void)[] = [];
  #stats = { hits: 0, misses: 0, coalesced: 0, produced: 0, stored: 0, evicted: 0, dropped: 0 };
  /** Content changes seen so far, and the latest ones with the tables each wrote (null: all). */
  #changes = 0;
  #recent: { n: number; tables: ReadonlySet<string> | null }[] = [];

  /** Whether the uncompressed body is kept too (for in-process readers such as the loaders). */
  readonly keepIdentity: boolean;

  /** Brotli quality of the kept copies (compressed once per answer, off the main thread). */
  readonly brotliQuality: number;

  constructor(opts: { maxBytes: number; keepIdentity?: boolean; brotliQuality?: number }) {
    this.maxBytes = Math.max(0, Math.floor(opts.maxBytes));
    this.keepIdentity = opts.keepIdentity ?? false;
    this.brotliQuality = opts.brotliQuality ?? 9;
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get stats(): HttpCacheStats {
    return { ...this.#stats, entries: this.#entries.size, bytes: this.#bytes, maxBytes: this.maxBytes };
  }

  /** Runs `f` whenever content changes drop entries (clear() and invalidate()). */
  onClear(f: () => void) {
    this.#onClear.push(f);
  }

  /** Counts a hit served outside serve() (the fast path). */
  countHit() {
    this.#stats.hits++;
  }

  /** The tables each kept answer was made from, by key (for tests and diagnostics). */
  dependencies(): Map<string, string[]> {
    return new Map([...this.#entries].map(([key, e]) => [key, e.reads ? [...e.reads].sort() : [ANY_TABLE]]));
  }

  get(key: string): CachedAnswer | undefined {
    const e = this.#entries.get(key);
    if (e) {
      // Most recently used at the end: the first entries are evicted first.
      this.#entries.delete(key);
      this.#entries.set(key, e);
      if (e.draft) this.#upgrade(key, e);
    }
    return e;
  }

  /**
   * An answer asked for again: its body (kept, or decoded from the gzip copy) is compressed at the
   * best setting, off the main thread and off this request's path (it is served the fast copies),
   * and put in place of the fast copies while the entry is still the one under `key`. The body is
   * the same, so is its ETag.
   */
  #upgrade(key: string, entry: CachedAnswer) {
    entry.draft = false;
    // Still the entry under `key` when its turn comes, or dropped meanwhile: nothing to make.
    const current = () => this.#entries.get(key) === entry;
    void BEST_COPIES.run(async () => (current() ? compressed(entry.keptIdentity ?? (await gunzip(entry.gzip!)), this.brotliQuality, 9) : undefined)).then(
      (best) => {
        if (!best || !current()) return;
        const { br, gzip } = best;
        const change = br.byteLength + gzip.byteLength - entry.br!.byteLength - entry.gzip!.byteLength;
        entry.br = br;
        entry.gzip = gzip;
        entry.nodeHeaders = undefined;
        entry.size += change;
        this.#bytes += change;
      },
      () => {},
    );
  }

  set(key: string, entry: CachedAnswer) {
    if (!this.enabled || entry.size > this.maxBytes / 4) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#bytes -= old.size;
      this.#entries.delete(key);
    }
    while (this.#bytes + entry.size > this.maxBytes && this.#entries.size > 0) {
      const [oldestKey, oldest] = this.#entries.entries().next().value!;
      this.#entries.delete(oldestKey);
      this.#bytes -= oldest.size;
      this.#stats.evicted++;
    }
    this.#entries.set(key, entry);
    this.#bytes += entry.size;
    this.#stats.stored++;
  }

  /**
   * The uncompressed body of the entry kept under `key`: decoded from gzip at the first identity
   * request and kept with the entry from then on (its bytes counted, older entries evicted to make
   * room), unless that would make the entry larger than a quarter of the budget or the entry is no
   * longer the one under `key`.
   */
  identityOf(key: string, entry: CachedAnswer): Uint8Array {
    if (entry.identity) return entry.identity;
    if (entry.keptIdentity) return entry.keptIdentity;
    const body = identityBody(entry);
    if (this.#entries.get(key) !== entry || entry.size + body.byteLength > this.maxBytes / 4) return body;
    entry.keptIdentity = body;
    entry.size += body.byteLength;
    this.#bytes += body.byteLength;
    for (const [otherKey, other] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      if (otherKey === key) continue;
      this.#entries.delete(otherKey);
      this.#bytes -= other.size;
      this.#stats.evicted++;
    }
    return body;
  }

  /** Drops every entry (a content change that cannot name the tables it wrote). */
  clear() {
    this.#stats.dropped += this.#entries.size;
    this.#entries.clear();
    this.#bytes = 0;
    this.#changed(null);
  }

  /**
   * A content change wrote these tables: drops the entries made from any of them (or from
   * anything), and keeps every other. Answers being made right now are not kept when they read
   * one of them (see serve()).
   */
  invalidate(tables: Iterable<string>) {
    const written = new Set(tables);
    if (written.has(ANY_TABLE)) return this.clear();
    for (const [key, entry] of this.#entries) {
      if (!dependsOn(entry.reads, written)) continue;
      this.#entries.delete(key);
      this.#bytes -= entry.size;
      this.#stats.dropped++;
    }
    this.#changed(written);
  }

  #changed(tables: ReadonlySet<string> | null) {
    const n = ++this.#changes;
    this.#recent.push({ n, tables });
    if (this.#recent.length > RECENT_CHANGES) this.#recent.shift();
    // Requests from now on start their own production, never waiting for one begun before.
    this.#inflight.clear();
    for (const f of this.#onClear) f();
  }

  /** Whether an answer whose making began at change `since` and read `reads` may be outdated. */
  #overtaken(since: number, reads: ReadonlySet<string>): boolean {
    if (since === this.#changes) return false;
    const oldest = this.#recent[0];
    if (!oldest || oldest.n > since + 1) return true; // more changes than remembered
    return this.#recent.some((c) => c.n > since && (c.tables === null || dependsOn(reads, c.tables)));
  }

  /**
   * Answers `request` from the entry under `key`, or runs `produce` once for all concurrent
   * requests of that key. `produce` returns the fresh Response; it is kept when isKeepable() allows
   * (a plain answer with one of `statuses`).
   */
  async serve(key: string, request: Request, produce: () => Promise<Response>, statuses: readonly number[] = [200]): Promise<Response> {
    const hit = this.get(key);
    if (hit) {
      this.#stats.hits++;
      noteReads(hit.reads);
      return answer(hit, request, (e) => this.identityOf(key, e));
    }
    this.#stats.misses++;
    const pending = this.#inflight.get(key);
    if (pending) {
      this.#stats.coalesced++;
      const shared = await pending;
      if (shared) {
        noteReads(shared.reads);
        return answer(shared, request);
      }
      // The producer's answer could not be kept (an error page, a redirect...): produce our own.
      return produce();
    }
    let fresh: Response | undefined;
    const since = this.#changes;
    const production = (async () => {
      this.#stats.produced++;
      // The tables read while the answer is made, the in-process API answers it uses included.
      const { value: entry } = await traced(async () => {
        const res = await produce();
        if (!isKeepable(res, statuses)) {
          fresh = res;
          return undefined;
        }
        return toCachedAnswer(res, key, this.keepIdentity, this.brotliQuality, true);
      }).then(({ value, trace }) => ({ value: value && Object.assign(value, { reads: trace.reads }) }));
      // Made while a change of what it read was committed: served to the requests that asked, not kept.
      if (entry && !this.#overtaken(since, entry.reads!)) this.set(key, entry);
      return entry;
    })();
    this.#inflight.set(key, production);
    try {
      const entry = await production;
      if (entry) return answer(entry, request);
      return fresh!;
    } finally {
      if (this.#inflight.get(key) === production) this.#inflight.delete(key);
    }
  }
}

/** Content changes remembered for answers still being made (more overtake every such answer). */
const RECENT_CHANGES = 64;

/** Whether an answer made from `reads` (absent: unknown) depends on any of the `written` tables. */
function dependsOn(reads: ReadonlySet<string> | undefined, written: ReadonlySet<string>): boolean {
  if (!reads || reads.has(ANY_TABLE)) return true;
  for (const name of written) if (reads.has(name)) return true;
  return false;
}

/** Whether an answer may be kept and served to anyone: a plain 200, nothing per visitor. */
/** The API's store of kept answers (content changes drop the answers made from what they changed). */
export interface AnswerStore {
  cache: HttpCache;
}

export function isKeepable(res: Response, statuses: readonly number[] = [200]): boolean {
  if (!statuses.includes(res.status) || (!responseBytes(res) && !res.body)) return false;
  if (res.headers.has('set-cookie')) return false;
  const cc = (res.headers.get('cache-control') ?? '').toLowerCase();
  // `no-cache` asks clients to revalidate every time; the server's copy is dropped on every change
  // of what it was made from, so it may still be kept here.
  if (/\b(no-store|private)\b/.test(cc)) return false;
  if (res.headers.has('content-encoding')) return false;
  return true;
}

/** Brotli and gzip copies of a body, compressed at once on libuv's threads. */
async function compressed(body: Uint8Array, brotliQuality: number, gzipLevel: number): Promise<{ br: Uint8Array; gzip: Uint8Array }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzip(body, { level: gzipLevel }),
  ]);
  return { br: new Uint8Array(br.buffer, br.byteOffset, br.byteLength), gzip: new Uint8Array(gz.buffer, gz.byteOffset, gz.byteLength) };
}

/**
 * The best copies are made one at a time in a process, whichever cache asks (they are made off
 * every request's path, so they can wait their turn). Brotli at quality 9 (the API's answers)
 * fills a 32 MB hash table whatever the body's size, quality 10 some MB: made all at once on
 * libuv's threads, as the first minute of traffic asks for many answers again, they raised the
 * server's peak memory by up to four such tables.
 */
const BEST_COPIES = new Slots(1);

/** The fast setting of a first copy: what a page rendered for one request is sent with (server/http/compress.ts). */
const FAST = { brotli: 3, gzip: 6 };

/**
 * Reads a Response into an entry: strong tag from the bytes, compressed copies made once (at
 * `brotliQuality` and gzip -9), or with `draft` at the fast setting, which HttpCache replaces with
 * the best once the answer is asked for again.
 */
export async function toCachedAnswer(res: Response, key = '', keepIdentity = false, brotliQuality = 9, draft = false): Promise<CachedAnswer> {
  const body = await readBytes(res);
  const headers: [string, string][] = [];
  res.headers.forEach((value, name) => {
    if (!TRANSFER_HEADERS.has(name)) headers.push([name, value]);
  });
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const overhead = 256 + key.length + headers.reduce((n, [k, v]) => n + k.length + v.length, 0);
  if (body.byteLength < MIN_COMPRESS_BYTES) {
    return { status: res.status, headers, tag, length: body.byteLength, identity: body, size: overhead + body.byteLength };
  }
  const { br, gzip } = draft ? await compressed(body, FAST.brotli, FAST.gzip) : await compressed(body, brotliQuality, 9);
  return {
    status: res.status,
    headers,
    tag,
    length: body.byteLength,
    keptIdentity: keepIdentity ? body : undefined,
    br,
    gzip,
    size: overhead + br.byteLength + gzip.byteLength + (keepIdentity ? body.byteLength : 0),
    ...(draft ? { draft } : {}),
  };
}

/** The uncompressed body of an entry (decoded from gzip when only compressed copies are kept). */
export function identityBody(entry: CachedAnswer): Uint8Array {
  if (entry.identity) return entry.identity;
  if (entry.keptIdentity) return entry.keptIdentity;
  const raw = zlib.gunzipSync(entry.gzip!);
  return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
}

/** ETag of one representation: the body's tag, with the encoding for compressed bodies. */
function etagFor(tag: string, encoding: 'br' | 'gzip' | undefined): string {
  return `"${tag}${encoding ? `-${encoding}` : ''}"`;
}

/** If-None-Match uses the weak comparison: any representation of the same body matches. */
export function etagMatches(ifNoneMatch: string | null, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => {
    const bare = t.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return bare === tag || bare === `${tag}-br` || bare === `${tag}-gzip`;
  });
}

/** The Response for a request from a kept answer: 304, HEAD, or the body in the best encoding. */
export function answer(entry: CachedAnswer, request: Request, identity: (entry: CachedAnswer) => Uint8Array = identityBody): Response {
  const headers = new Headers(entry.headers);
  const compressed = !entry.identity;
  const encoding = compressed ? pickEncoding(request.headers.get('accept-encoding')) : undefined;
  if (compressed) headers.set('vary', 'accept-encoding');
  headers.set('etag', etagFor(entry.tag, encoding));
  if (etagMatches(request.headers.get('if-none-match'), entry.tag)) {
    for (const h of ['content-type', 'content-length']) headers.delete(h);
    return new Response(null, { status: 304, headers });
  }
  const body = encoding ? entry[encoding]! : identity(entry);
  if (encoding) headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.byteLength));
  if (request.method === 'HEAD') return new Response(null, { status: entry.status, headers });
  return bytesResponse(body, { status: entry.status, headers });
}

/** Query parameters that only tell where a visitor came from: never part of a key. */
const TRACKING = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|ref)$/i;

/**
 * The key part of a URL's query for a policy that names the parameters that matter: their values
 * in a fixed order, tracking parameters dropped. `undefined` when the query holds anything else
 * (the answer is then produced fresh and not kept) or a parameter is repeated.
 */
export function queryKey(search: URLSearchParams, policy: CachePolicy): string | undefined {
  const allowed = policy.query ?? [];
  const kept: [string, string][] = [];
  const seen = new Set<string>();
  for (const [name, value] of search) {
    if (TRACKING.test(name)) continue;
    if (!allowed.includes(name) || seen.has(name)) return undefined;
    const only = policy.values?.[name];
    if (only && !only.includes(value)) return undefined;
    seen.add(name);
    kept.push([name, value]);
  }
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
}

/**
 * The fast path: writes a kept answer straight to Node's response, with the same headers and bytes
 * as answer() gives through the Fetch API, at a fraction of the cost per request. `extraHeaders`
 * are headers every response carries (the kept answer's own headers win).
 */
export function writeKept(
  entry: CachedAnswer,
  req: IncomingMessage,
  res: ServerResponse,
  extraHeaders: Record<string, string> = {},
  identity: (entry: CachedAnswer) => Uint8Array = identityBody,
): void {
  const compressed = !entry.identity;
  const acceptEncoding = req.headers['accept-encoding'];
  const encoding = compressed ? pickEncoding(Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding) : undefined;
  const slot = encoding ?? 'identity';
  const cachedHeaders = (entry.nodeHeaders ??= {});
  let headers = cachedHeaders[slot];
  if (!headers) {
    const length = encoding ? entry[encoding]!.byteLength : entry.length;
    headers = { ...extraHeaders };
    for (const [name, value] of entry.headers) headers[name] = value;
    if (compressed) headers.vary = 'accept-encoding';
    headers.etag = etagFor(entry.tag, encoding);
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = String(length);
    cachedHeaders[slot] = headers;
  }
  const inm = req.headers['if-none-match'];
  if (inm && etagMatches(inm, entry.tag)) {
    const h: OutgoingHttpHeaders = { ...headers };
    delete h['content-type'];
    delete h['content-length'];
    res.writeHead(304, h);
    res.end();
    return;
  }
  res.writeHead(entry.status, headers);
  if (req.method === 'HEAD') res.end();
  else res.end(encoding ? entry[encoding]! : identity(entry));
}
