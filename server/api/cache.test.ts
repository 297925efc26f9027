import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { noteReads } from '../db/reads.ts';
import { HttpCache } from '../http/cache.ts';
import { cached, type CacheEnv } from './cache.ts';

function appWith(cache: HttpCache) {
  let calls = 0;
  const app = new Hono<CacheEnv>();
  app.use('*', async (c, next) => {
    c.set('answers', { cache });
    await next();
  });
  // Answers made from the tables named in ?from (as the database's logger notes them).
  app.get('/made-from', cached({ query: ['from'] }), (c) => {
    noteReads((c.req.query('from') ?? '').split(','));
    return c.json({ calls: ++calls });
  });
  app.get('/data', cached(), (c) => c.json({ calls: ++calls }));
  app.get('/list', cached({ query: ['page'] }), (c) => c.json({ calls: ++calls, page: c.req.query('page') ?? '1' }));
  app.get('/fresh', (c) => c.json({ calls: ++calls }));
  app.get('/missing', cached(), (c) => c.json({ error: 'nope' }, 404));
  return { app, calls: () => calls };
}

describe('API answers kept per route (opt-in)', () => {
  it('serves repeated GETs of an opted-in route from memory, with ETag, 304 and the API cache policy', async () => {
    const { app, calls } = appWith(new HttpCache({ maxBytes: 1_000_000 }));
    const a = await app.request('/data');
    const b = await app.request('/data');
    expect(await a.json()).toEqual({ calls: 1 });
    expect(await b.json()).toEqual({ calls: 1 });
    expect(calls()).toBe(1);
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(a.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    const c304 = await app.request('/data', { headers: { 'if-none-match': a.headers.get('etag')! } });
    expect(c304.status).toBe(304);
  });

  it('produces routes without cached() every time, and never keeps errors', async () => {
    const cache = new HttpCache({ maxBytes: 1_000_000 });
    const { app, calls } = appWith(cache);
    await app.request('/fresh');
    await app.request('/fresh');
    expect(calls()).toBe(2);
    expect((await app.request('/missing')).status).toBe(404);
    expect((await app.request('/missing')).status).toBe(404);
    expect(cache.stats.entries).toBe(0);
  });

  it('keys by the named query parameters only; other queries are answered fresh and not kept', async () => {
    const cache = new HttpCache({ maxBytes: 1_000_000 });
    const { app, calls } = appWith(cache);
    await app.request('/list?page=2');
    expect(await (await app.request('/list?page=2&utm_source=x')).json()).toEqual({ calls: 1, page: '2' });
    await app.request('/list?q=anything');
    await app.request('/list?q=anything-else');
    expect(calls()).toBe(3);
    expect(cache.stats.entries).toBe(1);
  });

  it('drops exactly the answers made from the tables a change wrote', async () => {
    const cache = new HttpCache({ maxBytes: 1_000_000 });
    const { app } = appWith(cache);
    const get = async (from: string) => ((await (await app.request(`/made-from?from=${from}`)).json()) as { calls: number }).calls;
    expect([await get('safaris,parks'), await get('blogs'), await get('*')]).toEqual([1, 2, 3]);
    expect([await get('safaris,parks'), await get('blogs'), await get('*')]).toEqual([1, 2, 3]);
    cache.invalidate(['parks', 'lodges']);
    // The park answer and the answer made from anything are made again; the blog answer is kept.
    expect([await get('safaris,parks'), await get('blogs'), await get('*')]).toEqual([4, 2, 5]);
    expect(cache.stats.dropped).toBe(2);
    cache.clear();
    expect(await get('blogs')).toBe(6);
  });

  it('compresses a large kept answer, with a matching Content-Length', async () => {
    const cache = new HttpCache({ maxBytes: 10_000_000 });
    const app = new Hono<CacheEnv>();
    app.use('*', async (c, next) => (c.set('answers', { cache }), next()));
    const items = Array.from({ length: 200 }, (_, i) => ({ id: i, safarititle: `Gorilla trekking safari ${i}` }));
    app.get('/big', cached(), (c) => c.json({ items }));
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
});
