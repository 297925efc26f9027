// Sign-in throttling, kept in the database (rate_limits) so it holds across processes and
// restarts: failed attempts are counted per account (the address typed, known or not) and per
// connection address; while either is over its limit, sign-in answers "too many attempts"
// without checking the password. Successful sign-ins are not counted.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { rateLimits } from '../db/schema.ts';
import { consume, keyHash, type Limit } from '../spam/rate-limit.ts';

export interface SignInLimits {
  perAccount: Limit;
  perAddress: Limit;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAccount: { max: 8, windowMs: 15 * 60_000 },
  perAddress: { max: 30, windowMs: 15 * 60_000 },
};

async function hits(db: Db, bucket: string, key: string, limit: Limit, now: number): Promise<{ hits: number; retryAfterSeconds: number }> {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key_hash, keyHash(key)), eq(rateLimits.window_start, new Date(windowStart))));
  return { hits: Number(row?.hits ?? 0), retryAfterSeconds: Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)) };
}

/** Seconds to wait when sign-in is throttled for this account or address; 0 when it is not. */
export async function signInBlocked(db: Db, limits: SignInLimits, account: string, address: string | null, now = Date.now()): Promise<number> {
  const checks = [hits(db, 'signin-account', account, limits.perAccount, now).then((h) => (h.hits >= limits.perAccount.max ? h.retryAfterSeconds : 0))];
  if (address) checks.push(hits(db, 'signin-address', address, limits.perAddress, now).then((h) => (h.hits >= limits.perAddress.max ? h.retryAfterSeconds : 0)));
  return Math.max(...(await Promise.all(checks)));
}

/** Counts a failed attempt against the account and the address. */
export async function signInFailed(db: Db, limits: SignInLimits, account: string, address: string | null, now = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    await consume(tx, 'signin-account', account, limits.perAccount, now);
    if (address) await consume(tx, 'signin-address', address, limits.perAddress, now);
  });
}

