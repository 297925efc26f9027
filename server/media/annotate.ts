// Image metadata for the pages. Loaders receive the API's JSON through an ApiClient; wrapping that
// client with withImageMeta() adds an `imageMeta` map to every JSON object answer: for each stable
// image path found anywhere in the answer, its content token, intrinsic size, variant widths and
// placeholder colour from the media manifest. The map travels with the loader data to the server
// render and to the browser (hydration and client navigations), where app/components/Image.tsx
// reads it. Nothing is added to the JavaScript bundle, and the public API's answers are unchanged.
import type { ApiClient } from '../../common/api-client.ts';
import { responseBytes, textResponse } from '../../common/document-bytes.ts';
import type { ImageMeta } from '../../common/media.ts';
import { manifestSource, type Manifest, type ManifestEntry } from './manifest.ts';

const IMAGE_META_KEY = 'imageMeta';

const STABLE_PATH = /^\/?images\/[a-z0-9][a-z0-9/_.-]*\.jpg$/;

/** Every stable image path (images/....jpg) among the string values of a JSON value. */
export function imagePathsIn(value: unknown, found = new Set<string>(), depth = 0): Set<string> {
  if (depth > 12) return found;
  if (typeof value === 'string') {
    if (value.length < 300 && STABLE_PATH.test(value)) found.add(value.replace(/^\//, ''));
  } else if (Array.isArray(value)) {
    for (const v of value) imagePathsIn(v, found, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) imagePathsIn(v, found, depth + 1);
  }
  return found;
}

function metaOf(entry: ManifestEntry): ImageMeta {
  return { v: entry.v, w: entry.w, h: entry.h, widths: entry.widths, c: entry.colour };
}

/** The imageMeta map for the images a JSON value mentions (only those the manifest knows). */
export function imageMetaFor(value: unknown, manifest: Manifest): Record<string, ImageMeta> {
  const out: Record<string, ImageMeta> = {};
  for (const p of imagePathsIn(value)) {
    const entry = manifest.images[p];
    if (entry) out[p] = metaOf(entry);
  }
  return out;
}

/**
 * An ApiClient whose successful JSON object answers carry `imageMeta`. Other answers (errors,
 * non-JSON, arrays, non-GET requests) pass through untouched.
 */
// Annotated answers by the API's ETag (and manifest), shared by every client (one is made per
// request), so each cached API answer is annotated once.
const annotated = new Map<string, string>();

export function withImageMeta(client: ApiClient, manifest: () => Promise<Manifest | undefined>): ApiClient {
  return {
    async fetch(path, init) {
      const res = await client.fetch(path, init);
      const method = (init?.method ?? 'GET').toUpperCase();
      if (method !== 'GET' || res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('application/json')) return res;
      const m = await manifest();
      if (!m) return res;
      const etag = res.headers.get('etag');
      const key = etag ? `${etag} ${manifestKey(m)}` : undefined;
      const hit = key ? annotated.get(key) : undefined;
      if (hit !== undefined) {
        const headers = new Headers(res.headers);
        headers.delete('content-length');
        headers.delete('etag');
        // A body held in memory (an answer the API keeps) needs no cancelling; asking for the
        // stream would copy it.
        if (!responseBytes(res)) void res.body?.cancel();
        return textResponse(hit, { status: 200, headers });
      }
      const text = await res.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
      }
      if (!body || typeof body !== 'object' || Array.isArray(body) || IMAGE_META_KEY in body) {
        return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
      }
      const meta = imageMetaFor(body, m);
      const headers = new Headers(res.headers);
      headers.delete('content-length');
      headers.delete('etag');
      const out = JSON.stringify({ ...body, [IMAGE_META_KEY]: meta });
      if (key) {
        if (annotated.size >= 1000) annotated.delete(annotated.keys().next().value!);
        annotated.set(key, out);
      }
      return textResponse(out, { status: res.status, headers });
    },
  };
}

const manifestKeys = new WeakMap<Manifest, string>();
let manifestCount = 0;
/** A short identity of a manifest object (a rebuilt manifest gets a new one). */
function manifestKey(m: Manifest): string {
  let k = manifestKeys.get(m);
  if (!k) manifestKeys.set(m, (k = `m${++manifestCount}`));
  return k;
}

const sources = new Map<string, () => Promise<Manifest | undefined>>();

/** withImageMeta() reading the manifest of a media directory (shared per directory, re-read on rebuild). */
export function withImageMetaFrom(client: ApiClient, mediaDir: string): ApiClient {
  let source = sources.get(mediaDir);
  if (!source) {
    source = manifestSource(mediaDir);
    sources.set(mediaDir, source);
  }
  return withImageMeta(client, source);
}
