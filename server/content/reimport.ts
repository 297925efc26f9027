// A re-import of the content files asked for on purpose (npm run content:import, or the running
// server on its behalf): the request, the load (server/content/load.ts) and the report printed.
import type { Db } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import { loadContentIntoDatabase } from './load.ts';
import type { TranslationImportResult } from './translation-files.ts';
import type { ImportResult } from './content-files.ts';

export interface ImportRequest {
  /** The content folder (default content/). */
  dir?: string;
  overwrite: string[] | 'all';
  restore: string[] | 'all';
}

const KEY = /^[a-z]+\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

const IMPORT_USAGE = 'Usage: npm run content:import -- [--from DIR] [--overwrite collection/slug]... [--overwrite-all] [--restore collection/slug]... [--restore-all]';

/** Reads the command line; throws with the usage on anything else. */
export function parseImportArgs(args: string[]): ImportRequest {
  const out: ImportRequest = { overwrite: [], restore: [] };
  const refuse = (why: string): never => {
    throw new Error(`${why}\n${IMPORT_USAGE}`);
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--overwrite-all') out.overwrite = 'all';
    else if (a === '--restore-all') out.restore = 'all';
    else if (a === '--from' || a === '--overwrite' || a === '--restore') {
      const v = args[++i];
      if (!v) refuse(`${a} needs a value.`);
      if (a === '--from') out.dir = v;
      else {
        const key = v!.replace(/\.ya?ml$/, '');
        if (!KEY.test(key)) refuse(`${a} takes a content file as collection/slug (like safaris/gorilla-trekking), not "${v}".`);
        const list = a === '--overwrite' ? out.overwrite : out.restore;
        if (Array.isArray(list)) list.push(key);
      }
    } else refuse(`Unknown argument "${a}".`);
  }
  return out;
}

/** What an import did: the English files, and the translation files. */
export type ImportOutcome = ImportResult & { translations?: TranslationImportResult };

export async function runImport(db: Db, logger: Logger, request: ImportRequest): Promise<ImportOutcome> {
  const done = await loadContentIntoDatabase(db, logger, { dir: request.dir, choices: { overwrite: request.overwrite, restore: request.restore } });
  return { ...done.files, translations: done.translations };
}

/** What the command prints: the counts, then every file left alone and why. */
export function importReport(r: ImportOutcome): string {
  const lines = [`Content files imported: ${r.imported} new, ${r.updated} updated, ${r.removed} removed with their file, ${r.overwritten.length} overwritten, ${r.restored.length} restored.`];
  const list = (items: string[], why: string) => {
    if (items.length) lines.push(`${why} (${items.length}):`, ...items.map((k) => `  ${k}`));
  };
  list(r.overwritten, 'Changed in the console, overwritten with the file as asked');
  list(r.restored, 'Deleted in the console, restored from the file as asked');
  list(r.kept, 'Changed in the console, kept (name one with --overwrite to take its file)');
  list(r.deleted, 'Deleted in the console, not imported (name one with --restore to bring it back)');
  list(r.taken, 'Not imported: another item already has this address');
  const t = r.translations;
  if (t) {
    lines.push(`Translation files imported: ${t.imported} new, ${t.updated} updated, ${t.removed} removed with their file.`);
    list(t.kept, 'Translations changed in the console, kept');
    list(t.refused, 'Translation files refused');
    list(t.orphans, 'Translation files whose English item is not there, not imported');
  }
  return lines.join('\n');
}
