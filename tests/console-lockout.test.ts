// The sign-in lock against the real site, on PGlite and PostgreSQL: wrong passwords typed in a
// browser that never signed in lock the account for those browsers, but not for a browser that
// signed in to it before (its device cookie), which has its own small limit; the owner is
// e-mailed once per lock; a lock cannot be stretched by hammering it; device cookies of another
// account, forged ones and ones older than the last password change count for nothing. Also: a
// password-link request does its work after its answer, with the site's own runner.
import './helpers/production.ts';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../common/staff.ts';
import type { Db } from '../server/db/index.ts';
import { auditLog, rateLimits, staff } from '../server/db/schema.ts';
import { mailOutbox } from '../server/db/schema-enquiries.ts';
import { keyHash } from '../server/spam/rate-limit.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, STAFF_PASSWORD } from './helpers/staff.ts';

const SITE = 'http://localhost:3000';
const ACCOUNT_MAX = 8;
const DEVICE_MAX = 5;
const WRONG = 'not the password, a guess';
const YEAR = 365 * 24 * 3600_000;

for (const backend of backends()) {
  describe(`sign-in lock and known devices on ${backend}`, () => {
    let site: InProcessSite;
    let base: string;
    let db: Db;

    beforeAll(async () => {
      site = await startSite({
        backend,
        app: {
          forms: { startWorker: false },
          // The default allowances, in windows long enough that none ends during the test; the
          // address limit out of the way (every attempt here comes from 127.0.0.1).
          admin: { limits: { perAccount: { max: ACCOUNT_MAX, windowMs: YEAR }, perDevice: { max: DEVICE_MAX, windowMs: YEAR }, perAddress: { max: 10_000, windowMs: YEAR } } },
        },
      });
      base = site.base;
      db = site.app.database!.db;
      await addStaff(db, 'owner@example.com', 'owner', STAFF_PASSWORD, 'Amani Owner');
      await addStaff(db, 'agent@example.com', 'agent', STAFF_PASSWORD, 'Neema Agent');
    });
    afterAll(() => site?.stop());

    const login = (email: string, password: string, cookie?: string) =>
      fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ email, password }),
      });
    /** The device cookie (name=value) an answer sets, and its whole Set-Cookie line. */
    const deviceOf = (res: Response) => {
      const line = res.headers.getSetCookie().find((c) => c.startsWith('staff_device='));
      return line ? { cookie: line.split(';')[0]!, line } : undefined;
    };
    const lockMails = (to: string) =>
      db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'staff-account-locked'))
        .then((rows) => rows.filter((r) => r.message.to.address === to));
    const accountHits = async (email: string) =>
      (
        await db
          .select()
          .from(rateLimits)
          .where(and(eq(rateLimits.bucket, 'signin-account'), eq(rateLimits.key_hash, keyHash(email))))
      ).reduce((n, r) => n + Number(r.hits), 0);

    it('a browser that signed in before still signs in while wrong passwords from elsewhere keep the account locked; others are refused', async () => {
      const first = await login('owner@example.com', STAFF_PASSWORD);
      expect(first.status).toBe(200);
      const device = deviceOf(first)!;
      expect(device.cookie).toMatch(/^staff_device=\d+\.\d+\.[\w-]{24}\.[\w-]{43}$/);
      expect(device.line).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=15552000$/);

      // Wrong passwords from a browser without the cookie: the account is locked for such browsers.
      for (let i = 0; i < ACCOUNT_MAX; i++) expect((await login('owner@example.com', WRONG)).status).toBe(401);
      const elsewhere = await login('owner@example.com', STAFF_PASSWORD);
      expect(elsewhere.status).toBe(429);
      expect(await elsewhere.json()).toEqual({ error: STAFF_MESSAGES.throttled, code: 'throttled' });
      // A device cookie of no account, or a forged one, is no known device.
      const forged = device.cookie.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
      expect((await login('owner@example.com', STAFF_PASSWORD, forged)).status).toBe(429);
      expect((await login('owner@example.com', STAFF_PASSWORD, 'staff_device=1.2.3.4')).status).toBe(429);

      // The known browser: the right password signs in, a new session, the cookie renewed.
      const known = await login('owner@example.com', STAFF_PASSWORD, device.cookie);
      expect(known.status).toBe(200);
      expect((await known.json()).next).toBe('done');
      const session = known.headers
        .getSetCookie()
        .find((c) => c.startsWith('staff_session='))!
        .split(';')[0]!;
      expect((await fetch(`${base}/api/admin/session`, { headers: { cookie: session } })).status).toBe(200);
      expect(deviceOf(known)).toBeTruthy();

      // Hammering the lock does not stretch it: refused attempts are not counted.
      for (let i = 0; i < 5; i++) expect((await login('owner@example.com', WRONG)).status).toBe(429);
      expect(await accountHits('owner@example.com')).toBe(ACCOUNT_MAX);
      expect((await db.select().from(auditLog).where(eq(auditLog.action, 'sign-in-locked'))).map((r) => r.actor)).toEqual(['owner@example.com']);
    });

    it('e-mails the owner once per lock: when (in the operator’s time zone), that a known browser still signs in, how to choose a new password', async () => {
      const mails = await lockMails('owner@example.com');
      expect(mails).toHaveLength(1);
      const m = mails[0]!.message;
      expect(m.to).toEqual({ name: 'Amani Owner', address: 'owner@example.com' });
      expect(m.subject).toBe('Kigezi Trails console: sign-in to your account was locked');
      expect(m.text).toMatch(/was locked at \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(Africa\/Kampala, UTC\+3\), after 8 failed attempts/);
      expect(m.text).toContain('A browser you have signed in with before can still sign in');
      expect(m.text).toContain(`${SITE}/admin/reset`);
      expect(m.html).toContain(`href="${SITE}/admin/reset"`);
      // More refused attempts, a sign-in from the known browser: still one e-mail for this lock.
      await login('owner@example.com', WRONG);
      expect(await lockMails('owner@example.com')).toHaveLength(1);
    });

    it('wrong passwords from a known browser count against that browser only, with its own small limit', async () => {
      const device = deviceOf(await login('agent@example.com', STAFF_PASSWORD))!;
      for (let i = 0; i < DEVICE_MAX; i++) expect((await login('agent@example.com', WRONG, device.cookie)).status).toBe(401);
      const limited = await login('agent@example.com', STAFF_PASSWORD, device.cookie);
      expect(limited.status).toBe(429);
      expect((await limited.json()).error).toBe(STAFF_MESSAGES.throttled);
      // They did not count against the account: another browser signs in, and nobody was e-mailed.
      expect(await accountHits('agent@example.com')).toBe(0);
      expect((await login('agent@example.com', STAFF_PASSWORD)).status).toBe(200);
      expect(await lockMails('agent@example.com')).toHaveLength(0);
    });

    it('a device cookie is for its own account, and stops counting when the password changes', async () => {
      // The owner's account is locked (first test); the agent's device cookie does not open it.
      const agentDevice = deviceOf(await login('agent@example.com', STAFF_PASSWORD))!;
      expect((await login('owner@example.com', STAFF_PASSWORD, agentDevice.cookie)).status).toBe(429);

      // A cookie the owner got before the password changed (the lock lifted a moment to get one).
      const saved = await db.select().from(rateLimits).where(eq(rateLimits.bucket, 'signin-account'));
      await db.delete(rateLimits).where(eq(rateLimits.bucket, 'signin-account'));
      const ownerDevice = deviceOf(await login('owner@example.com', STAFF_PASSWORD))!;
      await db.insert(rateLimits).values(saved);
      expect((await login('owner@example.com', STAFF_PASSWORD, ownerDevice.cookie)).status).toBe(200);
      // The password changes elsewhere (a reset): cookies given before it are no longer known devices.
      await db
        .update(staff)
        .set({ password_changed_at: new Date(Date.now() + 1000) })
        .where(eq(staff.email_key, 'owner@example.com'));
      expect((await login('owner@example.com', STAFF_PASSWORD, ownerDevice.cookie)).status).toBe(429);
      await db
        .update(staff)
        .set({ password_changed_at: new Date(Date.now() - 60_000) })
        .where(eq(staff.email_key, 'owner@example.com'));
    });

    it('changing the password keeps this browser a known device (a new cookie)', async () => {
      await db.delete(rateLimits);
      const me = await signIn(base, 'agent@example.com');
      const changed = await me.send('/password', { current: STAFF_PASSWORD, password: 'heron papyrus quarry lantern' });
      expect(changed.status).toBe(200);
      const device = deviceOf(changed)!;
      expect(device).toBeTruthy();
      for (let i = 0; i < ACCOUNT_MAX; i++) await login('agent@example.com', WRONG);
      expect((await login('agent@example.com', 'heron papyrus quarry lantern')).status).toBe(429);
      expect((await login('agent@example.com', 'heron papyrus quarry lantern', device.cookie)).status).toBe(200);
      expect(await lockMails('agent@example.com')).toHaveLength(1);
    });

    it('with two-step sign-in, a known browser gets through the password and the code while the account is locked', async () => {
      await db.delete(rateLimits);
      await addStaff(db, 'guide@example.com', 'agent', STAFF_PASSWORD);
      const first = await login('guide@example.com', STAFF_PASSWORD);
      const device = deviceOf(first)!;
      const session = first.headers.getSetCookie()[0]!.split(';')[0]!;
      const csrf = ((await first.json()) as { csrf: string }).csrf;
      const send = (p: string, json: unknown, cookie: string, token: string) =>
        fetch(`${base}/api/admin${p}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie, 'x-csrf-token': token }, body: JSON.stringify(json) });
      const totp = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
      const { secret } = (await (await send('/account/totp/start', {}, session, csrf)).json()) as { secret: string };
      const now = Date.now();
      expect((await send('/account/totp/confirm', { code: totp(secret, now) }, session, csrf)).status).toBe(200);

      for (let i = 0; i < ACCOUNT_MAX; i++) expect((await login('guide@example.com', WRONG)).status).toBe(401);
      expect((await login('guide@example.com', STAFF_PASSWORD)).status).toBe(429);
      const step1 = await login('guide@example.com', STAFF_PASSWORD, device.cookie);
      expect(((await step1.json()) as { next: string }).next).toBe('totp');
      const halfway = step1.headers.getSetCookie()[0]!.split(';')[0]!;
      const codeCsrf = ((await (await fetch(`${base}/api/admin/login/totp`, { headers: { cookie: halfway } })).json()) as { csrf: string }).csrf;
      // The code step is locked too for a browser without the device cookie.
      expect((await send('/login/totp', { code: totp(secret, now + 30_000) }, halfway, codeCsrf)).status).toBe(429);
      const done = await send('/login/totp', { code: totp(secret, now + 30_000) }, `${halfway}; ${device.cookie}`, codeCsrf);
      expect(done.status).toBe(200);
      expect(deviceOf(done)).toBeTruthy();
    });

    it('a password-link request is answered first; its e-mail follows', async () => {
      await db.delete(rateLimits);
      const res = await fetch(`${base}/api/admin/reset`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: 'owner@example.com' }) });
      expect(res.status).toBe(202);
      await expect.poll(async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'staff-password-reset'))).map((r) => r.message.to.address)).toEqual(['owner@example.com']);
    });
  });
}
