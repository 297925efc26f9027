// The site in four languages (SITE_LANGUAGES=en,de,fr,es) against the production build: every
// public page in every language with its <html lang>, its canonical in its own language, hreflang
// alternates that point at each other, the sitemap's alternates; the page cache keeps each
// language's pages apart; a language not served is not found. Every item is translated first (an
// untranslated item has no page in that language: tests/content-translations-site.test.ts).
import './helpers/production.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishPath, localizePath } from '../common/language-paths.ts';
import { LANGUAGE_CODES, LANGUAGES, type Language } from '../common/languages.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { translateEverything } from './helpers/translations.ts';

const SITE = 'http://localhost:3000';

/** The head's language facts of a page. */
function headOf(html: string) {
  const lang = /<html lang="([^"]+)"/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  const alternates = new Map([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => [m[1]!, m[2]!]));
  return { lang, canonical, alternates };
}

/** One address of each kind of page in the sitemap (its first segments, slugs left out). */
function samplePaths(locs: string[]): string[] {
  const seen = new Map<string, string>();
  for (const loc of locs) {
    const path = new URL(loc).pathname;
    const parts = path.split('/').filter(Boolean);
    const kind = parts.length <= 1 ? path : `${parts[0]}/${parts.length}/${parts.length > 2 ? parts[1] : ''}`;
    if (!seen.has(kind)) seen.set(kind, path);
  }
  return [...seen.values()];
}

describe('the site in four languages', () => {
  let site: InProcessSite;
  let sitemap: string;

  beforeAll(async () => {
    site = await startSite({ env: { SITE_LANGUAGES: 'en,de,fr,es' } });
    await translateEverything(site.app);
    sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
  });
  afterAll(() => site?.stop());

  const get = (path: string) => fetch(site.base + path);

  it('links the pages of a language to the same language: cards, lists, navigation, the price card', async () => {
    for (const path of ['/de/', '/de/safaris', '/fr/parcs/bwindi-impenetrable-forest-national-park', '/es/safaris/1-day-bwindi-gorilla-trek-from-kabale', '/de/reiseblog']) {
      const html = await (await get(path)).text();
      const language = path.split('/')[1]!;
      // Every site link but the language switcher's (hreflang) and files (pictures, assets, the API).
      const links = [...html.matchAll(/<a [^>]*href="(\/[^"]*)"[^>]*>/g)].filter((m) => !/hreflang=/i.test(m[0])).map((m) => m[1]!);
      const pages = links.filter((h) => !/^\/(assets|images|fonts|api)\//.test(h) && h !== '/favicon.svg' && h !== '/');
      expect(pages.length, path).toBeGreaterThan(10);
      expect(
        pages.filter((h) => !h.startsWith(`/${language}/`)),
        path,
      ).toEqual([]);
    }
  });

  it('lists every address in every language in the sitemap, each naming all four and x-default', () => {
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    expect(entries.length % 4).toBe(0);
    for (const entry of entries.slice(0, 40)) {
      const loc = /<loc>([^<]+)<\/loc>/.exec(entry)![1]!;
      const links = new Map([...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
      expect([...links.keys()]).toEqual(['en', 'de', 'fr', 'es', 'x-default']);
      expect([...links.values()]).toContain(loc);
      const english = SITE + englishPath(new URL(loc).pathname);
      expect(links.get('x-default')).toBe(english);
      for (const l of LANGUAGE_CODES) expect(links.get(l)).toBe(SITE + localizePath(englishPath(new URL(loc).pathname), l));
    }
  });

  it('renders a page of every kind in every language with its lang, its own canonical and hreflang pairs that point at each other', async () => {
    const english = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).filter((loc) => !/^\/(de|fr|es)(\/|$)/.test(new URL(loc).pathname));
    const paths = samplePaths(english);
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) {
      const heads = new Map<Language, ReturnType<typeof headOf>>();
      for (const l of LANGUAGE_CODES) {
        const address = localizePath(path, l);
        const res = await get(address);
        expect(res.status, address).toBe(200);
        const head = headOf(await res.text());
        expect(head.lang, address).toBe(LANGUAGES[l].tag);
        expect(head.canonical, address).toBe(SITE + address);
        heads.set(l, head);
      }
      // Every language's page names the same set of alternates, each of which is that language's canonical.
      for (const l of LANGUAGE_CODES) {
        const { alternates } = heads.get(l)!;
        expect([...alternates.keys()], path).toEqual(['en', 'de', 'fr', 'es', 'x-default']);
        for (const other of LANGUAGE_CODES) expect(alternates.get(other), `${path} ${l}→${other}`).toBe(heads.get(other)!.canonical);
        expect(alternates.get('x-default')).toBe(SITE + path);
      }
    }
  });

  it('serves the public pages outside the sitemap in every language, and keeps the console and files in English only', async () => {
    for (const path of ['/search', '/enquiry', '/review', '/newsletter']) {
      for (const l of LANGUAGE_CODES) {
        const res = await get(localizePath(path, l));
        expect(res.status, localizePath(path, l)).toBe(200);
        expect(headOf(await res.text()).lang).toBe(LANGUAGES[l].tag);
      }
    }
    expect((await get('/de/admin/login')).status).toBe(404);
    expect((await get('/fr/sitemap.xml')).status).toBe(404);
  });

  it('marks a translated page in JSON-LD with its language and its own address', async () => {
    const html = await (await get('/de/haeufige-fragen')).text();
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const graph = JSON.parse(jsonLd) as { '@graph': { '@type': string; inLanguage?: string; url?: string }[] };
    const own = graph['@graph'].filter((n) => n['@type'] !== 'TravelAgency' && n['@type'] !== 'WebSite');
    expect(own.length).toBeGreaterThan(0);
    for (const node of own) expect(node.inLanguage).toBe('de');
  });

  it('keeps each language’s pages apart in the page cache (the key is the path)', async () => {
    const pages = site.app.caches!.pages;
    const bodies = new Map<Language, string>();
    for (const l of LANGUAGE_CODES) {
      const address = localizePath('/parks', l);
      await (await get(address)).text();
      const hits = pages.stats.hits;
      const kept = await (await get(address)).text();
      expect(pages.stats.hits, `${address} answered from the cache`).toBe(hits + 1);
      expect(headOf(kept).lang).toBe(LANGUAGES[l].tag);
      expect(headOf(kept).canonical).toBe(SITE + address);
      bodies.set(l, kept);
    }
    expect(new Set(bodies.values()).size).toBe(4);
  });
});

describe('a site in English only (the default)', () => {
  let site: InProcessSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  it('answers 404 at another language’s address and names no alternates', async () => {
    for (const path of ['/de/', '/fr/parcs', '/es/contacto']) expect((await fetch(site.base + path)).status, path).toBe(404);
    const html = await (await fetch(`${site.base}/parks`)).text();
    expect(html).toContain('<html lang="en-GB"');
    expect(html).not.toMatch(/hreflang/i);
    expect(await (await fetch(`${site.base}/sitemap.xml`)).text()).not.toContain('xhtml:link');
  });
});
