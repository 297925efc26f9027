// The pages' messages split per route, in a browser: a German visit that goes on client-side from
// the home page to a safari and to the contact page finds every text in German on each page (no
// raw key, no English catalogue sentence the server's page does not show as well), and the router
// never fell back to a full page load. Every
// item is translated first (an untranslated item has no page in another language).
import '../helpers/production.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizePath } from '../../common/language-paths.ts';
import { launchBrowser, openSettled, settled } from '../helpers/browser.ts';
import { startSite, type InProcessSite } from '../helpers/start-site.ts';
import { translateEverything } from '../helpers/translations.ts';

const catalogue = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, '../../app/i18n/catalogues', `${name}.json`), 'utf8')) as Record<string, string>;
const english = { ...catalogue('en'), ...catalogue('pages/en') };
const german = { ...catalogue('de'), ...catalogue('pages/de') };
const KEYS = Object.keys(english);
/** English sentences the German catalogue says otherwise (four words or more, as the crawl of tests/languages-ui.test.ts reads them). */
const ENGLISH_ONLY = Object.entries(english)
  .filter(([key, text]) => german[key] !== text && !/[{}<]/.test(text) && text.split(' ').length >= 4)
  .map(([, text]) => text);

let site: InProcessSite;
let browser: Browser;
beforeAll(async () => {
  site = await startSite({ env: { SITE_LANGUAGES: 'en,de,fr,es' } });
  await translateEverything(site.app);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A page's text, without its scripts and the items' own prose (translated or not, it is not the UI's). */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const prose of body.querySelectorAll('.prose, .card__text, script, style, template')) prose.remove();
    return body.textContent ?? '';
  });

/**
 * The page, reached on the client, shows no message key and no English sentence of the
 * catalogues that the same page loaded whole from the server does not show too (the server has
 * every message: what it shows in English is not the split's doing).
 */
async function allGerman(page: Page, where: string) {
  const text = await visibleText(page);
  expect(
    KEYS.filter((key) => key.includes('.') && text.includes(key)),
    `${where}: raw keys`,
  ).toEqual([]);
  const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openSettled(fresh, page.url());
  const served = await visibleText(fresh);
  await fresh.close();
  expect(
    ENGLISH_ONLY.filter((sentence) => text.includes(sentence) && !served.includes(sentence)),
    `${where}: English text`,
  ).toEqual([]);
}

describe('a German visit on the client', () => {
  it('goes from the home page to a safari and to the contact page, every page in German', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.context().addInitScript(() => localStorage.setItem('language-suggestion-dismissed', '1'));
    await openSettled(page, `${site.base}/de`);
    await allGerman(page, 'home');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const safari = page.locator('main a[href^="/de/safaris/"]').filter({ hasNotText: /^$/ }).first();
    const safariPath = (await safari.getAttribute('href'))!;
    await safari.click();
    await page.waitForURL(`${site.base}${safariPath}`);
    await settled(page);
    await page.locator('main h2').filter({ hasText: german['safari.itinerary']! }).first().waitFor();
    await allGerman(page, safariPath);

    const contact = localizePath('/contact-us', 'de');
    await page.locator(`a[href="${contact}"]`).first().click();
    await page.waitForURL(`${site.base}${contact}`);
    await settled(page);
    await page.locator('main button[type="submit"]').filter({ hasText: german['enquiry.submit.contact']! }).waitFor();
    await allGerman(page, contact);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument), 'client navigations only').toBe(true);
    await page.close();
  }, 120_000);
});
