// npm run db:backup [-- --out FILE]   a consistent snapshot of the database and the uploads, also while the site runs
// npm run db:restore FILE [-- --yes]  restore one into an empty database, the server stopped (asks first)
// Same configuration as the server (DATABASE_URL, DATA_DIR). See server/db/backup.ts.
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { loadConfigOrExit } from '../config.ts';
import { BACKUP_EXTENSION, backupName, backupsDir, restoreSnapshot, RestoreError, writeSnapshot } from './backup.ts';
import { CommandRefused, holdDataDir, runCommand } from './command.ts';
import { ControlError } from './control.ts';

const [command, ...rest] = process.argv.slice(2);
const config = loadConfigOrExit();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function confirmed(file: string): Promise<boolean> {
  if (rest.includes('--yes')) return true;
  if (!process.stdin.isTTY) fail('db:restore asks for a confirmation: run it in a terminal, or add --yes (npm run db:restore FILE -- --yes).');
  const into = config.DATABASE_URL ? 'the database at DATABASE_URL' : path.join(config.dataDir, 'pglite');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await rl.question(`Restore ${file} into ${into} (and its uploads into ${path.join(config.dataDir, 'uploads')})? Type yes to go on: `);
  rl.close();
  return answer.trim().toLowerCase() === 'yes';
}

try {
  if (command === 'backup') {
    const i = rest.indexOf('--out');
    const file = path.resolve(i >= 0 && rest[i + 1] ? rest[i + 1]! : path.join(backupsDir(config.dataDir), backupName('manual')));
    if (!file.endsWith(BACKUP_EXTENSION)) fail(`A backup is a ${BACKUP_EXTENSION} file (the database and the uploads).`);
    // PostgreSQL: pg_dump from here. PGlite: the running server takes it (it has the database
    // open); with no server running, this process opens the database itself.
    const { result: written } = config.DATABASE_URL
      ? { result: await writeSnapshot({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }, file) }
      : await runCommand(config, {
          name: 'db:backup',
          direct: (database) => writeSnapshot({ database, dataDir: config.dataDir }, file),
          viaServer: (send) => send<{ file: string; bytes: number }>('/backup', { file }),
        });
    const dumped = 'dumpedWith' in written && written.dumpedWith ? `, database dumped with ${written.dumpedWith}` : '';
    console.log(`Backup written: ${written.file} (${(written.bytes / 1024 / 1024).toFixed(1)} MB${dumped})`);
  } else if (command === 'restore') {
    const file = rest.find((a) => !a.startsWith('--'));
    if (!file) fail('Usage: npm run db:restore FILE [-- --yes]');
    // Refused while the server (or another command) has the embedded database; held meanwhile.
    const lock = config.DATABASE_URL ? null : await holdDataDir(config, 'db:restore');
    try {
      if (!(await confirmed(file))) fail('Nothing restored.');
      const restored = await restoreSnapshot(path.resolve(file), { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
      const into = config.DATABASE_URL ? 'the database at DATABASE_URL' : path.join(config.dataDir, 'pglite');
      console.log(`Restored ${file} into ${into}, with ${restored.uploads} uploaded files in ${path.join(config.dataDir, 'uploads')}. Start the server as usual.`);
    } finally {
      lock?.release();
    }
  } else {
    fail('Usage: npm run db:backup [-- --out FILE] | npm run db:restore FILE [-- --yes]');
  }
} catch (e) {
  if (e instanceof RestoreError || e instanceof CommandRefused || (e instanceof ControlError && e.status < 500)) fail(e.message);
  fail(`Failed: ${e instanceof Error ? e.message : String(e)}`);
}
