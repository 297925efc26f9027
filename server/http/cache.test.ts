import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answer, etagMatches, HttpCache, identityBody, isKeepable, queryKey, toCachedAnswer, writeKept } from './cache.ts';

const page = (text: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(text, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60', ...headers } });
const big = (n: number, seed = 'x') => `<p>${seed}</p>`.repeat(n);
const get = (headers: Record<string, string> = {}, method = 'GET') => new Request('http://site.test/p', { method, headers });

describe('HttpCache', () => {
  it('produces a cold key once for 100 concurrent requests and serves them all the same bytes', async () => {
    const cache = new HttpCache({ maxBytes: 10_000_000 });
    let renders = 0;
    const html = big(2000);
    const produce = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 20));
      return page(html);
    };
    const answers = await Promise.all(Array.from({ length: 100 }, () => cache.serve('k', get({ 'accept-encoding': 'br' }), produce)));
    expect(renders).toBe(1);
    expect(cache.stats.coalesced).toBe(99);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html);
    }
  });

  it('keeps brotli and gzip bodies that decode to the produced bytes, and decodes for identity clients', async () => {
    const cache = new HttpCache({ maxBytes: 10_000_000 });
    const html = big(3000, 'ü');
    await cache.serve('k', get(), async () => page(html));
    const br = await cache.serve('k', get({ 'accept-encoding': 'gzip, deflate, br' }), async () => page('other'));
    const gz = await cache.serve('k', get({ 'accept-encoding': 'gzip' }), async () => page('other'));
    const plain = await cache.serve('k', get(), async () => page('other'));
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(html);
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    expect(await plain.text()).toBe(html);
    expect(br.headers.get('vary')).toBe('accept-encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=60');
    expect(br.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('gives each representation a strong ETag and answers If-None-Match with 304', async () => {
    const cache = new HttpCache({ maxBytes: 10_000_000 });
    const first = await cache.serve('k', get({ 'accept-encoding': 'br' }), async () => page(big(500)));
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}-br"$/);
    const plain = await cache.serve('k', get(), async () => page('x'));
    expect(plain.headers.get('etag')).toBe(etag.replace('-br', ''));
    const again = await cache.serve('k', get({ 'accept-encoding': 'br', 'if-none-match': etag }), async () => page('x'));
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const other = await cache.serve('k', get({ 'if-none-match': '"something-else"' }), async () => page('x'));
    expect(other.status).toBe(200);
  });

  it('sends the first answer compressed at the fast setting and, asked again, keeps the best copies of the same body', async () => {
    const cache = new HttpCache({ maxBytes: 10_000_000, brotliQuality: 10 });
    // Text that compresses better at a high setting than at the fast one.
    const html = Array.from({ length: 4000 }, (_, i) => `<li class="c${i % 97}">item ${(i * 7919) % 1000} of ${i % 13}</li>`).join('');
    const fast = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } });
    const first = await cache.serve('k', get({ 'accept-encoding': 'br' }), async () => page(html));
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(firstBytes.length).toBe(fast.length);
    expect(zlib.brotliDecompressSync(firstBytes).toString()).toBe(html);
    const bytesBefore = cache.stats.bytes;
    // Asked again: still served (the fast copy, while the best one is made off the request's path).
    const second = await cache.serve('k', get({ 'accept-encoding': 'br' }), async () => page('other'));
    expect(zlib.brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString()).toBe(html);
    let best = 0;
    for (let i = 0; i < 200 && !best; i++) {
      await new Promise((r) => setTimeout(r, 10));
      const res = await cache.serve('k', get({ 'accept-encoding': 'br' }), async () => page('other'));
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(zlib.brotliDecompressSync(bytes).toString()).toBe(html);
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      expect(res.headers.get('etag')).toBe(first.headers.get('etag'));
      if (bytes.length < fast.length) best = bytes.length;
    }
    expect(best).toBeGreaterThan(0);
    const gz = await cache.serve('k', get({ 'accept-encoding': 'gzip' }), async () => page('other'));
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    expect(cache.stats.bytes).toBeLessThan(bytesBefore);
    expect(cache.stats.produced).toBe(1);
  });

  it('makes the best copies of many answers asked again at once, each in its turn, in two caches, and every one ends with its own best bytes', async () => {
    const caches = [new HttpCache({ maxBytes: 10_000_000, brotliQuality: 10 }), new HttpCache({ maxBytes: 10_000_000 })];
    const bodies = Array.from({ length: 6 }, (_, n) => Array.from({ length: 3000 }, (_, i) => `<li class="c${(i + n) % 89}">item ${(i * 7919 + n) % 1000}</li>`).join(''));
    const br = { 'accept-encoding': 'br' };
    const sizes = async () => {
      const out: number[] = [];
      for (const cache of caches)
        for (const [n, html] of bodies.entries()) {
          const res = await cache.serve(`k${n}`, get(br), async () => page(html));
          const bytes = Buffer.from(await res.arrayBuffer());
          expect(zlib.brotliDecompressSync(bytes).toString()).toBe(html);
          out.push(bytes.length);
        }
      return out;
    };
    const fast = await sizes();
    // Asked again, all at once: every answer is served, and its best copies are queued.
    await sizes();
    let now = fast;
    for (let i = 0; i < 300 && now.some((size, j) => size >= fast[j]!); i++) {
      await new Promise((r) => setTimeout(r, 20));
      now = await sizes();
    }
    expect(now.every((size, j) => size < fast[j]!)).toBe(true);
    for (const cache of caches) expect(cache.stats.produced).toBe(bodies.length);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const cache = new HttpCache({ maxBytes: 10_000_000 });
    const head = await cache.serve('k', get({ 'accept-encoding': 'gzip' }, 'HEAD'), async () => page(big(800)));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
  });

  it('keeps a no-cache page (clients revalidate it) and answers its ETag with 304', async () => {
    const cache = new HttpCache({ maxBytes: 10_000_000 });
    let renders = 0;
    const produce = async () => (renders++, page(big(800), { 'cache-control': 'public, no-cache' }));
    const first = await cache.serve('k', get({ 'accept-encoding': 'gzip' }), produce);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const etag = first.headers.get('etag')!;
    const again = await cache.serve('k', get({ 'accept-encoding': 'gzip', 'if-none-match': etag }), produce);
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, no-cache');
    expect(renders).toBe(1);
  });

  it('never keeps errors, redirects, personal or no-store answers', async () => {
    const cache = new HttpCache({ maxBytes: 10_000_000 });
    const cases: Response[] = [
      page('missing', {}, 404),
      page('broken', {}, 500),
      new Response(null, { status: 301, headers: { location: '/x' } }),
      page('mine', { 'set-cookie': 'sid=1' }),
      page('secret', { 'cache-control': 'no-store' }),
      page('private', { 'cache-control': 'private, max-age=10' }),
    ];
    for (const [i, res] of cases.entries()) {
      let calls = 0;
      const produce = async () => (calls++, res.clone());
      const a = await cache.serve(`k${i}`, get(), produce);
      await cache.serve(`k${i}`, get(), produce);
      expect(calls, `case ${i}`).toBe(2);
      expect(a.status).toBe(res.status);
      expect(isKeepable(res)).toBe(false);
    }
    expect(cache.stats.entries).toBe(0);
  });

  it('is bounded by bytes and evicts the least recently used first', async () => {
    const one = await toCachedAnswer(page(big(4000, 'a')));
    const cache = new HttpCache({ maxBytes: one.size * 4 + 10 });
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, one);
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('e', one);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('e')).toBeDefined();
    expect(cache.stats.bytes).toBeLessThanOrEqual(cache.maxBytes);
    expect(cache.stats.evicted).toBe(1);
  });

  it('does not keep one answer larger than a quarter of its budget', async () => {
    const one = await toCachedAnswer(page(big(4000, 'a')));
    const cache = new HttpCache({ maxBytes: one.size * 3 });
    cache.set('a', one);
    expect(cache.get('a')).toBeUndefined();
  });

  it('produces every time when its size is 0, and drops everything on clear', async () => {
    const off = new HttpCache({ maxBytes: 0 });
    let calls = 0;
    await off.serve('k', get(), async () => (calls++, page(big(10))));
    await off.serve('k', get(), async () => (calls++, page(big(10))));
    expect(calls).toBe(2);
    const on = new HttpCache({ maxBytes: 1_000_000 });
    let cleared = 0;
    on.onClear(() => cleared++);
    await on.serve('k', get(), async () => page(big(10)));
    on.clear();
    expect(on.stats.entries).toBe(0);
    expect(cleared).toBe(1);
  });

  it("keeps an identity client's decoded body beside the compressed ones, counted against its budget", async () => {
    const cache = new HttpCache({ maxBytes: 10_000_000 });
    const html = big(3000, 'é');
    const first = await cache.serve('k', get({ 'accept-encoding': 'br' }), async () => page(html));
    const compressedBytes = cache.stats.bytes;
    const plain = await cache.serve('k', get(), async () => page('other'));
    const length = Buffer.byteLength(html);
    expect(cache.stats.bytes).toBe(compressedBytes + length);
    const again = await cache.serve('k', get(), async () => page('other'));
    expect(cache.stats.bytes).toBe(compressedBytes + length);
    for (const res of [plain, again]) {
      expect(await res.text()).toBe(html);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('content-length')).toBe(String(length));
      expect(res.headers.get('vary')).toBe('accept-encoding');
      expect(res.headers.get('etag')).toBe(first.headers.get('etag')!.replace('-br', ''));
    }
    // The compressed representations are unchanged.
    const br = await cache.serve('k', get({ 'accept-encoding': 'br' }), async () => page('other'));
    expect(br.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Buffer.from(await br.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    const notModified = await cache.serve('k', get({ 'if-none-match': plain.headers.get('etag')! }), async () => page('other'));
    expect(notModified.status).toBe(304);
  });

  it('evicts the least recently used entries to make room for a decoded body, never the entry itself', async () => {
    const html = big(4000, 'a');
    const one = await toCachedAnswer(page(html));
    const cache = new HttpCache({ maxBytes: 4 * (one.size + one.length) });
    // As many entries as the budget holds: the decoded body needs room.
    const keys = Array.from({ length: Math.floor(cache.maxBytes / one.size) }, (_, i) => `k${i}`);
    for (const k of keys) cache.set(k, { ...one });
    expect(cache.stats.entries).toBe(keys.length);
    const res = await cache.serve('k1', get(), async () => page('other'));
    expect(await res.text()).toBe(html);
    expect(cache.stats.bytes).toBeLessThanOrEqual(cache.maxBytes);
    expect(cache.get('k1')?.keptIdentity).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get(keys.at(-1)!)).toBeDefined();
    expect(cache.stats.evicted).toBeGreaterThanOrEqual(1);
  });

  it('serves a decoded body without keeping it when the entry would outgrow a quarter of the budget, or is no longer kept', async () => {
    const html = big(4000, 'a');
    const one = await toCachedAnswer(page(html));
    const tight = new HttpCache({ maxBytes: one.size * 4 + 100 });
    tight.set('k', one);
    expect(new TextDecoder().decode(tight.identityOf('k', one))).toBe(html);
    expect(one.keptIdentity).toBeUndefined();
    expect(tight.stats.bytes).toBe(one.size);
    const roomy = new HttpCache({ maxBytes: 10_000_000 });
    const gone = await toCachedAnswer(page(html));
    expect(new TextDecoder().decode(roomy.identityOf('k', gone))).toBe(html);
    expect(gone.keptIdentity).toBeUndefined();
    expect(roomy.stats.bytes).toBe(0);
  });

  it('writes the same identity bytes and headers on the fast path as through the Fetch API, decoding once', async () => {
    const cache = new HttpCache({ maxBytes: 10_000_000 });
    const html = big(3000, 'ß');
    await cache.serve('k', get(), async () => page(html));
    const entry = cache.get('k')!;
    const before = cache.stats.bytes;
    const written: { status: number; headers: Record<string, unknown>; body?: Uint8Array }[] = [];
    for (let i = 0; i < 2; i++) {
      const out: (typeof written)[number] = { status: 0, headers: {} };
      const res = {
        writeHead: (status: number, headers: Record<string, unknown>) => Object.assign(out, { status, headers }),
        end: (body?: Uint8Array) => Object.assign(out, { body }),
      };
      writeKept(entry, { method: 'GET', headers: {} } as never, res as never, { 'x-frame-options': 'DENY' }, (e) => cache.identityOf('k', e));
      written.push(out);
    }
    expect(cache.stats.bytes - before).toBe(Buffer.byteLength(html)); // decoded at the first write, kept since
    const viaFetch = await cache.serve('k', get(), async () => page('other'));
    for (const w of written) {
      expect(w.status).toBe(200);
      expect(Buffer.from(w.body!).toString()).toBe(html);
      expect(w.headers['content-length']).toBe(viaFetch.headers.get('content-length'));
      expect(w.headers.etag).toBe(viaFetch.headers.get('etag'));
      expect(w.headers['content-encoding']).toBeUndefined();
      expect(w.headers['x-frame-options']).toBe('DENY');
    }
    expect(written[1]!.body).toBe(written[0]!.body);
  });

  it('keeps small bodies as they are', async () => {
    const e = await toCachedAnswer(page('tiny'));
    expect(e.identity).toBeDefined();
    expect(e.br).toBeUndefined();
    expect(new TextDecoder().decode(identityBody(e))).toBe('tiny');
    const res = answer(e, get({ 'accept-encoding': 'br' }));
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('tiny');
  });
});

describe('etagMatches', () => {
  it('matches any representation of the same body, weak or strong, in a list', () => {
    expect(etagMatches('"abc-br"', 'abc')).toBe(true);
    expect(etagMatches('W/"abc"', 'abc')).toBe(true);
    expect(etagMatches('"zzz", "abc-gzip"', 'abc')).toBe(true);
    expect(etagMatches('*', 'abc')).toBe(true);
    expect(etagMatches('"abcd"', 'abc')).toBe(false);
    expect(etagMatches(null, 'abc')).toBe(false);
  });
});

describe('queryKey', () => {
  const q = (s: string, policy: Parameters<typeof queryKey>[1]) => queryKey(new URLSearchParams(s), policy);
  it('keeps only the named parameters, sorted, and drops tracking ones', () => {
    expect(q('', {})).toBe('');
    expect(q('utm_source=news&fbclid=x', {})).toBe('');
    expect(q('page=2', { query: ['page'] })).toBe('?page=2');
    expect(q('limit=9&page=2&utm_medium=mail', { query: ['page', 'limit'] })).toBe('?limit=9&page=2');
  });
  it('refuses anything else: unknown or repeated parameters, values outside a closed list', () => {
    expect(q('query=gorilla', {})).toBeUndefined();
    expect(q('page=2', {})).toBeUndefined();
    expect(q('page=2&page=3', { query: ['page'] })).toBeUndefined();
    expect(q('navbar=maybe', { query: ['navbar'], values: { navbar: ['true'] } })).toBeUndefined();
    expect(q('navbar=true', { query: ['navbar'], values: { navbar: ['true'] } })).toBe('?navbar=true');
  });
});
