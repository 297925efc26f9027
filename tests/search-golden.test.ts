// Search results on a fixed list of queries (typos, prefixes, phrases, exclusions, the spec's
// cases, paging and the type filter), compared with the answers recorded in
// tests/search-golden.json, over the search fixture and over the site's own content.
// `GOLDEN_WRITE=1 npx vitest run tests/search-golden.test.ts` records them again.
import { readFileSync, writeFileSync } from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchItem, SearchResponse } from '../common/api-types.ts';
import { createApi, type Api } from '../server/api/index.ts';
import { openTestDatabase, type TestDatabase } from './helpers/db.ts';
import { insertSearchFixture } from './search.fixture.ts';

const SITE = 'https://www.kigezitrails.example';
const GOLDEN = new URL('./search-golden.json', import.meta.url);
const WRITE = process.env.GOLDEN_WRITE === '1';

/** Queries with their extra parameters (type filter, page size). */
const CASES: Record<'fixture' | 'content', string[]> = {
  fixture: [
    'gorilla',
    'gorila',
    'bwindy',
    'chimpanze',
    'mountian gorrilas',
    'shoeb',
    'mountain gori',
    'gor ',
    '"golden monkey"',
    'gorilla -rwanda',
    '-gorilla',
    'mountain gorillas',
    'lions',
    'kazinga channel launch',
    'kazinga chanel',
    'birding',
    'birding&limit=2',
    'gorilla&types=faq',
    'gorilla&types=park,animal',
    'gorilla permit&types=faq',
    'queen elizabeth',
    'turaco',
    'best time to visit',
    'rwanda OR kenya',
    '🦍 gorilla',
    '%gorilla%',
    'the',
    'kibale',
    'Chimpanzees',
    'trekking',
    'swamp',
    '$800',
    'uganda wildlife',
    'sitatungga',
  ],
  content: [
    'gorilla',
    'gorila',
    'gorilla trekking',
    'gorrila trekking',
    'bwindi',
    'bwindy',
    'chimpanzee',
    'chimpanze',
    'chimp',
    'shoebill',
    'shoebil',
    'queen elizabeth',
    'murchison falls',
    'murchisson',
    'serengeti',
    'masai mara',
    'maasai mara',
    'safari',
    'safari&types=safari',
    'uganda&types=park,experience',
    'rwanda',
    'kenya',
    'lodge',
    'lodges&types=lodge',
    'birding',
    'bird watching',
    'boat cruise',
    'kazinga channel',
    'big five',
    'lion',
    'tree climbing lions',
    'golden monkey',
    '"golden monkey"',
    'gorilla -rwanda',
    'permit',
    'visa',
    'best time',
    'what to pack',
    'migration',
    'kilimanjaro',
    'nyungwe',
    'batwa',
    'canoe',
    'hot air balloon',
    'elephant',
    'leopard',
    'turaco',
    'crested crane',
    'mountain gorillas',
    'gorilla safari&page=2',
    'uganda&page=3',
    'uganda&limit=5&page=2',
    'volcanoes national park',
    'luxury',
    'budget',
    '3 day',
    'zebra',
    'kigali',
    'entebbe',
    'hippo',
    'rhino',
  ],
};

interface Recorded {
  status: number;
  total?: number;
  totalPages?: number;
  counts?: Record<string, number>;
  corrected?: string | null;
  /** The page asked for (page 1 unless the case names one). */
  page?: string[];
  /** Every hit across the pages, best first. */
  all?: string[];
  /** Each type's list on the page asked for. */
  lists?: Record<string, string[]>;
}

const key = (i: SearchItem) => `${i.type}:${'faqslug' in i ? i.faqslug : (Object.entries(i).find(([k]) => k.endsWith('titleslug'))?.[1] ?? i.id)}`;
const LISTS = ['blogs', 'parks', 'experiences', 'safaris', 'faqs', 'animals', 'birds', 'lodges'] as const;

async function record(api: Api, c: string): Promise<Recorded> {
  const [query, ...rest] = c.split('&');
  const extra = rest.length ? `&${rest.join('&')}` : '';
  const url = (page?: number) => `/search?query=${encodeURIComponent(query!)}${page ? extra.replace(/&page=\d+/, '') + `&page=${page}` : extra}`;
  const res = await api.request(url());
  if (res.status !== 200) return { status: res.status };
  const b = (await res.json()) as SearchResponse;
  const all: string[] = [];
  for (let p = 1; p <= b.totalPages; p++) {
    const r = (await (await api.request(url(p))).json()) as SearchResponse;
    all.push(...r.results.map(key));
  }
  const lists = Object.fromEntries(LISTS.map((l) => [l, (b[l] as SearchItem[]).map(key)]).filter(([, v]) => v!.length));
  return { status: 200, total: b.total, totalPages: b.totalPages, counts: b.counts, corrected: b.correctedQuery, page: b.results.map(key), all, lists };
}

const golden: Record<string, Record<string, Recorded>> = WRITE ? {} : JSON.parse(readFileSync(GOLDEN, 'utf8'));
const recorded: Record<string, Record<string, Recorded>> = {};

for (const set of ['fixture', 'content'] as const) {
  describe(`search answers on the ${set}`, () => {
    let db: TestDatabase;
    let api: Api;
    beforeAll(async () => {
      db = await openTestDatabase('pglite', set === 'fixture' ? 'migrated' : 'content');
      if (set === 'fixture') await insertSearchFixture(db.db);
      api = createApi({ deps: { db: db.db, siteUrl: SITE, logger: pino({ level: 'silent' }), ping: db.ping }, mediaDirs: [] });
    }, 120_000);
    afterAll(async () => {
      await db.close();
    });

    it.each(CASES[set])('%s', async (c) => {
      const got = await record(api, c);
      (recorded[set] ??= {})[c] = got;
      if (WRITE) return;
      const want = golden[set]![c]!;
      expect(want, 'recorded').toBeDefined();
      expect(got.status).toBe(want.status);
      if (want.status !== 200) return;
      // The same hits, counted the same way, with the same correction.
      expect(got.total).toBe(want.total);
      expect(got.totalPages).toBe(want.totalPages);
      expect(got.counts).toEqual(want.counts);
      expect(got.corrected).toBe(want.corrected);
      // The same hits in the same order, on the page asked for, in each type's list and across all pages.
      expect(got.page).toEqual(want.page);
      expect(got.lists).toEqual(want.lists);
      expect(got.all).toEqual(want.all);
    });
  });
}

afterAll(() => {
  if (WRITE) writeFileSync(GOLDEN, `${JSON.stringify(recorded, null, 1)}\n`);
});
