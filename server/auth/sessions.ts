// Console sessions, kept in the database. The browser's cookie holds a random 256-bit token; the
// table holds its SHA-256, so a copy of the database cannot be used to sign in. A session ends
// after 12 hours without use (idle) and 14 days after sign-in (absolute), at sign-out, when its
// account's password changes or the account is disabled, and everywhere on request.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { StaffMember, StaffRole } from '../../common/staff.ts';
import type { Db, Tx } from '../db/index.ts';
import { staff, staffSessions } from '../db/schema.ts';

export const SESSION_IDLE_MS = 12 * 3600_000;
export const SESSION_ABSOLUTE_MS = 14 * 24 * 3600_000;
/** Between the password and the second factor. */
export const SESSION_TOTP_MS = 10 * 60_000;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;

export type SessionStage = 'full' | 'totp';

export interface Session {
  idHash: string;
  stage: SessionStage;
  csrf: string;
  expiresAt: Date;
  staff: StaffMember & { disabled?: boolean };
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const token = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Compares two strings in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface NewSession {
  /** The cookie's value: given to the browser once, never stored. */
  token: string;
  csrf: string;
  expiresAt: Date;
}

export async function createSession(db: Tx, staffId: number, meta: { ip?: string | null; userAgent?: string | null; stage?: SessionStage }, now = new Date()): Promise<NewSession> {
  const value = token();
  const csrf = token();
  const stage = meta.stage ?? 'full';
  const expiresAt = new Date(now.getTime() + (stage === 'full' ? SESSION_ABSOLUTE_MS : SESSION_TOTP_MS));
  await db.insert(staffSessions).values({
    id_hash: sha256(value),
    staff_id: staffId,
    stage,
    csrf,
    created_at: now,
    last_seen_at: now,
    expires_at: expiresAt,
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token: value, csrf, expiresAt };
}

/** The live session of a cookie value, or null (unknown, idle too long, past its end, account disabled). */
export async function readSession(db: Db, cookieValue: string | undefined, now = new Date()): Promise<Session | null> {
  if (!cookieValue || cookieValue.length > 100) return null;
  const idHash = sha256(cookieValue);
  const [row] = await db
    .select({
      idHash: staffSessions.id_hash,
      stage: staffSessions.stage,
      csrf: staffSessions.csrf,
      lastSeen: staffSessions.last_seen_at,
      expiresAt: staffSessions.expires_at,
      staffId: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      totp: staff.totp_enabled_at,
      disabled: staff.disabled_at,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staff_id))
    .where(eq(staffSessions.id_hash, idHash))
    .limit(1);
  if (!row) return null;
  const idle = now.getTime() - row.lastSeen.getTime() > SESSION_IDLE_MS;
  if (idle || row.expiresAt <= now || row.disabled) {
    await db.delete(staffSessions).where(eq(staffSessions.id_hash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeen.getTime() > TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ last_seen_at: now }).where(eq(staffSessions.id_hash, idHash));
  }
  return {
    idHash,
    stage: row.stage === 'totp' ? 'totp' : 'full',
    csrf: row.csrf,
    expiresAt: row.expiresAt,
    staff: { id: row.staffId, email: row.email, name: row.name, role: row.role as StaffRole, totp: row.totp !== null, disabled: row.disabled !== null },
  };
}

export async function endSession(db: Tx, idHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id_hash, idHash));
}

/** Ends every session of an account, but the one given (the browser that asked), if any. */
export async function endAllSessions(db: Tx, staffId: number, except?: string): Promise<number> {
  const gone = await db
    .delete(staffSessions)
    .where(except ? and(eq(staffSessions.staff_id, staffId), ne(staffSessions.id_hash, except)) : eq(staffSessions.staff_id, staffId))
    .returning({ id: staffSessions.id_hash });
  return gone.length;
}

/** Drops sessions past their end or idle too long. */
export async function pruneSessions(db: Tx, now = new Date()): Promise<void> {
  await db.delete(staffSessions).where(or(lt(staffSessions.expires_at, now), lt(staffSessions.last_seen_at, new Date(now.getTime() - SESSION_IDLE_MS))));
}

/** Number of staff accounts (none: the site is waiting for its first owner). */
export async function staffCount(db: Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staff);
  return Number(row?.n ?? 0);
}
