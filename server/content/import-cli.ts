// npm run content:import [-- --from DIR] [--overwrite collection/slug]... [--overwrite-all]
//                                        [--restore collection/slug]... [--restore-all]
// Re-imports the content files on purpose (default: content/). Like every start, it imports new
// files, lets items nobody changed in the console follow their file, and never duplicates an item
// that was renamed (files are matched by the item's origin). Items staff changed are kept and
// listed unless named with --overwrite (the file's version becomes a new revision; the item keeps
// its address and state); items deleted in the console are listed unless named with --restore.
// Same configuration as the server (DATABASE_URL, DATA_DIR). With the embedded database and the
// server running, the server does the import for it (control socket in DATA_DIR).
import path from 'node:path';
import { loadConfigOrExit } from '../config.ts';
import { CommandRefused, runCommand } from '../db/command.ts';
import { ContentError } from '../db/content.ts';
import { createLogger } from '../logger.ts';
import { importReport, parseImportArgs, runImport, type ImportOutcome } from './reimport.ts';

let request;
try {
  request = parseImportArgs(process.argv.slice(2));
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(2);
}
const config = loadConfigOrExit();
if (request.dir) request.dir = path.resolve(request.dir);
try {
  const { result } = await runCommand<ImportOutcome>(config, {
    name: 'content:import',
    migrate: true,
    direct: (database) => runImport(database.db, createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL), request),
    viaServer: async (send) => (await send<{ result: ImportOutcome }>('/import', request)).result,
  });
  console.log(importReport(result));
} catch (e) {
  if (e instanceof CommandRefused) console.error(e.message);
  else if (e instanceof ContentError) console.error(`Import refused, the content files are invalid:\n  ${e.problems.join('\n  ')}`);
  else console.error(`Import failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
