// The sign-in lock in a browser: after wrong passwords typed elsewhere lock the account, the
// browser that signed in before still signs in through the sign-in page (its device cookie goes
// with the form), a new browser is told to wait; changing the password on the account page keeps
// the browser known. axe finds nothing on the refused sign-in page at 1280 and 390 px; screenshots
// are written to SHOTS_DIR (default: the system's temp folder).
import '../helpers/production.ts';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../common/staff.ts';
import { axeViolations, launchBrowser, settled } from '../helpers/browser.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { addStaff, STAFF_PASSWORD } from '../helpers/staff.ts';

const SHOTS = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'console-lockout-shots');
const OWNER = 'owner@example.com';
const NEW_PASSWORD = 'papyrus heron quarry lantern';

let site: InProcessSite;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  site = await startSite({ app: { forms: { startWorker: false } } });
  await addStaff(site.app.database!.db, OWNER, 'owner', STAFF_PASSWORD, 'Amani Owner');
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await site?.stop();
});

async function newContext(width: number): Promise<BrowserContext> {
  const context = await browser.newContext(
    width < 600 ? { viewport: { width, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' } : { viewport: { width, height: 860 }, reducedMotion: 'reduce' },
  );
  contexts.push(context);
  return context;
}

async function signInForm(page: Page, password: string) {
  await page.goto(`${site.base}/admin/login`, { waitUntil: 'load' });
  await settled(page);
  await page.getByLabel('Email').fill(OWNER);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs out by dropping the session cookie only (the device cookie stays, as after a session ends). */
async function dropSession(context: BrowserContext) {
  const kept = (await context.cookies()).filter((c) => c.name !== 'staff_session');
  await context.clearCookies();
  await context.addCookies(kept);
}

const deviceValue = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'staff_device')?.value;

const apiSignIn = (password: string) =>
  fetch(`${site.base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.base }, body: JSON.stringify({ email: OWNER, password }) });

/** Eight wrong passwords from a browser without the device cookie (or fewer: already locked); then the right one is refused there. */
async function lockFromElsewhere(password: string) {
  for (let i = 0; i < 8; i++) expect([401, 429]).toContain((await apiSignIn(`${password} typo`)).status);
  expect((await apiSignIn(password)).status).toBe(429);
}

describe('sign-in lock in a browser', () => {
  it('the browser that signed in before signs in while the account is locked; a new one is told to wait', async () => {
    const known = await newContext(1280);
    const page = await known.newPage();
    page.setDefaultTimeout(15_000);
    await signInForm(page, STAFF_PASSWORD);
    await page.waitForURL(/\/admin$/);
    const device = await deviceValue(known);
    expect(device).toMatch(/^\d+\.\d+\.[\w-]{24}\.[\w-]{43}$/);
    expect((await known.cookies()).find((c) => c.name === 'staff_device')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await dropSession(known);

    await lockFromElsewhere(STAFF_PASSWORD);

    for (const width of [1280, 390]) {
      const stranger = await (await newContext(width)).newPage();
      stranger.setDefaultTimeout(15_000);
      await signInForm(stranger, STAFF_PASSWORD);
      await expect.poll(() => stranger.getByRole('alert').textContent()).toBe(STAFF_MESSAGES.throttled);
      await settled(stranger);
      expect(await axeViolations(stranger)).toEqual([]);
      await stranger.screenshot({ path: path.join(SHOTS, `login-locked-${width}.png`), fullPage: true });
    }

    await signInForm(page, STAFF_PASSWORD);
    await page.waitForURL(/\/admin$/);
    await page.screenshot({ path: path.join(SHOTS, 'login-known-device-1280.png'), fullPage: true });
  });

  it('changing the password on the account page keeps this browser known (a new device cookie)', async () => {
    const context = contexts[0]!;
    const page = context.pages()[0]!;
    const before = await deviceValue(context);
    await page.goto(`${site.base}/admin/account`, { waitUntil: 'load' });
    await settled(page);
    await page.getByLabel('Current password').fill(STAFF_PASSWORD);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Your password is changed.').count()).toBe(1);
    const after = await deviceValue(context);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    await dropSession(context);
    // Locked from elsewhere (still, or again): this browser signs in with the new password.
    await lockFromElsewhere(NEW_PASSWORD);
    await signInForm(page, NEW_PASSWORD);
    await page.waitForURL(/\/admin$/);
  });
});
