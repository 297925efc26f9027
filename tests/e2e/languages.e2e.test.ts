// The language switcher and the suggestion line in a browser, with all four languages served, at
// 1280 and 390 px: the switcher goes to the same page in the other language (keyboard only), its
// links say their language; a German browser on an English page is offered the German page, the
// offer can be dismissed and stays dismissed; axe finds nothing; a French page hydrates with its
// addresses and goes on in French client-side. On an English-only site the pages load none of the
// other languages' code (catalogues, translated addresses, the suggestion line). Screenshots go
// to SCREENSHOT_DIR when it is set. Every item is translated first (an untranslated item has no
// page in another language), on a site in this process so that its database can be given them.
import '../helpers/production.ts';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeAtWidths, launchBrowser, openSettled, settled } from '../helpers/browser.ts';
import { startSite, startSiteProcess, type InProcessSite, type SiteProcess } from '../helpers/start-site.ts';
import { translateEverything } from '../helpers/translations.ts';

let site: InProcessSite & { url: string };
beforeAll(async () => {
  const started = await startSite({ env: { SITE_LANGUAGES: 'en,de,fr,es' } });
  await translateEverything(started.app);
  site = Object.assign(started, { url: started.base });
}, 180_000);
afterAll(() => site?.stop());

const shot = async (page: import('playwright-core').Page, name: string) => {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`) });
};

describeAtWidths('the language switcher', (view) => {
  it('goes to the same page in French with the keyboard, and is axe clean', async () => {
    const { page, tag } = view;
    await page.context().addInitScript(() => localStorage.setItem('language-suggestion-dismissed', '1'));
    await openSettled(page, `${site.url}/parks`);
    if (tag === 'phone') {
      await page.locator('button.menu-toggle').click();
      await page.locator('#site-menu.is-open').waitFor();
    }
    const switcher = page.locator(`.language-switch--${tag === 'phone' ? 'menu' : 'topbar'}`);
    await switcher.waitFor({ state: 'visible' });
    const french = switcher.locator('a[hreflang="fr"]');
    expect(await french.getAttribute('lang')).toBe('fr');
    expect(await french.getAttribute('href')).toBe('/fr/parcs');
    expect(await switcher.locator('a[aria-current="true"]').getAttribute('hreflang')).toBe('en-GB');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `switcher-${tag}-en`);
    await french.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}/fr/parcs`);
    await page.locator('html[lang="fr"]').waitFor({ state: 'attached' });
    await page.locator('footer').filter({ hasText: 'Liens utiles' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `switcher-${tag}-fr`);
  });

  it('suggests the German page to a German browser, never moves it, and remembers a dismissal', async () => {
    const { page, tag } = view;
    const context = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: view.width, height: 844 }, locale: 'de-DE', reducedMotion: 'reduce' });
    const german = await context.newPage();
    try {
      await openSettled(german, `${site.url}/contact-us`);
      const line = german.locator('.language-suggestion');
      await line.filter({ hasText: 'Diese Seite gibt es auch auf Deutsch.' }).waitFor();
      expect(german.url()).toBe(`${site.url}/contact-us`);
      expect(await line.getAttribute('lang')).toBe('de');
      expect(await line.locator('a').getAttribute('href')).toBe('/de/kontakt');
      expect(await axeViolations(german)).toEqual([]);
      await shot(german, `suggestion-${tag}`);
      await line.getByRole('button', { name: 'Ausblenden' }).click();
      await line.waitFor({ state: 'detached' });
      await openSettled(german, `${site.url}/parks`);
      await german.locator('footer').waitFor();
      expect(await german.locator('.language-suggestion').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('hydrates a French page with its addresses, and its links go on in French without a new document', async () => {
    const { page } = view;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.context().addInitScript(() => localStorage.setItem('language-suggestion-dismissed', '1'));
    await openSettled(page, `${site.url}/fr/parcs`);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.locator('footer a[href="/fr/questions-frequentes"]').click();
    await page.waitForURL(`${site.url}/fr/questions-frequentes`);
    await page.locator('link[rel="canonical"][href$="/fr/questions-frequentes"]').waitFor({ state: 'attached' });
    await settled(page);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.locator('.language-switch--topbar a[hreflang="de"]').getAttribute('href')).toBe('/de/haeufige-fragen');
    expect(errors).toEqual([]);
  });
});

describe('an English-only site', () => {
  let english: SiteProcess;
  let browser: Browser;
  beforeAll(async () => {
    [english, browser] = await Promise.all([startSiteProcess(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await english?.stop();
  });

  it("loads none of the other languages' code, on a page or after a client navigation", async () => {
    const page = await browser.newPage({ locale: 'de-DE' });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await openSettled(page, `${english.url}/parks`);
    await page.locator('footer a[href="/frequently-asked-questions"]').click();
    await page.waitForURL(`${english.url}/frequently-asked-questions`);
    await page.locator('link[rel="canonical"][href$="/frequently-asked-questions"]').waitFor({ state: 'attached' });
    await settled(page);
    expect(scripts.some((s) => /\/assets\/shell-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/(language-paths|LanguageSuggestion|de|fr|es)-[\w-]+\.js$/.test(s))).toEqual([]);
    expect(await page.locator('.language-suggestion, .language-switch').count()).toBe(0);
    await page.close();
  });
});
