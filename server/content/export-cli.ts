// npm run content:export [-- --out DIR]   (default: content/, the seed of a new site)
// Same configuration as the server (DATABASE_URL, DATA_DIR). With the embedded database and the
// server running, the server reads the content for it (control socket in DATA_DIR).
import path from 'node:path';
import { loadConfigOrExit } from '../config.ts';
import { CommandRefused, runCommand } from '../db/command.ts';
import { defaultContentDir } from '../db/content.ts';
import { exportContent, writeExport, type ExportFile } from './export.ts';

const args = process.argv.slice(2);
const i = args.indexOf('--out');
const dir = path.resolve(i >= 0 && args[i + 1] ? args[i + 1]! : defaultContentDir);
const config = loadConfigOrExit();
try {
  const { result: files } = await runCommand<ExportFile[]>(config, {
    name: 'content:export',
    direct: (database) => exportContent(database.db),
    viaServer: async (send) => (await send<{ files: ExportFile[] }>('/export')).files,
  });
  const { written, removed } = await writeExport(dir, files);
  console.log(`Content exported to ${dir}: ${written} files written, ${removed} removed.`);
} catch (e) {
  console.error(e instanceof CommandRefused ? e.message : `Export failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
