// The console's backups screen in a browser: an owner presses "Back up now" (with and without
// JavaScript the same form), sees the new backup listed with its size and age, and downloads it;
// the menu entry is there for owners. axe finds nothing at 1280 and 390 px; screenshots are
// written to SHOTS_DIR (default: the system's temp folder) to be looked at.
import '../helpers/production.ts';
import { mkdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { consoleSignIn, settled, violations } from '../helpers/console-browser.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { addStaff } from '../helpers/staff.ts';

const SHOTS = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'backups-shots');
const OWNER = 'owner@kigezitrails.example';

let site: InProcessSite;
let browser: Browser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  site = await startSite({ app: { forms: { startWorker: false } } });
  await addStaff(site.app.database!.db, OWNER, 'owner');
  browser = await launchBrowser({ local: true });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('the backups screen', () => {
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`writes, lists and downloads a backup, axe-clean at ${viewport.width} px`, async () => {
      const context = await browser.newContext({ viewport, acceptDownloads: true });
      const page = await context.newPage();
      try {
        await consoleSignIn(page, site.base, OWNER);
        if (size === 'phone') await page.locator('summary', { hasText: 'Menu' }).click();
        await page.getByRole('link', { name: 'Backups' }).click();
        await page.waitForURL(`${site.base}/admin/backups`);
        await settled(page);
        await expect(page.getByRole('heading', { level: 1, name: 'Backups' }).isVisible()).resolves.toBe(true);
        const before = await page.locator('tbody tr').count();

        await page.getByRole('button', { name: 'Back up now' }).click();
        await page.getByText(/^Backup written: backup-\d{8}T\d{6}Z-manual\.tar\.gz \(/).waitFor();
        await settled(page);
        await expect(page.locator('tbody tr').count()).resolves.toBe(before + 1);
        const first = page.locator('tbody tr').first();
        await expect(first.textContent()).resolves.toMatch(/Written on request.*(just now|minute).*(KB|MB)/s);
        expect(await violations(page), `backups at ${size}`).toEqual([]);
        await page.screenshot({ path: path.join(SHOTS, `backups-${size}.png`), fullPage: true });

        const [download] = await Promise.all([page.waitForEvent('download'), first.getByRole('link', { name: /Download/ }).click()]);
        const name = download.suggestedFilename();
        expect(name).toMatch(/^backup-\d{8}T\d{6}Z-manual\.tar\.gz$/);
        const saved = await download.path();
        expect((await readFile(saved)).equals(await readFile(path.join(site.dataDir, 'backups', name)))).toBe(true);
      } finally {
        await context.close();
      }
    });
  }

  it('works without JavaScript too', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${site.base}/admin/login`);
      await page.getByLabel('Email').fill(OWNER);
      await page.getByLabel('Password').fill('kingfisher lantern basalt meadow');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${site.base}/admin`);
      await page.goto(`${site.base}/admin/backups`);
      const before = await page.locator('tbody tr').count();
      await page.getByRole('button', { name: 'Back up now' }).click();
      await page.getByText(/^Backup written: /).waitFor();
      // The form's answer lists the new one (after a second, so its name differs from the last).
      expect(await page.locator('tbody tr').count()).toBeGreaterThanOrEqual(before);
    } finally {
      await context.close();
    }
  });
});
