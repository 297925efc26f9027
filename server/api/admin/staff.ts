// /api/admin/staff and /api/admin/audit, for owners only: the staff list, adding a member (who
// receives an e-mailed link to choose a password: there is never a default one), changing a role,
// disabling and enabling an account, signing a member out everywhere, and the audit log. An owner
// cannot demote or disable themself, and the console always keeps one active owner.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { ACCESS_MESSAGES, AUDIT_PAGE_SIZE, INVITE_HOURS, staffInviteSchema, staffRoleSchema, type AuditPage, type StaffList } from '../../../common/staff-access.ts';
import type { StaffRole } from '../../../common/staff.ts';
import { AccountError, createStaffAccount } from '../../auth/accounts.ts';
import { audit } from '../../auth/audit.ts';
import { requireStaff, sessionOf, type AdminContext, type AdminEnv } from '../../auth/guard.ts';
import { createResetToken } from '../../auth/resets.ts';
import { endAllSessions } from '../../auth/sessions.ts';
import { auditLog, staff, staffPasswordResets } from '../../db/schema.ts';
import type { Tx } from '../../db/index.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { staffInvitationMail } from '../../mail/staff-mail.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import type { StaffMailOptions } from './access.ts';
import { readBody } from './body.ts';

export interface StaffApiOptions {
  siteUrl: string;
  trust: ProxyTrust;
  mail: StaffMailOptions;
}

const ownersOnly = requireStaff({ roles: ['owner'] });

/** A member's id from the address: digits only, else 404 (never a 500). */
function idParam(c: AdminContext): number {
  const raw = c.req.param('id') ?? '';
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new HttpError(404, 'There is no member of staff with this id.', undefined, 'not-found');
  return Number(raw);
}

/**
 * Staff changes are made one at a time (a transaction-scoped advisory lock), so two owners acting
 * at once (two tabs, two processes) cannot together leave the console without an active owner.
 */
async function oneAtATime(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7311001)`);
}

/** Active owners other than the given member. */
async function otherActiveOwners(tx: Tx, besides: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabled_at), ne(staff.id, besides)));
  return Number(row?.n ?? 0);
}

/** The address a change came from, for the audit log. */
function addressOf(c: AdminContext, opts: StaffApiOptions): string | null {
  return sourceOf(c, opts.trust).address ?? null;
}

async function sendInvite(tx: Tx, opts: StaffApiOptions, member: { id: number; email: string; name: string; role: StaffRole }, invitedBy: string) {
  const token = await createResetToken(tx, member.id, INVITE_HOURS * 3600_000);
  const link = `${opts.siteUrl}/admin/reset/${token}`;
  await enqueueMail(tx, opts.mail.messageIdDomain, [{ kind: 'staff-invitation', message: staffInvitationMail(member, link, INVITE_HOURS, invitedBy, { from: opts.mail.from }) }]);
}

/** The member an action is about, locked for the change; 404 when there is none. */
async function target(tx: Tx, id: number) {
  await oneAtATime(tx);
  const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update').limit(1);
  if (!row) throw new HttpError(404, 'There is no member of staff with this id.', undefined, 'not-found');
  return row;
}

async function listStaff(c: AdminContext) {
  const rows = await deps(c).db.select().from(staff).orderBy(sql`${staff.disabled_at} is not null`, desc(staff.role), staff.email_key);
  const linked = new Set((await deps(c).db.selectDistinct({ id: staffPasswordResets.staff_id }).from(staffPasswordResets)).map((r) => r.id));
  const body: StaffList = {
    me: sessionOf(c).staff.id,
    staff: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      role: r.role as StaffRole,
      totp: r.totp_enabled_at !== null,
      disabled: r.disabled_at !== null,
      createdAt: r.created_at.toISOString(),
      lastSignInAt: r.last_sign_in_at?.toISOString() ?? null,
      // Waiting for an invitation to be used: made with a link (no password of their own) that
      // has not been used. An account whose person chose the password (set-up, npm run
      // admin:create-user) is active even before its first sign-in.
      invited: r.last_sign_in_at === null && r.password_changed_at.getTime() === r.created_at.getTime() && linked.has(r.id),
    })),
  };
  return c.json(body);
}

/** Adds a member: an account nobody can sign in to until the e-mailed link sets its password. */
async function addMember(c: AdminContext, opts: StaffApiOptions) {
  const { db } = deps(c);
  const me = sessionOf(c).staff;
  const input = await readBody(c, staffInviteSchema);
  let created: { id: number };
  try {
    created = await db.transaction(async (tx) => {
      // A random password nobody is told: the account is unusable until the link is used.
      const row = await createStaffAccount(tx, { email: input.email, name: input.name, role: input.role, password: randomBytes(32).toString('base64url') });
      await sendInvite(tx, opts, { id: row.id, email: input.email, name: input.name, role: input.role }, me.name || me.email);
      await audit(tx, { action: 'staff.create', staffId: me.id, actor: me.email, target: `staff:${row.id}`, detail: { email: input.email, role: input.role }, ip: addressOf(c, opts) });
      return row;
    });
  } catch (e) {
    if (e instanceof AccountError) throw new HttpError(400, e.message, undefined, `invalid-${e.field ?? 'email'}`);
    throw e;
  }
  opts.mail.onQueued?.();
  return c.json({ ok: true, id: created.id }, 201);
}

async function changeRole(c: AdminContext, opts: StaffApiOptions) {
  const { db } = deps(c);
  const me = sessionOf(c).staff;
  const id = idParam(c);
  const input = await readBody(c, staffRoleSchema);
  await db.transaction(async (tx) => {
    const row = await target(tx, id);
    if (row.id === me.id) throw new HttpError(403, ACCESS_MESSAGES.self, undefined, 'self');
    if (row.role === input.role) return;
    if (row.role === 'owner' && (await otherActiveOwners(tx, row.id)) === 0) throw new HttpError(409, ACCESS_MESSAGES.lastOwner, undefined, 'last-owner');
    await tx.update(staff).set({ role: input.role }).where(eq(staff.id, id));
    await audit(tx, { action: 'staff.role', staffId: me.id, actor: me.email, target: `staff:${id}`, detail: { email: row.email, from: row.role, to: input.role }, ip: addressOf(c, opts) });
  });
  return c.json({ ok: true });
}

/** Disables (and signs out everywhere) or enables a member's account. */
async function setDisabled(c: AdminContext, opts: StaffApiOptions, disable: boolean) {
  const { db } = deps(c);
  const me = sessionOf(c).staff;
  const id = idParam(c);
  const ended = await db.transaction(async (tx) => {
    const row = await target(tx, id);
    if (row.id === me.id) throw new HttpError(403, ACCESS_MESSAGES.self, undefined, 'self');
    if (disable === (row.disabled_at !== null)) return 0;
    if (disable && row.role === 'owner' && (await otherActiveOwners(tx, row.id)) === 0) throw new HttpError(409, ACCESS_MESSAGES.lastOwner, undefined, 'last-owner');
    await tx
      .update(staff)
      .set({ disabled_at: disable ? new Date() : null })
      .where(eq(staff.id, id));
    const n = disable ? await endAllSessions(tx, id) : 0;
    await audit(tx, {
      action: disable ? 'staff.disable' : 'staff.enable',
      staffId: me.id,
      actor: me.email,
      target: `staff:${id}`,
      detail: { email: row.email, ...(disable ? { sessionsEnded: n } : {}) },
      ip: addressOf(c, opts),
    });
    return n;
  });
  return c.json({ ok: true, sessionsEnded: ended });
}

async function signOutEverywhere(c: AdminContext, opts: StaffApiOptions) {
  const { db } = deps(c);
  const me = sessionOf(c).staff;
  const id = idParam(c);
  const ended = await db.transaction(async (tx) => {
    const row = await target(tx, id);
    const n = await endAllSessions(tx, id);
    await audit(tx, { action: 'staff.sign-out-everywhere', staffId: me.id, actor: me.email, target: `staff:${id}`, detail: { email: row.email, sessionsEnded: n }, ip: addressOf(c, opts) });
    return n;
  });
  return c.json({ ok: true, sessionsEnded: ended });
}

/** A new set-password link for a member who has not used theirs (or lost it). */
async function inviteAgain(c: AdminContext, opts: StaffApiOptions) {
  const { db } = deps(c);
  const me = sessionOf(c).staff;
  const id = idParam(c);
  await db.transaction(async (tx) => {
    const row = await target(tx, id);
    if (row.disabled_at) throw new HttpError(409, 'Enable the account first.', undefined, 'disabled');
    await sendInvite(tx, opts, { id: row.id, email: row.email, name: row.name, role: row.role as StaffRole }, me.name || me.email);
    await audit(tx, { action: 'staff.invite', staffId: me.id, actor: me.email, target: `staff:${id}`, detail: { email: row.email }, ip: addressOf(c, opts) });
  });
  opts.mail.onQueued?.();
  return c.json({ ok: true });
}

// ---------- The audit log ----------

/** The audit log's filters from the address: 400 on a page, action or member that cannot be. */
function auditQuery(c: AdminContext): { page: number; filter: SQL | undefined } {
  const rawPage = c.req.query('page') ?? '1';
  const action = c.req.query('action') ?? '';
  const member = c.req.query('staff') ?? '';
  if (!/^[1-9]\d{0,6}$/.test(rawPage)) throw new HttpError(400, 'Invalid page: it must be a whole number from 1.', undefined, 'invalid-page');
  if (action.length > 80) throw new HttpError(400, 'Invalid action.', undefined, 'invalid-action');
  if (member !== '' && !/^[1-9]\d{0,8}$/.test(member)) throw new HttpError(400, 'Invalid member.', undefined, 'invalid-staff');
  const where: SQL[] = [];
  if (action) where.push(eq(auditLog.action, action));
  if (member) where.push(eq(auditLog.staff_id, Number(member)));
  return { page: Number(rawPage), filter: where.length ? and(...where) : undefined };
}

async function auditPage(c: AdminContext) {
  const { db } = deps(c);
  const { page, filter } = auditQuery(c);
  const [rows, [total], actions, members] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(filter),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
    db.select({ id: staff.id, email: staff.email }).from(staff).orderBy(staff.email_key),
  ]);
  const n = Number(total?.n ?? 0);
  const body: AuditPage = {
    entries: rows.map((r) => ({ id: r.id, at: r.at.toISOString(), actor: r.actor, staffId: r.staff_id, action: r.action, target: r.target, detail: r.detail ?? null, ip: r.ip })),
    page,
    pages: Math.max(1, Math.ceil(n / AUDIT_PAGE_SIZE)),
    total: n,
    actions: actions.map((a) => a.action),
    members,
  };
  return c.json(body);
}

export function staffApi(opts: StaffApiOptions) {
  const app = new Hono<AdminEnv>();
  app.get('/staff', ownersOnly, listStaff);
  app.post('/staff', ownersOnly, (c) => addMember(c, opts));
  app.post('/staff/:id/role', ownersOnly, (c) => changeRole(c, opts));
  app.post('/staff/:id/disable', ownersOnly, (c) => setDisabled(c, opts, true));
  app.post('/staff/:id/enable', ownersOnly, (c) => setDisabled(c, opts, false));
  app.post('/staff/:id/sign-out', ownersOnly, (c) => signOutEverywhere(c, opts));
  app.post('/staff/:id/invite', ownersOnly, (c) => inviteAgain(c, opts));
  app.get('/audit', ownersOnly, auditPage);
  return app;
}
