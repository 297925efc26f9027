import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TYPES } from '../../common/content-types.ts';
import { DEFINITIONS } from '../content/definitions.ts';
import type { Database } from '../db/index.ts';
import { openMigratedMemoryDatabase } from '../../tests/helpers/db.ts';
import { searchIndexingStatements, searchRefreshFunction } from './indexing.ts';

describe('the search index derived from the types’ descriptions', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedMemoryDatabase();
  }, 60_000);
  afterAll(() => database?.close());

  const rows = async <T>(q: string) => {
    const r = (await database.db.execute(sql.raw(q))) as unknown as { rows: T[] };
    return r.rows;
  };

  it('describes a search document for every search type, and only for those', () => {
    const described = DEFINITIONS.flatMap((d) => (d.search ? [d.search.type] : []));
    expect([...described].sort()).toEqual([...SEARCH_TYPES].sort());
    for (const type of SEARCH_TYPES) expect(searchRefreshFunction()).toContain(`p_type = '${type}' THEN`);
  });

  it('installs a trigger on every searchable table and on the tables documents name, and none of the replaced ones', async () => {
    const names = (await rows<{ tgname: string }>(`select tgname from pg_trigger where not tgisinternal and tgname like '%search%' order by tgname`)).map((r) => r.tgname);
    expect(names).toEqual(
      [
        'animals_search',
        'birds_search',
        'blogs_search',
        'destinations_search_park',
        'experiences_search',
        'faqs_search',
        'guides_search',
        'lodges_search',
        'parks_search',
        'parks_search_lodge',
        'safari_days_search_safari_delete',
        'safari_days_search_safari_insert',
        'safari_days_search_safari_update',
        'safaris_search',
        'vehicles_search',
      ].sort(),
    );
  });

  it('is installed again without change (every start does it)', async () => {
    for (const statement of searchIndexingStatements()) await database.db.execute(sql.raw(statement));
    const [n] = await rows<{ n: number }>(`select count(*)::int as n from pg_trigger where not tgisinternal and tgname like '%search%'`);
    expect(n!.n).toBe(15);
  });

  it('refuses a type it does not know', async () => {
    await expect(database.db.execute(sql`select search_refresh('nothing', 1)`)).rejects.toThrow();
  });
});
