// Links that leave the site, in Chromium: the visa application site (spec point 7) where a
// traveller needs it (the travel advice's visa section, the visa FAQ answer, the Uganda page, the
// footer's useful links), and the social links of the navigation bar (spec point 2), which stay in
// the sticky bar on wide screens once the top bar has scrolled away. Each opens in a new tab
// without an opener and says so in its accessible name; axe finds nothing.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from '../../common/site.ts';
import { axeViolations, browserForTheFile, openSettled } from '../helpers/browser.ts';
import { sharedSite } from '../helpers/shared-site.ts';

const server = sharedSite();
const base = server.url;
let browser: Browser;
browserForTheFile((b) => (browser = b));

const open = (page: Page, path: string) => openSettled(page, base + path);

/** Stands in for the other sites: no request leaves the machine. */
async function fakeOtherSites(context: BrowserContext) {
  await context.route(/^https:\/\/(visas\.immigration\.go\.ug|www\.facebook\.com|www\.instagram\.com|x\.com|www\.youtube\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title><p>Another site</p>' }),
  );
}

const VISA_NAME = /official e-visa site \(opens in a new tab\)$/;

describe.each([
  [1280, 900],
  [390, 844],
])('the visa application site at %ipx', (width, height) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
    await fakeOtherSites(context);
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(() => context?.close());

  async function expectVisaLink(link: ReturnType<Page['locator']>) {
    expect(await link.getAttribute('href')).toBe(site.visaSite);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect((await link.getAttribute('rel'))!.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  }

  it('is linked in the travel advice, under Visas, and opens in a new tab without an opener', async () => {
    await open(page, '/travel-advice');
    const link = page.locator('main').getByRole('link', { name: VISA_NAME });
    expect(await link.count()).toBe(1);
    await expectVisaLink(link);
    // In the visa section: the heading before it is "Visas".
    expect(
      await link.evaluate((a) => {
        const headings = [...document.querySelectorAll('main h2')];
        return headings.filter((h) => h.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING).pop()?.textContent;
      }),
    ).toBe('Visas');
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${site.visaSite}/`);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    // The visitor's own tab stays on the page.
    expect(page.url()).toBe(`${base}/travel-advice`);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('is in the answer about visas on the FAQ page', async () => {
    await open(page, '/frequently-asked-questions');
    const item = page.locator('#faq-do-i-need-a-visa-for-uganda');
    await item.locator('summary').click();
    const link = item.getByRole('link', { name: VISA_NAME });
    await link.waitFor({ state: 'visible' });
    await expectVisaLink(link);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('is on the Uganda destination page', async () => {
    await open(page, '/destinations/uganda');
    const link = page.locator('main').getByRole('link', { name: VISA_NAME });
    expect(await link.count()).toBe(1);
    await expectVisaLink(link);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("is among the footer's useful links", async () => {
    await open(page, '/');
    const links = page.getByRole('navigation', { name: 'Useful links' });
    const link = links.getByRole('link', { name: 'Uganda e-visa (official site) (opens in a new tab)' });
    await expectVisaLink(link);
    await link.scrollIntoViewIfNeeded();
    expect(await link.isVisible()).toBe(true);
  });
});

const SOCIAL_NAMES = ['Facebook', 'Instagram', 'X (Twitter)', 'YouTube'];
const SOCIAL_HREFS = [site.social.facebook, site.social.instagram, site.social.twitter, site.social.youtube];

describe.each([1280, 1440])('social links in the sticky bar at %ipx', (width) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    await fakeOtherSites(context);
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(() => context?.close());

  const followButton = () => page.locator('header.site-header').getByRole('button', { name: 'Follow us' });

  it('are in the top bar at the top of the page, and behind Follow us in the sticky bar once it has scrolled away', async () => {
    await open(page, '/safaris');
    const topbar = page.getByRole('complementary', { name: 'Contact details and currency' });
    for (const name of SOCIAL_NAMES) expect(await topbar.getByRole('link', { name: `${site.name} on ${name} (opens in a new tab)` }).isVisible()).toBe(true);
    expect(await followButton().count()).toBe(0);

    await page.mouse.wheel(0, 900);
    await page.waitForFunction(() => window.scrollY > 300 && document.querySelector('.site-header')!.classList.contains('is-scrolled'));
    // The top bar is out of sight; the sticky bar holds the button, clear of the navigation.
    expect((await topbar.boundingBox())!.y + (await topbar.boundingBox())!.height).toBeLessThanOrEqual(0);
    const button = followButton();
    await button.waitFor({ state: 'visible' });
    const b = (await button.boundingBox())!;
    const nav = (await page.locator('.nav-list').boundingBox())!;
    const search = (await page.locator('.search-trigger').boundingBox())!;
    expect(b.y).toBeGreaterThanOrEqual(0);
    expect(b.x).toBeGreaterThanOrEqual(nav.x + nav.width + 8);
    expect(b.x + b.width).toBeLessThanOrEqual(search.x);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    const links = menu.getByRole('link');
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(SOCIAL_HREFS);
    for (const name of SOCIAL_NAMES) {
      const link = menu.getByRole('link', { name: `${name} (opens in a new tab)`, exact: true });
      expect(await link.isVisible()).toBe(true);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(await axeViolations(page)).toEqual([]);

    // A link opens its page in a new tab and closes the menu.
    const [popup] = await Promise.all([context.waitForEvent('page'), menu.getByRole('link', { name: /^YouTube/ }).click()]);
    expect(popup.url()).toBe(`${site.social.youtube}`);
    await popup.close();
    expect(await menu.isVisible()).toBe(false);
  });

  it('work from the keyboard: Enter opens, Tab reaches the links, Escape closes and gives the focus back', async () => {
    await open(page, '/blogs');
    await page.mouse.wheel(0, 900);
    const button = followButton();
    await button.waitFor({ state: 'visible' });
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(300);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(site.social.facebook);
    // The focused link shows it.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    // Focus moving inside the sticky bar never scrolled the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Follow us');
    // A click elsewhere closes it too.
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.click(4, 600);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
  });

  it('leave the sticky bar when the page is back at the top, where the top bar has them', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector('.site-header')!.classList.contains('is-scrolled'));
    expect(await followButton().count()).toBe(0);
  });
});

describe('social links on a phone (390px)', () => {
  it('are not squeezed into the bar; the menu drawer has them', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await open(page, '/safaris');
      await page.evaluate(() => window.scrollTo(0, 900));
      await page.waitForFunction(() => document.querySelector('.site-header')!.classList.contains('is-scrolled'));
      expect(await page.locator('.social-menu__button').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('navigation', { name: 'Main' });
      for (const name of SOCIAL_NAMES) expect(await drawer.getByRole('link', { name: `${site.name} on ${name} (opens in a new tab)` }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
