// The content version: one row bumped whenever content changes. Every process keeps the current
// value in memory and drops its caches the moment it moves, whichever process made the change:
// a trigger on the row sends a notification (LISTEN/NOTIFY on PostgreSQL and PGlite alike), and
// a slower poll catches anything a dropped connection may have missed.
import { eq, sql } from 'drizzle-orm';
import type { Db } from './index.ts';
import { contentVersion } from './schema.ts';

/** The notification channel the trigger of migration 0003 sends on. */
export const CONTENT_VERSION_CHANNEL = 'content_version';

export async function readContentVersion(db: Db): Promise<number> {
  const [row] = await db.select({ v: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
  return row?.v ?? 0;
}

/**
 * Moves the content version on, as the content load does, for a change made outside the content
 * files (an approved review, a currency rate): every process drops its kept pages and API answers
 * (the row's trigger announces it), so the next visitor sees the change. Call it in the
 * transaction of the change. Returns the new version.
 */
export async function bumpContentVersion(tx: Pick<Db, 'insert'>): Promise<number> {
  const [row] = await tx
    .insert(contentVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: contentVersion.id, set: { version: sql`${contentVersion.version} + 1`, changed_at: new Date() } })
    .returning({ version: contentVersion.version });
  return row!.version;
}

type Unlisten = () => Promise<unknown> | unknown;

/** LISTEN through whichever driver the database uses (PGlite or postgres.js). */
async function listen(db: Db, channel: string, onNotify: (payload: string) => void): Promise<Unlisten | undefined> {
  const client = (db as unknown as { $client?: unknown }).$client as
    | { listen?: (channel: string, cb: (payload: string) => void) => Promise<unknown> }
    | undefined;
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
  /** Reads the row now (after a change made by this process, for instance). */
  refresh(): Promise<number>;
  stop(): void;
}

/**
 * Watches the content version: `onChange(version)` runs once for every change seen, right after the
 * notification (or at the latest after `pollMs`).
 */
export function watchContentVersion(db: Db, onChange: (version: number) => void, pollMs = 5000): ContentVersionWatch {
  let current = 0;
  let known = false;
  let stopped = false;
  let unlisten: Unlisten | undefined;

  const seen = (v: number) => {
    if (stopped || (known && v === current)) return;
    const changed = known;
    current = v;
    known = true;
    if (changed) onChange(v);
  };
  const refresh = async () => {
    try {
      seen(await readContentVersion(db));
    } catch {
      // The database may be briefly unreachable; readyz reports it.
    }
    return current;
  };

  const ready = (async () => {
    try {
      unlisten = await listen(db, CONTENT_VERSION_CHANNEL, (payload) => {
        const v = Number(payload);
        if (Number.isInteger(v)) seen(v);
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
