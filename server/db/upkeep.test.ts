// The embedded database's daily upkeep: after a run, the tables are vacuumed (their pages marked
// all-visible, so the console's counts can read indexes alone) and analysed (the planner knows
// how many enquiries there are); on PostgreSQL nothing is run.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedMemoryDatabase } from '../../tests/helpers/db.ts';
import { rowsOf } from '../../tests/helpers/forms.ts';
import type { Database } from './index.ts';
import { startDatabaseUpkeep, upkeepEmbedded } from './upkeep.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

describe('the embedded database upkeep', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedMemoryDatabase();
    await database.db.execute(sql`insert into enquiries (name, email, phone, country, message, preferred_contact_method, status, source)
      select 'Visitor ' || g, 'v' || g || '@example.com', '', 'Kenya', 'A gorilla trek.', 'email', 'new', 'contact' from generate_series(1, 3000) g`);
  });
  afterAll(async () => {
    await database.close();
  });

  const state = async () =>
    rowsOf<{ visible: number; tuples: number }>(await database.db.execute(sql`select relallvisible::int as visible, reltuples::int as tuples from pg_class where relname = 'enquiries'`))[0]!;

  it('vacuums and analyses: the planner counts the rows, the pages are all-visible', async () => {
    const before = await state();
    expect(before.visible).toBe(0);
    await upkeepEmbedded(database, silent);
    const after = await state();
    expect(after.tuples).toBe(3000);
    expect(after.visible).toBeGreaterThan(0);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await database.db.execute(sql`explain select status, source, count(*) from enquiries group by status, source`));
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('Index Only Scan using enquiries_counts_idx');
  });

  it('runs nothing on PostgreSQL', async () => {
    const untouched = { kind: 'postgres', db: { execute: () => Promise.reject(new Error('ran a statement')) } } as unknown as Database;
    await expect(upkeepEmbedded(untouched, silent)).resolves.toBeUndefined();
    expect(startDatabaseUpkeep(untouched, silent)).toBeNull();
  });
});
