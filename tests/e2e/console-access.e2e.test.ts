// The console's doors in a browser: the first owner's set-up, turning two-step sign-in on (QR
// code, key, recovery codes), signing in with a code and with a recovery code, password reset and
// a new member's invitation from the e-mailed link, the staff and audit screens. axe finds nothing
// on any of these screens at desktop (1366×860) and phone (390×844) sizes; screenshots of each are
// written to SHOTS_DIR (default: the system's temp folder) to be looked at.
import '../helpers/production.ts';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '../../common/staff-access.ts';
import { STAFF_MESSAGES } from '../../common/staff.ts';
import { announceSetup } from '../../server/auth/accounts.ts';
import { mailOutbox } from '../../server/db/schema-enquiries.ts';
import { createLogger } from '../../server/logger.ts';
import { axeViolations, launchBrowser, openSettled, settled } from '../helpers/browser.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';

const SHOTS = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'console-access-shots');
const OWNER = { email: 'owner@example.com', password: 'acacia thorn river lodge 7' };
const MEMBER = { email: 'wanjiru@example.com', name: 'Wanjiru M', password: 'giraffe window copper tide' };
const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

const code = (secret: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

let site: InProcessSite;
let browser: Browser;
let setupToken: string;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  site = await startSite({ app: { forms: { startWorker: false } } });
  setupToken = (await announceSetup(site.app.database!.db, 'http://localhost:3000', createLogger('silent')))!;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = (page: Page, path: string) => openSettled(page, site.base + path);

/** axe over the page (it must really have run), then a full-page screenshot. */
async function check(page: Page, name: string, size: 'desktop' | 'phone') {
  await settled(page);
  expect(await axeViolations(page), `${name} at ${size}`).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: true });
}

async function signInForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function lastLink(kind: string): Promise<string> {
  const rows = () => site.app.database!.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(mailOutbox.id);
  // A password link is made just after its request is answered.
  await expect.poll(async () => (await rows()).length).toBeGreaterThan(0);
  const m = /\/admin\/reset\/[A-Za-z0-9_-]+/.exec((await rows()).at(-1)!.message.text);
  return m![0];
}

const contexts: BrowserContext[] = [];
async function newPage(size: 'desktop' | 'phone'): Promise<Page> {
  const context = await browser.newContext(size === 'desktop' ? { viewport: DESKTOP, reducedMotion: 'reduce' } : { viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}
afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('console access in a browser', () => {
  let secret = '';
  let recovery: string[] = [];

  it('creates the first owner at the set-up address, once', async () => {
    const phone = await newPage('phone');
    await open(phone, `/admin/setup?token=${setupToken}`);
    await check(phone, 'setup', 'phone');
    const page = await newPage('desktop');
    await open(page, `/admin/setup?token=${setupToken}`);
    await check(page, 'setup', 'desktop');
    await page.getByLabel('Your name').fill('Amani Kariuki');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Create owner account' }).click();
    await page.waitForURL(/\/admin\?welcome$/);
    await expect.poll(() => page.getByRole('status').textContent()).toContain('set-up address no longer works');
    for (const [p, size] of [
      [phone, 'phone'],
      [page, 'desktop'],
    ] as const) {
      await open(p, `/admin/setup?token=${setupToken}`);
      await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe('Set-up address not valid');
      await check(p, 'setup-invalid', size);
    }
  });

  it('turns on two-step sign-in from the account screen (QR code, key, recovery codes shown once)', async () => {
    const page = await newPage('desktop');
    await open(page, '/admin/login');
    await signInForm(page, OWNER.email, OWNER.password);
    await page.waitForURL(/\/admin$/);
    await open(page, '/admin/account');
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.locator('.c-qr svg[role="img"]').waitFor();
    secret = (await page.locator('.c-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await check(page, 'account-2fa-setup', 'desktop');
    await page.getByLabel('Code', { exact: true }).fill(code(secret, Date.now() + 10 * 60_000));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.locator('.c-field__error').textContent()).toBe(ACCESS_MESSAGES.totpSetupCode);
    await page.getByLabel('Code', { exact: true }).fill(code(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.locator('.c-recovery__list').waitFor();
    recovery = await page.locator('.c-recovery__list code').allTextContents();
    expect(recovery).toHaveLength(10);
    await check(page, 'account-recovery-codes', 'desktop');
    // Shown once: a reload shows the state, not the codes.
    await open(page, '/admin/account');
    expect(await page.locator('.c-recovery__list').count()).toBe(0);
    await expect.poll(() => page.getByRole('region', { name: 'Two-step sign-in' }).textContent()).toContain('Recovery codes left: 10 of 10');
    await check(page, 'account-2fa-on', 'desktop');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/admin\/login\?signed-out$/);
  });

  it('signs in with the code (label Code, button Verify), refusing a wrong one', async () => {
    const page = await newPage('desktop');
    await open(page, '/admin/staff');
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Fstaff$/);
    await check(page, 'login', 'desktop');
    await signInForm(page, OWNER.email, OWNER.password);
    await page.waitForURL(/\/admin\/login\/code\?next=/);
    await check(page, 'code', 'desktop');
    await page.getByLabel('Code', { exact: true }).fill('000000' === code(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(STAFF_MESSAGES.totp);
    await check(page, 'code-error', 'desktop');
    await page.getByLabel('Code', { exact: true }).fill(code(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/admin\/staff$/);
    await check(page, 'staff', 'desktop');

    // Adding a member sends them a link; they choose their own password with it.
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByLabel('Name').fill(MEMBER.name);
    await page.getByLabel('Role', { exact: true }).selectOption('agent');
    await page.getByRole('button', { name: 'Add and send the link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('valid 48 hours');
    await expect.poll(() => page.getByRole('row', { name: new RegExp(MEMBER.name) }).textContent()).toContain('Invited');
    await check(page, 'staff-added', 'desktop');

    await open(page, '/admin/audit');
    await check(page, 'audit', 'desktop');
    await page.getByLabel('Action').selectOption('staff.create');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/action=staff\.create/);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    // Actions in words, targets as links to where they can be seen.
    expect(await page.locator('tbody').textContent()).toContain('Member added');
    const targets = page.locator('tbody').getByRole('link', { name: /^Member #\d+$/ });
    await expect.poll(() => targets.count()).toBe(2);
    expect(await targets.first().getAttribute('href')).toBe('/admin/staff');
  });

  it('lets the new member choose a password from the e-mailed link, once, without leaking it', async () => {
    const link = await lastLink('staff-invitation');
    const page = await newPage('desktop');
    const referers: string[] = [];
    page.on('request', (r) => {
      const ref = r.headers().referer;
      if (ref) referers.push(ref);
    });
    await open(page, link);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Choose your password');
    await check(page, 'reset-token', 'desktop');
    await page.getByLabel('New password').fill('password1234');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(STAFF_MESSAGES.passwordCommon);
    await page.getByLabel('New password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/admin\/login\?password-set$/);
    await expect.poll(() => page.getByRole('status').textContent()).toBe(ACCESS_MESSAGES.resetDone);
    // Nothing the page loaded or sent (assets, the form's data requests) carried the link as Referer.
    expect(referers.length).toBeGreaterThan(0);
    expect(referers.filter((r) => r.includes('/admin/reset/'))).toEqual([]);
    await signInForm(page, MEMBER.email, MEMBER.password);
    await page.waitForURL(/\/admin$/);
    // An agent: no owner sections.
    expect(await page.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    await open(page, link);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Link not valid');
    await check(page, 'reset-token-invalid', 'desktop');
  });

  it('asks for a reset link from the sign-in page (the same answer for any address)', async () => {
    const page = await newPage('desktop');
    await open(page, '/admin/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/admin\/reset$/);
    await settled(page);
    await check(page, 'reset', 'desktop');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(ACCESS_MESSAGES.resetSent);
    await check(page, 'reset-sent', 'desktop');
  });

  it('every screen is clean and usable at phone size, signing in with a recovery code', async () => {
    const page = await newPage('phone');
    await open(page, '/admin/login');
    await check(page, 'login', 'phone');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/admin\/reset$/);
    await check(page, 'reset', 'phone');
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(ACCESS_MESSAGES.resetSent);
    await open(page, await lastLink('staff-password-reset'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Choose a new password');
    await check(page, 'reset-token', 'phone');

    await open(page, '/admin/login');
    await signInForm(page, OWNER.email, OWNER.password);
    await page.waitForURL(/\/admin\/login\/code/);
    await check(page, 'code', 'phone');
    await page.getByLabel('Code', { exact: true }).fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/admin\/account\?recovery=9$/);
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('9 are left');
    await check(page, 'account-2fa-on', 'phone');
    await open(page, '/admin/staff');
    await check(page, 'staff', 'phone');
    await open(page, '/admin/audit');
    await check(page, 'audit', 'phone');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/signed-out/);

    // The agent turns two-step sign-in on from a phone.
    await signInForm(page, MEMBER.email, MEMBER.password);
    await page.waitForURL(/\/admin$/);
    await open(page, '/admin/account');
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.locator('.c-qr svg').waitFor();
    await check(page, 'account-2fa-setup', 'phone');
    // An agent asking for owner screens gets the not-allowed view.
    await open(page, '/admin/staff');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Not allowed');
  });
});
