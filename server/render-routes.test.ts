import fc from 'fast-check';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeScopes } from './render-routes.ts';

// A build shaped like the site's: the root, the home page, English pages, the same pages under
// /de/, a dynamic first segment, a console with a layout and children, redirects and a splat.
const table: [id: string, parentId: string | undefined, path: string | undefined, index?: boolean][] = [
  ['root', undefined, ''],
  ['home', 'root', undefined, true],
  ['safaris', 'root', 'safaris'],
  ['safari', 'root', 'safaris/:slug'],
  ['safaris-in', 'root', 'safaris/in/:slug'],
  ['redirect-rwanda', 'root', 'safaris/Rwanda-Safaris'],
  ['parks', 'root', 'parks'],
  ['de-home', 'root', 'de'],
  ['de-safaris', 'root', 'de/safaris'],
  ['de-safari', 'root', 'de/safaris/:slug'],
  ['trip', 'root', 'trip/:token'],
  ['nav', 'root', 'nav/:panel/:tab?'],
  ['optional', 'root', 'maybe?/x'],
  ['dynamic', 'root', ':lang/about'],
  ['admin', 'root', 'admin'],
  ['admin-layout', 'admin', undefined],
  ['admin-dashboard', 'admin-layout', undefined, true],
  ['admin-staff', 'admin-layout', 'staff'],
  ['missing', 'root', '*'],
];
const build = {
  basename: '/',
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  assets: { version: 'v1', routes: Object.fromEntries(table.map(([id, parentId, path, index]) => [id, { id, parentId, path, index }])) },
  routes: Object.fromEntries(table.map(([id, parentId, path, index]) => [id, { id, parentId, path, index, caseSensitive: undefined, module: {} }])),
} as unknown as ServerBuild;

/** The build's routes as React Router's route objects (children in the build's order). */
function tree(b: ServerBuild): RouteObject[] {
  const of = (parentId: string | undefined): RouteObject[] =>
    Object.values(b.routes)
      .filter((r) => r!.parentId === parentId)
      .map((r) => (r!.index ? { id: r!.id, index: true } : { id: r!.id, path: r!.path, children: of(r!.id) }));
  return of(undefined);
}
const matchedIds = (b: ServerBuild, pathname: string) => matchRoutes(tree(b), pathname)?.map((m) => m.route.id) ?? null;

describe('routeScopes', () => {
  const { scopeOf } = routeScopes(build);

  it('gives an address only the routes of its first segment and the routes every address shares', () => {
    const ids = (pathname: string) => Object.keys(scopeOf(pathname).routes).sort();
    const shared = ['dynamic', 'home', 'missing', 'optional', 'root'];
    expect(ids('/de/safaris/x')).toEqual([...shared, 'de-home', 'de-safari', 'de-safaris'].sort());
    expect(ids('/safaris/x')).toEqual([...shared, 'redirect-rwanda', 'safari', 'safaris', 'safaris-in'].sort());
    expect(ids('/')).toEqual(shared);
    expect(ids('/unknown/page')).toEqual(shared);
    expect(ids('/admin/staff')).toEqual([...shared, 'admin', 'admin-dashboard', 'admin-layout', 'admin-staff'].sort());
    // The assets' routes (what the page's manifest is drawn from) are cut the same way.
    expect(Object.keys(scopeOf('/de').assets.routes).sort()).toEqual(ids('/de'));
  });

  it('hands unusual addresses, data requests and the discovery manifest the whole table', () => {
    for (const pathname of ['/safaris/x.data', '/_root.data', '/__manifest', '/%73afaris/x', '//safaris/x']) expect(scopeOf(pathname)).toBe(build);
  });

  it('matches the same routes as the whole table, in any letter case', () => {
    const cases = [
      '/',
      '/safaris',
      '/Safaris/',
      '/SAFARIS/x',
      '/safaris/in/kenya',
      '/safaris/rwanda-safaris',
      '/de',
      '/DE/safaris/x',
      '/de/about',
      '/fr/about',
      '/admin',
      '/admin/staff',
      '/nav/a',
      '/nav/a/b',
      '/x',
      '/maybe/x',
      '/trip/t',
      '/parks/a/b',
    ];
    for (const pathname of cases) expect(matchedIds(scopeOf(pathname), pathname), pathname).toEqual(matchedIds(build, pathname));
  });

  it('matches the same routes as the whole table for any address made of the routes’ words', () => {
    const word = fc.constantFrom('safaris', 'SAFARIS', 'de', 'De', 'in', 'x', 'about', 'admin', 'staff', 'nav', 'trip', 'maybe', 'Rwanda-Safaris', 'parks', '', 'q');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 4 }), fc.boolean(), (words, slash) => {
        const pathname = `/${words.join('/')}${slash ? '/' : ''}`;
        expect(matchedIds(scopeOf(pathname), pathname)).toEqual(matchedIds(build, pathname));
      }),
      { numRuns: 500 },
    );
  });
});
