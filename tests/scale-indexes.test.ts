// Migration 0025: the inbox's status filter and the counts by status are answered from an index on
// (status, created_at); migration 0031: the inbox's word search reads each enquiry's stored folded
// words through their index, and its country choices skip along an index on the country; on PGlite
// and (when TEST_DATABASE_URL is set) PostgreSQL.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, useTestDatabase } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';

for (const backend of backends()) {
  describe(`enquiry indexes on ${backend}`, () => {
    const database = useTestDatabase(backend);

    /** The plan of a query with sequential scans discouraged (in one transaction: one connection of the pool). */
    const planOf = (query: ReturnType<typeof sql>) =>
      database().db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${query}`))
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });

    it('has the (status, created_at) index, and a status filter newest first uses it', async () => {
      const [index] = rowsOf<{ indexdef: string }>(await database().db.execute(sql`select indexdef from pg_indexes where indexname = 'enquiries_status_created_idx'`));
      expect(index?.indexdef).toMatch(/ON (public\.)?enquiries USING btree \(status, created_at\)/);
      const plan = await planOf(sql`select id from enquiries where status = 'quoted' order by created_at desc limit 50`);
      expect(plan).toContain('enquiries_status_created_idx');
    });

    it('keeps the folded words and name of a new or changed enquiry, and a word search uses their index', async () => {
      const [row] = rowsOf<{ id: number }>(
        await database().db.execute(sql`insert into enquiries (name, email, phone, message, preferred_contact_method)
          values ('Jürgen MÜLLER', 'jm@example.com', '', 'Gorillas in Bwindi, then Lake Bunyonyi.', 'email') returning id`),
      );
      const matches = async (q: string) =>
        rowsOf<{ id: number }>(await database().db.execute(sql`select id from enquiries where search_words @@ to_tsquery('simple'::regconfig, ${q})`)).map((r) => r.id);
      expect(await matches('muller:* & jurgen')).toEqual([row!.id]);
      expect(await matches('bunyonyi')).toEqual([row!.id]);
      await database().db.execute(sql`update enquiries set message = 'The Serengeti in July.' where id = ${row!.id}`);
      expect(await matches('bunyonyi')).toEqual([]);
      expect(await matches('serengeti')).toEqual([row!.id]);
      const named = rowsOf<{ id: number }>(await database().db.execute(sql`select id from enquiries where search_name ilike '%gen mul%'`)).map((r) => r.id);
      expect(named).toEqual([row!.id]);
      expect(await planOf(sql`select id from enquiries where search_words @@ to_tsquery('simple'::regconfig, 'muller:*')`)).toContain('enquiries_search_idx');
    });

    it('has an index on the country for the choices of the inbox', async () => {
      expect(await planOf(sql`select min(country) from enquiries where country > 'Kenya'`)).toContain('enquiries_country_idx');
    });
  });
}
