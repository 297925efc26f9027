import type { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { ServerHeadData } from './components/StructuredData.tsx';
import { headData } from './lib/seo/jsonld.ts';
import { bytesResponse } from '../common/document-bytes.ts';
import { LANGUAGE_CODES } from '../common/languages.ts';
import { loadLanguage } from './i18n/index.ts';
import { loadLanguagePaths } from './lib/languages.ts';

// Re-exported so the server can provide the API client under the same context key.
export { apiContext, pageRendererContext, siteLanguagesContext } from './context.ts';

export const streamTimeout = 5_000;

// Every language's messages and addresses, loaded once when the server starts (never per render).
await Promise.all([...LANGUAGE_CODES.map((language) => loadLanguage(language, 'all')), loadLanguagePaths()]);

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, _loadContext: RouterContextProvider) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  // Every page's data is loaded before rendering, so the whole document is rendered before the
  // first byte: crawlers and browsers get complete HTML with the right status, and the server gets
  // the document as one buffer (to hash its inline scripts for the security policy, and to keep it).
  // The head's structured data is built here, on the server only (see StructuredData.tsx).
  const { matches, loaderData } = routerContext.staticHandlerContext;
  const head = headData(matches.map((m) => ({ id: m.route.id, loaderData: loaderData[m.route.id] })));
  return new Promise<Response>((resolve, reject) => {
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const app = (
      <ServerHeadData.Provider value={head}>
        <ServerRouter context={routerContext} url={request.url} />
      </ServerHeadData.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      // The whole document is sent at once (onAllReady), so every Suspense boundary (the lazy
      // islands) is written in place, never moved in later by script: the page works without
      // JavaScript, and no boundary is outlined for its size.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        // A minimal destination rather than a Writable: React only writes, ends and listens, and
        // the whole document is collected in memory anyway, so each of its ~50 writes costs a
        // push instead of a pass through the stream machinery. (React hands over fresh buffers:
        // it never writes into one again after passing it on.)
        const chunks: Uint8Array[] = [];
        let length = 0;
        const sink = {
          write(chunk: Uint8Array | string) {
            const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
            chunks.push(bytes);
            length += bytes.byteLength;
            return true;
          },
          end() {
            clearTimeout(timeoutId);
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            // A server error page must never be cached; a not-found page keeps the short page cache.
            if (responseStatusCode >= 500) responseHeaders.set('Cache-Control', 'no-store');
            resolve(bytesResponse(Buffer.concat(chunks, length), { headers: responseHeaders, status: responseStatusCode }));
            return sink;
          },
          destroy(error?: unknown) {
            clearTimeout(timeoutId);
            reject(error instanceof Error ? error : new Error('The render was aborted.'));
            return sink;
          },
          on() {
            return sink;
          },
        };
        pipe(sink as unknown as Writable);
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
