// GET /search on a fixed fixture set, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL:
// typo tolerance, prefixes, phrases and exclusions, ranking across types, the type filter and
// pages, validation (400s), odd characters, and the index following content changes.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../common/constants.ts';
import { searchResultView } from '../common/content-types.ts';
import type { SearchItem, SearchResponse } from '../common/api-types.ts';
import { createApi, type Api } from '../server/api/index.ts';
import * as t from '../server/db/schema.ts';
import { backends, openTestDatabase, type Backend, type TestDatabase } from './helpers/db.ts';
import { insertSearchFixture } from './search.fixture.ts';

const SITE = 'https://www.kigezitrails.example';

/** A hit's title, read off its type's description like the results page does. */
const titleOf = (i: SearchItem): string => searchResultView(i).title;

/** Ranked result lists per query, per backend, compared at the end. */
const rankings = new Map<Backend, Record<string, string[]>>();
const COMPARED_QUERIES = ['gorila', 'bwindy', 'chimpanze', 'mountain gorillas', 'gorill', '"golden monkey"', 'gorilla -rwanda', 'kazinga chanel', 'lions', 'birding'];

for (const backend of backends()) {
  describe(`search on ${backend}`, () => {
    let db: TestDatabase;
    let api: Api;
    let fixture: Awaited<ReturnType<typeof insertSearchFixture>>;

    beforeAll(async () => {
      db = await openTestDatabase(backend);
      fixture = await insertSearchFixture(db.db);
      api = createApi({ deps: { db: db.db, siteUrl: SITE, logger: pino({ level: 'silent' }), ping: db.ping }, mediaDirs: [] });
    });
    afterAll(async () => {
      if (backend === 'pglite') await db.close();
      else await db.drop();
    });

    async function get(query: string | null, extra = '') {
      const qs = query === null ? '' : `query=${encodeURIComponent(query)}`;
      const res = await api.request(`/search?${qs}${extra}`);
      return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as SearchResponse & { error?: string } };
    }
    async function search(query: string, extra = '') {
      const r = await get(query, extra);
      expect(r.status, `${query}: ${JSON.stringify(r.body)}`).toBe(200);
      return r.body;
    }
    const titles = (b: SearchResponse) => b.results.map(titleOf);
    /** Every result of a query, across all its pages. */
    async function everything(query: string) {
      const all: SearchItem[] = [];
      for (let page = 1; ; page++) {
        const b = await search(query, `&page=${page}`);
        all.push(...b.results);
        if (page >= b.totalPages) return all;
      }
    }

    it('answers the spec shape: title, the typed lists and the merged results', async () => {
      const b = await search('gorilla');
      for (const k of ['title', 'pageKeywords', 'pageDescription', 'pageUrl', 'blogs', 'parks', 'experiences', 'safaris', 'faqs', 'animals', 'birds', 'lodges', 'results']) expect(b).toHaveProperty(k);
      expect(b.pageUrl).toBe(`${SITE}/search?query=gorilla`);
      expect(b.title).toContain('gorilla');
      for (const [list, type] of [
        ['blogs', 'blog'],
        ['parks', 'park'],
        ['experiences', 'experience'],
        ['safaris', 'safari'],
        ['faqs', 'faq'],
        ['animals', 'animal'],
        ['birds', 'bird'],
        ['lodges', 'lodge'],
      ] as const) {
        for (const item of b[list]) expect(item.type).toBe(type);
      }
      expect(new Set(b.results.map((r) => r.type)).size).toBeGreaterThanOrEqual(4);
      const park = b.parks[0]!;
      expect(park).toMatchObject({ type: 'park', destinationtitle: expect.any(String), destinationtitleslug: expect.any(String) });
      expect(b.total).toBe(Object.values(b.counts).reduce((a, n) => a + n, 0));
    });

    it('leaves the per-type lists out when asked (lists=none), the rest of the answer unchanged', async () => {
      for (const extra of ['', '&types=park,blog', '&limit=2&page=2']) {
        const full = await search('gorilla', extra);
        const merged = (await search('gorilla', `${extra}&lists=none`)) as Partial<SearchResponse>;
        for (const k of ['blogs', 'parks', 'experiences', 'safaris', 'faqs', 'animals', 'birds', 'lodges', 'guides', 'vehicles']) expect(merged, `${extra} ${k}`).not.toHaveProperty(k);
        const { blogs, parks, experiences, safaris, faqs, animals, birds, lodges, guides, vehicles, ...rest } = full;
        if (!extra) expect([blogs, parks, experiences, safaris, faqs, animals, birds, lodges, guides, vehicles].flat().length).toBeGreaterThan(0);
        expect(merged).toEqual(rest);
      }
      const bad = await get('gorilla', '&lists=some');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Unknown lists value: use lists=none or leave it out');
    });
    it('finds gorillas, Bwindi and chimpanzees despite typos', async () => {
      const gorila = await search('gorila');
      expect(gorila.correctedQuery).toBe('gorilla');
      expect(titles(gorila)).toEqual(expect.arrayContaining(['Mountain Gorillas', 'Gorilla Trekking', 'How much is a gorilla permit?']));
      expect(gorila.highlight).toContain('gorilla');

      const bwindy = await search('bwindy');
      expect(titleOf(bwindy.results[0]!)).toBe('Bwindi Impenetrable Forest National Park');
      expect(titles(bwindy)).toContain('Bwindi Gorilla Trek from Kabale');

      const chimp = await search('chimpanze');
      expect(titles(chimp).slice(0, 2).sort()).toEqual(['Chimpanzee Trekking', 'Chimpanzees']);

      const twoTypos = await search('mountian gorrilas');
      expect(titleOf(twoTypos.results[0]!)).toBe('Mountain Gorillas');
    });

    it('matches the word being typed by its prefix', async () => {
      expect(titles(await search('shoeb'))).toEqual(expect.arrayContaining(['Shoebill', 'Looking for the Shoebill at Mabamba Swamp']));
      expect(titleOf((await search('mountain gori')).results[0]!)).toBe('Mountain Gorillas');
      // A finished word (followed by a space) is not a prefix.
      const b = await search('gor ');
      expect(b.results.filter((r) => /gorilla/i.test(titleOf(r)))).toEqual([]);
    });

    it('honours quoted phrases and excluded words', async () => {
      const phrase = await search('"golden monkey"');
      expect(phrase.results.length).toBeGreaterThan(0);
      for (const r of phrase.results) expect(JSON.stringify(r).toLowerCase()).toMatch(/golden monkey/);
      const all = await search('gorilla');
      const notRwanda = await search('gorilla -rwanda');
      expect(notRwanda.total).toBeGreaterThan(0);
      expect(notRwanda.total).toBeLessThan(all.total);
      expect(titles(notRwanda)).not.toContain('Volcanoes National Park');
      expect(titles(notRwanda)).not.toContain('How much is a gorilla permit?');
      // Only exclusions ask for nothing.
      expect((await search('-gorilla')).total).toBe(0);
    });

    it('ranks title matches first, and the page dedicated to a subject before pages mentioning it', async () => {
      expect(titleOf((await search('mountain gorillas')).results[0]!)).toBe('Mountain Gorillas');
      const lions = await search('lions');
      expect(titleOf(lions.results[0]!)).toBe('Lions');
      // The shoebill post mentions lions only in its body: it ranks below pages with lions in title or description.
      const order = titles(lions);
      expect(order.indexOf('Looking for the Shoebill at Mabamba Swamp')).toBeGreaterThan(order.indexOf('Uganda Wildlife Safari'));
      // Safari itineraries are searchable.
      expect(titles(await search('kazinga channel launch'))[0]).toBe('Uganda Wildlife Safari');
      // A typo in one of several words still finds the page.
      expect(titles(await search('kazinga chanel'))).toEqual(expect.arrayContaining(['Queen Elizabeth National Park', 'Uganda Wildlife Safari']));
    });

    it('pages through results, 10 per page, and filters by type', async () => {
      const p1 = await search('birding');
      expect(p1.total).toBe(12);
      expect(p1.totalPages).toBe(2);
      expect(p1.results.length).toBe(PAGE_SIZE.search);
      const p2 = await search('birding', '&page=2');
      expect(p2.page).toBe(2);
      expect(p2.results.length).toBe(2);
      const seen = new Set([...p1.results, ...p2.results].map((r) => `${r.type}:${r.id}`));
      expect(seen.size).toBe(12);
      const past = await get('birding', '&page=3');
      expect(past.status).toBe(400);
      expect(past.body.error).toMatch(/page/i);

      const all = await search('gorilla');
      const faqOnly = await search('gorilla', '&types=faq');
      expect(faqOnly.types).toEqual(['faq']);
      expect(faqOnly.results.every((r) => r.type === 'faq')).toBe(true);
      expect(faqOnly.total).toBe(all.counts.faq);
      expect(faqOnly.counts).toEqual(all.counts);
      expect(faqOnly.parks).toEqual([]);
      const two = await search('gorilla', '&types=park&types=Animal');
      expect(two.types).toEqual(['park', 'animal']);
      expect(new Set(two.results.map((r) => r.type))).toEqual(new Set(['park', 'animal']));
      expect(two.total).toBe(all.counts.park + all.counts.animal);
      const comma = await search('gorilla', '&types=park,animal');
      expect(comma.results).toEqual(two.results);
      // The filtered list keeps the ranked order of the unfiltered one.
      expect(two.results.map((r) => `${r.type}:${r.id}`)).toEqual(
        (await everything('gorilla'))
          .filter((r) => r.type === 'park' || r.type === 'animal')
          .slice(0, two.results.length)
          .map((r) => `${r.type}:${r.id}`),
      );
    });

    it("pages each type's list like the results, says so in its fields, and leaves no hit out", async () => {
      const all = await everything('birding');
      const byType = (type: string) => all.filter((r) => r.type === type).map((r) => `${r.type}:${r.id}`);
      const first = await search('birding');
      expect(first.limit).toBe(PAGE_SIZE.search);
      expect(first.typePaging.page).toBe(1);
      expect(first.typePaging.limit).toBe(PAGE_SIZE.search);
      expect(first.typePaging.totals).toEqual(first.counts);
      // With 2 a page, some types need several pages: every list's pages together hold every hit
      // of its type, in the ranked order, and typePaging says how many pages each fills.
      const limit = 2;
      const small = await search('birding', `&limit=${limit}`);
      const lists = { blog: 'blogs', park: 'parks', experience: 'experiences', safari: 'safaris', faq: 'faqs', animal: 'animals', bird: 'birds' } as const;
      const longest = Object.entries(small.typePaging.totals).sort((a, b) => b[1] - a[1])[0]!;
      expect(longest[1], 'a type with more hits than a page').toBeGreaterThan(limit);
      for (const [type, key] of Object.entries(lists)) {
        const total = small.typePaging.totals[type as keyof typeof lists];
        expect(small.typePaging.totalPages[type as keyof typeof lists]).toBe(Math.ceil(total / limit));
        const seen: string[] = [];
        for (let page = 1; page <= Math.max(1, small.totalPages); page++) {
          const b = page === 1 ? small : await search('birding', `&limit=${limit}&page=${page}`);
          expect(b.typePaging.page).toBe(page);
          const items = b[key] as SearchItem[];
          expect(items.length).toBeLessThanOrEqual(limit);
          seen.push(...items.map((r) => `${r.type}:${r.id}`));
        }
        expect(seen, type).toEqual(byType(type));
      }
      // A filtered type's list is empty, with a total of 0.
      const parksOnly = await search('gorilla', '&types=park');
      expect(parksOnly.typePaging.totals.faq).toBe(0);
      expect(parksOnly.typePaging.totalPages.faq).toBe(0);
      expect(parksOnly.parks.length).toBe(Math.min(PAGE_SIZE.search, parksOnly.counts.park));
    });

    it('refuses missing, empty, blank and over-long queries with a clear 400', async () => {
      for (const q of [null, '', '   ', '\t\n', '\u0000']) {
        const r = await get(q);
        expect(r.status, JSON.stringify(q)).toBe(400);
        expect(r.type).toBe('application/json; charset=utf-8');
        expect(r.body.error).toBe('Please enter a search term.');
      }
      const long = await get('a'.repeat(501));
      expect(long.status).toBe(400);
      expect(long.body.error).toMatch(/too long.*500/);
      expect((await get('gorilla '.repeat(62) + 'bwin')).status).toBe(200); // 500 characters
      expect((await get(`${'🦍'.repeat(500)}`)).status).toBe(200); // 500 characters, 1000 UTF-16 units
      const badType = await get('gorilla', '&types=hotel');
      expect(badType.status).toBe(400);
      expect(badType.body.error).toMatch(/Unknown type "hotel"/);
      for (const page of ['0', '-1', 'abc', '1.5']) expect((await get('gorilla', `&page=${page}`)).status).toBe(400);
    });

    it('is safe with quotes, backslashes, %, &, operators, unicode and emoji', async () => {
      const odd = [
        '"',
        "'",
        '\\',
        '%',
        '%%',
        '&',
        '|',
        '!',
        '!!',
        ':*',
        '(',
        ')',
        '<->',
        '--',
        '- -',
        '"unclosed phrase',
        "gor'illa",
        "o'brien",
        'a:* | b & !c',
        'gorilla\\',
        '\\"gorilla\\"',
        '%gorilla%',
        '_%_',
        "'; drop table blogs; --",
        'or',
        'OR gorilla or',
        '-',
        '🦍',
        '🦍 gorilla',
        '👨‍👩‍👧 family',
        '中文',
        'naïve café',
        'Ünïcödé',
        'İstanbul',
        'ß',
        '\u200b',
        'e\u0301',
        'gorilla\u0000trek',
        '<script>alert(1)</script>',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${x} is one of the odd queries
        '${x}',
        'null',
        'undefined',
        '1',
        '2024',
        '$800',
        '100%',
      ];
      for (const q of odd) {
        const r = await get(q);
        expect([200, 400], `${JSON.stringify(q)} -> ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
        expect(r.type).toBe('application/json; charset=utf-8');
        if (r.status === 200) expect(Array.isArray(r.body.results)).toBe(true);
        else expect(r.body.error).toBe('Please enter a search term.');
      }
      // Percent-encodings that are not UTF-8 (a lone surrogate, a stray byte, a broken escape).
      for (const raw of ['%ED%A0%80', 'x%FFy', '%E2%82', '%', '%zz', 'gorilla%00']) {
        const res = await api.request(`/search?query=${raw}`);
        expect([200, 400], raw).toContain(res.status);
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      }
      expect((await search('🦍 gorilla')).total).toBe((await search('gorilla')).total);
      expect((await search('%gorilla%')).total).toBe((await search('gorilla')).total);
      expect((await get("'; drop table blogs; --")).status).toBe(200);
      expect((await db.db.select().from(t.blogs)).length).toBe(fixture.blogs.length);
    });

    it('serves FAQ answers as sanitised HTML', async () => {
      const b = await search('gorilla permit', '&types=faq');
      const faq = b.results.find((r) => r.type === 'faq' && r.faqslug === 'how-much-is-a-gorilla-permit');
      expect(faq && faq.type === 'faq' ? faq.answer : '').toContain('<p>US $800 in Uganda');
      expect(JSON.stringify(b)).not.toContain('<script');
    });

    it('follows content changes: inserts, edits, itinerary days, country names and deletions', async () => {
      // The API caches answers by URL until the content version changes; these edits bypass that.
      const search = async (q: string, extra = '') => {
        api.cache.clear();
        const r = await get(q, extra);
        expect(r.status).toBe(200);
        return r.body;
      };
      expect((await search('serengeti')).total).toBe(0);
      const [blog] = await db.db.insert(t.blogs).values({ blogtitle: 'Serengeti Migration Notes', blogtitleslug: 'serengeti-migration-notes', blogdescription: 'Wildebeest.' }).returning();
      expect(titles(await search('serengeti'))).toEqual(['Serengeti Migration Notes']);
      await db.db.update(t.blogs).set({ blogtitle: 'Mara River Crossings' }).where(eq(t.blogs.id, blog!.id));
      expect((await search('serengeti')).total).toBe(0);
      expect(titles(await search('mara river'))).toContain('Mara River Crossings');
      await db.db.delete(t.blogs).where(eq(t.blogs.id, blog!.id));
      expect((await search('mara river')).total).toBe(0);

      await db.db.insert(t.safariDays).values({ safari_id: fixture.safaris[0]!.id, day_number: 3, title: 'Lake Bunyonyi canoe', description: '' });
      expect(titles(await search('bunyonyi'))).toEqual(['Bwindi Gorilla Trek from Kabale']);
      await db.db.delete(t.safariDays).where(eq(t.safariDays.safari_id, fixture.safaris[0]!.id));
      expect((await search('bunyonyi')).total).toBe(0);

      await db.db.update(t.destinations).set({ destinationtitle: 'Ruanda' }).where(eq(t.destinations.id, fixture.destinations[1]!.id));
      expect(titles(await search('ruanda', '&types=park'))).toEqual(['Volcanoes National Park']);
      await db.db.update(t.destinations).set({ destinationtitle: 'Rwanda' }).where(eq(t.destinations.id, fixture.destinations[1]!.id));

      // A misspelling of a word that only a new item brings is corrected once the item exists.
      expect((await search('sitatungga')).total).toBe(0);
      const [animal] = await db.db.insert(t.animals).values({ animaltitle: 'Sitatungas', animaltitleslug: 'sitatungas', animaldescription: 'Swamp antelope.' }).returning();
      expect(titles(await search('sitatungga'))).toEqual(['Sitatungas']);
      await db.db.delete(t.animals).where(eq(t.animals.id, animal!.id));
      expect((await search('sitatungga')).total).toBe(0);
    });

    it('ranks the same way on every backend (recorded for comparison)', async () => {
      const record: Record<string, string[]> = {};
      for (const q of COMPARED_QUERIES) record[q] = (await everything(q)).map((r) => `${r.type}:${titleOf(r)}`);
      rankings.set(backend, record);
      expect(Object.values(record).every((l) => l.length > 0)).toBe(true);
    });
  });
}

describe.runIf(backends().length > 1)('search backends agree', () => {
  it('gives identical ranked results on PGlite and PostgreSQL', () => {
    const a = rankings.get('pglite');
    const b = rankings.get('postgres');
    expect(a).toBeDefined();
    expect(b).toEqual(a);
  });
});
