// Migration 0025: the inbox's status filter and the counts by status are answered from an index on
// (status, created_at), on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDatabase, type TestDatabase } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';

for (const backend of backends()) {
  describe(`enquiry indexes on ${backend}`, () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await openTestDatabase(backend);
    });
    afterAll(async () => {
      if (backend === 'pglite') await db.close();
      else await db.drop();
    });

    it('has the (status, created_at) index, and a status filter newest first uses it', async () => {
      const [index] = rowsOf<{ indexdef: string }>(await db.db.execute(sql`select indexdef from pg_indexes where indexname = 'enquiries_status_created_idx'`));
      expect(index?.indexdef).toMatch(/ON (public\.)?enquiries USING btree \(status, created_at\)/);
      await db.db.execute(sql`set enable_seqscan = off`);
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.db.execute(sql`explain select id from enquiries where status = 'quoted' order by created_at desc limit 50`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      await db.db.execute(sql`reset enable_seqscan`);
      expect(plan).toContain('enquiries_status_created_idx');
    });
  });
}
