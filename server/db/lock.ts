// The embedded database belongs to one process at a time. Two PGlite instances on one data
// directory each keep their own copy of PostgreSQL's shared memory and overwrite each other's
// files: an account created by one is missing in the other, and numbers are handed out twice. So
// whoever opens DATA_DIR/pglite (the server, its set-up step, a command) first takes
// DATA_DIR/database.lock: a file created with O_EXCL that names the holder's pid and the start
// time of that process. A lock whose process is gone (or whose pid now belongs to a process
// started later) is stale and taken over.
//
// Hand-over: the server takes the lock before it starts its set-up step (server/setup.ts) and
// keeps it; the set-up child is told so in its environment (DATA_DIR_LOCK_HOLDER = the parent's
// pid) and opens the database under its parent's lock, so no other command can slip in between.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

const LOCK_FILE = 'database.lock';
/** Set by the server for its set-up child: the pid of the process that holds the lock for it. */
export const LOCK_HOLDER_ENV = 'DATA_DIR_LOCK_HOLDER';

export interface LockInfo {
  pid: number;
  /** The holder's start time as the kernel counts it (Linux), or its start in ms since the epoch. */
  started: string;
  /** What holds it: "server", "set-up", "admin:create-user", … */
  holder: string;
  since: string;
}

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly info: LockInfo;
  constructor(dataDir: string, info: LockInfo) {
    super(
      `The embedded database in ${dataDir} is in use by process ${info.pid} (${info.holder}, since ${info.since}). ` +
        'Only one process may open it: stop that process first, or, when it is the server, run the command while it runs (npm run admin:create-user, content:export and db:backup go through the running server).',
    );
    this.dataDir = dataDir;
    this.info = info;
  }
}

export function lockPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), LOCK_FILE);
}

/** The start time of a process, stable for its life (field 22 of /proc/<pid>/stat on Linux). */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

const ownStart = startTimeOf(process.pid) ?? String(Math.round(Date.now() - process.uptime() * 1000));

function alive(pid: number, started: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid may have been given to another process since: compare start times where we can.
  const now = startTimeOf(pid);
  return now === null || now === started;
}

function readLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
    return typeof info.pid === 'number' ? info : null;
  } catch {
    return null;
  }
}

/** The live process holding the data directory's lock, or null (no lock, or a stale one). */
export function lockHolder(dataDir: string): LockInfo | null {
  const info = readLock(dataDir);
  return info && alive(info.pid, info.started) ? info : null;
}

/** Locks held by this process, by lock file: opens of the same directory in one process share it. */
const held = new Map<string, { count: number }>();

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the data directory's lock for this process, or throws DataDirLockedError naming the
 * process that has it. Re-entrant within one process (the server holds it across its own open).
 */
export async function lockDataDir(dataDir: string, holder: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  const mine = held.get(file);
  const releaseOnce = (entry: { count: number }) => {
    let done = false;
    return {
      release() {
        if (done) return;
        done = true;
        if (--entry.count === 0) {
          held.delete(file);
          // Only remove the file while it is still ours.
          if (readLock(dataDir)?.pid === process.pid) rmSync(file, { force: true });
        }
      },
    };
  };
  if (mine) {
    mine.count++;
    return releaseOnce(mine);
  }
  // The set-up child works under its parent's lock.
  const parent = Number(process.env[LOCK_HOLDER_ENV]);
  if (parent && parent === process.ppid) {
    const info = readLock(dataDir);
    if (info?.pid === parent) return { release() {} };
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      const info: LockInfo = { pid: process.pid, started: ownStart, holder, since: new Date().toISOString() };
      try {
        writeSync(fd, JSON.stringify(info));
      } finally {
        closeSync(fd);
      }
      const entry = { count: 1 };
      held.set(file, entry);
      return releaseOnce(entry);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const info = readLock(dataDir);
    if (info && alive(info.pid, info.started)) throw new DataDirLockedError(path.resolve(dataDir), info);
    if (!info) {
      // Being written by another process this very moment: give it a moment to finish.
      await new Promise((r) => setTimeout(r, 50));
      const again = readLock(dataDir);
      if (again && alive(again.pid, again.started)) throw new DataDirLockedError(path.resolve(dataDir), again);
    }
    // Stale (its process is gone): remove it, unless another process replaced it meanwhile.
    const now = readLock(dataDir);
    if (!now || (now.pid === info?.pid && now.started === info.started)) rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
