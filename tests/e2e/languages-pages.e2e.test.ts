// The German home page and country pages in a browser, with all four languages served, at 1280 and
// 390 px: axe finds nothing on the German home page and a German country page; their words are
// German once hydrated. Screenshots (the German home page whole, a French country page) go to
// SCREENSHOT_DIR when it is set.
import '../helpers/production.ts';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeViolations, describeAtWidths, openSettled, SHOW_EVERY_SECTION } from '../helpers/browser.ts';
import { startSite, type InProcessSite } from '../helpers/start-site.ts';

let site: InProcessSite;
beforeAll(async () => {
  site = await startSite({ env: { SITE_LANGUAGES: 'en,de,fr,es' } });
}, 180_000);
afterAll(() => site?.stop());

const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true, style: SHOW_EVERY_SECTION });
};

describeAtWidths('German and French pages', (view) => {
  it('the German home page is German below its first section, and axe clean', async () => {
    const { page, tag } = view;
    await page.context().addInitScript(() => localStorage.setItem('language-suggestion-dismissed', '1'));
    await openSettled(page, `${site.base}/de/`);
    await page.locator('#why-title').filter({ hasText: 'Ein Safari-Veranstalter, der unterwegs zu Hause ist' }).waitFor();
    await page.locator('#faq-title').filter({ hasText: 'Häufig gestellte Fragen' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `home-de-${tag}`);
  });

  it('a German country page is German and axe clean', async () => {
    const { page } = view;
    await openSettled(page, `${site.base}/de/nationalparks/in/uganda`);
    await page.locator('h1').filter({ hasText: 'Reiseziele in Uganda' }).waitFor();
    expect(await page.title()).toBe('Reiseziele in Uganda | Kigezi Trails');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a French country page is French', async () => {
    const { page, tag } = view;
    await openSettled(page, `${site.base}/fr/safaris/en/rwanda`);
    await page.locator('h1').filter({ hasText: 'Safaris au Rwanda' }).waitFor();
    await shot(page, `country-fr-${tag}`);
  });
});
