// The console's side-by-side translation editor in a browser, at 1280 and 390 px: from an item's
// editor to its German translation with the keyboard, the English read-only beside each field,
// a title typed and saved (the notice waited for), the state badge, the counts on the content
// screen and the screen of what needs translating; axe finds nothing and full-page screenshots
// are kept (SCREENSHOT_DIR, or /tmp/content-translations-shots).
import '../helpers/production.ts';
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { checkAndShoot, consoleSignIn, settled } from '../helpers/console-browser.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { addStaff } from '../helpers/staff.ts';
import { clearTranslations } from '../helpers/translations.ts';

const OWNER = 'olivia@kigezitrails.example';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/content-translations-shots';
const SAFARI = '1-day-bwindi-gorilla-trek-from-kabale';

let site: InProcessSite;
let browser: Browser;
let page: Page;
let id: number;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  site = await startSite({ env: { SITE_LANGUAGES: 'en,de,fr,es' } });
  await clearTranslations(site.app);
  await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Mugisha');
  const rows = await site.rows<{ id: number }>(`select id from content_items where collection = 'safaris' and slug = '${SAFARI}'`);
  id = rows[0]!.id;
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })).newPage();
  page.setDefaultTimeout(20_000);
  await consoleSignIn(page, site.base, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('translating an item in the console', () => {
  it('goes from the item to its German translation with the keyboard, and saves a title typed beside the English', async () => {
    await page.goto(`${site.base}/admin/content/safaris/${id}`);
    await settled(page);
    const german = page.getByRole('link', { name: 'Deutsch' });
    await german.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.base}/admin/content/safaris/${id}/translations/de`);
    await page.getByRole('heading', { level: 1, name: /^Deutsch:/ }).waitFor();
    await expect(page.locator('.tr-pair__source').nth(1).textContent()).resolves.toContain('Bwindi Gorilla Trek from Kabale');
    const title = page.locator('#t-title');
    await title.focus();
    await page.keyboard.type('Bwindi-Gorilla-Trekking ab Kabale');
    await page.getByRole('button', { name: 'Save the translation' }).click();
    await page.getByRole('status').filter({ hasText: 'The translation is saved.' }).waitFor();
    await page.locator('.c-badge').filter({ hasText: 'Incomplete' }).waitFor();
    expect(await page.locator('#t-title').inputValue()).toBe('Bwindi-Gorilla-Trekking ab Kabale');
    const [row] = await site.rows<{ document: { title: string }; revision: number }>(`select document, revision from content_translations where item_id = ${id} and language = 'de'`);
    expect(row).toMatchObject({ document: { title: 'Bwindi-Gorilla-Trekking ab Kabale' }, revision: 1 });
    await checkAndShoot(page, SHOTS, 'translation-editor');
  });

  it('counts on the content screen what each type lacks in each language', async () => {
    await page.goto(`${site.base}/admin/content`);
    const safaris = page.locator('.c-types__card').filter({ hasText: 'Safaris' });
    await safaris.filter({ hasText: /Deutsch \d+ to translate/ }).waitFor();
    expect(await safaris.textContent()).toMatch(/Français \d+ to translate/);
  });

  it('lists what needs translating per language and type', async () => {
    await page.goto(`${site.base}/admin/translations`);
    await page.getByRole('heading', { level: 2, name: 'Deutsch' }).waitFor();
    await expect(page.locator('section').first().textContent()).resolves.toMatch(/to translate/);
    await checkAndShoot(page, SHOTS, 'translations-todo');
  });
});
