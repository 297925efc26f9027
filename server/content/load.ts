// Loading the content files into the database: at every start (the set-up step,
// server/db/prepare.ts) and when an operator re-imports them on purpose (`npm run content:import`,
// server/content/import-cli.ts). The files are brought into the documents the console edits
// (importContentFiles: the database is the source of truth for every item staff touched), then the
// content tables are rewritten from the published documents when that changes them.
import { loadContentFiles } from '../db/content.ts';
import type { Db } from '../db/index.ts';
import { syncContent, type SeedResult } from '../db/seed.ts';
import type { Logger } from '../logger.ts';
import { importContentFiles, type ImportChoices, type ImportResult } from './content-files.ts';
import { publishedContent, withoutBrokenReferences } from './published.ts';

export interface ContentLoad {
  files: ImportResult;
  projection: SeedResult;
}

/** Throws ContentError (server/db/content.ts) when the files are invalid; nothing is written then. */
export async function loadContentIntoDatabase(db: Db, logger: Logger, opts: { dir?: string; choices?: ImportChoices } = {}): Promise<ContentLoad> {
  const files = await loadContentFiles(opts.dir);
  const imported = await importContentFiles(db, files.documents, opts.choices);
  const { kept, deleted, taken, overwritten, restored } = imported;
  if (imported.imported || imported.updated || imported.removed || overwritten.length || restored.length)
    logger.info({ imported: imported.imported, updated: imported.updated, removed: imported.removed, overwritten, restored }, 'content files imported');
  if (kept.length) logger.info({ items: kept.slice(0, 20), count: kept.length }, "content files differ from what staff changed in the console; the console's version is kept");
  if (deleted.length) logger.info({ items: deleted.slice(0, 20), count: deleted.length }, 'content files of items deleted in the console were not imported');
  if (taken.length) logger.warn({ items: taken.slice(0, 20), count: taken.length }, 'new content files whose address another item already has were not imported');
  const published = await publishedContent(db);
  if (published.problems.length) logger.error({ problems: published.problems }, 'published documents that no longer validate were left out');
  const { content, left } = withoutBrokenReferences(published.content);
  if (left.length) logger.error({ items: left }, 'published items that refer to content that is not there were left off the site');
  if (files.content.currencyRates) content.currencyRates = files.content.currencyRates;
  const projection = await syncContent(db, content);
  if (projection.changed) logger.info({ counts: projection.counts }, 'content loaded into the database');
  return { files: imported, projection };
}
