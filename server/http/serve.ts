// Serving a Hono app on Node with graceful shutdown: on SIGTERM/SIGINT stop accepting
// connections, let in-flight requests finish (up to a timeout), then run the cleanup.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import { NOT_ALLOWED_MESSAGE } from './edge.ts';
import type { Logger } from '../logger.ts';

export interface Served {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export function listen(
  app: {
    fetch: (req: Request, env?: unknown) => Response | Promise<Response>;
    /** Answers a request straight from memory when it can (kept pages); false hands it to fetch. */
    serveKept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  },
  opts: {
    port: number;
    host?: string;
    logger: Logger;
    /** The cluster worker's id: every response then names it in an X-Worker header. */
    worker?: number;
  },
): Promise<Served> {
  // Requests still being handled: shutdown waits for them before the database is closed.
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const fetch = async (req: Request, env?: unknown) => {
    inFlight++;
    try {
      return await app.fetch(req, env);
    } finally {
      if (--inFlight === 0) drained?.();
    }
  };
  return new Promise((resolve, reject) => {
    const serveKept = app.serveKept;
    const create = (options: object, listener: RequestListener) =>
      createServer(
        {
          ...options,
          // A client gets 10 s to send its headers and 30 s for the whole request; idle or
          // trickling connections are checked every second rather than every 30 s.
          headersTimeout: 10_000,
          requestTimeout: 30_000,
          connectionsCheckingInterval: 1_000,
        },
        serveKept ? (req, res) => void (serveKept(req, res) || listener(req, res)) : listener,
      );
    const server = serve({ fetch, port: opts.port, hostname: opts.host, createServer: create as never }, (info) => {
      resolve({
        server,
        port: info.port,
        close: async () => {
          const closed = new Promise<void>((res) => server.close(() => res()));
          // Idle keep-alive sockets would hold close() open.
          server.closeIdleConnections();
          if (inFlight > 0) await new Promise<void>((res) => (drained = res));
          await closed;
        },
      });
    }) as Server;
    server.keepAliveTimeout = 5000;
    answerAtTheEdge(server, opts.logger);
    if (opts.worker !== undefined) {
      const worker = String(opts.worker);
      // Runs before the app's own listener, so the header is set before the response is written.
      server.prependListener('request', (_req, res) => res.setHeader('x-worker', worker));
    }
    server.once('error', reject);
  });
}

export function onShutdown(logger: Logger, timeoutMs: number, steps: () => Promise<void>) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    try {
      await steps();
      logger.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

const rawAnswer = (status: string, headers: Record<string, string>, text: string) =>
  `HTTP/1.1 ${status}\r\n${Object.entries({ 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), connection: 'close', ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n${text}`;

/**
 * Requests Node's HTTP server answers before the app sees them (server/http/edge.ts): CONNECT
 * (which would otherwise just close the connection) and a method the parser does not know (FOO,
 * 400 otherwise) are 405, with the methods the site takes; other malformed requests keep Node's
 * answers (400, 408, 431).
 */
function answerAtTheEdge(server: Server, logger: Logger): void {
  server.on('connect', (_req: IncomingMessage, socket: import('node:stream').Duplex) => {
    logger.info({ status: 405, method: 'CONNECT' }, 'request refused');
    socket.on('error', () => {});
    socket.end(rawAnswer('405 Method Not Allowed', { allow: 'GET, HEAD, POST', 'cache-control': 'no-store' }, NOT_ALLOWED_MESSAGE));
  });
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: import('node:stream').Duplex) => {
    socket.on('error', () => {});
    // A response already under way on this connection: an answer written now would corrupt it.
    const inFlight = (socket as unknown as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) return void socket.destroy();
    if (err.code === 'HPE_INVALID_METHOD') {
      logger.info({ status: 405 }, 'request refused: a method the server does not know');
      return void socket.end(rawAnswer('405 Method Not Allowed', { allow: 'GET, HEAD, POST', 'cache-control': 'no-store' }, NOT_ALLOWED_MESSAGE));
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  });
}
