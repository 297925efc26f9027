// npm run db:backup [-- --out FILE]   a consistent snapshot, also while the site runs
// npm run db:restore FILE             restore a snapshot into an empty database
// Same configuration as the server (DATABASE_URL, DATA_DIR). See server/db/backup.ts.
import path from 'node:path';
import { loadConfigOrExit } from '../config.ts';
import { backupName, backupsDir, restoreSnapshot, RestoreError, writeSnapshot } from './backup.ts';
import { requestBackup } from './control.ts';
import { openDatabase } from './index.ts';

const [command, ...rest] = process.argv.slice(2);
const config = loadConfigOrExit();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

try {
  if (command === 'backup') {
    const i = rest.indexOf('--out');
    const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
    const file = path.resolve(i >= 0 && rest[i + 1] ? rest[i + 1]! : path.join(backupsDir(config.dataDir), backupName(kind, 'manual')));
    let written: { file: string; bytes: number } | null;
    if (config.DATABASE_URL) {
      written = await writeSnapshot({ databaseUrl: config.DATABASE_URL }, file);
    } else {
      if (!file.endsWith('.tar.gz')) fail('An embedded-database backup is a .tar.gz file.');
      // The running server has the database open: it takes the snapshot. Otherwise, open it here.
      written = await requestBackup(config.dataDir, file);
      if (!written) {
        const database = await openDatabase({ dataDir: config.dataDir, migrate: false });
        try {
          written = await writeSnapshot({ database }, file);
        } finally {
          await database.close();
        }
      }
    }
    console.log(`Backup written: ${written.file} (${(written.bytes / 1024 / 1024).toFixed(1)} MB)`);
  } else if (command === 'restore') {
    const file = rest.find((a) => !a.startsWith('--'));
    if (!file) fail('Usage: npm run db:restore FILE');
    await restoreSnapshot(path.resolve(file), { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
    console.log(`Restored ${file} into ${config.DATABASE_URL ? 'the database at DATABASE_URL' : path.join(config.dataDir, 'pglite')}. Start the server as usual.`);
  } else {
    fail('Usage: npm run db:backup [-- --out FILE] | npm run db:restore FILE');
  }
} catch (e) {
  if (e instanceof RestoreError) fail(e.message);
  fail(`Failed: ${e instanceof Error ? e.message : String(e)}`);
}
