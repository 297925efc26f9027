// What the HTTP layer answers at its edge, as a client's doing rather than a fault of the server
// (one info line each, never a stack):
// - request methods the site does not take (TRACE, CONNECT, WebDAV's PROPFIND, a made-up FOO),
//   answered before anything reads the request: 405 with the methods the address takes (Allow).
//   Not 501: a method is the client's choice, and the site answers no 5xx for what a client sends;
// - a request whose body never arrived whole: the client went away, reset the connection, or was
//   too slow and timed out (isClientFault).
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger.ts';

/** The methods some address of the site takes. */
const SITE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export const NOT_ALLOWED_MESSAGE = 'This address does not accept that method.';

/**
 * The answer to a method no address of the site takes, or undefined for the others. `allow`: the
 * methods the address takes (the Allow header of the 405).
 */
function unknownMethodAnswer(method: string, allow: () => string, json: boolean): Response | undefined {
  if (SITE_METHODS.has(method)) return undefined;
  const headers = { 'cache-control': 'no-store', allow: allow() };
  return json
    ? new Response(JSON.stringify({ error: NOT_ALLOWED_MESSAGE }), { status: 405, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } })
    : new Response(NOT_ALLOWED_MESSAGE, { status: 405, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
}

/** Middleware: refuses the methods no address takes (see unknownMethodAnswer), with one info line. */
export function refuseUnknownMethods(opts: { logger: Logger; allow: (path: string) => string; json: (path: string) => boolean }): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (SITE_METHODS.has(method)) return next();
    const path = c.req.path;
    const res = unknownMethodAnswer(method, () => opts.allow(path), opts.json(path))!;
    opts.logger.info({ status: res.status, method: method.slice(0, 20), path: path.slice(0, 200) }, 'request refused');
    return res;
  };
}

/** Error codes of a request body that stopped arriving: aborted, reset, timed out. */
const CLIENT_FAULT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_HTTP_REQUEST_TIMEOUT', 'UND_ERR_ABORTED']);

/** True when the error (or one of its causes) is the client's: its request body did not arrive whole. */
export function isClientFault(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && CLIENT_FAULT_CODES.has(code)) return true;
    if (name === 'AbortError' || message === 'aborted' || message === 'Request aborted') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The one line logged for a client fault. */
export function logClientFault(logger: Logger, err: unknown, req: { method: string; path: string }): void {
  const code = (err as { code?: unknown })?.code;
  logger.info(
    { method: req.method.slice(0, 20), path: req.path.slice(0, 200), reason: typeof code === 'string' ? code : String((err as Error)?.message ?? err).slice(0, 100) },
    'request body did not arrive: the client went away or was too slow',
  );
}
