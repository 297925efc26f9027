import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';

// Re-exported so the server can provide the API client under the same context key.
export { apiContext } from './context.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  // Every page's data is loaded before rendering, so the whole document is rendered before the
  // first byte: crawlers and browsers get complete HTML with the right status, and the server gets
  // the document as one buffer (to hash its inline scripts for the security policy, and to keep it).
  return new Promise<Response>((resolve, reject) => {
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const body = new Writable({
          write(chunk: Buffer | string, _encoding, done) {
            chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
            done();
          },
          final(done) {
            clearTimeout(timeoutId);
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            // A server error page must never be cached; a not-found page keeps the short page cache.
            if (responseStatusCode >= 500) responseHeaders.set('Cache-Control', 'no-store');
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
            done();
          },
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
  });
}
