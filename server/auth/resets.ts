// Password links: a random 256-bit token e-mailed to the account's address, only its SHA-256
// stored (staff_password_resets). Single use; 30 minutes for a reset, longer for the link a new
// member of staff receives to choose a first password. Using one ends every session of the account.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { staff, staffPasswordResets } from '../db/schema.ts';
import type { Tx } from '../db/index.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { endAllSessions, sha256 } from './sessions.ts';
import { AccountError } from './accounts.ts';

/** A new link token for the account (earlier unused links of the account stop working). */
export async function createResetToken(db: Tx, staffId: number, validMs: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(staffPasswordResets).where(and(eq(staffPasswordResets.staff_id, staffId), isNull(staffPasswordResets.used_at)));
  await db.insert(staffPasswordResets).values({ token_hash: sha256(token), staff_id: staffId, expires_at: new Date(now.getTime() + validMs), created_at: now });
  return token;
}

export interface ResetTarget {
  staffId: number;
  email: string;
  name: string;
  /** The member has never signed in: the link sets a first password. */
  invite: boolean;
}

/** The account a live link belongs to, or null (unknown, used, expired, account disabled). */
export async function resetTarget(db: Tx, token: string | undefined, now = new Date()): Promise<ResetTarget | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ staffId: staff.id, email: staff.email, name: staff.name, lastSignIn: staff.last_sign_in_at, disabled: staff.disabled_at })
    .from(staffPasswordResets)
    .innerJoin(staff, eq(staff.id, staffPasswordResets.staff_id))
    .where(and(eq(staffPasswordResets.token_hash, sha256(token)), isNull(staffPasswordResets.used_at), gt(staffPasswordResets.expires_at, now)))
    .limit(1);
  if (!row || row.disabled) return null;
  return { staffId: row.staffId, email: row.email, name: row.name, invite: row.lastSignIn === null };
}

/**
 * Sets the password with a live link, inside the caller's transaction: the link is spent (a
 * conditional update, so two tabs cannot both use it) and every session of the account ends.
 * Null when the link is not valid; AccountError when the password is refused (the link stays).
 */
export async function completeReset(tx: Tx, token: string, password: string, now = new Date()): Promise<(ResetTarget & { sessionsEnded: number }) | null> {
  const target = await resetTarget(tx, token, now);
  if (!target) return null;
  const problem = await passwordProblem(password, target.email, target.name);
  if (problem) throw new AccountError(problem, 'password');
  const spent = await tx
    .update(staffPasswordResets)
    .set({ used_at: now })
    .where(and(eq(staffPasswordResets.token_hash, sha256(token)), isNull(staffPasswordResets.used_at), gt(staffPasswordResets.expires_at, now)))
    .returning({ staffId: staffPasswordResets.staff_id });
  if (spent.length !== 1) return null;
  await tx
    .update(staff)
    .set({ password_hash: await hashPassword(password), password_changed_at: now })
    .where(eq(staff.id, target.staffId));
  const sessionsEnded = await endAllSessions(tx, target.staffId);
  return { ...target, sessionsEnded };
}

/** Drops links used or expired more than a day ago. */
export async function pruneResets(db: Tx, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  await db.delete(staffPasswordResets).where(or(lt(staffPasswordResets.expires_at, dayAgo), lt(staffPasswordResets.used_at, dayAgo)));
}
