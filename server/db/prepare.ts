// Getting the database ready: open it, apply migrations, and load the content files when they
// changed. At start this runs in the short-lived set-up process (server/setup.ts), and the serving
// process then only opens the database (config.databasePrepared); tests that build the app in
// their own process do it all here.
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { openDatabase, type Database } from './index.ts';
import { readContentVersion } from './version.ts';

/**
 * Opens the database, applies migrations and loads the content files when they changed; only
 * opens it when the set-up step has done that already (config.databasePrepared).
 */
export async function prepareDatabase(config: Config, logger: Logger): Promise<Database> {
  const prepared = config.databasePrepared === true;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: !prepared });
  logger.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? path.join(config.dataDir, 'pglite') : undefined, created: database.created },
    'database ready',
  );
  if (prepared) return database;
  // The content loader and the seed (YAML, Markdown) are only needed here.
  const [{ ContentError, loadContentFiles }, { syncContent }, { importContentFiles, publishedContent, withoutBrokenReferences }] = await Promise.all([
    import('./content.ts'),
    import('./seed.ts'),
    import('../content/store.ts'),
  ]);
  try {
    // The files seed the documents the console edits (new items, and items still as their file
    // wrote them); the content tables are then the projection of the published documents.
    const files = await loadContentFiles();
    const imported = await importContentFiles(database.db, files.documents);
    if (imported.imported || imported.updated || imported.removed) logger.info({ ...imported, kept: imported.kept.length }, 'content files imported');
    if (imported.kept.length) logger.info({ items: imported.kept.slice(0, 20), count: imported.kept.length }, 'content files differ from what staff changed in the console; the console\'s version is kept');
    const published = await publishedContent(database.db);
    if (published.problems.length) logger.error({ problems: published.problems }, 'published documents that no longer validate were left out');
    const { content, left } = withoutBrokenReferences(published.content);
    if (left.length) logger.error({ items: left }, 'published items that refer to content that is not there were left off the site');
    if (files.content.currencyRates) content.currencyRates = files.content.currencyRates;
    const result = await syncContent(database.db, content);
    if (result.changed) logger.info({ counts: result.counts }, 'content loaded into the database');
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
