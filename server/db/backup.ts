// Backups of the database, which holds what exists nowhere else (enquiries, subscribers, staff,
// and content edited in the console). A snapshot is consistent while the site runs:
//  - PostgreSQL: `pg_dump --format=custom` (one transaction, a consistent view), restored with
//    pg_restore into an empty database;
//  - PGlite: the embedded database's own data-directory dump (a .tar.gz), taken by the process that
//    has the database open (the server, asked over its control socket, server/db/control.ts), and
//    restored into an empty DATA_DIR.
// The serving process also takes a daily snapshot into DATA_DIR/backups and keeps the last 14.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import type { Database } from './index.ts';

export const KEEP_DAILY = 14;
const DAY_MS = 24 * 3600_000;

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

export function backupExtension(kind: Database['kind']): string {
  return kind === 'pglite' ? '.tar.gz' : '.pgdump';
}

/** backup-20261123T181500Z-daily.tar.gz: sorts by time, says how it was made. */
export function backupName(kind: Database['kind'], reason: 'daily' | 'manual', now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `backup-${stamp}-${reason}${backupExtension(kind)}`;
}

/** The newest pg_dump / pg_restore on this machine: on PATH, or in /usr/lib/postgresql/<n>/bin. */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
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

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 4000) err += d.toString();
    });
    child.once('error', (e) => reject(new Error(`${path.basename(cmd)} could not be started: ${e.message}`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (exit ${code}): ${err.trim().slice(0, 1000)}`))));
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

/**
 * Writes a consistent snapshot of the open database to `file` (written beside it first, then
 * renamed, so a half-written file never looks like a backup). PGlite: the database given;
 * PostgreSQL: pg_dump against `databaseUrl`.
 */
export async function writeSnapshot(target: { database?: Pick<Database, 'kind' | 'dumpDataDir'>; databaseUrl?: string }, file: string): Promise<{ file: string; bytes: number }> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    if (target.databaseUrl) {
      const { args, env } = connectionArgs(target.databaseUrl);
      await run(postgresTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', '--file', partial, ...args], env);
    } else {
      if (!target.database?.dumpDataDir) throw new Error('This database cannot be dumped');
      const blob = await target.database.dumpDataDir();
      await writeFile(partial, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
    }
    await rename(partial, file);
  } catch (e) {
    await rm(partial, { force: true });
    throw e;
  }
  return { file, bytes: (await stat(file)).size };
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
  if (!last) return null;
  const m = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(last)!;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
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
            const { file, bytes } = await writeSnapshot({ database: opts.database, databaseUrl: opts.databaseUrl }, path.join(dir, backupName(opts.database.kind, 'daily')));
            const pruned = await pruneDaily(dir);
            opts.logger.info({ file, bytes, ms: Date.now() - started, pruned: pruned.length }, 'daily backup written');
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

/**
 * Restores a snapshot into an empty database: PostgreSQL at `databaseUrl` (pg_restore), or a new
 * embedded database in DATA_DIR/pglite. Refuses a database that already holds data.
 */
export async function restoreSnapshot(file: string, target: { databaseUrl?: string; dataDir: string }): Promise<void> {
  if (!existsSync(file)) throw new RestoreError(`No backup file at ${file}`);
  if (target.databaseUrl) {
    if (!file.endsWith('.pgdump')) throw new RestoreError('A PostgreSQL database is restored from a .pgdump file (npm run db:backup with DATABASE_URL).');
    if (!(await postgresIsEmpty(target.databaseUrl))) throw new RestoreError('The database at DATABASE_URL is not empty. Restore into a new, empty database.');
    const { args, env } = connectionArgs(target.databaseUrl);
    await run(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', ...args, file], env);
    return;
  }
  if (!file.endsWith('.tar.gz')) throw new RestoreError('The embedded database is restored from a .tar.gz file (npm run db:backup without DATABASE_URL).');
  const dir = path.join(target.dataDir, 'pglite');
  if (existsSync(path.join(dir, 'PG_VERSION'))) throw new RestoreError(`${dir} already holds a database. Stop the server and move that directory away (or use a new DATA_DIR), then restore.`);
  const { readFile } = await import('node:fs/promises');
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  await mkdir(target.dataDir, { recursive: true });
  const partial = `${dir}.restoring`;
  await rm(partial, { recursive: true, force: true });
  const client = await PGlite.create({ dataDir: partial, loadDataDir: new Blob([await readFile(file)]), extensions: { pg_trgm } });
  // A trivial query proves the restored files open as a database.
  await client.query('select 1');
  await client.close();
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
}
