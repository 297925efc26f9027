// The language switcher and the suggestion line in a browser, with all four languages served, at
// 1280 and 390 px: the switcher goes to the same page in the other language (keyboard only), its
// links say their language; a German browser on an English page is offered the German page, the
// offer can be dismissed and stays dismissed; axe finds nothing. Screenshots go to SCREENSHOT_DIR
// when it is set.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeViolations, describeAtWidths, openSettled } from '../helpers/browser.ts';
import { startSiteProcess, type SiteProcess } from '../helpers/start-site.ts';

let site: SiteProcess;
beforeAll(async () => {
  site = await startSiteProcess({ env: { SITE_LANGUAGES: 'en,de,fr,es' } });
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
});
