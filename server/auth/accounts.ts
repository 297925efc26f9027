// Staff accounts: creation (checked password, Argon2id hash), look-up, and the one-time set-up
// address that creates the first owner while the site has no account at all.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '../../common/staff.ts';
import type { Db, Tx } from '../db/index.ts';
import { appSecrets, staff } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { audit } from './audit.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { sameSecret, sha256, staffCount } from './sessions.ts';

export class AccountError extends Error {
  readonly field?: string;
  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

export interface NewStaff {
  email: string;
  name?: string;
  role: StaffRole;
  password: string;
}

export async function createStaffAccount(db: Tx, input: NewStaff): Promise<{ id: number }> {
  const problem = await passwordProblem(input.password, input.email, input.name);
  if (problem) throw new AccountError(problem, 'password');
  const emailKey = input.email.trim().toLowerCase();
  const [exists] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email_key, emailKey)).limit(1);
  if (exists) throw new AccountError('There is already an account with this email address.', 'email');
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(staff)
    .values({ email: input.email.trim(), email_key: emailKey, name: input.name?.trim() ?? '', role: input.role, password_hash: passwordHash })
    .onConflictDoNothing()
    .returning({ id: staff.id });
  if (!row) throw new AccountError('There is already an account with this email address.', 'email');
  return row;
}

export async function staffByEmail(db: Tx, email: string) {
  const [row] = await db.select().from(staff).where(eq(staff.email_key, email.trim().toLowerCase())).limit(1);
  return row;
}

const SETUP_SECRET = 'admin-setup-token';

/**
 * While no staff account exists: a new one-time set-up token (its hash replaces any earlier one)
 * and the address that uses it, logged as one line for whoever started the site. Returns the
 * token, or null when the site has staff already.
 */
export async function announceSetup(db: Tx, siteUrl: string, logger: Logger): Promise<string | null> {
  if ((await staffCount(db)) > 0) {
    await db.delete(appSecrets).where(eq(appSecrets.name, SETUP_SECRET));
    return null;
  }
  const token = randomBytes(24).toString('base64url');
  await db
    .insert(appSecrets)
    .values({ name: SETUP_SECRET, value: sha256(token) })
    .onConflictDoUpdate({ target: appSecrets.name, set: { value: sha256(token), created_at: sql`now()` } });
  logger.warn(`No staff account yet. Create the first owner at ${siteUrl}/admin/setup?token=${token}`);
  return token;
}

/** Whether a set-up token is the live one (and the site still has no account). */
export async function setupTokenValid(db: Tx, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SETUP_SECRET)).limit(1);
  if (!row || !sameSecret(row.value, sha256(token))) return false;
  return (await staffCount(db)) === 0;
}

/**
 * Creates the first owner with a live set-up token, inside the caller's transaction; the token
 * is spent. The row lock makes two simultaneous set-ups (two tabs, two processes) create one
 * owner: the second finds the token gone.
 */
export async function completeSetup(tx: Tx, token: string, owner: Omit<NewStaff, 'role'>): Promise<{ id: number } | null> {
  const locked = await tx.execute(sql`select value from app_secrets where name = ${SETUP_SECRET} for update`);
  const rows = (Array.isArray(locked) ? locked : (locked as { rows: unknown[] }).rows) as { value: string }[];
  if (!rows[0] || !sameSecret(rows[0].value, sha256(token))) return null;
  if ((await staffCount(tx)) > 0) return null;
  const created = await createStaffAccount(tx, { ...owner, role: 'owner' });
  await tx.delete(appSecrets).where(eq(appSecrets.name, SETUP_SECRET));
  return created;
}

/** An account made by `npm run admin:create-user` (directly, or by the server on its behalf), audited. */
export async function createStaffFromCommand(db: Db, input: NewStaff): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const row = await createStaffAccount(tx, input);
    await audit(tx, { action: 'staff.create', staffId: row.id, actor: input.email, target: `staff:${row.id}`, detail: { role: input.role, via: 'admin:create-user' } });
    return row;
  });
}
