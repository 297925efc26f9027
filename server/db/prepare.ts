// Getting the database ready: open it, apply migrations and install the search index (its
// functions and triggers, made from the content types: server/search/indexing.ts), and load the
// content files when they changed. At start this runs in the short-lived set-up process (server/setup.ts), and the serving
// process then only opens the database (config.databasePrepared); tests that build the app in
// their own process do it all here.
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { installSearchIndexing } from '../search/indexing.ts';
import { openDatabase, openMigratedMemoryDatabase, type Database, type OpenOptions } from './index.ts';
import { readContentVersion } from './version.ts';

/**
 * Opens the database, applies migrations and loads the content files when they changed; only
 * opens it when the set-up step has done that already (config.databasePrepared).
 */
export async function prepareDatabase(config: Config, logger: Logger): Promise<Database> {
  const prepared = config.databasePrepared === true;
  const database = await openPreparedDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: !prepared });
  logger.info({ database: database.kind, dataDir: database.kind === 'pglite' ? path.join(config.dataDir, 'pglite') : undefined, created: database.created }, 'database ready');
  if (prepared) return database;
  // The content loader and the seed (YAML, Markdown) are only needed here.
  const [{ ContentError }, { loadContentIntoDatabase }] = await Promise.all([import('./content.ts'), import('../content/load.ts')]);
  try {
    // The files seed the documents the console edits (new items, and items still as their file
    // wrote them; never an item staff changed, renamed or deleted); the content tables are then
    // the projection of the published documents.
    await loadContentIntoDatabase(database.db, logger);
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    // Keep serving what the database has, unless it has nothing.
    if ((await readContentVersion(database.db)) === 0) throw e;
    logger.error({ problems: e.problems }, 'content files are invalid; serving the content already in the database');
  }
  // While the site has no staff account: a one-time address that creates the first owner.
  const { announceSetup } = await import('../auth/accounts.ts');
  await announceSetup(database.db, config.SITE_URL, logger);
  return database;
}

/**
 * Opens the database; unless `migrate` is false, applies the migrations and installs the search
 * index after them, under the migration lock (several processes may start at once).
 */
export function openPreparedDatabase(opts: OpenOptions): Promise<Database> {
  return openDatabase({ ...opts, afterMigrate: installSearchIndexing });
}

/** An in-memory PGlite database for tests, migrated and with its search index. */
export function openMemoryDatabase(from?: Blob): Promise<Database> {
  return openMigratedMemoryDatabase(installSearchIndexing, from);
}
