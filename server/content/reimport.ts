// A re-import of the content files asked for on purpose (npm run content:import, or the running
// server on its behalf): the request, the load (server/content/load.ts) and the report printed.
import type { Db } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import { loadContentIntoDatabase } from './load.ts';
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

export async function runImport(db: Db, logger: Logger, request: ImportRequest): Promise<ImportResult> {
  return (await loadContentIntoDatabase(db, logger, { dir: request.dir, choices: { overwrite: request.overwrite, restore: request.restore } })).files;
}

/** What the command prints: the counts, then every file left alone and why. */
export function importReport(r: ImportResult): string {
  const lines = [`Content files imported: ${r.imported} new, ${r.updated} updated, ${r.removed} removed with their file, ${r.overwritten.length} overwritten, ${r.restored.length} restored.`];
  const list = (items: string[], why: string) => {
    if (items.length) lines.push(`${why} (${items.length}):`, ...items.map((k) => `  ${k}`));
  };
  list(r.overwritten, 'Changed in the console, overwritten with the file as asked');
  list(r.restored, 'Deleted in the console, restored from the file as asked');
  list(r.kept, 'Changed in the console, kept (name one with --overwrite to take its file)');
  list(r.deleted, 'Deleted in the console, not imported (name one with --restore to bring it back)');
  list(r.taken, 'Not imported: another item already has this address');
  return lines.join('\n');
}
