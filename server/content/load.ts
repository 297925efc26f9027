// Loading the content files into the database: at every start (the set-up step,
// server/db/prepare.ts) and when an operator re-imports them on purpose (`npm run content:import`,
// server/content/import-cli.ts). The files are brought into the documents the console edits
// (importContentFiles: the database is the source of truth for every item staff touched), then the
// content tables are rewritten from the published documents when that changes them.
import { defaultContentDir, loadContentFiles, type ContentFileDocument } from '../db/content.ts';
import type { Db } from '../db/index.ts';
import { syncContent, type SeedResult } from '../db/seed.ts';
import type { Logger } from '../logger.ts';
import { importContentFiles, type ImportChoices, type ImportResult } from './content-files.ts';
import { publishedContent, withoutBrokenReferences } from './published.ts';
import { importTranslationFiles, markChangedEnglish, readTranslationFiles, type TranslationImportResult } from './translation-files.ts';
import { transaction } from './transaction.ts';

export interface ContentLoad {
  files: ImportResult;
  translations: TranslationImportResult;
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
  const translations = await loadTranslations(db, logger, opts.dir ?? defaultContentDir, files.documents);
  const published = await publishedContent(db);
  if (published.problems.length) logger.error({ problems: published.problems }, 'published documents that no longer validate were left out');
  const { content, left } = withoutBrokenReferences(published.content);
  if (left.length) logger.error({ items: left }, 'published items that refer to content that is not there were left off the site');
  if (files.content.currencyRates) content.currencyRates = files.content.currencyRates;
  const projection = await syncContent(db, content);
  if (projection.changed) logger.info({ counts: projection.counts }, 'content loaded into the database');
  return { files: imported, translations, projection };
}

/**
 * The translation files, after the English (server/content/translation-files.ts): a file that does
 * not match its English item is refused and named in the log, never stopping the start.
 */
async function loadTranslations(db: Db, logger: Logger, dir: string, english: ContentFileDocument[]): Promise<TranslationImportResult> {
  const read = await readTranslationFiles(dir);
  const englishFiles = new Map(english.map((d) => [`${d.collection}/${d.slug}`, d.document]));
  const result = await transaction(db, async (tx) => {
    const done = await importTranslationFiles(tx, read.files, englishFiles);
    await markChangedEnglish(tx);
    return done;
  });
  result.refused.unshift(...read.refused);
  const { imported, updated, removed, kept, refused, orphans } = result;
  if (imported || updated || removed) logger.info({ imported, updated, removed }, 'translation files imported');
  if (kept.length) logger.info({ files: kept.slice(0, 20), count: kept.length }, "translation files differ from what staff changed in the console; the console's version is kept");
  if (refused.length) logger.error({ problems: refused.slice(0, 50), count: refused.length }, 'translation files refused: they do not match their English item');
  if (orphans.length) logger.warn({ files: orphans.slice(0, 20), count: orphans.length }, 'translation files whose English item is not there were not imported');
  return result;
}
