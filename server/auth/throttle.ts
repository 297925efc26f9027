// Sign-in throttling, kept in the database (rate_limits) so it holds across processes and
// restarts. An attempt comes either from a browser this account signed in with before (a valid
// device cookie, server/auth/devices.ts) or from anywhere else:
// - from anywhere else, failed attempts are counted per account (the address typed, known or not)
//   and per connection address; while either is over its limit, sign-in answers "too many
//   attempts" without checking the password. The failure that reaches the account's limit is the
//   lock (its owner is told by e-mail, once);
// - from a known device, failed attempts are counted against that device only, with its own small
//   limit, and the account's lock and the address's limit do not apply: a guesser elsewhere cannot
//   lock the account's owner out, and a guesser holding the device is still slowed down.
// Refused attempts are not counted, so a lock ends when its window does, however many attempts
// hit it meanwhile (OWASP, "Slow down online guessing attacks with device cookies").
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.ts';
import { rateLimits } from '../db/schema.ts';
import { consume, keyHash, type Limit } from '../spam/rate-limit.ts';

export interface SignInLimits {
  perAccount: Limit;
  perAddress: Limit;
  /** Failed attempts from one known device (its own allowance while the account is locked). */
  perDevice: Limit;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAccount: { max: 8, windowMs: 15 * 60_000 },
  perAddress: { max: 30, windowMs: 15 * 60_000 },
  perDevice: { max: 5, windowMs: 15 * 60_000 },
};

/** Where an attempt comes from: the account typed, the connection's address and, when the browser is a known device of that account, the device. */
export interface SignInSource {
  account: string;
  address: string | null;
  /** The device cookie's id, only when it is valid for this account. */
  device?: string | null;
}

async function hits(db: Tx, bucket: string, key: string, limit: Limit, now: number): Promise<{ hits: number; retryAfterSeconds: number }> {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key_hash, keyHash(key)), eq(rateLimits.window_start, new Date(windowStart))));
  return { hits: Number(row?.hits ?? 0), retryAfterSeconds: Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)) };
}

const over = (limit: Limit) => (h: { hits: number; retryAfterSeconds: number }) => (h.hits >= limit.max ? h.retryAfterSeconds : 0);

/** Seconds to wait when sign-in is throttled for this source; 0 when it is not. */
export async function signInBlocked(db: Db, limits: SignInLimits, source: SignInSource, now = Date.now()): Promise<number> {
  if (source.device) return over(limits.perDevice)(await hits(db, 'signin-device', source.device, limits.perDevice, now));
  const checks = [hits(db, 'signin-account', source.account, limits.perAccount, now).then(over(limits.perAccount))];
  if (source.address) checks.push(hits(db, 'signin-address', source.address, limits.perAddress, now).then(over(limits.perAddress)));
  return Math.max(...(await Promise.all(checks)));
}

/** A lock that a failure has just started: when it ends. */
export interface NewLock {
  at: Date;
  until: Date;
}

/**
 * Counts a failed attempt: against the device only when it comes from a known device, otherwise
 * against the account and the address. Answers the lock when this failure is the one that reached
 * the account's limit (exactly one failure per lock does: the count is one atomic increment).
 */
export async function signInFailed(db: Db, limits: SignInLimits, source: SignInSource, now = Date.now()): Promise<NewLock | null> {
  if (source.device) {
    await consume(db, 'signin-device', source.device, limits.perDevice, now);
    return null;
  }
  return db.transaction(async (tx) => {
    const byAccount = await consume(tx, 'signin-account', source.account, limits.perAccount, now);
    if (source.address) await consume(tx, 'signin-address', source.address, limits.perAddress, now);
    if (!byAccount.ok || byAccount.hits !== limits.perAccount.max) return null;
    const windowStart = Math.floor(now / limits.perAccount.windowMs) * limits.perAccount.windowMs;
    return { at: new Date(now), until: new Date(windowStart + limits.perAccount.windowMs) };
  });
}
