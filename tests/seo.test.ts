// Search-engine visibility, read out of the built server's HTML with the real content:
// /robots.txt and /sitemap.xml (compared with the database and with what each address serves),
// every sitemap page's canonical, Open Graph and Twitter tags, and its JSON-LD checked for the
// properties each schema.org type needs. A second server on a non-public SITE_URL must say noindex.
// Needs `npm run build` to have run.
import { CONTENT_TYPES } from '../common/content-types.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteIndexable } from '../common/seo.ts';
import { aboutPath } from '../common/site.ts';
import { REDIRECTS } from '../app/lib/redirects.ts';
import { createApi } from '../server/api/index.ts';
import { loadContent } from '../server/db/content.ts';
import { buildDir } from '../server/web.ts';
import { backends, openTestDatabase } from './helpers/db.ts';
import { type ServerProcess, freePort, seededDataDir, startServer } from './helpers/start-site.ts';

const SITE = 'https://www.kigezitrails.com';
type Json = Record<string, any>;

// ---------- reading HTML ----------

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z][\w:-]*)="([^"]*)"/g)) out[m[1]!.toLowerCase()] = decode(m[2]!);
  return out;
}

interface Head {
  title: string;
  meta: Record<string, string[]>;
  canonical: string[];
  jsonld: Json[];
}

function readHead(html: string): Head {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta: Record<string, string[]> = {};
  for (const m of head.matchAll(/<meta\s[^>]*>/g)) {
    const a = attrs(m[0]);
    const key = a.property ?? a.name;
    if (key && a.content !== undefined) (meta[key] ??= []).push(a.content);
  }
  const canonical = [...head.matchAll(/<link\s[^>]*>/g)]
    .map((m) => attrs(m[0]))
    .filter((a) => a.rel === 'canonical')
    .map((a) => a.href!);
  const jsonld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Json);
  const title = decode(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? '');
  return { title, meta, canonical, jsonld };
}

const nodes = (head: Head): Json[] => head.jsonld.flatMap((g) => (g['@graph'] as Json[]) ?? [g]);
const ofType = (head: Head, type: string) => nodes(head).filter((n) => [n['@type']].flat().includes(type));
const one = (head: Head, type: string): Json => {
  const found = ofType(head, type);
  expect(found, `one ${type}`).toHaveLength(1);
  return found[0]!;
};
const isAbsolute = (u: unknown) => typeof u === 'string' && /^https?:\/\/[^/]+\//.test(u);
const nonEmpty = (v: unknown) => typeof v === 'string' && v.trim().length > 0;

// ---------- the sitemap against the database (API level, every backend) ----------

for (const backend of backends()) {
  describe(`sitemap data on ${backend}`, () => {
    it('lists exactly the indexable pages the database has, with valid dates', async () => {
      const db = await openTestDatabase(backend, 'content');
      try {
        const api = createApi({ deps: { db: db.db, siteUrl: SITE, logger: pino({ level: 'silent' }), ping: db.ping }, mediaDirs: [] });
        const body = (await (await api.request('/seo/sitemap')).json()) as { urls: { loc: string; lastmod: string }[] };
        const rows = async (q: ReturnType<typeof sql>) => {
          const r = (await db.db.execute(q)) as unknown;
          return (Array.isArray(r) ? r : (r as { rows: Json[] }).rows) as Json[];
        };
        const expected = new Set<string>();
        // Every type with pages (common/content-types.ts): its list and each item's page.
        for (const [table, column, prefix] of CONTENT_TYPES.flatMap((info) => (info.page ? [[info.collection, `${info.page.prefix}titleslug`, `${info.page.list}/`] as const] : [])))
          for (const r of await rows(sql.raw(`select ${column} as slug from ${table}`))) expected.add(prefix + r.slug);
        for (const r of await rows(sql`select distinct d.destinationtitleslug as slug from destinations d join parks p on p.destination_id = d.id`)) expected.add(`/parks/in/${r.slug}`);
        for (const r of await rows(sql`select distinct d.destinationtitleslug as slug from destinations d join safari_destinations s on s.destination_id = d.id`))
          expected.add(`/safaris/in/${r.slug}`);
        for (const r of await rows(sql`select distinct d.destinationtitleslug as slug from destinations d join experience_destinations e on e.destination_id = d.id`))
          expected.add(`/experiences/in/${r.slug}`);
        for (const r of await rows(sql`select distinct e.experiencetitleslug as slug from experiences e join safari_experiences s on s.experience_id = e.id`))
          expected.add(`/safaris/experiences/${r.slug}`);
        const staticPaths = [
          '/',
          aboutPath,
          ...CONTENT_TYPES.flatMap((info) => (info.page ? [info.page.list] : [])),
          '/contact-us',
          '/plan-a-safari',
          '/gorilla-tracking-tips',
          '/terms-and-conditions',
          '/privacy-policy',
          '/travel-advice',
          '/frequently-asked-questions',
          '/our-impact',
          '/our-conservation-promise',
          '/why-book-with-us',
          '/sustainability-and-environmental-conservation',
        ];
        for (const p of staticPaths) expected.add(p);

        const listed = body.urls.map((u) => u.loc.slice(SITE.length));
        expect(body.urls.every((u) => u.loc.startsWith(SITE))).toBe(true);
        expect(new Set(listed).size).toBe(listed.length);
        expect(new Set(listed)).toEqual(expected);
        expect(listed).not.toContain('/search');
        for (const u of body.urls) {
          expect(u.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
          expect(Date.parse(u.lastmod)).toBeLessThanOrEqual(Date.now() + 1000);
        }
        // An edit moves only the edited page's date.
        const before = new Map(body.urls.map((u) => [u.loc, u.lastmod]));
        await new Promise((r) => setTimeout(r, 20));
        await db.db.execute(sql`update animals set animaldescription = animaldescription || ' Edited.' where animaltitleslug = 'lions'`);
        api.cache.clear();
        const after = (await (await api.request('/seo/sitemap')).json()) as { urls: { loc: string; lastmod: string }[] };
        const changed = after.urls.filter((u) => before.get(u.loc) !== u.lastmod).map((u) => u.loc);
        expect(changed).toEqual([`${SITE}/animals/lions`]);
      } finally {
        if (backend === 'pglite') await db.close();
        else await db.drop();
      }
    });
  });
}

describe('indexability of a SITE_URL', () => {
  it('allows only a public host in production', () => {
    expect(siteIndexable('https://www.kigezitrails.com', 'production')).toBe(true);
    expect(siteIndexable('https://kigezitrails.co.ug', undefined)).toBe(true);
    expect(siteIndexable('https://www.kigezitrails.com', 'development')).toBe(false);
    expect(siteIndexable('https://www.kigezitrails.com', 'test')).toBe(false);
    for (const u of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://safari.local',
      'https://staging.kigezitrails.test',
      'https://www.kigezitrails.example',
      'http://intranet',
      'not a url',
    ])
      expect(siteIndexable(u, 'production'), u).toBe(false);
  });
});

// ---------- the built site ----------

describe('the built site, as crawlers read it', () => {
  let server: ServerProcess;
  let base: string;
  let sitemapLocs: string[] = [];
  const heads = new Map<string, Head>();

  beforeAll(async () => {
    if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before these tests.');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startServer({ DATA_DIR: await seededDataDir('seo-'), DATABASE_URL: '', SITE_URL: SITE, NODE_ENV: 'production', LOG_LEVEL: 'warn' }, port);
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  const local = (u: string) => base + u.slice(SITE.length);

  it('serves robots.txt that allows crawling and points at the sitemap', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it('serves a sitemap of every indexable address, never a redirect, each answering 200 with itself as canonical', async () => {
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const entries = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>\s*<\/url>/g)].map((m) => ({ loc: decode(m[1]!), lastmod: m[2]! }));
    expect(entries.length).toBe((xml.match(/<url>/g) ?? []).length);
    sitemapLocs = entries.map((e) => e.loc);
    const api = (await (await fetch(`${base}/api/seo/sitemap`)).json()) as { urls: { loc: string }[] };
    expect(new Set(sitemapLocs)).toEqual(new Set(api.urls.map((u) => u.loc)));
    for (const source of Object.keys(REDIRECTS)) expect(sitemapLocs).not.toContain(SITE + source);
    const content = await loadContent();
    expect(sitemapLocs).toEqual(expect.arrayContaining([`${SITE}/`, ...content.safaris.map((s) => `${SITE}/safaris/${s.slug}`), ...content.blogs.map((b) => `${SITE}/blogs/${b.slug}`)]));

    // Every address answers 200 itself (no redirect), declares itself canonical, and is indexable.
    const queue = [...sitemapLocs];
    const worker = async () => {
      for (let loc = queue.shift(); loc; loc = queue.shift()) {
        const page = await fetch(local(loc), { redirect: 'manual' });
        expect(page.status, loc).toBe(200);
        const head = readHead(await page.text());
        expect(head.canonical, loc).toEqual([loc]);
        expect(head.meta.robots ?? [], loc).not.toContainEqual(expect.stringMatching(/noindex/));
        heads.set(loc, head);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(heads.size).toBe(sitemapLocs.length);
  }, 180_000);

  it('gives every page a title, description and complete social preview tags', () => {
    expect(heads.size).toBeGreaterThan(0);
    for (const [loc, head] of heads) {
      expect(nonEmpty(head.title), loc).toBe(true);
      for (const key of ['description', 'og:title', 'og:description', 'og:url', 'og:image', 'og:type', 'twitter:card', 'twitter:title', 'twitter:image']) {
        expect(head.meta[key], `${loc} ${key}`).toHaveLength(1);
        expect(nonEmpty(head.meta[key]![0]), `${loc} ${key}`).toBe(true);
      }
      expect(head.meta['og:url']![0]).toBe(loc);
      expect(isAbsolute(head.meta['og:image']![0]), loc).toBe(true);
      expect(head.meta['twitter:card']![0]).toBe('summary_large_image');
    }
  });

  it('gives every page the operator (TravelAgency) and the site with its search action', () => {
    for (const [loc, head] of heads) {
      expect(head.jsonld, loc).toHaveLength(1);
      expect(head.jsonld[0]!['@context']).toBe('https://schema.org');
      const agency = one(head, 'TravelAgency');
      expect(agency.name).toBe('Kigezi Trails');
      expect(agency.url).toBe(`${SITE}/`);
      expect(agency.address['@type']).toBe('PostalAddress');
      expect(agency.address.addressCountry).toBe('UG');
      expect(nonEmpty(agency.telephone)).toBe(true);
      expect(isAbsolute(agency.image)).toBe(true);
      const website = one(head, 'WebSite');
      expect(website.url).toBe(`${SITE}/`);
      expect(website.publisher['@id']).toBe(agency['@id']);
      const action = website.potentialAction;
      expect(action['@type']).toBe('SearchAction');
      expect(action.target.urlTemplate).toBe(`${SITE}/search?query={search_term_string}`);
      expect(action['query-input']).toBe('required name=search_term_string');
      // Every @id reference points at a node of the graph.
      const ids = new Set(nodes(head).map((n) => n['@id']));
      const refs = JSON.stringify(head.jsonld).match(/\{"@id":"[^"]+"\}/g) ?? [];
      for (const r of refs) expect(ids.has(JSON.parse(r)['@id']), `${loc} ${r}`).toBe(true);
    }
  });

  function detailHeads(prefix: string) {
    // Detail addresses only: /safaris/{slug}, not /safaris/in/{country}.
    const list = [...heads].filter(([loc]) => loc.startsWith(SITE + prefix) && /^[^/]+$/.test(loc.slice(SITE.length + prefix.length)));
    expect(list.length, prefix).toBeGreaterThan(0);
    return list;
  }

  function expectBreadcrumb(head: Head, loc: string, listName: string, listPath: string) {
    const crumbs = one(head, 'BreadcrumbList');
    const items = crumbs.itemListElement as Json[];
    expect(items.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(items[0]).toMatchObject({ '@type': 'ListItem', name: 'Home', item: `${SITE}/` });
    expect(items[1]).toMatchObject({ '@type': 'ListItem', name: listName, item: SITE + listPath });
    expect(items[2]!.item).toBe(loc);
    expect(nonEmpty(items[2]!.name)).toBe(true);
  }

  it('describes each safari as a TouristTrip with its day-by-day itinerary and its USD from price', async () => {
    for (const [loc, head] of detailHeads('/safaris/')) {
      const api = (await (await fetch(`${base}/api${loc.slice(SITE.length)}`)).json()) as Json;
      const trip = one(head, 'TouristTrip');
      expect(trip.name).toContain(api.safari.safarititle);
      expect(nonEmpty(trip.description)).toBe(true);
      expect(trip.url).toBe(loc);
      expect(trip.itinerary['@type']).toBe('ItemList');
      expect(trip.itinerary.numberOfItems).toBe(api.safaridays.length);
      expect(trip.itinerary.itemListElement).toHaveLength(api.safaridays.length);
      trip.itinerary.itemListElement.forEach((li: Json, i: number) => {
        expect(li['@type']).toBe('ListItem');
        expect(li.position).toBe(i + 1);
        expect(li.name).toBe(`Day ${i + 1}: ${api.safaridays[i].title}`);
      });
      expect(trip.offers).toMatchObject({ '@type': 'Offer', price: api.safari.safariprice, priceCurrency: 'USD' });
      expect(trip.offers).not.toHaveProperty('availability');
      expect(trip.provider['@id']).toBe(`${SITE}/#organization`);
      expectBreadcrumb(head, loc, 'Safaris', '/safaris');
    }
  });

  it('marks blog posts as BlogPosting, parks as TouristAttraction, lodges as LodgingBusiness, and breadcrumbs every detail page', () => {
    for (const [loc, head] of detailHeads('/blogs/')) {
      const post = one(head, 'BlogPosting');
      expect(nonEmpty(post.headline)).toBe(true);
      expect(post.headline.length).toBeLessThanOrEqual(110);
      expect(post.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(isAbsolute(post.image)).toBe(true);
      expect(post.author).toMatchObject({ '@type': 'Organization', name: 'Kigezi Trails' });
      expect(post.publisher['@id']).toBe(`${SITE}/#organization`);
      expect(post.mainEntityOfPage).toBe(loc);
      expectBreadcrumb(head, loc, 'Blogs', '/blogs');
    }
    for (const [loc, head] of detailHeads('/parks/')) {
      const place = one(head, 'TouristAttraction');
      expect(nonEmpty(place.name)).toBe(true);
      expect(nonEmpty(place.description)).toBe(true);
      expect(place.url).toBe(loc);
      expect(place.containedInPlace['@type']).toBe('Country');
      expectBreadcrumb(head, loc, 'Parks', '/parks');
    }
    for (const [loc, head] of detailHeads('/lodges/')) {
      const lodging = one(head, 'LodgingBusiness');
      expect(nonEmpty(lodging.name)).toBe(true);
      expect(nonEmpty(lodging.description)).toBe(true);
      expect(lodging.url).toBe(loc);
      expect(isAbsolute(lodging.image)).toBe(true);
      expect(lodging.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: expect.stringMatching(/^(UG|RW|KE|TZ|CD)$/) });
      expect(lodging.geo).toMatchObject({ '@type': 'GeoCoordinates', latitude: expect.any(Number), longitude: expect.any(Number) });
      expect(lodging.amenityFeature.length).toBeGreaterThan(0);
      expectBreadcrumb(head, loc, 'Lodges', '/lodges');
    }
    for (const [prefix, name] of [
      ['/destinations/', 'Destinations'],
      ['/experiences/', 'Experiences'],
      ['/animals/', 'Animals'],
      ['/birds/', 'Birds'],
    ] as const) {
      for (const [loc, head] of detailHeads(prefix)) {
        expectBreadcrumb(head, loc, name, prefix.slice(0, -1));
      }
    }
    // List and static pages have no breadcrumb list of their own.
    expect(ofType(heads.get(`${SITE}/safaris`)!, 'BreadcrumbList')).toEqual([]);
  });

  it('publishes the questions and answers as FAQPage on the FAQ page and on home', async () => {
    for (const [path, apiPath] of [
      ['/frequently-asked-questions', '/api/frequently-asked-questions'],
      ['/', '/api/'],
    ]) {
      const head = heads.get(SITE + path)!;
      const api = (await (await fetch(base + apiPath)).json()) as Json;
      const faq = one(head, 'FAQPage');
      expect(faq.mainEntity).toHaveLength(api.faqs.length);
      faq.mainEntity.forEach((q: Json, i: number) => {
        expect(q['@type']).toBe('Question');
        expect(q.name).toBe(api.faqs[i].question);
        expect(q.acceptedAnswer['@type']).toBe('Answer');
        expect(nonEmpty(q.acceptedAnswer.text)).toBe(true);
      });
    }
  });

  it('keeps search result pages out of the index but describes the site there too', async () => {
    const res = await fetch(`${base}/search?query=gorilla`);
    expect(res.status).toBe(200);
    const head = readHead(await res.text());
    expect(head.meta.robots?.join(' ')).toMatch(/noindex/);
    expect(head.canonical).toEqual([`${SITE}/search?query=gorilla`]);
    expect(head.meta['og:url']).toEqual([`${SITE}/search?query=gorilla`]);
    one(head, 'WebSite');
  });

  // Share images come from the image pipeline's output (build/media); until it renders images
  // there is nothing to check, and the skip says so.
  it.skipIf(!existsSync(path.join(buildDir, 'media')))('points og:image at a real 1200x630 image of the page', async () => {
    const sharp = (await import('sharp')).default;
    const sample = [`${SITE}/`, ...[...heads.keys()].filter((l) => /\/(safaris|parks|blogs|animals)\/[^/]+$/.test(l)).slice(0, 8)];
    for (const loc of sample) {
      const image = heads.get(loc)!.meta['og:image']![0]!;
      const res = await fetch(local(image));
      expect(res.status, `${loc}: ${image}`).toBe(200);
      expect(res.headers.get('content-type'), image).toMatch(/^image\/(jpeg|png|webp)/);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height], image).toEqual([1200, 630]);
    }
  });
});

describe('a site on a non-public address', () => {
  let server: ServerProcess;
  let base: string;
  beforeAll(async () => {
    if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before these tests.');
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = await startServer({ DATA_DIR: await seededDataDir('seo-dev-'), DATABASE_URL: '', SITE_URL: base, NODE_ENV: 'production', LOG_LEVEL: 'warn' }, port);
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it('asks crawlers to stay away: robots.txt disallows all, pages say noindex', async () => {
    const text = await (await fetch(`${base}/robots.txt`)).text();
    expect(text).toMatch(/^Disallow: \/$/m);
    expect(text).toContain(`Sitemap: ${base}/sitemap.xml`);
    const sitemap = await fetch(`${base}/sitemap.xml`);
    expect(sitemap.headers.get('x-robots-tag')).toBe('noindex');
    for (const p of ['/', '/safaris', '/frequently-asked-questions']) {
      const head = readHead(await (await fetch(base + p)).text());
      expect(head.meta.robots?.join(' '), p).toMatch(/noindex/);
    }
  });
});
