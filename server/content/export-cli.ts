// npm run content:export [-- --out DIR]   (default: content/, the seed of a new site)
// Same configuration as the server (DATABASE_URL, DATA_DIR). With the embedded database and the
// server running, the server reads the content for it (control socket in DATA_DIR).
import path from 'node:path';
import { loadConfigOrExit } from '../config.ts';
import { requestExport } from '../db/control.ts';
import { defaultContentDir } from '../db/content.ts';
import { openDatabase } from '../db/index.ts';
import { exportContent, writeExport, type ExportFile } from './export.ts';

const args = process.argv.slice(2);
const i = args.indexOf('--out');
const dir = path.resolve(i >= 0 && args[i + 1] ? args[i + 1]! : defaultContentDir);
const config = loadConfigOrExit();
try {
  let files: ExportFile[] | null = config.DATABASE_URL ? null : await requestExport(config.dataDir);
  if (!files) {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: false });
    try {
      files = await exportContent(database.db);
    } finally {
      await database.close();
    }
  }
  const { written, removed } = await writeExport(dir, files);
  console.log(`Content exported to ${dir}: ${written} files written, ${removed} removed.`);
} catch (e) {
  console.error(`Export failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
