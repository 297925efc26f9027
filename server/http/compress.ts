// HTTP compression (brotli or gzip, as the client accepts). Fixed bodies (fingerprinted assets,
// cached API answers) are compressed once at high quality and kept; a page rendered for one request
// (its bytes held in memory, common/document-bytes.ts) is compressed in one call at a fast setting,
// and any other body as it streams.
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context, MiddlewareHandler } from 'hono';
import { responseBytes } from '../../common/document-bytes.ts';

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** Answers for the Accept-Encoding values seen (clients send a handful of different ones). */
const picked = new Map<string, Encoding | undefined>();
const PICKED_MAX = 256;

/** The best encoding the client accepts (q=0 refuses), or undefined for identity. */
export function pickEncoding(acceptEncoding: string | undefined | null): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (picked.has(acceptEncoding)) return picked.get(acceptEncoding);
  const encoding = parseAcceptEncoding(acceptEncoding);
  if (acceptEncoding.length <= 200) {
    if (picked.size >= PICKED_MAX) picked.clear();
    picked.set(acceptEncoding, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType);
}

/** Compresses a fixed body at high quality (done once per body and kept by the callers). */
function compressBytes(body: Uint8Array, encoding: Encoding): Uint8Array {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
      })
    : zlib.gzipSync(body, { level: 9 });
}

/** Compresses a body already in memory (a page rendered for this request) in one go: one call on
 * the thread pool instead of a stream, and one write to the socket. Brotli at quality 3: for the
 * home page about 40% less CPU than quality 4 for 5% more bytes (kept pages are compressed once,
 * at high quality, by server/http/cache.ts). */
function compressFast(body: Uint8Array, encoding: Encoding): Promise<Uint8Array> {
  return encoding === 'br'
    ? brotliAsync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
      })
    : gzipAsync(body, { level: 6 });
}

function streamCompressor(encoding: Encoding) {
  return encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : zlib.createGzip({ level: 6 });
}

/**
 * Replaces the context's response outright. (Assigning c.res copies the old response's headers
 * over the new one's, which would keep a stale Content-Length or ETag.)
 */
export function replaceResponse(c: Context, res: Response) {
  c.res = undefined as unknown as Response;
  c.res = res;
}

function withVary(headers: Headers) {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(vary)) headers.set('vary', `${vary}, accept-encoding`);
}

/**
 * Compresses responses the client can decode. Paths matching `fixed` (immutable files) are
 * compressed once and kept in memory; everything else is compressed as it streams. Responses that
 * already carry a Content-Encoding (the API compresses its own cached answers) pass untouched.
 */
export function compression(opts: { fixed: (path: string) => boolean; maxEntries?: number }): MiddlewareHandler {
  const kept = new Map<string, Uint8Array>();
  const maxEntries = opts.maxEntries ?? 500;
  return async (c, next) => {
    await next();
    const res = c.res;
    // Read res.body only once compressing is decided: touching it turns a fixed body into a
    // stream, which takes the Node adapter off its fast path.
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 304 || res.status === 206) return;
    if (!isCompressible(res.headers.get('content-type'))) return;
    withVary(res.headers);
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (!encoding || res.headers.has('content-encoding')) return;
    const length = Number(res.headers.get('content-length') ?? NaN);
    if (length < MIN_BYTES) return;
    // A body the server holds as bytes (common/document-bytes.ts): compressed in one go.
    const held = responseBytes(res);
    if (held && held.byteLength === length) {
      const headers = new Headers(res.headers);
      headers.set('content-encoding', encoding);
      const body = await compressFast(held, encoding);
      headers.set('content-length', String(body.byteLength));
      replaceResponse(c, new Response(body as BodyInit, { status: res.status, headers }));
      return;
    }
    if (!res.body) return;
    const headers = new Headers(res.headers);
    headers.set('content-encoding', encoding);
    headers.delete('content-length');
    if (opts.fixed(c.req.path) && res.status === 200) {
      const key = `${encoding} ${c.req.path}`;
      let body = kept.get(key);
      if (!body) {
        body = compressBytes(new Uint8Array(await res.arrayBuffer()), encoding);
        if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
        kept.set(key, body);
      } else {
        void res.body.cancel();
      }
      headers.set('content-length', String(body.byteLength));
      replaceResponse(c, new Response(body as BodyInit, { status: res.status, headers }));
      return;
    }
    // pipeline, not pipe: a download cut off destroys the compressor, and with it the body's
    // stream, whose source is cancelled (a streamed export stops reading and says so).
    const compressed = streamCompressor(encoding);
    pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), compressed, () => {});
    replaceResponse(c, new Response(Readable.toWeb(compressed) as ReadableStream, { status: res.status, statusText: res.statusText, headers }));
  };
}
