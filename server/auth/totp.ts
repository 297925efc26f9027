// The optional second factor: TOTP (RFC 6238, 30-second steps, 6 digits, SHA-1 as every
// authenticator app expects) with single-use recovery codes. A code is accepted one step either
// side of now, and a step is never accepted twice (staff.totp_last_step). Recovery codes are
// stored as SHA-256 and spent on use.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { site } from '../../common/site.ts';
import { RECOVERY_CODE_COUNT } from '../../common/staff-access.ts';
import { staff, staffRecoveryCodes } from '../db/schema.ts';
import type { Tx } from '../db/index.ts';
import { sha256 } from './sessions.ts';

const TOTP_PERIOD = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({ issuer: site.name, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// address and its QR code (inline SVG, labelled for screen readers). */
export function totpEnrolment(secret: string, label: string): { uri: string; qrSvg: string } {
  const uri = totpFor(secret, label).toString();
  const svg = renderSVG(uri, { border: 2, pixelSize: 6, ecc: 'M', blackColor: '#1f2a17', whiteColor: '#ffffff' });
  const qrSvg = svg.replace('<svg ', '<svg role="img" aria-label="QR code to scan with your authenticator app" focusable="false" ');
  return { uri, qrSvg };
}

/** The time step of a valid code (one step either side of now), or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret, 'check').validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

/**
 * Accepts a code for an account once: the step must be later than the last one accepted. The
 * update is conditional, so two requests with the same code cannot both pass.
 */
export async function spendTotpStep(db: Tx, staffId: number, step: number): Promise<boolean> {
  const done = await db
    .update(staff)
    .set({ totp_last_step: step })
    .where(and(eq(staff.id, staffId), sql`(${staff.totp_last_step} is null or ${staff.totp_last_step} < ${step})`))
    .returning({ id: staff.id });
  return done.length === 1;
}

const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

/** Ten new recovery codes (xxxxx-xxxxx, base32 letters and digits); any earlier ones stop working. */
export async function newRecoveryCodes(db: Tx, staffId: number): Promise<string[]> {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_id, staffId));
  await db.insert(staffRecoveryCodes).values(codes.map((c) => ({ staff_id: staffId, code_hash: sha256(normaliseRecovery(c)) })));
  return codes;
}

/** Spends a recovery code; false when it is unknown or was used already. */
async function spendRecoveryCode(db: Tx, staffId: number, code: string): Promise<boolean> {
  const key = normaliseRecovery(code);
  if (key.length < 8 || key.length > 32) return false;
  const used = await db
    .update(staffRecoveryCodes)
    .set({ used_at: new Date() })
    .where(and(eq(staffRecoveryCodes.staff_id, staffId), eq(staffRecoveryCodes.code_hash, sha256(key)), isNull(staffRecoveryCodes.used_at)))
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Tx, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staff_id, staffId), isNull(staffRecoveryCodes.used_at)));
  return Number(row?.n ?? 0);
}

/**
 * Checks a second-factor code of an account with TOTP on: a 6-digit code (spent), or a recovery
 * code (spent). Returns how it passed, or null.
 */
export async function checkSecondFactor(db: Tx, member: { id: number; totp_secret: string | null }, code: string, now = Date.now()): Promise<'totp' | 'recovery' | null> {
  if (!member.totp_secret) return null;
  const compact = code.replace(/\s+/g, '');
  if (/^\d{6}$/.test(compact)) {
    const step = totpStep(member.totp_secret, compact, now);
    return step !== null && (await spendTotpStep(db, member.id, step)) ? 'totp' : null;
  }
  return (await spendRecoveryCode(db, member.id, code)) ? 'recovery' : null;
}
