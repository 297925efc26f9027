// The /images/* route: content types, caching by name, validators, lookup order and bad paths.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagesApi } from './images.ts';

let dir: string;
let app: ReturnType<typeof imagesApi>;
const built = () => path.join(dir, 'build');
const sources = () => path.join(dir, 'content');

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'images-api-'));
  const img = sharp({ create: { width: 40, height: 30, channels: 3, background: '#426f47' } });
  await mkdir(path.join(built(), 'parks'), { recursive: true });
  await mkdir(path.join(sources(), 'parks'), { recursive: true });
  await writeFile(path.join(built(), 'parks', 'bwindi.jpg'), await img.clone().jpeg().toBuffer());
  await writeFile(path.join(built(), 'parks', 'bwindi.w480.avif'), await img.clone().avif().toBuffer());
  await writeFile(path.join(built(), 'parks', 'bwindi.3fa9c1d2.w480.avif'), await img.clone().avif().toBuffer());
  await writeFile(path.join(built(), 'parks', 'bwindi.3fa9c1d2.w480.webp'), await img.clone().webp().toBuffer());
  await writeFile(path.join(built(), 'parks', 'bwindi.3fa9c1d2.w480.jpg'), await img.clone().jpeg().toBuffer());
  // A source photo shadowed by the built file, and one only in the sources.
  await writeFile(path.join(sources(), 'parks', 'bwindi.jpg'), Buffer.from('not the built file'));
  await writeFile(path.join(sources(), 'parks', 'only-source.png'), await img.clone().png().toBuffer());
  await writeFile(path.join(built(), 'manifest.json'), '{}');
  app = imagesApi([built(), sources()]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => app.request(p, { headers });

describe('GET /images/*', () => {
  it('serves hashed variants as immutable, with their content type', async () => {
    for (const [ext, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpg', 'image/jpeg'],
    ]) {
      const res = await get(`/images/parks/bwindi.3fa9c1d2.w480.${ext}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect((await sharp(body).metadata()).width).toBe(40);
    }
  });

  it('lets stable and hash-free names be revalidated', async () => {
    for (const p of ['/images/parks/bwindi.jpg', '/images/parks/bwindi.w480.avif']) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
    }
  });

  it('prefers the built file and falls back to the sources', async () => {
    const built = await get('/images/parks/bwindi.jpg');
    expect((await sharp(Buffer.from(await built.arrayBuffer())).metadata()).format).toBe('jpeg');
    const source = await get('/images/parks/only-source.png');
    expect(source.status).toBe(200);
    expect(source.headers.get('content-type')).toBe('image/png');
  });

  it('answers 304 to a matching validator', async () => {
    const first = await get('/images/parks/bwindi.3fa9c1d2.w480.avif');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await get('/images/parks/bwindi.3fa9c1d2.w480.avif', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toContain('immutable');
  });

  it('answers 404 for missing files, other types and paths leaving the folders', async () => {
    for (const p of [
      '/images/parks/missing.jpg',
      '/images/parks/bwindi.3fa9c1d2.w999.avif',
      '/images/manifest.json',
      '/images/../package.json',
      '/images/parks/%2e%2e/%2e%2e/secret.jpg',
      '/images/parks//bwindi.jpg',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      // Dot segments (also encoded ones) are resolved by the URL parser before routing, so those
      // requests never reach this route; the others get its JSON answer.
      if (!/\/(\.\.|%2e%2e)\//.test(p)) expect(await res.json()).toEqual({ error: 'Image not found' });
      else expect(new URL(p, 'http://x').pathname.startsWith('/images/parks/')).toBe(false);
    }
  });
});
