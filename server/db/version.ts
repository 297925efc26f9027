// The content version: one row bumped whenever content changes. Every process keeps the current
// value in memory and drops the kept pages and API answers a change affects the moment it moves,
// whichever process made the change: a trigger on the row sends a notification (LISTEN/NOTIFY on
// PostgreSQL and PGlite alike), and a slower poll catches anything a dropped connection may have
// missed. A change that knows the tables it wrote records them in content_changes (migration
// 0014), so only what was made from those tables is dropped; any other move drops everything.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './index.ts';
import { changedTables } from './reads.ts';
import { contentChanges, contentVersion } from './schema.ts';

/** The notification channel the trigger of migration 0003 sends on. */
const CONTENT_VERSION_CHANNEL = 'content_version';

/** How many changes are remembered (a process further behind drops everything). */
const CHANGES_KEPT = 1000;

export async function readContentVersion(db: Db): Promise<number> {
  const [row] = await db.select({ v: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
  return row?.v ?? 0;
}

/** Tables whose rows say nothing a page shows: the version's own bookkeeping. */
const BOOKKEEPING = new Set(['content_version', 'content_changes']);

/**
 * Records that the change which moved the content version to `version` wrote `written` (with what
 * deletions cascade to). Call it in the transaction of the change.
 */
export async function recordContentChange(tx: Pick<Db, 'insert' | 'delete'>, version: number, written: Iterable<string>): Promise<void> {
  const tables = changedTables([...written].filter((name) => !BOOKKEEPING.has(name)));
  await tx.insert(contentChanges).values({ version, tables }).onConflictDoUpdate({ target: contentChanges.version, set: { tables } });
  await tx.delete(contentChanges).where(lte(contentChanges.version, version - CHANGES_KEPT));
}

/**
 * The tables written by the changes after version `from` up to `to`, or null when one of them is
 * not recorded (a change that did not name its tables, or one too old to be kept).
 */
export async function tablesChangedBetween(db: Db, from: number, to: number): Promise<Set<string> | null> {
  if (to <= from) return new Set();
  if (to - from > CHANGES_KEPT) return null;
  const rows = await db
    .select({ version: contentChanges.version, tables: contentChanges.tables })
    .from(contentChanges)
    .where(and(gt(contentChanges.version, from), lte(contentChanges.version, to)));
  if (rows.length !== to - from) return null;
  return new Set(rows.flatMap((r) => r.tables));
}

/**
 * Moves the content version on, for a change made outside the content files (an approved review,
 * a currency rate): every process drops its kept pages and API answers made from `written` (the
 * row's trigger announces it), so the next visitor sees the change. Call it in the transaction of
 * the change. Returns the new version.
 */
export async function bumpContentVersion(tx: Pick<Db, 'insert' | 'delete'>, written: PgTable[]): Promise<number> {
  const [row] = await tx
    .insert(contentVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: contentVersion.id, set: { version: sql`${contentVersion.version} + 1`, changed_at: new Date() } })
    .returning({ version: contentVersion.version });
  await recordContentChange(
    tx,
    row!.version,
    written.map((t) => getTableConfig(t).name),
  );
  return row!.version;
}

type Unlisten = () => Promise<unknown> | unknown;

/** LISTEN through whichever driver the database uses (PGlite or postgres.js). */
async function listen(db: Db, channel: string, onNotify: (payload: string) => void): Promise<Unlisten | undefined> {
  const client = (db as unknown as { $client?: unknown }).$client as { listen?: (channel: string, cb: (payload: string) => void) => Promise<unknown> } | undefined;
  if (!client?.listen) return undefined;
  const handle = await client.listen(channel, onNotify);
  if (typeof handle === 'function') return handle as Unlisten; // PGlite: an unsubscribe function
  const unlisten = (handle as { unlisten?: () => Promise<void> } | undefined)?.unlisten; // postgres.js
  return unlisten ? () => unlisten() : undefined;
}

export interface ContentVersionWatch {
  /** The version this process last saw (0 before the first read). */
  readonly current: number;
  /** Resolves once the first read and the listener are in place. */
  readonly ready: Promise<void>;
  /** Reads the row now (after a change made by this process, for instance); resolves once onChange ran. */
  refresh(): Promise<number>;
  stop(): void;
}

/**
 * Watches the content version: `onChange(version, previous)` runs once for every change seen, in
 * order and one at a time, right after the notification (or at the latest after `pollMs`).
 */
export function watchContentVersion(db: Db, onChange: (version: number, previous: number) => unknown, pollMs = 5000): ContentVersionWatch {
  let current = 0;
  let known = false;
  let stopped = false;
  let unlisten: Unlisten | undefined;
  // Versions are handled one after the other: each change's work finishes before the next begins.
  let queue: Promise<void> = Promise.resolve();

  const seen = (v: number): Promise<void> =>
    (queue = queue.then(async () => {
      if (stopped || (known && v === current)) return;
      const previous = current;
      const changed = known;
      current = v;
      known = true;
      if (changed) {
        try {
          await onChange(v, previous);
        } catch {
          // The handler reports its own failures; the watch goes on.
        }
      }
    }));
  const refresh = async () => {
    try {
      await seen(await readContentVersion(db));
    } catch {
      // The database may be briefly unreachable; readyz reports it.
    }
    return current;
  };

  const ready = (async () => {
    try {
      unlisten = await listen(db, CONTENT_VERSION_CHANNEL, (payload) => {
        const v = Number(payload);
        if (Number.isInteger(v)) void seen(v);
        else void refresh();
      });
    } catch {
      // No notifications: the poll still catches every change.
    }
    await refresh();
    if (stopped) await unlisten?.();
  })();

  const timer = setInterval(() => void refresh(), pollMs);
  timer.unref();
  return {
    get current() {
      return current;
    },
    ready,
    refresh,
    stop() {
      stopped = true;
      clearInterval(timer);
      void Promise.resolve(unlisten?.()).catch(() => {});
    },
  };
}
