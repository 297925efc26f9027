// Lodges end to end below the browser, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL:
// the content checks, GET /lodges (pages, park and tier filters, refusals), GET /lodges/{slug}, a
// park's lodges, each itinerary day's lodge, search, the sitemap, the LodgingBusiness JSON-LD, the
// search documents following edits, and the seed removing a lodge. Expectations come from the
// content files, so they hold as the content grows.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LODGE_TIERS, PAGE_SIZE } from '../common/constants.ts';
import type { LodgeResponse, LodgesResponse, ParkResponse, SafariResponse, SearchResponse } from '../common/api-types.ts';
import { pageGraph, routeKind } from '../app/lib/seo/jsonld.ts';
import type { Api } from '../server/api/index.ts';
import { crossReferenceProblems, loadContent, type Content } from '../server/db/content.ts';
import * as t from '../server/db/schema.ts';
import { syncContent } from '../server/db/seed.ts';
import { apiRequests, contentApi } from './helpers/api.ts';
import { backends, type TestDatabase } from './helpers/db.ts';
import { loadLanguage } from '../app/i18n/index.ts';

// The structured data names a page's list in the page's language, as the server does once it has
// loaded the messages at start.
await loadLanguage('en', 'all');

const SITE = 'https://www.kigezitrails.example';
type Json = Record<string, any>;

const CARD = [
  'id',
  'lodgetitle',
  'lodgetitleslug',
  'lodgeheaderimage',
  'lodgeheaderimagealt',
  'lodgedescription',
  'lodgetier',
  'park_id',
  'parktitle',
  'parktitleslug',
  'placetitle',
  'destinationtitle',
  'destinationtitleslug',
];
const FULL = [...CARD, 'lodgeparagraph', 'amenities', 'latitude', 'longitude'];
const sorted = (keys: string[]) => [...keys].sort();

describe('lodge content checks', () => {
  let content: Content;
  beforeAll(async () => {
    content = await loadContent();
  });

  it('has lodges in every country, each in a known park or at a known place', () => {
    const countryOf = new Map(content.parks.map((p) => [p.slug, p.destination]));
    for (const d of content.destinations)
      expect(
        content.lodges.some((l) => (l.park ? countryOf.get(l.park) : l.destination) === d.slug),
        d.slug,
      ).toBe(true);
    const places = new Set(content.places.map((p) => p.slug));
    for (const l of content.lodges) expect(l.park ? countryOf.has(l.park) : places.has(l.place!) && l.destination !== undefined, l.slug).toBe(true);
    expect(content.lodges.length).toBeGreaterThanOrEqual(30);
    for (const l of content.lodges) expect(l.amenities.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses an unknown park, an unknown lodge, and a lodge in a park the day does not visit', () => {
    const lodge = content.lodges[0]!;
    const safari = content.safaris.find((s) => s.itinerary.some((d) => d.lodge))!;
    const at = safari.itinerary.findIndex((d) => d.lodge);
    const withDay = (patch: Record<string, unknown>) => ({
      ...content,
      safaris: content.safaris.map((s) => (s === safari ? { ...s, itinerary: s.itinerary.map((d, i) => (i === at ? { ...d, ...patch } : d)) } : s)),
    });
    expect(crossReferenceProblems(content)).toEqual([]);
    expect(crossReferenceProblems({ ...content, lodges: [{ ...lodge, park: 'atlantis' }, ...content.lodges.slice(1)] })).toEqual([`lodges/${lodge.slug}: unknown park atlantis`]);
    expect(crossReferenceProblems(withDay({ lodge: 'no-such-lodge' }))).toEqual([`safaris/${safari.slug}: day ${at + 1}: unknown lodge no-such-lodge`]);
    const elsewhere = content.lodges.find((l) => l.park !== undefined && !safari.itinerary[at]!.stops.includes(l.park))!;
    expect(crossReferenceProblems(withDay({ lodge: elsewhere.slug }))).toEqual([
      `safaris/${safari.slug}: day ${at + 1}: lodge ${elsewhere.slug} is at ${elsewhere.park}, which is not one of the day's stops`,
    ]);
    // A lodge at a place: the place must be known, and one of the day's stops.
    const town = content.lodges.find((l) => l.place !== undefined && !safari.itinerary[at]!.stops.includes(l.place))!;
    const others = content.lodges.filter((l) => l !== town);
    expect(crossReferenceProblems({ ...content, lodges: [...others, { ...town, place: 'atlantis' }] })).toContain(`lodges/${town.slug}: unknown place atlantis`);
    expect(crossReferenceProblems(withDay({ lodge: town.slug }))).toEqual([`safaris/${safari.slug}: day ${at + 1}: lodge ${town.slug} is at ${town.place}, which is not one of the day's stops`]);
  });

  it('links a lodge to every "Overnight at …" night spent in a town or at a place without a park', () => {
    const places = new Set(content.places.map((p) => p.slug));
    const unlinked = content.safaris.flatMap((s) =>
      s.itinerary.flatMap((d, i) => (!d.lodge && /overnight/i.test(d.description) && places.has(d.stops[d.stops.length - 1]!) ? [`${s.slug} day ${i + 1}`] : [])),
    );
    expect(unlinked).toEqual([]);
    const atPlaces = content.safaris.flatMap((s) => s.itinerary.filter((d) => d.lodge && content.lodges.find((l) => l.slug === d.lodge)?.place));
    expect(atPlaces.length).toBeGreaterThanOrEqual(37);
  });
});

for (const backend of backends()) {
  describe(`lodges on ${backend}`, () => {
    const site = contentApi(backend, SITE);
    let db: TestDatabase;
    let api: Api;
    let content: Content;
    beforeAll(() => ({ db, api, content } = site));
    const { get, ok } = apiRequests({ request: (path) => api.request(path) }, { contentType: 'application/json; charset=utf-8' });
    /** The content's lodges in the list's order: country, park, then each lodge's order. */
    function listed(filter: (l: Content['lodges'][number]) => boolean = () => true) {
      const park = new Map(content.parks.map((p, i) => [p.slug, { order: p.order, i, destination: p.destination }]));
      const dest = new Map(content.destinations.map((d) => [d.slug, d.order]));
      // Park ids follow the content files' order (the seed inserts them in that order); a lodge at a
      // place (no park) comes after the parks' lodges of its country.
      const at = (l: Content['lodges'][number]) => (l.park ? park.get(l.park)! : { order: Infinity, i: Infinity, destination: l.destination! });
      const minus = (x: number, y: number) => (x === y ? 0 : x - y);
      return content.lodges.filter(filter).sort((a, b) => {
        const [pa, pb] = [at(a), at(b)];
        return dest.get(pa.destination)! - dest.get(pb.destination)! || minus(pa.order, pb.order) || minus(pa.i, pb.i) || a.order - b.order || a.slug.localeCompare(b.slug);
      });
    }

    it('GET /lodges pages through every lodge, 12 a page, in the order of country, park and lodge', async () => {
      const first = await ok<LodgesResponse>('/lodges');
      expect(first).toMatchObject({ title: expect.any(String), pageUrl: `${SITE}/lodges`, page: 1, park: null, tier: null });
      expect(first.pageKeywords.length).toBeGreaterThan(0);
      expect(first.totalPages).toBe(Math.ceil(content.lodges.length / PAGE_SIZE.lodges));
      expect(first.lodges).toHaveLength(PAGE_SIZE.lodges);
      for (const l of first.lodges) expect(sorted(Object.keys(l))).toEqual(sorted(CARD));
      const all = [...first.lodges];
      for (let page = 2; page <= first.totalPages; page++) all.push(...(await ok<LodgesResponse>(`/lodges?page=${page}`)).lodges);
      expect(all.map((l) => l.lodgetitleslug)).toEqual(listed().map((l) => l.slug));
      expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
      const beyond = await get(`/lodges?page=${first.totalPages + 1}`);
      expect(beyond.status).toBe(400);
      expect(first.lodges[0]!.lodgeheaderimage).toMatch(/^images\/lodges\/[a-z0-9-]+\.jpg$/);
      expect(first.lodges.map((l) => l.lodgetier).every((x) => (LODGE_TIERS as readonly string[]).includes(x))).toBe(true);
    });

    it('GET /lodges filters by park and by tier, and refuses unknown ones', async () => {
      const park = 'bwindi-impenetrable-forest-national-park';
      const byPark = await ok<LodgesResponse>(`/lodges?park=${park}`);
      expect(byPark.lodges.map((l) => l.lodgetitleslug)).toEqual(listed((l) => l.park === park).map((l) => l.slug));
      expect(byPark.park).toEqual({ parktitle: 'Bwindi Impenetrable Forest National Park', parktitleslug: park });
      expect(byPark.title).toContain('Bwindi Impenetrable Forest National Park');
      expect(byPark.pageUrl).toBe(`${SITE}/lodges?park=${park}`);
      for (const tier of LODGE_TIERS) {
        const byTier = await ok<LodgesResponse>(`/lodges?tier=${tier}&limit=100`);
        expect(byTier.tier).toBe(tier);
        expect(byTier.lodges.map((l) => l.lodgetitleslug)).toEqual(listed((l) => l.tier === tier).map((l) => l.slug));
      }
      const both = await ok<LodgesResponse>(`/lodges?park=${park}&tier=luxury`);
      expect(both.lodges.map((l) => l.lodgetitleslug)).toEqual(listed((l) => l.park === park && l.tier === 'luxury').map((l) => l.slug));
      // A park without lodges has an empty first page.
      const bare = content.parks.find((p) => !content.lodges.some((l) => l.park === p.slug));
      if (bare) expect(await ok<LodgesResponse>(`/lodges?park=${bare.slug}`)).toMatchObject({ lodges: [], totalPages: 0 });

      expect(await get('/lodges?park=atlantis')).toMatchObject({ status: 404, body: { error: 'Park not found' } });
      expect((await get('/lodges?park=Not%20A%20Slug')).status).toBe(400);
      expect((await get('/lodges?tier=posh')).status).toBe(400);
      expect((await get('/lodges?limit=1000')).status).toBe(400);
    });

    it('GET /lodges/{slug} gives the lodge with its park, tier, amenities, place, gallery, neighbours and safaris', async () => {
      const src = content.lodges.find((l) => l.gallery.length > 0 && content.safaris.some((s) => s.itinerary.some((d) => d.lodge === l.slug)))!;
      const body = await ok<LodgeResponse>(`/lodges/${src.slug}`);
      expect(sorted(Object.keys(body))).toEqual(sorted(['title', 'pageKeywords', 'pageDescription', 'pageUrl', 'lodge', 'galleryImages', 'otherLodges', 'safaris']));
      expect(body.pageUrl).toBe(`${SITE}/lodges/${src.slug}`);
      expect(body.title).toBe(src.seo.title ?? src.title);
      expect(body.pageDescription).toBe(src.seo.description);
      const { lodge } = body;
      expect(sorted(Object.keys(lodge))).toEqual(sorted(FULL));
      const park = content.parks.find((p) => p.slug === src.park)!;
      expect(lodge).toMatchObject({
        lodgetitle: src.title,
        lodgetier: src.tier,
        parktitle: park.title,
        parktitleslug: park.slug,
        destinationtitleslug: park.destination,
        amenities: src.amenities,
        latitude: src.location.lat,
        longitude: src.location.lng,
        lodgeheaderimage: `images/lodges/${src.slug}.jpg`,
        lodgeheaderimagealt: src.image.alt,
      });
      expect(lodge.lodgeparagraph).toMatch(/^<p>/);
      expect(body.galleryImages.map((g) => g.filepath)).toEqual(src.gallery.map((g) => `images/lodges/${src.slug}/${g.file!.replace(/\.[a-z]+$/, '')}.jpg`));
      expect(body.galleryImages.map((g) => g.filename)).toEqual(src.gallery.map((g) => g.alt));
      // Neighbours: other lodges of the same country, the same park first.
      expect(body.otherLodges.length).toBeLessThanOrEqual(3);
      for (const o of body.otherLodges) {
        expect(o.id).not.toBe(lodge.id);
        expect(o.destinationtitleslug).toBe(park.destination);
      }
      const samePark = content.lodges.filter((l) => l.park === src.park && l.slug !== src.slug).length;
      const parkFirst = body.otherLodges.map((o) => o.parktitleslug === src.park);
      expect(parkFirst).toEqual([...parkFirst].sort((a, b) => Number(b) - Number(a)));
      expect(parkFirst.filter(Boolean).length).toBe(Math.min(3, samePark));
      // Safaris that spend a night here, shortest first.
      const staying = content.safaris.filter((s) => s.itinerary.some((d) => d.lodge === src.slug));
      expect(body.safaris.length).toBe(Math.min(3, staying.length));
      for (const s of body.safaris) expect(staying.map((x) => x.slug)).toContain(s.safarititleslug);
      expect(body.safaris.map((s) => s.safariday)).toEqual([...body.safaris.map((s) => s.safariday)].sort((a, b) => a - b));

      expect(await get('/lodges/no-such-lodge')).toMatchObject({ status: 404, body: { error: 'Lodge not found' } });
      expect((await get(`/lodges/${'x'.repeat(300)}`)).status).toBe(404);
      expect((await get('/lodges/%27%3B--')).status).toBe(404);
    });

    it('GET /lodges/{slug} gives a lodge at a place its town and country, no park, and the safaris that stay there', async () => {
      const src = content.lodges.find((l) => l.place === 'kigali')!;
      const { lodge, otherLodges, safaris } = await ok<LodgeResponse>(`/lodges/${src.slug}`);
      expect(lodge).toMatchObject({ lodgetitle: src.title, park_id: null, parktitle: null, parktitleslug: null, placetitle: 'Kigali', destinationtitleslug: 'rwanda' });
      for (const o of otherLodges) expect(o.destinationtitleslug).toBe('rwanda');
      const staying = content.safaris.filter((s) => s.itinerary.some((d) => d.lodge === src.slug)).map((s) => s.slug);
      expect(staying.length).toBeGreaterThanOrEqual(3);
      expect(safaris).toHaveLength(3);
      for (const s of safaris) expect(staying).toContain(s.safarititleslug);
      // Found by its town's name, among lodges.
      const found = await ok<SearchResponse>('/search?query=Kigali&types=lodge&limit=100');
      expect(found.results.map((r) => (r.type === 'lodge' ? r.lodgetitleslug : ''))).toContain(src.slug);
    });

    it("GET /parks/{slug} lists the park's lodges in their order", async () => {
      for (const park of content.parks) {
        const body = await ok<ParkResponse>(`/parks/${park.slug}`);
        expect(
          body.lodges.map((l) => l.lodgetitleslug),
          park.slug,
        ).toEqual(listed((l) => l.park === park.slug).map((l) => l.slug));
        for (const l of body.lodges) expect(sorted(Object.keys(l))).toEqual(sorted(CARD));
      }
    });

    it("GET /safaris/{slug} gives each itinerary day its lodge's slug, title and tier, or null", async () => {
      const title = new Map(content.lodges.map((l) => [l.slug, l]));
      const withLodges = content.safaris.filter((s) => s.itinerary.some((d) => d.lodge));
      expect(withLodges.length).toBeGreaterThanOrEqual(15);
      for (const s of [...withLodges.slice(0, 4), content.safaris.find((x) => x.itinerary.some((d) => !d.lodge))!]) {
        const body = await ok<SafariResponse>(`/safaris/${s.slug}`);
        expect(body.safaridays.map((d) => d.lodge)).toEqual(
          s.itinerary.map((d) => (d.lodge ? { lodgetitle: title.get(d.lodge)!.title, lodgetitleslug: d.lodge, lodgetier: title.get(d.lodge)!.tier } : null)),
        );
      }
    });

    it('finds a lodge by its name, with a typo, and by type', async () => {
      const lodge = content.lodges.find((l) => l.slug === 'kanyaga-canopy-lodge') ?? content.lodges[0]!;
      const name = lodge.title.split(' ')[0]!;
      const hit = await ok<SearchResponse>(`/search?query=${encodeURIComponent(name)}`);
      expect(hit.results[0]).toMatchObject({ type: 'lodge', lodgetitleslug: lodge.slug, lodgetitle: lodge.title, parktitle: expect.any(String) });
      expect(hit.lodges.map((l) => l.type)).toEqual(hit.lodges.map(() => 'lodge'));
      expect(hit.counts.lodge).toBeGreaterThanOrEqual(1);
      // One letter dropped from the name is corrected.
      const typo = await ok<SearchResponse>(`/search?query=${encodeURIComponent(name.slice(0, 3) + name.slice(4))}`);
      expect(typo.results.map((r) => (r.type === 'lodge' ? r.lodgetitleslug : null))).toContain(lodge.slug);
      // Only lodges: every lodge in a park is found by the park's name.
      const park = content.parks.find((p) => p.slug === lodge.park)!;
      const inPark = await ok<SearchResponse>(`/search?query=${encodeURIComponent(park.title.split(' ')[0]!)}&types=lodge&limit=100`);
      expect(inPark.results.every((r) => r.type === 'lodge')).toBe(true);
      expect(inPark.results.map((r) => (r.type === 'lodge' ? r.lodgetitleslug : ''))).toEqual(expect.arrayContaining(content.lodges.filter((l) => l.park === park.slug).map((l) => l.slug)));
    });

    it('lists /lodges and every lodge page in the sitemap', async () => {
      const { urls } = await ok<{ urls: { loc: string; lastmod: string }[] }>('/seo/sitemap');
      const locs = urls.map((u) => u.loc);
      expect(locs).toContain(`${SITE}/lodges`);
      for (const l of content.lodges) expect(locs).toContain(`${SITE}/lodges/${l.slug}`);
    });

    it('describes a lodge page as a LodgingBusiness with its country, coordinates and amenities', async () => {
      const src = content.lodges[0]!;
      const body = await ok<LodgeResponse>(`/lodges/${src.slug}`);
      const graph = pageGraph(routeKind('routes/lodge'), body as unknown as Record<string, unknown>)!;
      const nodes = graph['@graph'];
      const lodging = nodes.find((n) => n['@type'] === 'LodgingBusiness')!;
      const countryCodes: Record<string, string> = { uganda: 'UG', rwanda: 'RW', kenya: 'KE', tanzania: 'TZ', 'democratic-republic-of-congo': 'CD' };
      expect(lodging).toMatchObject({
        '@id': `${SITE}/lodges/${src.slug}#lodging`,
        name: src.title,
        description: src.description,
        url: `${SITE}/lodges/${src.slug}`,
        image: `${SITE}/api/images/lodges/${src.slug}.jpg`,
        address: { '@type': 'PostalAddress', addressCountry: countryCodes[body.lodge.destinationtitleslug] },
        geo: { '@type': 'GeoCoordinates', latitude: src.location.lat, longitude: src.location.lng },
      });
      expect(lodging.amenityFeature).toEqual(src.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })));
      const crumbs = nodes.find((n) => n['@type'] === 'BreadcrumbList')!;
      expect((crumbs.itemListElement as Json[]).map((c) => c.name)).toEqual(['Home', 'Lodges', src.title]);
    });

    it("keeps a lodge's search document current: its park's new name, its own edits, and its removal", async () => {
      const lodge = content.lodges[0]!;
      const search = async (q: string) => {
        api.cache.clear();
        return (await ok<SearchResponse>(`/search?query=${encodeURIComponent(q)}&types=lodge`)).results.map((r) => (r.type === 'lodge' ? r.lodgetitleslug : ''));
      };
      const [park] = await db.db.select().from(t.parks).where(eq(t.parks.parktitleslug, lodge.park!));
      await db.db.update(t.parks).set({ parktitle: 'Vorpalwood Wilds' }).where(eq(t.parks.id, park!.id));
      expect(await search('vorpalwood')).toContain(lodge.slug);
      await db.db.update(t.parks).set({ parktitle: park!.parktitle }).where(eq(t.parks.id, park!.id));
      expect(await search('vorpalwood')).toEqual([]);
      await db.db.update(t.lodges).set({ lodgedescription: 'Quokkaberry jam at breakfast.' }).where(eq(t.lodges.lodgetitleslug, lodge.slug));
      expect(await search('quokkaberry')).toEqual([lodge.slug]);
      await syncContent(db.db, content, { force: true });
      expect(await search('quokkaberry')).toEqual([]);
    });

    it('removes a lodge whose file is gone, with its gallery, and frees the nights that named it', async () => {
      const rows = async <T>(q: ReturnType<typeof sql>) => {
        const r = (await db.db.execute(q)) as unknown;
        return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
      };
      // A lodge nobody's itinerary names goes with the seed.
      const unused = content.lodges.find((l) => l.gallery.length > 0 && !content.safaris.some((s) => s.itinerary.some((d) => d.lodge === l.slug)))!;
      const [before] = await db.db.select({ id: t.lodges.id }).from(t.lodges).where(eq(t.lodges.lodgetitleslug, unused.slug));
      await syncContent(db.db, { ...content, lodges: content.lodges.filter((l) => l !== unused) });
      api.cache.clear();
      expect((await get(`/lodges/${unused.slug}`)).status).toBe(404);
      const gallery = await db.db
        .select()
        .from(t.galleryImages)
        .where(and(eq(t.galleryImages.owner_type, 'lodge'), eq(t.galleryImages.owner_id, before!.id)));
      expect(gallery).toEqual([]);
      expect(await rows(sql`select 1 from search_documents where type = 'lodge' and item_id = ${before!.id}`)).toEqual([]);

      // A lodge deleted from the database (as the console may) leaves its nights without a lodge.
      const used = content.lodges.find((l) => content.safaris.some((s) => s.itinerary.some((d) => d.lodge === l.slug)))!;
      await db.db.delete(t.lodges).where(eq(t.lodges.lodgetitleslug, used.slug));
      const safari = content.safaris.find((s) => s.itinerary.some((d) => d.lodge === used.slug))!;
      api.cache.clear();
      const body = await ok<SafariResponse>(`/safaris/${safari.slug}`);
      expect(body.safaridays.some((d) => d.lodge?.lodgetitleslug === used.slug)).toBe(false);
      expect(body.safaridays).toHaveLength(safari.itinerary.length);
      await syncContent(db.db, content);
    });
  });
}
