// Image files under /images/..., relative to the API base (header images and gallery files).
// Files come from the media directory built by the image pipeline (server/media/), then from the
// source images under content/images. Variants named with their content token
// (bwindi.3fa9c1d2.w960.avif) never change and are cached for a year; the stable names
// (bwindi.jpg, bwindi.w960.avif) may change with a rebuild and are revalidated after an hour.
// Images of the media library (/images/uploads/...) come only from its own directory under
// DATA_DIR (server/media/uploads.ts), named and cached the same way.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { ApiEnv } from '../http/deps.ts';

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/** Variants named with a content token (name.3fa9c1d2.w960.avif) never change: cache them for a year. */
const HASHED = /\.[0-9a-f]{8}\.w\d+\.(?:avif|webp|jpg)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=3600, stale-while-revalidate=86400';

const UPLOADS = 'uploads/';

export function imagesApi(mediaDirs: string[], uploadsDir?: string) {
  const app = new Hono<ApiEnv>();
  const contentRoots = mediaDirs.map((d) => path.resolve(d));
  const uploadsRoot = uploadsDir ? path.resolve(uploadsDir) : undefined;
  app.get('/images/*', async (c) => {
    let rel: string;
    try {
      rel = decodeURIComponent(c.req.path.replace(/^.*?\/images\//, ''));
    } catch {
      return c.json({ error: 'Image not found' }, 404);
    }
    const type = TYPES[path.extname(rel).toLowerCase()];
    if (!type || rel.includes('\0') || rel.split('/').some((s) => s === '..' || s === '')) return c.json({ error: 'Image not found' }, 404);
    // The library's files sit flat in their directory: images/uploads/<file>, nothing deeper.
    const upload = rel.startsWith(UPLOADS);
    if (upload && (!uploadsRoot || rel.slice(UPLOADS.length).includes('/'))) return c.json({ error: 'Image not found' }, 404);
    const roots = upload ? [uploadsRoot!] : contentRoots;
    if (upload) rel = rel.slice(UPLOADS.length);
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
        'cache-control': HASHED.test(rel) ? IMMUTABLE : REVALIDATE,
        'x-content-type-options': 'nosniff',
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
