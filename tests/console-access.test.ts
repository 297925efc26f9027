// The console's doors, against the real site on PGlite and PostgreSQL: the one-time set-up
// address, sign-in with and without a second factor (codes made with otpauth here), recovery
// codes, throttling (the same answer for an unknown address and a wrong password), sign-out here
// and everywhere, password reset by e-mailed link, staff management, session fixation, CSRF on
// every console write, roles and id-guessing, no-store on every /admin answer, and the
// admin:create-user script. Session expiry is unit-tested against readSession with a clock.
import './helpers/production.ts';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../common/staff.ts';
import { ACCESS_MESSAGES } from '../common/staff-access.ts';
import { announceSetup } from '../server/auth/accounts.ts';
import { createSession, readSession, sha256, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOTP_MS } from '../server/auth/sessions.ts';
import type { Db } from '../server/db/index.ts';
import { auditLog, rateLimits, staff, staffPasswordResets, staffRecoveryCodes, staffSessions } from '../server/db/schema.ts';
import { mailOutbox } from '../server/db/schema-enquiries.ts';
import { createLogger } from '../server/logger.ts';
import { backends, freshPostgresUrl, openTestDatabase, type TestDatabase } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, STAFF_PASSWORD, type SignedIn } from './helpers/staff.ts';

const SITE = 'http://localhost:3000';
const MAX_FAILS = 5;
const silent = createLogger('silent');

function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
}

/** The cookie (name=value) an answer sets, or undefined. */
function cookieOf(res: Response): string | undefined {
  const set = res.headers.getSetCookie().find((c) => !/Max-Age=0/.test(c));
  return set?.split(';')[0];
}

for (const backend of backends()) {
  describe(`console access on ${backend}`, () => {
    let site: InProcessSite;
    let base: string;
    let db: Db;
    let ownerPassword = STAFF_PASSWORD;
    let ownerId: number;
    let agentId: number;
    // A password-link request's work, held here once its answer has gone: drain() runs it.
    const afterAnswer: (() => Promise<void>)[] = [];
    const drain = async () => {
      while (afterAnswer.length) await afterAnswer.shift()!();
    };

    beforeAll(async () => {
      site = await startSite({
        backend,
        app: {
          forms: { startWorker: false },
          admin: {
            afterAnswer: (task) => afterAnswer.push(task),
            limits: { perAccount: { max: MAX_FAILS, windowMs: 15 * 60_000 }, perAddress: { max: 10_000, windowMs: 15 * 60_000 } },
            resetLimits: { perAccount: { max: 3, windowMs: 3600_000 }, perAddress: { max: 10_000, windowMs: 3600_000 } },
          },
        },
      });
      base = site.base;
      db = site.app.database!.db;
    });
    afterAll(() => site?.stop());

    const post = (p: string, json: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/admin${p}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, ...headers }, body: JSON.stringify(json) });
    const login = (email: string, password: string, cookie?: string) => post('/login', { email, password }, cookie ? { cookie } : {});
    const sessionOk = async (cookie: string) => (await fetch(`${base}/api/admin/session`, { headers: { cookie } })).status === 200;
    const clearThrottle = () => db.delete(rateLimits);
    const outbox = (kind: string) => db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(mailOutbox.id);
    const linkIn = (text: string) => /\/admin\/reset\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1];
    const auditActions = async (id: number) => (await db.select().from(auditLog).where(eq(auditLog.staff_id, id))).map((r) => r.action);

    it('creates the first owner with the logged set-up address once, then refuses it', async () => {
      const token = (await announceSetup(db, SITE, silent))!;
      expect(token).toMatch(/^[\w-]{20,}$/);
      expect(await (await fetch(`${base}/api/admin/setup?token=${token}`)).json()).toEqual({ valid: true });
      const form = { token, name: 'Amani Owner', email: 'owner@example.com', password: STAFF_PASSWORD };
      const first = await post('/setup', form);
      expect(first.status).toBe(201);
      expect(cookieOf(first)).toBeTruthy();
      expect(await sessionOk(cookieOf(first)!)).toBe(true);
      const again = await post('/setup', { ...form, email: 'second@example.com' });
      expect(again.status).toBe(403);
      expect((await again.json()).code).toBe('setup-invalid');
      expect(await (await fetch(`${base}/api/admin/setup?token=${token}`)).json()).toEqual({ valid: false });
      for (const t of [token, 'not-a-real-token']) {
        const page = await fetch(`${base}/admin/setup?token=${t}`);
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain('Set-up address not valid');
        expect(html).not.toContain('name="password"');
      }
      expect((await db.select().from(staff)).map((s) => s.email)).toEqual(['owner@example.com']);
      ownerId = (await db.select().from(staff))[0]!.id;
      agentId = await addStaff(db, 'agent@example.com', 'agent');
    });

    it('signs in with a new session id every time: a cookie set before sign-in is never the session', async () => {
      const planted = 'staff_session=AttackerChoseThisValue0123456789abcdefghijkl';
      const res = await login('agent@example.com', STAFF_PASSWORD, planted);
      expect(res.status).toBe(200);
      expect((await res.json()).next).toBe('done');
      const cookie = cookieOf(res)!;
      expect(cookie).toMatch(/^staff_session=[\w-]{40,}$/);
      expect(cookie).not.toBe(planted);
      expect(res.headers.getSetCookie()[0]).toMatch(/HttpOnly; SameSite=Lax/);
      expect(await sessionOk(planted)).toBe(false);
      expect(await sessionOk(cookie)).toBe(true);
      // Signing in again on the same browser: another id, and the earlier session is over.
      const again = await login('agent@example.com', STAFF_PASSWORD, cookie);
      const second = cookieOf(again)!;
      expect(second).not.toBe(cookie);
      expect(await sessionOk(second)).toBe(true);
      expect(await sessionOk(cookie)).toBe(false);
    });

    it('signs out here, and everywhere', async () => {
      const a = await signIn(base, 'agent@example.com');
      const b = await signIn(base, 'agent@example.com');
      const c = await signIn(base, 'agent@example.com');
      const out = await a.send('/logout');
      expect(out.status).toBe(200);
      expect(out.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);
      expect(await sessionOk(a.cookie)).toBe(false);
      expect(await sessionOk(b.cookie)).toBe(true);
      const live = await db.select().from(staffSessions).where(eq(staffSessions.staff_id, agentId));
      expect(live.length).toBeGreaterThanOrEqual(2);
      const everywhere = await b.send('/logout-everywhere');
      expect(await everywhere.json()).toMatchObject({ ok: true, sessions: live.length });
      expect(await db.select().from(staffSessions).where(eq(staffSessions.staff_id, agentId))).toHaveLength(0);
      expect(await sessionOk(b.cookie)).toBe(false);
      expect(await sessionOk(c.cookie)).toBe(false);
      expect(await auditActions(agentId)).toEqual(expect.arrayContaining(['sign-out', 'sign-out-everywhere']));
    });

    it(`throttles sign-in after ${MAX_FAILS} failures, with the same answers for an unknown address and a wrong password`, async () => {
      await clearThrottle();
      const answers: { status: number; body: unknown }[] = [];
      for (const email of ['agent@example.com', 'nobody-here@example.com']) {
        for (let i = 0; i < MAX_FAILS; i++) {
          const res = await login(email, 'wrong password, quite long');
          answers.push({ status: res.status, body: await res.json() });
        }
        const blocked = await login(email, email === 'agent@example.com' ? STAFF_PASSWORD : 'anything at all here');
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await blocked.json()).toEqual({ error: STAFF_MESSAGES.throttled, code: 'throttled' });
      }
      // Every failure, known account or not, is the same 401 with the same words.
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]).toEqual({ status: 401, body: { error: STAFF_MESSAGES.signInFailed, code: 'sign-in-failed' } });
      const unknown = await db.select().from(auditLog).where(eq(auditLog.actor, 'nobody-here@example.com'));
      expect(unknown.filter((r) => r.action === 'sign-in-failed')).toHaveLength(MAX_FAILS);
      expect(unknown.some((r) => r.action === 'sign-in-throttled')).toBe(true);
      await clearThrottle();
      expect((await login('agent@example.com', STAFF_PASSWORD)).status).toBe(200);
    });

    it('turns on two-step sign-in, then signs in with a code: a new session id, codes never accepted twice, recovery codes once each', async () => {
      await clearThrottle();
      const me = await signIn(base, 'agent@example.com');
      expect(await (await me.get('/account/totp')).json()).toEqual({ enabled: false, recoveryLeft: 0 });
      const started = (await (await me.send('/account/totp/start')).json()) as { secret: string; uri: string; qrSvg: string };
      expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(started.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
      expect(started.qrSvg).toMatch(/^<svg role="img" aria-label="[^"]+"/);
      const pending = (await (await me.get('/account/totp')).json()) as { enabled: boolean; pending: { secret: string } };
      expect(pending).toMatchObject({ enabled: false, pending: { secret: started.secret } });
      // Not on until a code is confirmed: sign-in still needs no code.
      expect((await (await login('agent@example.com', STAFF_PASSWORD)).json()).next).toBe('done');
      const wrong = await me.send('/account/totp/confirm', { code: totpCode(started.secret, Date.now() + 10 * 60_000) });
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).error).toBe(ACCESS_MESSAGES.totpSetupCode);
      const now = Date.now();
      const confirmed = await me.send('/account/totp/confirm', { code: totpCode(started.secret, now) });
      expect(confirmed.status).toBe(200);
      const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const stored = await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_id, agentId));
      expect(stored.map((r) => r.code_hash).sort()).toEqual(recoveryCodes.map((c) => sha256(c.replace('-', ''))).sort());
      expect(await (await me.get('/account/totp')).json()).toEqual({ enabled: true, recoveryLeft: 10 });

      // Password: a half-way session, good for nothing but the code.
      const step1 = await login('agent@example.com', STAFF_PASSWORD);
      expect((await step1.json()).next).toBe('totp');
      const halfway = cookieOf(step1)!;
      expect(await sessionOk(halfway)).toBe(false);
      const csrf = ((await (await fetch(`${base}/api/admin/login/totp`, { headers: { cookie: halfway } })).json()) as { csrf: string }).csrf;
      const code = (c: string, token = csrf) => post('/login/totp', { code: c }, { cookie: halfway, 'x-csrf-token': token });
      expect((await code(totpCode(started.secret, now + 30_000), 'forged')).status).toBe(403);
      const bad = await code('123456' === totpCode(started.secret, now) ? '654321' : '123456');
      expect(bad.status).toBe(401);
      expect(await bad.json()).toEqual({ error: STAFF_MESSAGES.totp, code: 'invalid-code' });
      // The code used to turn it on was spent: never accepted twice.
      expect((await code(totpCode(started.secret, now))).status).toBe(401);
      const ok = await code(totpCode(started.secret, now + 30_000));
      expect(ok.status).toBe(200);
      const full = cookieOf(ok)!;
      expect(full).not.toBe(halfway);
      expect(await sessionOk(full)).toBe(true);
      expect((await fetch(`${base}/api/admin/login/totp`, { headers: { cookie: halfway } })).status).toBe(401);
      expect(((await ok.json()) as { staff: { totp: boolean } }).staff.totp).toBe(true);
      const signIns = await db.select().from(auditLog).where(sql`${auditLog.staff_id} = ${agentId} and ${auditLog.action} in ('sign-in', 'sign-in-code-failed')`);
      expect(signIns.some((r) => r.action === 'sign-in' && r.detail?.factor === 'totp')).toBe(true);
      expect(signIns.filter((r) => r.action === 'sign-in-code-failed').length).toBeGreaterThanOrEqual(2);

      // A recovery code works once (with or without its dash, any case).
      const withCode = async (c: string) => {
        const r = await login('agent@example.com', STAFF_PASSWORD);
        const cookie = cookieOf(r)!;
        const token = ((await (await fetch(`${base}/api/admin/login/totp`, { headers: { cookie } })).json()) as { csrf: string }).csrf;
        return post('/login/totp', { code: c }, { cookie, 'x-csrf-token': token });
      };
      const rec = await withCode(recoveryCodes[0]!.toUpperCase());
      expect(rec.status).toBe(200);
      expect(await rec.json()).toMatchObject({ factor: 'recovery', recoveryLeft: 9 });
      expect((await withCode(recoveryCodes[0]!)).status).toBe(401);
      expect((await withCode(recoveryCodes[1]!.replace('-', ''))).status).toBe(200);

      // Wrong codes are throttled like passwords, together with them.
      await clearThrottle();
      const waiting = await login('agent@example.com', STAFF_PASSWORD);
      const waitingCookie = cookieOf(waiting)!;
      const waitingCsrf = ((await (await fetch(`${base}/api/admin/login/totp`, { headers: { cookie: waitingCookie } })).json()) as { csrf: string }).csrf;
      for (let i = 0; i < MAX_FAILS; i++) expect((await withCode('zzzzz-zzzzz')).status).toBe(401);
      const throttled = await post('/login/totp', { code: recoveryCodes[2] }, { cookie: waitingCookie, 'x-csrf-token': waitingCsrf });
      expect(throttled.status).toBe(429);
      expect((await throttled.json()).error).toBe(STAFF_MESSAGES.throttled);
      expect((await login('agent@example.com', STAFF_PASSWORD)).status).toBe(429);
      await clearThrottle();

      // Turning it off needs the password and a code.
      const session = await withCode(recoveryCodes[2]!);
      const cookie = cookieOf(session)!;
      const token = ((await session.json()) as { csrf: string }).csrf;
      // New recovery codes, with a code: the earlier ones stop working.
      const renew = (json: unknown) => post('/account/totp/recovery', json, { cookie, 'x-csrf-token': token });
      expect((await renew({ code: 'zzzzz-zzzzz' })).status).toBe(400);
      const renewed = await renew({ code: recoveryCodes[3] });
      expect(renewed.status).toBe(200);
      const fresh = ((await renewed.json()) as { recoveryCodes: string[] }).recoveryCodes;
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
      expect((await withCode(recoveryCodes[4]!)).status).toBe(401);
      const off = (json: unknown) => post('/account/totp/disable', json, { cookie, 'x-csrf-token': token });
      expect((await off({ password: 'not my password at all', code: fresh[0] })).status).toBe(400);
      expect((await off({ password: STAFF_PASSWORD, code: 'zzzzz-zzzzz' })).status).toBe(400);
      expect((await off({ password: STAFF_PASSWORD, code: fresh[0] })).status).toBe(200);
      expect(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_id, agentId))).toHaveLength(0);
      expect((await (await login('agent@example.com', STAFF_PASSWORD)).json()).next).toBe('done');
      expect(await auditActions(agentId)).toEqual(expect.arrayContaining(['totp.enable', 'totp.recovery-codes', 'totp.disable', 'totp.disable-failed']));
      await clearThrottle();
    });

    it('resets a password with an e-mailed single-use link valid 30 minutes; every session ends', async () => {
      const before = await signIn(base, 'owner@example.com', ownerPassword);
      const known = await post('/reset', { email: 'owner@example.com' });
      const unknown = await post('/reset', { email: 'no-account@example.com' });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(await unknown.json()).toEqual(await known.json());
      const headers = (r: Response) => [...r.headers].filter(([k]) => k !== 'date');
      expect(headers(unknown)).toEqual(headers(known));
      // Both were answered before anything was looked up: no link, no e-mail, no audit line yet.
      expect(afterAnswer).toHaveLength(2);
      expect(await outbox('staff-password-reset')).toHaveLength(0);
      expect(await db.select().from(staffPasswordResets)).toHaveLength(0);
      expect(await auditActions(ownerId)).not.toContain('password-reset-requested');
      await drain();
      const mails = await outbox('staff-password-reset');
      expect(mails).toHaveLength(1);
      const mail = mails[0]!.message;
      expect(mail.to.address).toBe('owner@example.com');
      expect(mail.text).toContain('30 minutes');
      const token = linkIn(mail.text)!;
      expect(mail.text).toContain(`${SITE}/admin/reset/${token}`);
      expect(mail.html).toContain(`${SITE}/admin/reset/${token}`);
      const [row] = await db.select().from(staffPasswordResets).where(eq(staffPasswordResets.staff_id, ownerId));
      expect(row!.token_hash).toBe(sha256(token));
      const minutes = (row!.expires_at.getTime() - row!.created_at.getTime()) / 60_000;
      expect(minutes).toBe(30);

      const page = await fetch(`${base}/admin/reset/${token}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await page.text();
      expect(html).toContain('<meta name="referrer" content="no-referrer"');
      expect(html).toContain('Choose a new password');

      const weak = await post('/reset/complete', { token, password: 'password1234' });
      expect(weak.status).toBe(400);
      expect((await weak.json()).code).toBe('invalid-password');
      expect((await (await fetch(`${base}/api/admin/reset/${token}`)).json()).valid).toBe(true);
      const newPassword = 'acacia thorn river lodge 7';
      const done = await post('/reset/complete', { token, password: newPassword });
      expect(done.status).toBe(200);
      expect(await sessionOk(before.cookie)).toBe(false);
      expect((await login('owner@example.com', ownerPassword)).status).toBe(401);
      expect((await login('owner@example.com', newPassword)).status).toBe(200);
      ownerPassword = newPassword;
      const reused = await post('/reset/complete', { token, password: 'another fresh passphrase 9' });
      expect(reused.status).toBe(400);
      expect(await reused.json()).toEqual({ error: ACCESS_MESSAGES.resetInvalid, code: 'reset-invalid' });
      expect(await (await fetch(`${base}/admin/reset/${token}`)).text()).toContain('Link not valid');
      expect(await auditActions(ownerId)).toEqual(expect.arrayContaining(['password-reset-requested', 'password-reset']));

      // An expired link is refused.
      await post('/reset', { email: 'owner@example.com' });
      await drain();
      const expired = linkIn((await outbox('staff-password-reset'))[1]!.message.text)!;
      await db
        .update(staffPasswordResets)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(staffPasswordResets.token_hash, sha256(expired)));
      expect(await (await fetch(`${base}/api/admin/reset/${expired}`)).json()).toEqual({ valid: false });
      expect((await post('/reset/complete', { token: expired, password: 'another fresh passphrase 9' })).status).toBe(400);
      expect((await login('owner@example.com', ownerPassword)).status).toBe(200);

      // Throttled per address typed, known or not: the same answer either way.
      expect((await post('/reset', { email: 'owner@example.com' })).status).toBe(202);
      const blocked = await post('/reset', { email: 'owner@example.com' });
      expect(blocked.status).toBe(429);
      expect((await blocked.json()).error).toBe(STAFF_MESSAGES.throttled);
      await post('/reset', { email: 'no-account@example.com' });
      await post('/reset', { email: 'no-account@example.com' });
      expect((await post('/reset', { email: 'no-account@example.com' })).status).toBe(429);
      await drain();
      expect(await outbox('staff-password-reset')).toHaveLength(3);
    });

    it('lets an owner add a member (e-mailed 48-hour link, no password), change roles, disable, enable and sign out; never themself, never the last owner', async () => {
      const owner = await signIn(base, 'owner@example.com', ownerPassword);
      const added = await owner.send('/staff', { email: 'Neema@Example.com', name: 'Neema W', role: 'agent' });
      expect(added.status).toBe(201);
      const { id } = (await added.json()) as { id: number };
      expect((await owner.send('/staff', { email: 'neema@example.com', name: '', role: 'agent' })).status).toBe(400);
      expect((await owner.send('/staff', { email: 'x@example.com', name: '', role: 'admin' })).status).toBe(400);
      const invite = (await outbox('staff-invitation')).at(-1)!.message;
      expect(invite.to.address).toBe('Neema@Example.com');
      expect(invite.text).toContain('48 hours');
      const token = linkIn(invite.text)!;
      const [link] = await db
        .select()
        .from(staffPasswordResets)
        .where(eq(staffPasswordResets.token_hash, sha256(token)));
      expect((link!.expires_at.getTime() - link!.created_at.getTime()) / 3600_000).toBe(48);
      let list = (await (await owner.get('/staff')).json()) as { staff: { id: number; invited: boolean; role: string; disabled: boolean }[] };
      expect(list.staff.find((s) => s.id === id)).toMatchObject({ invited: true, role: 'agent', disabled: false });
      expect(await (await fetch(`${base}/api/admin/reset/${token}`)).json()).toMatchObject({ valid: true, invite: true });
      expect((await post('/reset/complete', { token, password: 'giraffe window copper tide' })).status).toBe(200);
      const neema = await signIn(base, 'neema@example.com', 'giraffe window copper tide');
      list = (await (await owner.get('/staff')).json()) as typeof list;
      expect(list.staff.find((s) => s.id === id)?.invited).toBe(false);

      expect((await owner.send(`/staff/${id}/role`, { role: 'owner' })).status).toBe(200);
      expect((await db.select().from(staff).where(eq(staff.id, id)))[0]!.role).toBe('owner');
      // Never yourself.
      const self = await owner.send(`/staff/${ownerId}/role`, { role: 'agent' });
      expect(self.status).toBe(403);
      expect((await self.json()).error).toBe(ACCESS_MESSAGES.self);
      expect((await owner.send(`/staff/${ownerId}/disable`)).status).toBe(403);
      // Two owners demoting each other at once: one of them stays owner.
      const neemaOwner = await signIn(base, 'neema@example.com', 'giraffe window copper tide');
      const race = await Promise.all([owner.send(`/staff/${id}/role`, { role: 'agent' }), neemaOwner.send(`/staff/${ownerId}/role`, { role: 'agent' })]);
      // The second is refused: as the last owner (409), or because its sender is no owner any more (403).
      expect(race.filter((r) => r.status === 200)).toHaveLength(1);
      const refused = race.find((r) => r.status !== 200)!;
      expect([403, 409]).toContain(refused.status);
      if (refused.status === 409) expect((await refused.json()).error).toBe(ACCESS_MESSAGES.lastOwner);
      const owners = await db.select().from(staff).where(eq(staff.role, 'owner'));
      expect(owners).toHaveLength(1);
      // Put things back: the first owner stays the owner for the rest of the tests.
      if (owners[0]!.id !== ownerId) await db.update(staff).set({ role: 'owner' }).where(eq(staff.id, ownerId));
      await db.update(staff).set({ role: 'agent' }).where(eq(staff.id, id));

      // Disabling ends their sessions and stops sign-in (with the usual answer); enabling lets them back.
      expect(await sessionOk(neema.cookie)).toBe(true);
      const disabled = await owner.send(`/staff/${id}/disable`);
      expect(await disabled.json()).toMatchObject({ ok: true, sessionsEnded: 2 });
      expect(await sessionOk(neema.cookie)).toBe(false);
      const tryIn = await login('neema@example.com', 'giraffe window copper tide');
      expect(tryIn.status).toBe(401);
      expect((await tryIn.json()).error).toBe(STAFF_MESSAGES.signInFailed);
      expect((await owner.send(`/staff/${id}/enable`)).status).toBe(200);
      const n1 = await signIn(base, 'neema@example.com', 'giraffe window copper tide');
      const n2 = await signIn(base, 'neema@example.com', 'giraffe window copper tide');
      expect(await (await owner.send(`/staff/${id}/sign-out`)).json()).toMatchObject({ ok: true, sessionsEnded: 2 });
      expect(await sessionOk(n1.cookie)).toBe(false);
      expect(await sessionOk(n2.cookie)).toBe(false);
      const log = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `staff:${id}`));
      expect(log.map((r) => r.action)).toEqual(expect.arrayContaining(['staff.create', 'password-set', 'staff.role', 'staff.disable', 'staff.enable', 'staff.sign-out-everywhere']));
      expect(log.find((r) => r.action === 'staff.create')).toMatchObject({ staff_id: ownerId, actor: 'owner@example.com', ip: expect.stringContaining('127.0.0.1') });
      await clearThrottle();
    });

    it('shows owners the audit log newest first, 50 a page, filtered by action and member', async () => {
      const owner = await signIn(base, 'owner@example.com', ownerPassword);
      for (let i = 0; i < 3; i++) await login('agent@example.com', 'wrong password, quite long');
      const all = (await (await owner.get('/audit')).json()) as { entries: { at: string; action: string; staffId: number }[]; total: number; pages: number; actions: string[] };
      expect(all.total).toBeGreaterThan(50);
      expect(all.entries).toHaveLength(50);
      expect(all.pages).toBe(Math.ceil(all.total / 50));
      const times = all.entries.map((e) => e.at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(all.actions).toEqual(expect.arrayContaining(['sign-in', 'sign-in-failed', 'staff.create']));
      const last = (await (await owner.get(`/audit?page=${all.pages}`)).json()) as { entries: unknown[] };
      expect(last.entries.length).toBe(all.total - 50 * (all.pages - 1));
      const failed = (await (await owner.get(`/audit?action=sign-in-failed&staff=${agentId}`)).json()) as { entries: { action: string; staffId: number }[]; total: number };
      expect(failed.total).toBeGreaterThanOrEqual(3 + MAX_FAILS);
      expect(failed.entries.every((e) => e.action === 'sign-in-failed' && e.staffId === agentId)).toBe(true);
      const html = await (await fetch(`${base}/admin/audit?action=sign-in-failed`, { headers: { cookie: owner.cookie } })).text();
      expect(html).toContain('Sign-in failed');
      expect(html).toContain('agent@example.com');
      await clearThrottle();
    });

    it('refuses owner screens to agents, and answers unknown or malformed ids with 404, never 500', async () => {
      const agent = await signIn(base, 'agent@example.com');
      const owner = await signIn(base, 'owner@example.com', ownerPassword);
      for (const p of ['/staff', '/audit']) expect((await agent.get(p)).status, p).toBe(403);
      expect((await agent.send('/staff', { email: 'sneaky@example.com', name: '', role: 'owner' })).status).toBe(403);
      expect((await agent.send(`/staff/${agentId}/role`, { role: 'owner' })).status).toBe(403);
      expect((await agent.send(`/staff/${ownerId}/disable`)).status).toBe(403);
      for (const p of ['/admin/staff', '/admin/audit']) {
        const page = await fetch(base + p, { headers: { cookie: agent.cookie } });
        expect(page.status, p).toBe(403);
        expect(await page.text()).toContain('Not allowed');
      }
      expect((await db.select().from(staff).where(eq(staff.id, agentId)))[0]!.role).toBe('agent');
      for (const id of ['99999', 'abc', '1e3', '-1', '0', '%27%20or%201%3D1', '00012', '9999999999999']) {
        for (const action of ['role', 'disable', 'enable', 'sign-out', 'invite']) {
          const res = await owner.send(`/staff/${id}/${action}`, { role: 'agent' });
          expect(res.status, `${id}/${action}`).toBe(404);
        }
      }
      for (const q of ['page=abc', 'page=0', 'staff=x', 'staff=-1', `action=${'x'.repeat(100)}`]) expect((await owner.get(`/audit?${q}`)).status, q).toBe(400);
      for (const p of ['/admin/audit?page=abc', '/admin/staff/12', '/admin/staff/abc', '/admin/no-such-screen']) {
        const res = await fetch(base + p, { headers: { cookie: owner.cookie } });
        expect(res.status, p).toBe(404);
      }
    });

    it('refuses every console write without the session’s anti-forgery token, with another session’s, or from another site', async () => {
      const owner = await signIn(base, 'owner@example.com', ownerPassword);
      const other = await signIn(base, 'agent@example.com');
      // Every write route of the console API, whoever added it. (POST /api/admin/clients is the
      // public newsletter sign-up of the product spec, not the console.)
      const anonymous = new Set(['/api/admin/clients', '/api/admin/login', '/api/admin/setup', '/api/admin/reset', '/api/admin/reset/complete', '/api/admin/login/totp']);
      const writes = [
        ...new Set(
          site.app
            .api!.routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.path.startsWith('/api/admin/') && !anonymous.has(r.path))
            .map((r) => `${r.method} ${r.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, String(agentId))}`),
        ),
      ];
      expect(writes.length).toBeGreaterThanOrEqual(12);
      for (const w of writes) {
        const [method, p] = w.split(' ') as [string, string];
        const send = (headers: Record<string, string>) => fetch(base + p, { method, headers: { 'content-type': 'application/json', cookie: owner.cookie, ...headers }, body: '{}' });
        const none = await send({ origin: base });
        expect(none.status, `${w} without a token`).toBe(403);
        expect((await none.json()).code, w).toBe('csrf');
        expect((await send({ origin: base, 'x-csrf-token': other.csrf })).status, `${w} with another session's token`).toBe(403);
        expect((await send({ origin: 'https://evil.example', 'x-csrf-token': owner.csrf })).status, `${w} from another site`).toBe(403);
      }
      expect(await sessionOk(owner.cookie)).toBe(true);
      expect((await db.select().from(staff).where(eq(staff.id, agentId)))[0]!.disabled_at).toBeNull();
      // Anonymous writes are refused from another site too.
      for (const p of ['/login', '/reset', '/setup']) expect((await post(p, {}, { origin: 'https://evil.example' })).status, p).toBe(403);
      // The console's own forms: an action posted without the field's token changes nothing.
      const form = new URLSearchParams({ intent: 'disable', id: String(agentId) });
      const page = await fetch(`${base}/admin/staff`, { method: 'POST', headers: { cookie: owner.cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
      expect(await page.text()).toContain(STAFF_MESSAGES.csrf);
      expect((await db.select().from(staff).where(eq(staff.id, agentId)))[0]!.disabled_at).toBeNull();
    });

    it('never lets anything under /admin be stored, and sends anonymous visitors to sign-in (303) with no data', async () => {
      const layout = await readFile(path.resolve('app/routes/admin/layout.tsx'), 'utf8');
      const sections = [...layout.matchAll(/to: '(\/admin[^']*)'/g)].map((m) => m[1]!);
      expect(sections).toEqual(expect.arrayContaining(['/admin', '/admin/staff', '/admin/audit', '/admin/account']));
      const signedIn = [...new Set([...sections, '/admin/account', '/admin/no-such-screen', '/admin/staff/1'])];
      const dataOf = (p: string) => (p === '/admin' ? '/admin.data' : `${p}.data`);
      const owner = await signIn(base, 'owner@example.com', ownerPassword);
      const noStore = (res: Response, what: string) => expect(res.headers.get('cache-control'), what).toBe('no-store');

      for (const p of signedIn) {
        for (const u of [p, dataOf(p), `${p}?x=1`]) {
          const anon = await fetch(base + u, { redirect: 'manual' });
          noStore(anon, `anonymous ${u}`);
          const body = await anon.text();
          if (u.includes('.data')) {
            // A client data request gets the 303 encoded for React Router, which follows it.
            expect(anon.status, u).toBe(202);
            expect(body, u).toMatch(/^\[\["SingleFetchRedirect",1\],\{[^}]*\},"redirect","\/admin\/login(\?next=[^"]*)?","status",303,/);
            expect(body.length, u).toBeLessThan(300);
          } else {
            expect(anon.status, u).toBe(303);
            expect(anon.headers.get('location'), u).toMatch(/^\/admin\/login(\?next=|$)/);
            expect(body.length, u).toBeLessThan(200);
          }
          for (const secret of ['owner@example.com', 'agent@example.com', '"csrf"', 'Staff']) expect(body, u).not.toContain(secret);
          const signed = await fetch(base + u, { headers: { cookie: owner.cookie }, redirect: 'manual' });
          noStore(signed, `signed-in ${u}`);
          expect(signed.headers.get('x-robots-tag'), u).toContain('noindex');
          await signed.arrayBuffer();
        }
      }
      // The pages one may see signed out, and where their forms send people.
      for (const u of [
        '/admin/login',
        '/admin/login?next=/admin/staff',
        '/admin/login/code',
        '/admin/reset',
        '/admin/reset/not-a-token-at-all-0123456789',
        '/admin/setup',
        '/admin/setup?token=x',
        '/admin/login.data',
        '/admin/reset.data',
      ]) {
        const res = await fetch(base + u, { redirect: 'manual' });
        noStore(res, u);
        await res.arrayBuffer();
      }
      const code = await fetch(`${base}/admin/login/code`, { redirect: 'manual' });
      expect(code.status).toBe(303);
      expect(code.headers.get('location')).toMatch(/^\/admin\/login/);
      // Redirects after a form: signing out.
      const out = await fetch(`${base}/admin/logout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: (await signIn(base, 'agent@example.com')).cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(out.status).toBe(303);
      noStore(out, 'POST /admin/logout');
      // Every GET of the console API, signed in and not.
      const gets = [...new Set(site.app.api!.routes.filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin/')).map((r) => r.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, 'x1')))];
      expect(gets.length).toBeGreaterThanOrEqual(6);
      for (const p of gets) {
        for (const headers of [{}, { cookie: owner.cookie }] as Record<string, string>[]) {
          const res = await fetch(base + p, { headers });
          noStore(res, p);
          expect(res.status, p).toBeLessThan(500);
          await res.arrayBuffer();
        }
      }
    });
  });
}

describe('sessions: idle and absolute expiry', () => {
  let t: TestDatabase;
  let staffId: number;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    staffId = await addStaff(t.db, 'clock@example.com', 'agent');
  });
  afterAll(() => t?.drop());
  const t0 = new Date('2026-03-01T08:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it('ends a session unused for 12 hours', async () => {
    const s = await createSession(t.db, staffId, {}, t0);
    expect((await readSession(t.db, s.token, at(SESSION_IDLE_MS - 60_000)))?.staff.email).toBe('clock@example.com');
    // That use counts: 12 hours after it, still fine…
    expect(await readSession(t.db, s.token, at(2 * SESSION_IDLE_MS - 120_000))).not.toBeNull();
    // …but not 12 hours and a second after the last use, and it is gone for good.
    expect(await readSession(t.db, s.token, at(3 * SESSION_IDLE_MS - 119_000))).toBeNull();
    expect(
      await t.db
        .select()
        .from(staffSessions)
        .where(eq(staffSessions.id_hash, sha256(s.token))),
    ).toHaveLength(0);
    expect(await readSession(t.db, s.token, at(3 * SESSION_IDLE_MS - 120_000))).toBeNull();
  });

  it('ends a session 14 days after sign-in however much it is used', async () => {
    const s = await createSession(t.db, staffId, {}, t0);
    expect(s.expiresAt.getTime() - t0.getTime()).toBe(SESSION_ABSOLUTE_MS);
    let last = t0.getTime();
    for (let ms = 11 * 3600_000; ms < SESSION_ABSOLUTE_MS; ms += 11 * 3600_000) {
      expect(await readSession(t.db, s.token, at(ms)), `after ${ms / 3600_000} h`).not.toBeNull();
      last = ms;
    }
    expect(SESSION_ABSOLUTE_MS - last).toBeLessThan(SESSION_IDLE_MS);
    expect(await readSession(t.db, s.token, at(SESSION_ABSOLUTE_MS))).toBeNull();
  });

  it('gives the half-way session of two-step sign-in 10 minutes, and ends sessions of a disabled account', async () => {
    const half = await createSession(t.db, staffId, { stage: 'totp' }, t0);
    expect((await readSession(t.db, half.token, at(SESSION_TOTP_MS - 1000)))?.stage).toBe('totp');
    expect(await readSession(t.db, half.token, at(SESSION_TOTP_MS + 1000))).toBeNull();
    const s = await createSession(t.db, staffId, {}, t0);
    await t.db.update(staff).set({ disabled_at: t0 }).where(eq(staff.id, staffId));
    expect(await readSession(t.db, s.token, at(60_000))).toBeNull();
    await t.db.update(staff).set({ disabled_at: null }).where(eq(staff.id, staffId));
  });
});

for (const backend of backends()) {
  describe(`npm run admin:create-user on ${backend}`, () => {
    const run = (args: string[], env: Record<string, string>) =>
      new Promise<{ code: number; out: string; err: string }>((resolve) => {
        const { DATABASE_URL: _skip, ...base } = process.env;
        const child = spawn(process.execPath, ['server/auth/create-user.ts', ...args], { env: { ...base, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (err += d));
        child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
      });

    it('creates an account from ADMIN_PASSWORD that can sign in, refuses a weak password and a taken address', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'create-user-'));
      const pg = backend === 'postgres' ? await freshPostgresUrl() : undefined;
      const env = { DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) };
      let site: InProcessSite | undefined;
      try {
        const weak = await run(['--email', 'ops@example.com', '--role', 'owner'], { ...env, ADMIN_PASSWORD: 'password1234' });
        expect(weak.code).toBe(1);
        expect(weak.err).toContain(STAFF_MESSAGES.passwordCommon);
        const noRole = await run(['--email', 'ops@example.com'], { ...env, ADMIN_PASSWORD: STAFF_PASSWORD });
        expect(noRole.code).toBe(1);
        expect(noRole.err).toContain('--role owner or --role agent');
        const made = await run(['--email', 'ops@example.com', '--role', 'owner', '--name', 'Ops Person'], { ...env, ADMIN_PASSWORD: STAFF_PASSWORD });
        expect(made.err).toBe('');
        expect(made.code).toBe(0);
        expect(made.out.trim().split('\n')).toHaveLength(1);
        expect(made.out).toMatch(/^Created owner ops@example\.com \(staff #\d+\)/);
        const taken = await run(['--email', 'OPS@example.com', '--role', 'agent'], { ...env, ADMIN_PASSWORD: STAFF_PASSWORD });
        expect(taken.code).toBe(1);
        expect(taken.err).toContain('There is already an account with this email address.');

        site = await startSite({ env });
        const me: SignedIn = await signIn(site.base, 'ops@example.com');
        expect(me.session.staff).toMatchObject({ email: 'ops@example.com', name: 'Ops Person', role: 'owner', totp: false });
        const [entry] = await site.app.database!.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'));
        expect(entry!.detail).toMatchObject({ via: 'admin:create-user', role: 'owner' });
        // With an owner, the site has no set-up address any more.
        expect(await (await fetch(`${site.base}/api/admin/setup?token=anything`)).json()).toEqual({ valid: false });
      } finally {
        await site?.stop();
        await pg?.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });
}
