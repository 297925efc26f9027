// /api/admin: who is signed in, sign-in (throttled, one answer for an unknown address and a wrong
// password, a new session id every time), sign-out here or everywhere, the first owner's set-up,
// and a password change. Every sign-in, failed attempt and change is in the audit log.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { passwordChangeSchema, setupSchema, signInSchema, STAFF_MESSAGES, type StaffSession } from '../../../common/staff.ts';
import { AccountError, completeSetup, setupTokenValid, staffByEmail } from '../../auth/accounts.ts';
import { audit } from '../../auth/audit.ts';
import { requireStaff, sessionCookie, sessionOf, type AdminContext, type AdminEnv } from '../../auth/guard.ts';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords.ts';
import { createSession, endAllSessions, endSession, type Session } from '../../auth/sessions.ts';
import { lockout, type LockoutOptions } from '../../auth/lockout.ts';
import type { SignInLimits } from '../../auth/throttle.ts';
import { staff } from '../../db/schema.ts';
import { limitKey, sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { readBody } from './body.ts';

export interface AuthApiOptions {
  siteUrl: string;
  trust: ProxyTrust;
  limits: SignInLimits;
  /** Where the lock notice leaves from. */
  mail: LockoutOptions['mail'];
}

export function sessionAnswer(s: Pick<Session, 'staff' | 'csrf' | 'expiresAt'>): StaffSession {
  const { id, email, name, role, totp } = s.staff;
  return { staff: { id, email, name, role, totp }, csrf: s.csrf, expiresAt: s.expiresAt.toISOString() };
}

/** What the sign-in routes share: the session cookie, the lockout, the caller's address and starting a session. */
interface AuthKit {
  cookie: ReturnType<typeof sessionCookie>;
  lock: ReturnType<typeof lockout>;
  addressOf: (c: AdminContext) => string | null;
  startSession: (c: AdminContext, staffId: number, stage: 'full' | 'totp') => Promise<Awaited<ReturnType<typeof createSession>>>;
}

function authKit(opts: AuthApiOptions): AuthKit {
  const cookie = sessionCookie(opts.siteUrl);
  const addressOf = (c: AdminContext) => sourceOf(c, opts.trust).address ?? null;
  const agentOf = (c: AdminContext) => c.req.header('user-agent') ?? null;
  const lock = lockout({ siteUrl: opts.siteUrl, limits: opts.limits, mail: opts.mail });

  /** Signs a member of staff in on this browser: any session it had ends; a new id is issued. */
  async function startSession(c: AdminContext, staffId: number, stage: 'full' | 'totp') {
    const { db } = deps(c);
    const before = c.var.session;
    if (before) await endSession(db, before.idHash);
    const s = await createSession(db, staffId, { ip: addressOf(c), userAgent: agentOf(c), stage });
    c.header('set-cookie', cookie.set(s.token, (s.expiresAt.getTime() - Date.now()) / 1000), { append: true });
    // A full sign-in makes this browser a known device of the account (its own limit while locked).
    if (stage === 'full') c.header('set-cookie', await lock.remember(db, staffId), { append: true });
    return s;
  }
  return { cookie, lock, addressOf, startSession };
}

async function signIn(c: AdminContext, kit: AuthKit) {
  const { db } = deps(c);
  const input = await readBody(c, signInSchema);
  const address = kit.addressOf(c);
  const account = input.email.toLowerCase();
  const member = await staffByEmail(db, input.email);
  const source = await kit.lock.source(db, c.req.header('cookie'), account, address ? limitKey(address) : null, member);
  const known = source.device ? { device: true } : undefined;
  const wait = await kit.lock.blocked(db, source);
  if (wait > 0) {
    await audit(db, { action: 'sign-in-throttled', actor: account, ip: address, detail: known });
    throw new HttpError(429, STAFF_MESSAGES.throttled, { 'retry-after': String(wait) }, 'throttled');
  }
  // The same work and the same answer whether or not the address has an account.
  const ok = await verifyPassword(member?.password_hash ?? (await decoyHash()), input.password);
  if (!member || !ok || member.disabled_at) {
    await kit.lock.failed(db, source, member, address);
    await audit(db, { action: 'sign-in-failed', staffId: member?.id ?? null, actor: account, ip: address, detail: known });
    throw new HttpError(401, STAFF_MESSAGES.signInFailed, undefined, 'sign-in-failed');
  }
  if (member.totp_enabled_at) {
    const s = await kit.startSession(c, member.id, 'totp');
    await audit(db, { action: 'sign-in-password', staffId: member.id, actor: member.email, ip: address });
    return c.json({ next: 'totp' as const, expiresAt: s.expiresAt.toISOString() });
  }
  const s = await kit.startSession(c, member.id, 'full');
  await db.update(staff).set({ last_sign_in_at: new Date() }).where(eq(staff.id, member.id));
  await audit(db, { action: 'sign-in', staffId: member.id, actor: member.email, ip: address });
  return c.json({
    next: 'done' as const,
    ...sessionAnswer({ staff: { id: member.id, email: member.email, name: member.name, role: member.role as 'owner' | 'agent', totp: false }, csrf: s.csrf, expiresAt: s.expiresAt }),
  });
}

async function signOut(c: AdminContext, kit: AuthKit) {
  const s = sessionOf(c);
  await endSession(deps(c).db, s.idHash);
  await audit(deps(c).db, { action: 'sign-out', staffId: s.staff.id, actor: s.staff.email, ip: kit.addressOf(c) });
  c.header('set-cookie', kit.cookie.clear());
  return c.json({ ok: true });
}

/** Ends every session of the account, this one included. */
async function signOutEverywhere(c: AdminContext, kit: AuthKit) {
  const s = sessionOf(c);
  const ended = await endAllSessions(deps(c).db, s.staff.id);
  await audit(deps(c).db, { action: 'sign-out-everywhere', staffId: s.staff.id, actor: s.staff.email, ip: kit.addressOf(c), detail: { sessions: ended } });
  c.header('set-cookie', kit.cookie.clear());
  return c.json({ ok: true, sessions: ended });
}

async function changePassword(c: AdminContext, kit: AuthKit) {
  const { db } = deps(c);
  const s = sessionOf(c);
  const input = await readBody(c, passwordChangeSchema);
  const [row] = await db.select({ hash: staff.password_hash }).from(staff).where(eq(staff.id, s.staff.id));
  if (!row || !(await verifyPassword(row.hash, input.current))) throw new HttpError(400, 'Your current password is not right.', undefined, 'invalid-current');
  const problem = await passwordProblem(input.password, s.staff.email, s.staff.name);
  if (problem) throw new HttpError(400, problem, undefined, 'invalid-password');
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ password_hash: await hashPassword(input.password), password_changed_at: new Date() })
      .where(eq(staff.id, s.staff.id));
    // Other browsers signed in with the old password are signed out.
    await endAllSessions(tx, s.staff.id, s.idHash);
    await audit(tx, { action: 'password-change', staffId: s.staff.id, actor: s.staff.email, ip: kit.addressOf(c) });
  });
  // Devices known before the change are not any more; this browser stays one.
  c.header('set-cookie', await kit.lock.remember(db, s.staff.id), { append: true });
  return c.json({ ok: true });
}

/** The first owner's account, made with the set-up address's token; it signs them in. */
async function setUp(c: AdminContext, kit: AuthKit) {
  const { db } = deps(c);
  const input = await readBody(c, setupSchema);
  let created: { id: number } | null;
  try {
    created = await db.transaction((tx) => completeSetup(tx, input.token, { email: input.email, name: input.name, password: input.password }));
  } catch (e) {
    if (e instanceof AccountError) throw new HttpError(400, e.message, undefined, `invalid-${e.field ?? 'form'}`);
    throw e;
  }
  if (!created) throw new HttpError(403, STAFF_MESSAGES.setupInvalid, undefined, 'setup-invalid');
  await audit(db, { action: 'staff.create', staffId: created.id, actor: input.email, target: `staff:${created.id}`, detail: { role: 'owner', via: 'set-up address' }, ip: kit.addressOf(c) });
  const s = await kit.startSession(c, created.id, 'full');
  // Set-up signs the new owner in: it counts as their first sign-in (the staff screen shows them active).
  await db.update(staff).set({ last_sign_in_at: new Date() }).where(eq(staff.id, created.id));
  await audit(db, { action: 'sign-in', staffId: created.id, actor: input.email, ip: kit.addressOf(c) });
  return c.json(sessionAnswer({ staff: { id: created.id, email: input.email, name: input.name, role: 'owner', totp: false }, csrf: s.csrf, expiresAt: s.expiresAt }), 201);
}

export function authApi(opts: AuthApiOptions) {
  const app = new Hono<AdminEnv>();
  const kit = authKit(opts);
  app.get('/session', requireStaff(), (c) => c.json(sessionAnswer(sessionOf(c))));
  app.post('/login', (c) => signIn(c, kit));
  app.post('/logout', requireStaff(), (c) => signOut(c, kit));
  app.post('/logout-everywhere', requireStaff(), (c) => signOutEverywhere(c, kit));
  app.post('/password', requireStaff(), (c) => changePassword(c, kit));
  app.get('/setup', async (c) => {
    const token = c.req.query('token');
    return c.json({ valid: await setupTokenValid(deps(c).db, token) });
  });
  app.post('/setup', (c) => setUp(c, kit));
  return app;
}
