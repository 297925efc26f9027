// The in-memory search's text functions give what PostgreSQL gives for the same text (PGlite,
// the same engine as the server): stems and stop words, pg_trgm's similarity() and
// word_similarity(), websearch_to_tsquery matching and ts_rank(), on generated texts.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { openMigratedMemoryDatabase } from '../../tests/helpers/db.ts';
import { lexemesOf, similarity, wordSimilarity } from './text.ts';
import { matches, parseTsvector, tsRank, websearchQuery } from './tsquery.ts';

const WORDS = [
  'gorilla',
  'gorillas',
  'trekking',
  'trek',
  'the',
  'of',
  'bwindi',
  'impenetrable',
  'forest',
  'lions',
  'tree-climbing',
  'added',
  'queen',
  'elizabeth',
  'channel',
  'kazinga',
  'golden',
  'monkey',
  'monkeys',
  'safari',
  'days',
  '3',
  'uganda',
  'rwanda',
  'and',
  'chimpanzee',
  'birding',
  'shoebill',
  'swamp',
  "o'brien",
  'running',
  'happily',
];
const text = (max: number) => fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: max }).map((w) => w.join(' '));
const WEIGHTS = [0.05, 0.2, 0.5, 1.0];

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** calc_rank_and as PostgreSQL writes it, every pair of positions in turn: what tsRank must equal exactly. */
function everyPairRank(doc: Map<string, number[]>, lexemes: string[]): number {
  const f = Math.fround;
  let res = -1;
  const seen: number[][] = [];
  for (const lexeme of lexemes) {
    const post = doc.get(lexeme);
    if (!post) continue;
    for (const ct of seen) {
      for (const l of post) {
        for (const p of ct) {
          const dist = Math.abs((l >> 2) - (p >> 2));
          if (!dist) continue;
          const distance = dist > 100 ? f(1e-30) : f(1.0 / (1.005 + 0.05 * Math.exp(f(dist) / 1.5 - 2)));
          const curw = f(Math.sqrt(f(f(WEIGHTS[l & 3]! * WEIGHTS[p & 3]!) * distance)));
          res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
        }
      }
    }
    seen.push(post);
  }
  return res < 0 ? f(1e-20) : res;
}

describe('search text functions match PostgreSQL', () => {
  let database: Database;
  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(q))[0]!;
  beforeAll(async () => {
    database = await openMigratedMemoryDatabase();
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('stems words and drops stop words as the english configuration does', async () => {
    for (const word of [...WORDS, 'bwindy', 'adding', 'safaris', 'families', 'hoped', 'generously', 'crying']) {
      const pg = await one<{ lexemes: string | null }>(sql`select (select string_agg(lexeme, ' ' order by lexeme) from unnest(to_tsvector('english', ${word}))) as lexemes`);
      const ours = [
        ...new Set(
          lexemesOf(word, 'english')
            .flat()
            .map((l) => l.lexeme),
        ),
      ]
        .sort()
        .join(' ');
      expect(ours, word).toBe(pg.lexemes ?? '');
    }
  });

  it('computes similarity and word_similarity as pg_trgm does', async () => {
    await fc.assert(
      fc.asyncProperty(text(3), text(8), async (a, b) => {
        const pg = await one<{ s: number; w: number }>(sql`select similarity(${a}, ${b})::float8 as s, word_similarity(${a}, ${b})::float8 as w`);
        expect(similarity(a, b)).toBeCloseTo(Number(pg.s), 6);
        expect(wordSimilarity(a, b)).toBeCloseTo(Number(pg.w), 6);
      }),
      { numRuns: 60 },
    );
  });

  it('matches and ranks a weighted document as @@ and ts_rank do', async () => {
    await fc.assert(
      fc.asyncProperty(text(4), text(10), text(20), text(3), async (title, description, body, query) => {
        const pg = await one<{ tsv: string; hit: boolean; rank: number }>(sql`
          with d as (select setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('simple', ${title}), 'A')
                          || setweight(to_tsvector('english', ${description}), 'B') || setweight(to_tsvector('english', ${body}), 'C') as tsv)
          select tsv::text as tsv, tsv @@ websearch_to_tsquery('english', ${query}) as hit,
                 ts_rank('{0.05, 0.2, 0.5, 1.0}'::float4[], tsv, websearch_to_tsquery('english', ${query}))::float8 as rank from d`);
        const doc = parseTsvector(pg.tsv);
        const q = websearchQuery(query);
        expect(q !== null && matches(doc, q, () => []), `${query} in ${pg.tsv}`).toBe(pg.hit);
        expect(tsRank(WEIGHTS, doc, q, () => [])).toBeCloseTo(Number(pg.rank), 6);
      }),
      { numRuns: 60 },
    );
  });

  it('ranks long documents as ts_rank does, every pair of words near or far (more than 100 words apart) counted to the last bit', async () => {
    // Long bodies whose query words sit sometimes within a few words, sometimes hundreds apart.
    const filler = fc.array(fc.constantFrom('lorem', 'ipsum', 'dolor', 'amet', 'nisi'), { minLength: 0, maxLength: 300, size: 'max' }).map((w) => w.join(' '));
    const body = fc.array(fc.tuple(filler, fc.constantFrom('gorilla', 'trekking', 'forest', 'bwindi')), { minLength: 1, maxLength: 8 }).map((parts) => parts.flat().join(' '));
    await fc.assert(
      fc.asyncProperty(text(4), body, fc.constantFrom('gorilla trekking', 'bwindi forest gorilla', '"gorilla trekking"', 'forest -bwindi trekking'), async (title, long, query) => {
        const pg = await one<{ tsv: string; rank: number }>(sql`
          with d as (select setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('english', ${long}), 'C') as tsv)
          select tsv::text as tsv, ts_rank('{0.05, 0.2, 0.5, 1.0}'::float4[], tsv, websearch_to_tsquery('english', ${query}))::float8 as rank from d`);
        const doc = parseTsvector(pg.tsv);
        const rank = tsRank(WEIGHTS, doc, websearchQuery(query), () => []);
        expect(rank, `${query} in ${pg.tsv}`).toBeCloseTo(Number(pg.rank), 6);
        const lexemes = [...new Set(lexemesOf(query, 'english').flatMap((run) => run.map((l) => l.lexeme)))].sort();
        expect(rank, `${query} in ${pg.tsv}`).toBe(everyPairRank(doc, lexemes));
      }),
      { numRuns: 80 },
    );
  });
});
