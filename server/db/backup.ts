// Backups of what exists nowhere else: the database (enquiries, subscribers, staff, content edited
// in the console) and the media library's uploads (DATA_DIR/uploads). A backup is one .tar.gz:
//   backup.json      what it holds (kind of database, when, the format)
//   pglite/          the embedded database's data directory, copied while PGlite is quiesced (a
//                    checkpoint, then the files copied with every statement held back), or
//   database.pgdump  PostgreSQL's `pg_dump --format=custom` (one consistent snapshot);
//   uploads/         DATA_DIR/uploads, taken after the database, so every upload the database
//                    names is in it.
// The archive is written by `tar` in a child process: the serving process only copies files, so
// its memory does not grow with the database (PGlite's own dump would build it in its heap).
// The serving process also takes a daily snapshot into DATA_DIR/backups and keeps the last 14.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import type { Database } from './index.ts';

const KEEP_DAILY = 14;
const DAY_MS = 24 * 3600_000;

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** Both kinds of database are backed up into a .tar.gz (the database and the uploads). */
export const BACKUP_EXTENSION = '.tar.gz';
const MANIFEST = 'backup.json';
const FORMAT = 1;

/** backup-20261123T181500Z-daily.tar.gz: sorts by time, says how it was made. */
export function backupName(reason: 'daily' | 'manual', now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `backup-${stamp}-${reason}${BACKUP_EXTENSION}`;
}

/** A file name the console and the daily backups may list and hand out (no path, no partial file). */
export const BACKUP_FILE = /^backup-\d{8}T\d{6}Z-(daily|manual)\.(tar\.gz|pgdump)$/;

/** The newest pg_dump / pg_restore on this machine: on PATH, or in /usr/lib/postgresql/<n>/bin. */
function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const p = path.join(root, v, 'bin', name);
      if (existsSync(p)) return p;
    }
  }
  return name;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env, okCodes = [0]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 4000) err += d.toString();
    });
    child.once('error', (e) => reject(new Error(`${path.basename(cmd)} could not be started: ${e.message}`)));
    child.once('exit', (code) => (code !== null && okCodes.includes(code) ? resolve() : reject(new Error(`${path.basename(cmd)} failed (exit ${code}): ${err.trim().slice(0, 1000)}`))));
  });
}

/** pg_dump and pg_restore take the password from the environment, never from the command line. */
function connectionArgs(databaseUrl: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  return { args: ['--dbname', url.toString()], env };
}

interface BackupManifest {
  format: number;
  kind: Database['kind'];
  createdAt: string;
  uploads: boolean;
  /** PostgreSQL: the pg_dump that wrote database.pgdump. */
  dumpedWith?: string;
}

/**
 * Writes a consistent snapshot of the database and the uploads under `dataDir` to `file` (written
 * beside it first, then renamed, so a half-written file never looks like a backup). PGlite: the
 * database given, open in this process; PostgreSQL: pg_dump against `databaseUrl`.
 */
export async function writeSnapshot(
  target: { database?: Pick<Database, 'kind' | 'dataDirectory' | 'withWritesHeld'>; databaseUrl?: string; dataDir: string },
  file: string,
): Promise<{ file: string; bytes: number; heldMs?: number; dumpedWith?: string }> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const staging = await mkdtemp(path.join(path.dirname(file), '.backup-'));
  let heldMs: number | undefined;
  let dumpedWith: string | undefined;
  try {
    const kind: Database['kind'] = target.databaseUrl ? 'postgres' : 'pglite';
    const entries = [MANIFEST];
    if (target.databaseUrl) {
      const { args, env } = connectionArgs(target.databaseUrl);
      // Which pg_dump (the newest on the machine): said by the command and the log, kept in backup.json.
      dumpedWith = postgresTool('pg_dump');
      await run(dumpedWith, ['--format=custom', '--no-owner', '--no-privileges', '--file', path.join(staging, 'database.pgdump'), ...args], env);
      entries.push('database.pgdump');
    } else {
      const db = target.database;
      if (!db?.withWritesHeld || !db.dataDirectory) throw new Error('This database cannot be backed up (it is not on disk)');
      const from = db.dataDirectory;
      // Checkpointed and held: the files on disk are the database, and nothing changes them while
      // they are copied (the copy is the kernel's; the archive is made afterwards, writes resumed).
      const held = Date.now();
      await db.withWritesHeld(() => cp(from, path.join(staging, 'pglite'), { recursive: true }));
      // How long statements waited (the checkpoint and the copy): in the log line of each backup.
      heldMs = Date.now() - held;
      entries.push('pglite');
    }
    const uploads = existsSync(path.join(target.dataDir, 'uploads'));
    const manifest: BackupManifest = { format: FORMAT, kind, createdAt: new Date().toISOString(), uploads, ...(dumpedWith ? { dumpedWith } : {}) };
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    // tar exits 1 when a file changed while it was read: an upload being rendered at that moment,
    // which the database does not name yet. Anything worse is exit 2.
    await run(
      'tar',
      [
        '--create',
        '--gzip',
        '--file',
        partial,
        '--warning=no-file-changed',
        '--warning=no-file-removed',
        '-C',
        staging,
        ...entries,
        ...(uploads ? ['-C', path.resolve(target.dataDir), 'uploads'] : []),
      ],
      process.env,
      [0, 1],
    );
    await rename(partial, file);
  } catch (e) {
    await rm(partial, { force: true });
    throw e;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { file, bytes: (await stat(file)).size, ...(heldMs === undefined ? {} : { heldMs }), ...(dumpedWith ? { dumpedWith } : {}) };
}

export interface BackupFile {
  name: string;
  bytes: number;
  /** When it was written (from its name). */
  createdAt: string;
  reason: 'daily' | 'manual';
}

/** The finished backups in DATA_DIR/backups, newest first. */
export async function listBackups(dataDir: string): Promise<BackupFile[]> {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  const out: BackupFile[] = [];
  for (const name of await readdir(dir)) {
    const m = BACKUP_FILE.exec(name);
    if (!m) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (!info?.isFile()) continue;
    out.push({ name, bytes: info.size, createdAt: new Date(stampOf(name)).toISOString(), reason: m[1] as 'daily' | 'manual' });
  }
  return out.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

function stampOf(name: string): number {
  const m = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name)!;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

/** Keeps the newest `keep` daily snapshots; manual ones are the operator's to delete. */
export async function pruneDaily(dir: string, keep = KEEP_DAILY): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const daily = (await readdir(dir)).filter((f) => /^backup-\d{8}T\d{6}Z-daily\./.test(f) && !f.endsWith('.partial')).sort();
  const gone = daily.slice(0, Math.max(0, daily.length - keep));
  for (const f of gone) await rm(path.join(dir, f), { force: true });
  return gone;
}

async function newestDaily(dir: string): Promise<number | null> {
  if (!existsSync(dir)) return null;
  const daily = (await readdir(dir)).filter((f) => /^backup-\d{8}T\d{6}Z-daily\./.test(f) && !f.endsWith('.partial')).sort();
  const last = daily.at(-1);
  return last ? stampOf(last) : null;
}

/**
 * Any one process of a cluster takes the daily snapshot: the one that creates the lock file (a
 * lock left by a process that died is taken over after an hour).
 */
async function takeLock(dir: string): Promise<(() => Promise<void>) | null> {
  await mkdir(dir, { recursive: true });
  const lock = path.join(dir, '.daily.lock');
  try {
    const info = await stat(lock);
    if (Date.now() - info.mtimeMs > 3600_000) await rm(lock, { force: true });
  } catch {
    // no lock
  }
  try {
    const handle = await open(lock, 'wx');
    await handle.close();
  } catch {
    return null;
  }
  return () => rm(lock, { force: true });
}

export interface DailyBackups {
  stop(): void;
}

/**
 * Takes a snapshot into DATA_DIR/backups once a day (the first a few minutes after start when the
 * newest is more than a day old), keeping the last 14.
 */
export function startDailyBackups(opts: { database: Database; databaseUrl?: string; dataDir: string; logger: Logger; firstDelayMs?: number }): DailyBackups {
  const dir = backupsDir(opts.dataDir);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };
  const tick = async () => {
    try {
      const last = await newestDaily(dir);
      const due = last === null || Date.now() - last >= DAY_MS - 60_000;
      if (due) {
        const release = await takeLock(dir);
        if (release) {
          try {
            const started = Date.now();
            const { file, bytes, heldMs, dumpedWith } = await writeSnapshot({ database: opts.database, databaseUrl: opts.databaseUrl, dataDir: opts.dataDir }, path.join(dir, backupName('daily')));
            const pruned = await pruneDaily(dir);
            opts.logger.info({ file, bytes, ms: Date.now() - started, heldMs, dumpedWith, pruned: pruned.length }, 'daily backup written');
          } finally {
            await release();
          }
        }
      }
      const next = (await newestDaily(dir)) ?? Date.now();
      schedule(Math.max(60_000, next + DAY_MS - Date.now()));
    } catch (err) {
      opts.logger.error({ err }, 'daily backup failed; trying again in an hour');
      schedule(3600_000);
    }
  };
  schedule(opts.firstDelayMs ?? 5 * 60_000);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** Whether the database at `databaseUrl` has no tables of its own (a restore needs an empty one). */
async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const { default: postgres } = await import('postgres');
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await client`select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`;
    return Number(rows[0]?.n ?? 0) === 0;
  } finally {
    await client.end({ timeout: 5 });
  }
}

export class RestoreError extends Error {}

async function restorePglite(database: string, dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'pglite');
  // Opening the restored files proves they are a database.
  const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm'), import('@electric-sql/pglite/contrib/unaccent')]);
  const client = await PGlite.create({ dataDir: database, extensions: { pg_trgm, unaccent } });
  await client.query('select 1');
  await client.close();
  await rename(database, dir);
}

/** A backup from before uploads were kept with it: PGlite's own data-directory dump. */
async function restoreLegacyPglite(file: string, dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'pglite');
  const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm'), import('@electric-sql/pglite/contrib/unaccent')]);
  const partial = `${dir}.restoring`;
  await rm(partial, { recursive: true, force: true });
  const client = await PGlite.create({ dataDir: partial, loadDataDir: new Blob([await readFile(file)]), extensions: { pg_trgm, unaccent } });
  await client.query('select 1');
  await client.close();
  await rename(partial, dir);
}

/** Puts the backup's uploads into DATA_DIR/uploads, keeping any file already there. Returns how many files it holds. */
async function restoreUploads(from: string, dataDir: string): Promise<number> {
  if (!existsSync(from)) return 0;
  const count = async (d: string): Promise<number> => {
    let n = 0;
    for (const e of await readdir(d, { withFileTypes: true })) n += e.isDirectory() ? await count(path.join(d, e.name)) : 1;
    return n;
  };
  const files = await count(from);
  const to = path.join(dataDir, 'uploads');
  if (!existsSync(to)) await rename(from, to);
  else await cp(from, to, { recursive: true, force: false });
  return files;
}

export interface Restored {
  kind: Database['kind'];
  uploads: number;
  createdAt?: string;
}

/**
 * Restores a backup into an empty database: PostgreSQL at `databaseUrl` (pg_restore), or a new
 * embedded database in DATA_DIR/pglite; its uploads into DATA_DIR/uploads. Refuses a database
 * that already holds data, and a backup of the other kind of database. The caller holds
 * DATA_DIR's lock (server/db/command.ts), so no server opens the database meanwhile.
 */
export async function restoreSnapshot(file: string, target: { databaseUrl?: string; dataDir: string }): Promise<Restored> {
  if (!existsSync(file)) throw new RestoreError(`No backup file at ${file}`);
  const kind: Database['kind'] = target.databaseUrl ? 'postgres' : 'pglite';
  const madeWith = (k: Database['kind']) => (k === 'postgres' ? 'made with DATABASE_URL set' : 'made without DATABASE_URL');
  if (file.endsWith('.pgdump')) {
    // A PostgreSQL dump on its own (from before uploads were kept with the database).
    if (kind !== 'postgres') throw new RestoreError(`The embedded database is restored from a .tar.gz backup ${madeWith('pglite')}.`);
    if (!(await postgresIsEmpty(target.databaseUrl!))) throw new RestoreError('The database at DATABASE_URL is not empty. Restore into a new, empty database.');
    const { args, env } = connectionArgs(target.databaseUrl!);
    await run(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', ...args, file], env);
    return { kind, uploads: 0 };
  }
  if (!file.endsWith(BACKUP_EXTENSION)) throw new RestoreError(`A backup is a ${BACKUP_EXTENSION} file (npm run db:backup).`);
  if (kind === 'pglite' && existsSync(path.join(target.dataDir, 'pglite', 'PG_VERSION')))
    throw new RestoreError(`${path.join(target.dataDir, 'pglite')} already holds a database. Stop the server and move that directory away (or use a new DATA_DIR), then restore.`);
  await mkdir(target.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(target.dataDir, '.restoring-'));
  try {
    try {
      await run('tar', ['--extract', '--gzip', '--file', file, '--no-same-owner', '-C', staging]);
    } catch {
      throw new RestoreError(
        `${file} is not a backup archive (a .tar.gz written by npm run db:backup). A ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database is restored from a backup ${madeWith(kind)}.`,
      );
    }
    const manifest = existsSync(path.join(staging, MANIFEST)) ? (JSON.parse(await readFile(path.join(staging, MANIFEST), 'utf8')) as BackupManifest) : null;
    if (!manifest) {
      if (kind === 'pglite') {
        await restoreLegacyPglite(file, target.dataDir);
        return { kind, uploads: 0 };
      }
      throw new RestoreError(`A PostgreSQL database is restored from a backup ${madeWith('postgres')}; ${file} is not one.`);
    }
    if (manifest.kind !== kind)
      throw new RestoreError(
        `${file} is a backup of the ${manifest.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'}; a ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database is restored from a backup ${madeWith(kind)}.`,
      );
    if (kind === 'postgres') {
      if (!(await postgresIsEmpty(target.databaseUrl!))) throw new RestoreError('The database at DATABASE_URL is not empty. Restore into a new, empty database.');
      const { args, env } = connectionArgs(target.databaseUrl!);
      await run(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', ...args, path.join(staging, 'database.pgdump')], env);
    } else {
      await restorePglite(path.join(staging, 'pglite'), target.dataDir);
    }
    const uploads = await restoreUploads(path.join(staging, 'uploads'), target.dataDir);
    return { kind, uploads, createdAt: manifest.createdAt };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
