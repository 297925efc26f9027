// The one home of the response headers that protect visitors, and of the limits every write meets
// before anything reads it.
//
// - Every response (pages, API answers, assets, images, errors, redirects) gets the base headers.
// - HTML pages get a Content-Security-Policy with the SHA-256 hashes of their own inline scripts,
//   computed from the rendered HTML, so a kept page carries the policy that matches its bytes and
//   stays cacheable (no per-request nonce). No 'unsafe-inline' for scripts.
// - Other answers get a policy that allows nothing (they are never documents to run).
// - Writes: at most MAX_WRITE_BODY_BYTES, counted before parsing; a larger body is refused with 413
//   and `Connection: close`; the rest of that body is read and dropped for a few seconds, never kept,
//   so that the client sees the 413 before the connection ends.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';
import { bytesResponse, responseBytes } from '../../common/document-bytes.ts';

const MAX_WRITE_BODY_BYTES = 64 * 1024;

/** A review with its photo (common/reviews.ts PHOTO_MAX_BYTES) and the form's fields. */
export const REVIEW_BODY_MAX_BYTES = 6 * 1024 * 1024 + 64 * 1024;

/** Where browsers send CSP violation reports (server/api/csp-report.ts). */
const CSP_REPORT_PATH = '/api/csp-report';

/** Third parties pages may frame: the destination videos' privacy-friendly YouTube host. */
const FRAME_SOURCES = ['https://www.youtube-nocookie.com'];

export interface SecurityOptions {
  /** The site's canonical origin: HSTS and upgrade-insecure-requests when it is https. */
  siteUrl: string;
  /** Origins besides the site's own that a page's form may lead to (form-action): the payment providers' hosted pages. */
  formTargets?: readonly string[];
}

/** Headers every response carries. */
export function baseHeaders(opts: SecurityOptions): Record<string, string> {
  const https = opts.siteUrl.startsWith('https://');
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}

/** The policy of anything that is not an HTML page: nothing may run, load or frame it. */
const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The policy of an HTML page whose inline scripts hash to `scriptHashes`. */
function pageCsp(scriptHashes: readonly string[], opts: SecurityOptions): string {
  const https = opts.siteUrl.startsWith('https://');
  const directives = [
    "default-src 'none'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    // Inline style attributes (image placeholders, computed sizes); no inline scripts.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    `frame-src ${FRAME_SOURCES.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${(opts.formTargets ?? []).map((o) => ` ${o}`).join('')}`,
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** Types of <script> elements that are data, not code (not subject to script-src). */
const DATA_SCRIPT = /^\s*(application\/(ld\+)?json|application\/x-data|text\/template)\s*$/i;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** `sha256-…` sources for every inline executable script of an HTML document, in order. */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
    const typeValue = type ? (type[1] ?? type[2] ?? type[3] ?? '') : '';
    if (typeValue && DATA_SCRIPT.test(typeValue)) continue;
    out.add(
      `sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}`,
    );
  }
  return [...out];
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const lower = (b: number) => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);
const SCRIPT_NAME = [0x73, 0x63, 0x72, 0x69, 0x70, 0x74]; // "script"
const isWordByte = (b: number | undefined) => b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f);
const isSpace = (b: number | undefined) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x0b;
/** Whether bytes[at..] spells "script" (any case). */
function scriptNameAt(bytes: Uint8Array, at: number): boolean {
  for (let i = 0; i < 6; i++) if (lower(bytes[at + i] ?? 0) !== SCRIPT_NAME[i]) return false;
  return true;
}

/**
 * inlineScriptHashes() on the document's bytes, without decoding them: the same scripts (the same
 * pattern, matched byte by byte), hashed over their UTF-8 bytes, which is what the string version
 * hashes.
 */
export function inlineScriptHashesOfBytes(bytes: Uint8Array): string[] {
  const out = new Set<string>();
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 0;
  for (;;) {
    const open = buf.indexOf(LT, pos);
    if (open < 0) break;
    pos = open + 1;
    // <script\b
    if (!scriptNameAt(buf, open + 1) || isWordByte(buf[open + 7])) continue;
    const gt = buf.indexOf(GT, open + 7);
    if (gt < 0) break;
    // ([\s\S]*?)<\/script\s*> : the first closing tag after the opening one.
    let close = gt + 1;
    let end = -1;
    for (;;) {
      const lt = buf.indexOf(LT, close);
      if (lt < 0) break;
      close = lt + 1;
      if (buf[lt + 1] !== SLASH || !scriptNameAt(buf, lt + 2)) continue;
      let i = lt + 8;
      while (isSpace(buf[i])) i++;
      if (buf[i] !== GT) continue;
      end = i + 1;
      const attrs = buf.toString('latin1', open + 7, gt);
      pos = end;
      if (/\ssrc\s*=/i.test(attrs)) break;
      const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
      const typeValue = type ? (type[1] ?? type[2] ?? type[3] ?? '') : '';
      if (typeValue && DATA_SCRIPT.test(typeValue)) break;
      out.add(
        `sha256-${createHash('sha256')
          .update(buf.subarray(gt + 1, lt))
          .digest('base64')}`,
      );
      break;
    }
    // An opening tag never closed: the pattern matches nothing from here on.
    if (end < 0) break;
  }
  return [...out];
}

/**
 * Gives an HTML response its page policy: reads the (fully rendered) document, hashes its inline
 * scripts and returns it as a fixed body with Content-Security-Policy set. Other responses pass.
 * The renderer's bytes are read where it left them (common/document-bytes.ts), not copied.
 */
export async function withPagePolicy(res: Response, opts: SecurityOptions): Promise<Response> {
  if (!(res.headers.get('content-type') ?? '').startsWith('text/html')) return res;
  let bytes = responseBytes(res);
  if (!bytes) {
    if (!res.body) return res;
    bytes = new Uint8Array(await res.arrayBuffer());
  }
  const headers = new Headers(res.headers);
  headers.set('content-security-policy', pageCsp(inlineScriptHashesOfBytes(bytes), opts));
  headers.set('content-length', String(bytes.byteLength));
  // (No statusText: asking for it would make the body a stream; pages never set one.)
  return bytesResponse(bytes, { status: res.status, headers });
}

/** Sets the base headers, and the non-document policy where no policy was set, on every response. */
export function securityHeaders(opts: SecurityOptions): MiddlewareHandler {
  const base = Object.entries(baseHeaders(opts));
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    for (const [name, value] of base) if (!h.has(name)) h.set(name, value);
    if (!h.has('content-security-policy')) {
      const type = h.get('content-type') ?? '';
      // An HTML answer that did not come through the page renderer (an error page of the HTTP
      // layer, say) runs no script at all.
      h.set('content-security-policy', type.startsWith('text/html') ? pageCsp([], opts) : NON_DOCUMENT_CSP);
    }
  };
}

class BodyTooLarge extends Error {
  /** The rest of the body is being read and dropped (lingerThenCancel): the connection stays open
   * until then, so the answer is not erased by a reset. */
  readonly lingering: boolean;
  constructor(lingering = false) {
    super('body too large');
    this.lingering = lingering;
  }
}

/** After a refusal, the rest of the body is read and thrown away for at most this long / this much. */
const LINGER_MS = 10_000;
const LINGER_BYTES = 64 * 1024 * 1024;
/** A refused console upload's body is dropped as it arrives for at most this long (the server's request timeout). */
const DISCARD_MS = 30_000;

/**
 * The refusal (413) is answered at once; the rest of the body is then read and dropped for a
 * while, nothing kept, before the connection is cut. Cutting it at once would leave unread bytes
 * at the server, whose connection then ends with a reset that can erase the 413 from the
 * client's side before it is read (a browser uploading a large file would see "connection reset"
 * instead of the reason).
 */
function lingerThenCancel(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const cancel = () => void reader.cancel().catch(() => {});
  // A client that stops sending is cut off at the end of the while all the same.
  const timer = setTimeout(cancel, LINGER_MS);
  timer.unref?.();
  let dropped = 0;
  void (async () => {
    try {
      while (dropped < LINGER_BYTES) {
        const { done, value } = await reader.read();
        if (done) return;
        dropped += value.byteLength;
      }
      cancel();
    } catch {
      // Cancelled by the timer, or the client went away.
    } finally {
      clearTimeout(timer);
    }
  })();
}

/**
 * Reads the rest of a refused request's body and throws it away (nothing kept), at most `max`
 * bytes and `ms` long, so that the answer reaches the client: a connection closed under unread
 * bytes ends with a reset that can erase it. False when the body was not read to its end (the
 * answer should then close the connection).
 */
export async function discardBody(req: Request, max: number, ms = DISCARD_MS): Promise<boolean> {
  const declared = req.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > max)) return false;
  if (!req.body) return true;
  const reader = req.body.getReader();
  let whole = true;
  const timer = setTimeout(() => {
    whole = false;
    void reader.cancel().catch(() => {});
  }, ms);
  timer.unref?.();
  let dropped = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return whole;
      dropped += value.byteLength;
      if (dropped > max) {
        void reader.cancel().catch(() => {});
        return false;
      }
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The body of a write, read up to `max` bytes: a declared Content-Length over the limit is refused
 * before reading, and a chunked body is cut off the moment it passes it.
 */
async function readLimitedBody(req: Request, max = MAX_WRITE_BODY_BYTES): Promise<Uint8Array> {
  const declared = req.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > max)) throw new BodyTooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      lingerThenCancel(reader);
      throw new BodyTooLarge(true);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

const TOO_LARGE_MESSAGE = `The request is too large: at most ${MAX_WRITE_BODY_BYTES / 1024} KB are accepted.`;

const MB = 1024 * 1024;

/** The media library's upload: a 20 MB image (common/media-library.ts UPLOAD_MAX_BYTES) and its text fields. */
const MEDIA_UPLOAD_BODY_MAX_BYTES = 20 * MB + 64 * 1024;

/**
 * The writes allowed a larger body than MAX_WRITE_BODY_BYTES, by exact path (the page that takes
 * the upload, its data request, and the API it hands the file to), each with the words of its
 * refusal; each route checks its file's size again:
 *  - a traveller's review with its photo (the page action /review, the API's /safaris/{slug}/reviews);
 *  - the owner's CSV import of newsletter subscribers (2 MB of CSV);
 *  - an image uploaded to the console's media library (20 MB).
 * The limit here stops a larger body while it streams in, before it is kept.
 */
/** One content item as the editor sends it. */
const CONTENT_BODY_MAX_BYTES = 1024 * 1024;

const LARGER_WRITES: readonly { path: RegExp; max: number; message?: string; staff?: true }[] = [
  { path: /^\/review(?:\.data)?$|^(?:\/api)?\/safaris\/[^/]+\/reviews\/?$/, max: REVIEW_BODY_MAX_BYTES, message: 'The review is too large: a photo of at most 6 MB can be sent with it.' },
  { path: /^(?:\/api)?\/admin\/subscribers\/import(?:\.data)?$/, max: 2 * MB + 64 * 1024, staff: true },
  { path: /^(?:\/api)?\/admin\/media(?:\.data)?$/, max: MEDIA_UPLOAD_BODY_MAX_BYTES, message: 'The file is too large: at most 20 MB are accepted.', staff: true },
  // The content editor: a whole item (a long safari with its itinerary) in one form.
  { path: /^(?:\/api)?\/admin\/content\/[a-z]+(?:\/[^/]+)*(?:\.data)?$/, max: CONTENT_BODY_MAX_BYTES, message: 'The item is too large: at most 1 MB of text is accepted.' },
];

/** The 413's words for a limit: TOO_LARGE_MESSAGE for the usual one, a larger write's own words. */
export function tooLargeMessage(limit: number): string {
  if (limit === MAX_WRITE_BODY_BYTES) return TOO_LARGE_MESSAGE;
  return LARGER_WRITES.find((w) => w.max === limit)?.message ?? `The request is too large: at most ${Math.floor(limit / 1024)} KB are accepted.`;
}

/**
 * The console's large writes (the media library's upload, the subscribers' CSV import): the
 * session, the origin and, where it travels in a header, the anti-forgery token are checked before
 * a byte of the body is read (server/api/admin/large-writes.ts, server/web.ts), and the body is
 * spooled to a file under DATA_DIR rather than kept in memory (boundedWrites' `spoolDir`).
 */
export function isStaffLargeWrite(pathname: string): boolean {
  return LARGER_WRITES.some((w) => w.staff && w.path.test(pathname));
}

/** The body limit of a write to this path. */
export function writeLimitFor(pathname: string): number {
  for (const w of LARGER_WRITES) if (w.path.test(pathname)) return w.max;
  return MAX_WRITE_BODY_BYTES;
}

/**
 * The body of a write, read up to `max` bytes into a file in `dir` (never kept in memory): the
 * file is removed from the directory as soon as it is opened, so nothing is left behind whatever
 * happens; its bytes live until the returned handle is closed. Limits as readLimitedBody.
 */
async function spoolLimitedBody(req: Request, max: number, dir: string): Promise<{ handle: FileHandle; size: number }> {
  const declared = req.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > max)) throw new BodyTooLarge();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `body-${randomBytes(12).toString('hex')}`);
  const handle = await open(file, 'wx+', 0o600);
  await unlink(file);
  let size = 0;
  try {
    if (!req.body) return { handle, size };
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > max) {
        lingerThenCancel(reader);
        throw new BodyTooLarge(true);
      }
      await handle.write(value, 0, value.byteLength, size);
      size += value.byteLength;
    }
    return { handle, size };
  } catch (e) {
    await handle.close().catch(() => {});
    throw e;
  }
}

/**
 * Every write (any method but GET, HEAD and OPTIONS) is read here, bounded, before any handler
 * parses it; the handler then reads the buffered copy. Too large: 413 with `Connection: close`.
 * With `spool`, the writes it names are read into a file in its directory instead of memory, and
 * the handler reads them from there.
 */
export function boundedWrites(
  answerTooLarge: (limit: number, pathname: string) => Response,
  limitFor: (path: string) => number = writeLimitFor,
  spool?: { dir: string; paths: (pathname: string) => boolean },
): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    let body: Uint8Array;
    const limit = limitFor(c.req.path);
    try {
      if (spool?.paths(c.req.path)) {
        const { handle, size } = await spoolLimitedBody(c.req.raw, limit, spool.dir);
        const req = c.req.raw;
        const stream = size ? (Readable.toWeb(handle.createReadStream({ start: 0, autoClose: false })) as ReadableStream<Uint8Array>) : undefined;
        c.req.raw = new Request(req.url, { method, headers: req.headers, body: stream, signal: req.signal, duplex: 'half' } as RequestInit);
        try {
          return await next();
        } finally {
          await handle.close().catch(() => {});
        }
      }
      body = await readLimitedBody(c.req.raw, limit);
    } catch (e) {
      if (!(e instanceof BodyTooLarge)) throw e;
      const res = answerTooLarge(limit, c.req.path);
      // Refused by its declared length: nothing of it is read, so the connection ends with the
      // answer. Cut off while streaming in: the rest is read and dropped for a while first
      // (lingerThenCancel); closing now would reset the connection under the unread bytes,
      // which can erase the answer before the client reads it.
      if (!e.lingering) res.headers.set('connection', 'close');
      return res;
    }
    const req = c.req.raw;
    c.req.raw = new Request(req.url, { method, headers: req.headers, body: body.byteLength ? (body as BodyInit) : undefined, signal: req.signal });
    return next();
  };
}
