import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compression, pickEncoding } from './compress.ts';

describe('pickEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['*', 'br'],
    ['gzip;q=0', undefined],
  ])('%j -> %j', (accept, expected) => {
    expect(pickEncoding(accept)).toBe(expected);
  });
});

describe('compression middleware', () => {
  const big = 'safari '.repeat(2000);
  const app = new Hono();
  app.use('*', compression({ fixed: (p) => p.startsWith('/assets/') }));
  app.get('/assets/app.js', (c) => {
    return c.body(big, 200, { 'content-type': 'text/javascript', 'content-length': String(big.length) });
  });
  app.get('/page', (c) => c.html(`<p>${big}</p>`));
  app.get('/small', (c) => c.body('tiny', 200, { 'content-type': 'text/plain', 'content-length': '4' }));
  app.get('/png', (c) => c.body(big, 200, { 'content-type': 'image/png' }));

  it('compresses pages as they stream, with the encoding the client prefers', async () => {
    const br = await app.request('/page', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(`<p>${big}</p>`);
    const gz = await app.request('/page', { headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(`<p>${big}</p>`);
    const plain = await app.request('/page');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(`<p>${big}</p>`);
  });

  it('compresses fixed assets once and keeps the result', async () => {
    const a = await app.request('/assets/app.js', { headers: { 'accept-encoding': 'br' } });
    const b = await app.request('/assets/app.js', { headers: { 'accept-encoding': 'br' } });
    const bytes = Buffer.from(await b.arrayBuffer());
    expect(Number(b.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(big.length / 10);
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(big);
    expect(Buffer.from(await a.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('leaves small bodies and already-compressed formats alone', async () => {
    expect((await app.request('/small', { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBeNull();
    expect((await app.request('/png', { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBeNull();
  });
});
