// Fixed-window rate limits kept in the database, so they hold across processes and restarts.
// Counted inside the caller's transaction: a request refused later in that transaction (or by
// the limit itself) rolls its hit back, so only accepted submissions use up the allowance.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/index.ts';

export interface Limit {
  /** Submissions allowed per window. */
  max: number;
  windowMs: number;
}

export type LimitResult = { ok: true; hits?: number } | { ok: false; retryAfterSeconds: number };

export function keyHash(key: string): string {
  return createHash('sha256').update(key.toLowerCase()).digest('hex');
}

/** Counts `weight` hits (1 a submission; the seats of a booking) against `key`'s allowance in `bucket`. */
export async function consume(tx: Tx, bucket: string, key: string, limit: Limit, now = Date.now(), weight = 1): Promise<LimitResult> {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  const result = await tx.execute(sql`
    insert into rate_limits (bucket, key_hash, window_start, hits)
    values (${bucket}, ${keyHash(key)}, ${new Date(windowStart).toISOString()}::timestamptz, ${weight})
    on conflict (bucket, key_hash, window_start) do update set hits = rate_limits.hits + ${weight}
    returning hits`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { hits: number }[];
  const hits = Number(rows[0]?.hits ?? 0);
  if (hits <= limit.max) return { ok: true, hits };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)) };
}

/** Drops windows that ended more than a day ago. */
export async function pruneRateLimits(tx: Tx): Promise<void> {
  await tx.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
