import { describe, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { decodable, isPersonal, pagePlanner } from './page-cache.ts';

// A tiny build: root > index (kept), parks (kept list), search (kept bare), enquiry (not kept), * (one 404).
const route = (id: string, parentId: string | undefined, path: string | undefined, handle?: unknown, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  caseSensitive: undefined,
  module: handle ? { handle, default: () => null } : { default: () => null },
});
const build = {
  assets: { version: 'b1' },
  routes: {
    root: route('root', undefined, ''),
    home: route('home', 'root', undefined, { cache: {} }, true),
    parks: route('parks', 'root', 'parks', { cache: { query: ['page'] } }),
    search: route('search', 'root', 'search', { cache: {} }),
    enquiry: route('enquiry', 'root', 'enquiry'),
    missing: route('missing', 'root', '*', { cache: { anyAddress: true } }),
  },
} as unknown as ServerBuild;

describe('pagePlanner', () => {
  const planner = pagePlanner(build, (p) => p.startsWith('/api/'));
  const key = (url: string, method = 'GET', personal = false) => planner.keyOf(method, url, personal)?.key;

  it('keys opted-in pages by build, content version, year and normalised address', () => {
    const year = new Date().getUTCFullYear();
    expect(key('/')).toBe(`page b1 y${year} /`);
    expect(key('/parks?page=2&utm_source=x')).toBe(`page b1 y${year} /parks?page=2`);
    expect(key('/parks?page=2', 'HEAD')).toBe(key('/parks?page=2'));
    expect(key('/parks.data?page=2&_routes=root,parks')).toBe(`page b1 y${year} /parks.data?page=2&_routes=root%2Cparks`);
    expect(key('/_.data')).toBe(`page b1 y${year} /_.data`);
  });

  it('keeps nothing for writes, personal requests, routes that do not opt in and unnamed parameters', () => {
    expect(key('/', 'POST')).toBeUndefined();
    expect(key('/', 'GET', true)).toBeUndefined();
    expect(key('/enquiry')).toBeUndefined();
    expect(key('/search?query=gorilla')).toBeUndefined();
    expect(key('/parks?page=2&page=3')).toBeUndefined();
    expect(key('/parks.data?_routes=root,enquiry')).toBeUndefined();
    expect(key('/api/anything')).toBeUndefined();
    expect(key('/__manifest?paths=%2Fparks&version=abc')).toBeUndefined();
  });

  it('gives every unknown address one not-found key, and steps aside for odd addresses', () => {
    expect(key('/no/such/page')).toBe(key('/another-missing-page?x=1'));
    expect(planner.keyOf('GET', '/no-such', false)?.statuses).toEqual([200, 404]);
    for (const odd of ['//%7Dr%%5E/a?x=3', '//evil.example/x', '/%ff', '/a%00b', '/%0d%0a', 'no-slash']) expect(() => key(odd)).not.toThrow();
    expect(key('/%ff')).toBeUndefined();
    expect(key('/a%0ab')).toBeUndefined();
  });

  it('knows personal requests and decodable paths', () => {
    expect(isPersonal(new Request('http://x/', { headers: { cookie: 'a=1' } }))).toBe(true);
    expect(isPersonal(new Request('http://x/', { headers: { authorization: 'Basic x' } }))).toBe(true);
    expect(isPersonal(new Request('http://x/'))).toBe(false);
    expect(decodable('/safaris/a-b')).toBe(true);
    expect(decodable('/caf%C3%A9')).toBe(true);
    expect(decodable('/%E0%80')).toBe(false);
    expect(decodable('/a%00')).toBe(false);
  });
});
