import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { cacheMiddleware, ResponseCache } from './cache.ts';

function appWith(cache: ResponseCache) {
  let calls = 0;
  const app = new Hono();
  app.use('*', cacheMiddleware(cache, (p) => p === '/skip'));
  app.get('/data', (c) => c.json({ calls: ++calls }));
  app.get('/skip', (c) => c.json({ calls: ++calls }));
  app.get('/missing', (c) => c.json({ error: 'nope' }, 404));
  return app;
}

describe('response cache', () => {
  it('serves repeated GETs from memory with a stable ETag', async () => {
    const cache = new ResponseCache();
    const app = appWith(cache);
    const a = await app.request('/data');
    const b = await app.request('/data');
    expect(await a.json()).toEqual({ calls: 1 });
    expect(await b.json()).toEqual({ calls: 1 });
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const c304 = await app.request('/data', { headers: { 'if-none-match': a.headers.get('etag')! } });
    expect(c304.status).toBe(304);
  });
  it('recomputes after clear and never caches errors or bypassed paths', async () => {
    const cache = new ResponseCache();
    const app = appWith(cache);
    await app.request('/data');
    cache.clear();
    expect(await (await app.request('/data')).json()).toEqual({ calls: 2 });
    expect((await app.request('/missing')).headers.get('cache-control')).toBe('no-store');
    expect(cache.size).toBe(1);
    await app.request('/skip');
    expect(await (await app.request('/skip')).json()).toEqual({ calls: 4 });
  });
  it('compresses a large cached answer once per encoding, with a matching Content-Length', async () => {
    const cache = new ResponseCache();
    const app = new Hono();
    app.use('*', cacheMiddleware(cache, () => false));
    const items = Array.from({ length: 200 }, (_, i) => ({ id: i, safarititle: `Gorilla trekking safari ${i}` }));
    app.get('/big', (c) => c.json({ items }));
    for (let i = 0; i < 2; i++) {
      const res = await app.request('/big', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.headers.get('content-encoding')).toBe('br');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      expect(JSON.parse(zlib.brotliDecompressSync(bytes).toString())).toEqual({ items });
    }
    const plain = await app.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { items: unknown[] }).items).toHaveLength(200);
  });

  it('evicts the least recently used entry when full', () => {
    const cache = new ResponseCache(2);
    const e = { body: new Uint8Array(), etag: 'W/"x"' };
    cache.set('a', e);
    cache.set('b', e);
    cache.get('a');
    cache.set('c', e);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });
});
