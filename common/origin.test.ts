import { describe, expect, it } from 'vitest';
import { isCrossSite, isFromOwnSite } from './origin.ts';

const h = (o: Record<string, string>) => new Headers(o);

describe('cross-site requests', () => {
  it.each([
    [{}, false],
    [{ 'sec-fetch-site': 'same-origin' }, false],
    [{ 'sec-fetch-site': 'none' }, false],
    [{ 'sec-fetch-site': 'cross-site' }, true],
    [{ origin: 'https://www.kigezitrails.example' }, false],
    [{ origin: 'http://localhost:3000' }, false],
    [{ origin: 'http://localhost:3001' }, true],
    [{ origin: 'https://evil.example' }, true],
    [{ origin: 'null' }, true],
    [{ origin: 'not a url' }, true],
    // The headers a client sends do not make its site ours: only the server's view of the host counts.
    [{ origin: 'https://shop.example', 'x-forwarded-host': 'shop.example' }, true],
    [{ origin: 'https://shop.example', host: 'shop.example' }, true],
    [{ origin: 'https://shop.example', forwarded: 'host=shop.example' }, true],
  ])('%j -> %s', (headers, expected) => {
    expect(isCrossSite(h(headers), 'http://localhost:3000/plan-a-safari', ['https://www.kigezitrails.example'])).toBe(expected);
  });
});

describe('requests from our own pages', () => {
  it.each([
    [{}, false],
    [{ 'sec-fetch-site': 'none' }, false],
    [{ 'sec-fetch-site': 'same-site' }, false],
    [{ 'sec-fetch-site': 'cross-site' }, false],
    [{ 'sec-fetch-site': 'same-origin' }, true],
    [{ origin: 'https://www.kigezitrails.example' }, true],
    [{ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }, true],
    [{ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }, false],
    [{ origin: 'null' }, false],
  ])('%j -> %s', (headers, expected) => {
    expect(isFromOwnSite(h(headers), 'http://localhost:3000/', ['https://www.kigezitrails.example'])).toBe(expected);
  });
});
