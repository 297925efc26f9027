// Image files under /images/..., relative to the API base (header images and gallery files).
// Files come from the media directory built by the image pipeline (server/media/).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { ApiEnv } from './http.ts';

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/** Names with a content hash (name.abcdef12.ext, name.abcdef12-800.ext) never change: cache them for a year. */
const HASHED = /\.[0-9a-f]{8,}(-\d+)?\.[a-z]+$/;

export function imagesApi(mediaDirs: string[]) {
  const app = new Hono<ApiEnv>();
  const roots = mediaDirs.map((d) => path.resolve(d));
  app.get('/images/*', async (c) => {
    const rel = decodeURIComponent(c.req.path.replace(/^.*?\/images\//, ''));
    const type = TYPES[path.extname(rel).toLowerCase()];
    if (!type || rel.includes('\0') || rel.split('/').some((s) => s === '..' || s === '')) return c.json({ error: 'Image not found' }, 404);
    for (const root of roots) {
      const file = path.join(root, rel);
      if (!file.startsWith(root + path.sep)) continue;
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) continue;
      const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      const headers: Record<string, string> = {
        'content-type': type,
        'content-length': String(info.size),
        etag,
        'cache-control': HASHED.test(rel) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400, stale-while-revalidate=604800',
      };
      if (type === 'image/svg+xml') headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'";
      if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
      if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
      return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { status: 200, headers });
    }
    return c.json({ error: 'Image not found' }, 404);
  });
  return app;
}
