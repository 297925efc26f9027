// Search results on a fixed list of queries (typos, prefixes, phrases, exclusions, the spec's
// cases, paging and the type filter), compared with the answers recorded in
// tests/search-golden.json, over the search fixture, over the site's own content and over its
// German, French and Spanish translations (each language's own index: `language=de`...).
// `GOLDEN_WRITE=1 npx vitest run tests/search-golden.test.ts` records them again.
import './helpers/production.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchItem, SearchResponse } from '../common/api-types.ts';
import { createApi, type Api } from '../server/api/index.ts';
import { openTestDatabase, type TestDatabase } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { insertSearchFixture } from './search.fixture.ts';

const SITE = 'https://www.kigezitrails.example';
const GOLDEN = new URL('./search-golden.json', import.meta.url);
const WRITE = process.env.GOLDEN_WRITE === '1';

type CaseSet = 'fixture' | 'content' | 'languages';

/** Queries with their extra parameters (type filter, page size); in `languages`, after the language's code and a bar. */
const CASES: Record<CaseSet, string[]> = {
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
  languages: [
    'de|Gorillas',
    'de|Gorilla',
    'de|Gorilla-Trekking',
    'de|Gorilla Trekking',
    'de|Berggorillas',
    'de|Schimpansen',
    'de|Schimpansn',
    'de|Ruanda',
    'de|Übernachtungen',
    'de|Ubernachtungen',
    'de|Kivusee',
    'de|Vulkane Nationalpark',
    'de|Bootsfahrt',
    'de|Goldmeerkatzen',
    'de|Pirschfahrt Serengeti',
    'de|"Gorilla-Trekking" -Ruanda',
    'de|Löwen OR Elefanten',
    'de|Gorillas&types=safari',
    'de|Safari&page=2',
    'de|Bwindi&types=park,safari',
    'de|Gori',
    'fr|gorilles',
    'fr|gorille',
    'fr|chimpanzés',
    'fr|chimpanzes',
    'fr|volcans',
    'fr|randonnée',
    'fr|gorilles -rwanda',
    'fr|lions savane',
    'fr|éléphants',
    'fr|gorrilles',
    'fr|safari&page=2',
    'es|gorilas',
    'es|gorilas volcanes',
    'es|chimpancés',
    'es|chimpances',
    'es|leones',
    'es|parque nacional',
    'es|elefantes&types=safari',
    'es|migración',
    'es|"monos dorados"',
    'es|goriilas',
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

/** Asks the API for a path (`/search?…`). */
type Ask = (path: string) => Promise<Response>;

async function record(ask: Ask, c: string): Promise<Recorded> {
  const [language, text] = c.includes('|') ? c.split('|') : [undefined, c];
  const [query, ...rest] = text!.split('&');
  const extra = (rest.length ? `&${rest.join('&')}` : '') + (language ? `&language=${language}` : '');
  const url = (page?: number) => `/search?query=${encodeURIComponent(query!)}${page ? extra.replace(/&page=\d+/, '') + `&page=${page}` : extra}`;
  const res = await ask(url());
  if (res.status !== 200) return { status: res.status };
  const b = (await res.json()) as SearchResponse;
  const all: string[] = [];
  for (let p = 1; p <= b.totalPages; p++) {
    const r = (await (await ask(url(p))).json()) as SearchResponse;
    all.push(...r.results.map(key));
  }
  const lists = Object.fromEntries(LISTS.map((l) => [l, (b[l] as SearchItem[]).map(key)]).filter(([, v]) => v!.length));
  return { status: 200, total: b.total, totalPages: b.totalPages, counts: b.counts, corrected: b.correctedQuery, page: b.results.map(key), all, lists };
}

const golden: Record<string, Record<string, Recorded>> = WRITE ? {} : JSON.parse(readFileSync(GOLDEN, 'utf8'));
const recorded: Record<string, Record<string, Recorded>> = {};

/** The API of a database holding the set's documents; `close` ends it. */
async function openSet(set: CaseSet): Promise<{ ask: Ask; close: () => Promise<void> }> {
  if (set === 'languages') {
    // The site's set-up step seeds the content's translation files (content/translations/).
    const site: InProcessSite = await startSite({ env: { SPAM_CHECKS: 'off' } });
    return { ask: (path) => fetch(`${site.base}/api${path}`), close: () => site.stop() };
  }
  const db: TestDatabase = await openTestDatabase('pglite', set === 'fixture' ? 'migrated' : 'content');
  if (set === 'fixture') await insertSearchFixture(db.db);
  const api: Api = createApi({ deps: { db: db.db, siteUrl: SITE, logger: pino({ level: 'silent' }), ping: db.ping }, mediaDirs: [] });
  return { ask: async (path) => api.request(path), close: () => db.close() };
}

for (const set of ['fixture', 'content', 'languages'] as const) {
  describe(`search answers on the ${set}`, () => {
    let opened: Awaited<ReturnType<typeof openSet>>;
    beforeAll(async () => {
      opened = await openSet(set);
    }, 120_000);
    afterAll(async () => {
      await opened?.close();
    });

    it.each(CASES[set])('%s', async (c) => {
      const got = await record(opened.ask, c);
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
