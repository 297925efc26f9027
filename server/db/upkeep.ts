// The embedded database's upkeep. PostgreSQL's autovacuum keeps a server's tables: it reclaims the
// rows that updates and deletes leave behind, marks pages all-visible (so that index-only scans
// need not read the table: the console's counts, migration 0038) and keeps the planner's statistics.
// PGlite runs no background processes, so without this nothing ever would: the statistics would
// stay those of an empty database, and the table files would only grow. Once a day (first ten
// minutes after start, so a newly seeded database is planned on real figures), this process runs
// VACUUM (ANALYZE) on the whole database; other statements wait for it (about half a second per
// 100,000 enquiries). On PostgreSQL it does nothing.
import { sql } from 'drizzle-orm';
import { startJob, type RunningJob } from '../job-loop.ts';
import type { Logger } from '../logger.ts';
import type { Database } from './index.ts';

const DAY_MS = 86_400_000;
const FIRST_AFTER_MS = 10 * 60_000;

/** One upkeep run: vacuums and analyses every table of the embedded database. */
export async function upkeepEmbedded(database: Pick<Database, 'db' | 'kind'>, logger?: Logger): Promise<void> {
  if (database.kind !== 'pglite') return;
  const started = performance.now();
  await database.db.execute(sql`vacuum (analyze)`);
  logger?.info({ ms: Math.round(performance.now() - started) }, 'database vacuumed and analysed');
}

/** The daily upkeep of the embedded database; null on PostgreSQL (autovacuum does it). */
export function startDatabaseUpkeep(database: Database, logger: Logger, opts: { firstAfterMs?: number } = {}): RunningJob | null {
  if (database.kind !== 'pglite') return null;
  return startJob(
    {
      name: 'database upkeep',
      run: () => upkeepEmbedded(database, logger),
      everyMs: DAY_MS,
      firstAfterMs: opts.firstAfterMs ?? FIRST_AFTER_MS,
    },
    { logger },
  );
}
