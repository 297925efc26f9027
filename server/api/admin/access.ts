// /api/admin: the second factor (turning it on and off on your account, and the code asked for at
// sign-in) and password links (asking for one by e-mail, choosing a password with one). Wrong
// codes are throttled and audited like wrong passwords; a completed sign-in always gets a new
// session id.
import type { ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { STAFF_MESSAGES } from '../../../common/staff.ts';
import { ACCESS_MESSAGES, codeSchema, resetCompleteSchema, resetRequestSchema, RESET_MINUTES, totpDisableSchema, type TotpStatus } from '../../../common/staff-access.ts';
import { AccountError, staffByEmail } from '../../auth/accounts.ts';
import { audit } from '../../auth/audit.ts';
import { requireStaff, sessionCookie, sessionOf, type AdminContext, type AdminEnv } from '../../auth/guard.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { completeReset, createResetToken, pruneResets, resetTarget } from '../../auth/resets.ts';
import { createSession, endSession } from '../../auth/sessions.ts';
import { lockout } from '../../auth/lockout.ts';
import type { SignInSource, SignInLimits } from '../../auth/throttle.ts';
import { checkSecondFactor, newRecoveryCodes, newTotpSecret, recoveryCodesLeft, spendTotpStep, totpEnrolment, totpStep } from '../../auth/totp.ts';
import { staff, staffRecoveryCodes } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { passwordResetMail } from '../../mail/staff-mail.ts';
import { consume, type Limit } from '../../spam/rate-limit.ts';
import { limitKey, sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { sessionAnswer } from './auth.ts';
import { readBody } from './body.ts';

/** Where the console's e-mails leave from. */
export interface StaffMailOptions {
  from: string;
  messageIdDomain: string;
  /** Called once a message is in the outbox (wakes the worker). */
  onQueued?: () => void;
}

export interface ResetLimits {
  perAccount: Limit;
  perAddress: Limit;
}

export const DEFAULT_RESET_LIMITS: ResetLimits = {
  perAccount: { max: 3, windowMs: 3600_000 },
  perAddress: { max: 10, windowMs: 3600_000 },
};

/** Runs work after the answer has gone (a password-link request's look-up, link and e-mail). */
export type AfterAnswer = (task: () => Promise<void>) => void;

export interface AccessApiOptions {
  siteUrl: string;
  trust: ProxyTrust;
  limits: SignInLimits;
  resetLimits: ResetLimits;
  mail: StaffMailOptions;
  /** Default: the next turn of the event loop, a failure logged. */
  afterAnswer?: AfterAnswer;
}

/**
 * Runs a task once the answer has been written out (the Node response's finish or close), so the
 * task's work cannot delay it, not even on an embedded database that runs on this thread; without
 * a Node response (a request passed on inside the process), on the next turn of the event loop.
 */
function afterResponse(c: AdminContext, onError: (err: unknown) => void): AfterAnswer {
  return (task) => {
    const run = () => setImmediate(() => void task().catch(onError));
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (!outgoing || typeof outgoing.once !== 'function' || outgoing.writableFinished || outgoing.destroyed) return run();
    let started = false;
    const once = () => {
      if (started) return;
      started = true;
      run();
    };
    outgoing.once('finish', once);
    outgoing.once('close', once);
  };
}

/** What the console's access routes share: settings, the session cookie, the caller's address, the lockout. */
interface AccessContext {
  opts: AccessApiOptions;
  cookie: ReturnType<typeof sessionCookie>;
  addressOf: (c: AdminContext) => string | null;
  throttleKey: (c: AdminContext) => string | null;
  lock: ReturnType<typeof lockout>;
  memberRow: (c: AdminContext, id: number) => Promise<typeof staff.$inferSelect>;
  refuseWhenThrottled: (c: AdminContext, member: typeof staff.$inferSelect) => Promise<SignInSource>;
}

/** The code at sign-in. */
function signInCodeRoutes(app: Hono<AdminEnv>, { cookie, addressOf, lock, memberRow, refuseWhenThrottled }: AccessContext): void {
  /** Whether this browser is between the password and the code, and the token its form sends. */
  app.get('/login/totp', requireStaff({ stage: 'totp' }), (c) => {
    const s = sessionOf(c);
    return c.json({ ok: true, csrf: s.csrf, expiresAt: s.expiresAt.toISOString() });
  });

  app.post('/login/totp', requireStaff({ stage: 'totp' }), async (c) => {
    const { db } = deps(c);
    const s = sessionOf(c);
    const member = await memberRow(c, s.staff.id);
    const source = await refuseWhenThrottled(c, member);
    const input = await readBody(c, codeSchema);
    const factor = member.totp_enabled_at ? await checkSecondFactor(db, member, input.code) : null;
    if (!factor) {
      await lock.failed(db, source, member, addressOf(c));
      await audit(db, { action: 'sign-in-code-failed', staffId: s.staff.id, actor: s.staff.email, ip: addressOf(c) });
      throw new HttpError(401, STAFF_MESSAGES.totp, undefined, 'invalid-code');
    }
    // The half-way session ends; the signed-in one has a new id.
    await endSession(db, s.idHash);
    const next = await createSession(db, s.staff.id, { ip: addressOf(c), userAgent: c.req.header('user-agent') ?? null, stage: 'full' });
    c.header('set-cookie', cookie.set(next.token, (next.expiresAt.getTime() - Date.now()) / 1000), { append: true });
    // Signed in: this browser is a known device of the account (its own limit while locked).
    c.header('set-cookie', await lock.remember(db, s.staff.id), { append: true });
    await db.update(staff).set({ last_sign_in_at: new Date() }).where(eq(staff.id, s.staff.id));
    const left = factor === 'recovery' ? await recoveryCodesLeft(db, s.staff.id) : undefined;
    await audit(db, { action: 'sign-in', staffId: s.staff.id, actor: s.staff.email, ip: addressOf(c), detail: { factor, ...(left === undefined ? {} : { recoveryLeft: left }) } });
    return c.json({ ...sessionAnswer({ staff: { ...s.staff, totp: true }, csrf: next.csrf, expiresAt: next.expiresAt }), factor, recoveryLeft: left });
  });
}

/** Your second factor: its state, set up, confirmed or cancelled. */
function secondFactorRoutes(app: Hono<AdminEnv>, { addressOf, memberRow }: AccessContext): void {
  app.get('/account/totp', requireStaff(), async (c) => {
    const { db } = deps(c);
    const s = sessionOf(c);
    const member = await memberRow(c, s.staff.id);
    const status: TotpStatus = { enabled: member.totp_enabled_at !== null, recoveryLeft: await recoveryCodesLeft(db, s.staff.id) };
    if (!status.enabled && member.totp_secret) status.pending = { secret: member.totp_secret, ...totpEnrolment(member.totp_secret, member.email) };
    return c.json(status);
  });

  /** Starts turning it on: a new secret, pending until a code from it is confirmed. */
  app.post('/account/totp/start', requireStaff(), async (c) => {
    const s = sessionOf(c);
    const member = await memberRow(c, s.staff.id);
    if (member.totp_enabled_at) throw new HttpError(409, 'Two-step sign-in is already on.', undefined, 'totp-on');
    const secret = newTotpSecret();
    await deps(c).db.update(staff).set({ totp_secret: secret, totp_last_step: null }).where(eq(staff.id, s.staff.id));
    return c.json({ secret, ...totpEnrolment(secret, member.email) });
  });

  app.post('/account/totp/cancel', requireStaff(), async (c) => {
    const s = sessionOf(c);
    const member = await memberRow(c, s.staff.id);
    if (!member.totp_enabled_at) await deps(c).db.update(staff).set({ totp_secret: null }).where(eq(staff.id, s.staff.id));
    return c.json({ ok: true });
  });

  /** Turns it on with a current code from the pending secret; answers the recovery codes, once. */
  app.post('/account/totp/confirm', requireStaff(), async (c) => {
    const { db } = deps(c);
    const s = sessionOf(c);
    const input = await readBody(c, codeSchema);
    const member = await memberRow(c, s.staff.id);
    if (member.totp_enabled_at) throw new HttpError(409, 'Two-step sign-in is already on.', undefined, 'totp-on');
    if (!member.totp_secret) throw new HttpError(409, 'Start again: choose "Turn on two-step sign-in".', undefined, 'totp-not-started');
    const step = totpStep(member.totp_secret, input.code);
    if (step === null) throw new HttpError(400, ACCESS_MESSAGES.totpSetupCode, undefined, 'invalid-code');
    const codes = await db.transaction(async (tx) => {
      if (!(await spendTotpStep(tx, s.staff.id, step))) throw new HttpError(400, ACCESS_MESSAGES.totpSetupCode, undefined, 'invalid-code');
      await tx.update(staff).set({ totp_enabled_at: new Date() }).where(eq(staff.id, s.staff.id));
      const list = await newRecoveryCodes(tx, s.staff.id);
      await audit(tx, { action: 'totp.enable', staffId: s.staff.id, actor: s.staff.email, target: `staff:${s.staff.id}`, ip: addressOf(c) });
      return list;
    });
    return c.json({ ok: true, recoveryCodes: codes });
  });
}

/** Your second factor, once on: turned off, new recovery codes (each with a current code). */
function secondFactorChangeRoutes(app: Hono<AdminEnv>, { addressOf, lock, memberRow, refuseWhenThrottled }: AccessContext): void {
  /** Turns it off: the password and a code (or a recovery code). */
  app.post('/account/totp/disable', requireStaff(), async (c) => {
    const { db } = deps(c);
    const s = sessionOf(c);
    const member = await memberRow(c, s.staff.id);
    const source = await refuseWhenThrottled(c, member);
    const input = await readBody(c, totpDisableSchema);
    if (!member.totp_enabled_at) throw new HttpError(409, 'Two-step sign-in is already off.', undefined, 'totp-off');
    const passwordOk = await verifyPassword(member.password_hash, input.password);
    const factor = passwordOk ? await checkSecondFactor(db, member, input.code) : null;
    if (!passwordOk || !factor) {
      await lock.failed(db, source, member, addressOf(c));
      await audit(db, { action: 'totp.disable-failed', staffId: s.staff.id, actor: s.staff.email, target: `staff:${s.staff.id}`, ip: addressOf(c) });
      if (!passwordOk) throw new HttpError(400, ACCESS_MESSAGES.passwordWrong, undefined, 'invalid-password');
      throw new HttpError(400, STAFF_MESSAGES.totp, undefined, 'invalid-code');
    }
    await db.transaction(async (tx) => {
      await tx.update(staff).set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where(eq(staff.id, s.staff.id));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_id, s.staff.id));
      await audit(tx, { action: 'totp.disable', staffId: s.staff.id, actor: s.staff.email, target: `staff:${s.staff.id}`, ip: addressOf(c), detail: { factor } });
    });
    return c.json({ ok: true });
  });

  /** Ten new recovery codes (the old ones stop working), with a current code. */
  app.post('/account/totp/recovery', requireStaff(), async (c) => {
    const { db } = deps(c);
    const s = sessionOf(c);
    const member = await memberRow(c, s.staff.id);
    const source = await refuseWhenThrottled(c, member);
    const input = await readBody(c, codeSchema);
    if (!member.totp_enabled_at) throw new HttpError(409, 'Two-step sign-in is off.', undefined, 'totp-off');
    const factor = await checkSecondFactor(db, member, input.code);
    if (!factor) {
      await lock.failed(db, source, member, addressOf(c));
      await audit(db, { action: 'totp.recovery-codes-failed', staffId: s.staff.id, actor: s.staff.email, target: `staff:${s.staff.id}`, ip: addressOf(c) });
      throw new HttpError(400, STAFF_MESSAGES.totp, undefined, 'invalid-code');
    }
    const codes = await db.transaction(async (tx) => {
      const list = await newRecoveryCodes(tx, s.staff.id);
      await audit(tx, { action: 'totp.recovery-codes', staffId: s.staff.id, actor: s.staff.email, target: `staff:${s.staff.id}`, ip: addressOf(c), detail: { factor } });
      return list;
    });
    return c.json({ ok: true, recoveryCodes: codes });
  });
}

/** Password links: asked for, opened, used. */
function passwordLinkRoutes(app: Hono<AdminEnv>, { opts, cookie, addressOf, throttleKey }: AccessContext): void {
  /**
   * Asks for a reset link. The same answer, at the same time, whether or not an account uses the
   * address: after the throttle (the same work for every address), the answer goes at once, and
   * the look-up, the link and its e-mail are done afterwards, so the time to answer says nothing
   * about the address.
   */
  app.post('/reset', async (c) => {
    const { db, logger } = deps(c);
    const input = await readBody(c, resetRequestSchema);
    const account = input.email.toLowerCase();
    const address = throttleKey(c);
    const ip = addressOf(c);
    const byAccount = await consume(db, 'reset-account', account, opts.resetLimits.perAccount);
    const byAddress = address ? await consume(db, 'reset-address', address, opts.resetLimits.perAddress) : ({ ok: true } as const);
    if (!byAccount.ok || !byAddress.ok) {
      const wait = Math.max(byAccount.ok ? 0 : byAccount.retryAfterSeconds, byAddress.ok ? 0 : byAddress.retryAfterSeconds);
      await audit(db, { action: 'password-reset-throttled', actor: account, ip });
      throw new HttpError(429, STAFF_MESSAGES.throttled, { 'retry-after': String(wait) }, 'throttled');
    }
    const later: AfterAnswer = opts.afterAnswer ?? afterResponse(c, (err) => logger.error({ err }, 'password link request failed'));
    later(async () => {
      // Links used or expired a day ago go (a small table: asking for a link is rare).
      await pruneResets(db);
      const member = await staffByEmail(db, input.email);
      if (member && !member.disabled_at) {
        await db.transaction(async (tx) => {
          const token = await createResetToken(tx, member.id, RESET_MINUTES * 60_000);
          const link = `${opts.siteUrl}/admin/reset/${token}`;
          await enqueueMail(tx, opts.mail.messageIdDomain, [
            { kind: 'staff-password-reset', message: passwordResetMail({ email: member.email, name: member.name }, link, RESET_MINUTES, { from: opts.mail.from }) },
          ]);
          await audit(tx, { action: 'password-reset-requested', staffId: member.id, actor: member.email, target: `staff:${member.id}`, ip });
        });
        opts.mail.onQueued?.();
      } else {
        await audit(db, { action: 'password-reset-requested', staffId: member?.id ?? null, actor: account, ip, detail: { sent: false } });
      }
    });
    return c.json({ ok: true, message: ACCESS_MESSAGES.resetSent }, 202);
  });

  /** Whether a link is live (for the page it opens). */
  app.get('/reset/:token', async (c) => {
    const target = await resetTarget(deps(c).db, c.req.param('token'));
    return c.json(target ? { valid: true, invite: target.invite, email: target.email } : { valid: false });
  });

  app.post('/reset/complete', async (c) => {
    const { db } = deps(c);
    const input = await readBody(c, resetCompleteSchema);
    let done;
    try {
      done = await db.transaction((tx) => completeReset(tx, input.token, input.password));
    } catch (e) {
      if (e instanceof AccountError) throw new HttpError(400, e.message, undefined, `invalid-${e.field ?? 'password'}`);
      throw e;
    }
    if (!done) throw new HttpError(400, ACCESS_MESSAGES.resetInvalid, undefined, 'reset-invalid');
    await audit(db, {
      action: done.invite ? 'password-set' : 'password-reset',
      staffId: done.staffId,
      actor: done.email,
      target: `staff:${done.staffId}`,
      ip: addressOf(c),
      detail: { sessionsEnded: done.sessionsEnded },
    });
    // Whatever this browser had is signed out too.
    if (c.var.session) await endSession(db, c.var.session.idHash);
    c.header('set-cookie', cookie.clear());
    return c.json({ ok: true });
  });
}

export function accessApi(opts: AccessApiOptions) {
  const app = new Hono<AdminEnv>();
  const cookie = sessionCookie(opts.siteUrl);
  const addressOf = (c: AdminContext) => sourceOf(c, opts.trust).address ?? null;
  const throttleKey = (c: AdminContext) => {
    const a = addressOf(c);
    return a ? limitKey(a) : null;
  };

  const lock = lockout({ siteUrl: opts.siteUrl, limits: opts.limits, mail: opts.mail });

  async function memberRow(c: AdminContext, id: number) {
    const [row] = await deps(c).db.select().from(staff).where(eq(staff.id, id)).limit(1);
    if (!row) throw new HttpError(401, STAFF_MESSAGES.signedOut, undefined, 'signed-out');
    return row;
  }

  /**
   * Throttled like the password: a 429 before the code is even looked at. Answers where the
   * attempt comes from (a known device of the account has its own limit), for counting a failure.
   */
  async function refuseWhenThrottled(c: AdminContext, member: Awaited<ReturnType<typeof memberRow>>): Promise<SignInSource> {
    const { db } = deps(c);
    const source = await lock.source(db, c.req.header('cookie'), member.email.toLowerCase(), throttleKey(c), member);
    const wait = await lock.blocked(db, source);
    if (wait > 0) {
      await audit(db, { action: 'sign-in-throttled', actor: member.email.toLowerCase(), ip: addressOf(c), detail: { step: 'code', ...(source.device ? { device: true } : {}) } });
      throw new HttpError(429, STAFF_MESSAGES.throttled, { 'retry-after': String(wait) }, 'throttled');
    }
    return source;
  }

  const ctx: AccessContext = { opts, cookie, addressOf, throttleKey, lock, memberRow, refuseWhenThrottled };
  signInCodeRoutes(app, ctx);
  secondFactorRoutes(app, ctx);
  secondFactorChangeRoutes(app, ctx);
  passwordLinkRoutes(app, ctx);
  return app;
}
