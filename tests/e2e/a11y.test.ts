// axe-core finds no violations on any template: with the navigation closed (desktop and mobile),
// with each navigation panel open, and with the mobile menu open.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserForTheFile, openSettled } from '../helpers/browser.ts';
import { onePerTemplate, siteRoutes } from '../helpers/site.ts';
import { sharedSite } from '../helpers/shared-site.ts';

const server = sharedSite();
const base = server.url;
const templates = [
  ...onePerTemplate(await siteRoutes(base))
    .filter((r) => r.template !== 'search')
    .map((r) => [r.template, r.path] as const),
  ['not-found', '/no-such-page/here'] as const,
];

let browser: Browser;
browserForTheFile((b) => (browser = b));

const open = (page: Page, path: string) => openSettled(page, base + path);

describe('desktop 1366x900', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(() => context?.close());

  it.for(templates)('%s (%s), navigation closed', async ([, path]) => {
    await open(page, path);
    expect(await page.locator('button.nav-trigger[aria-expanded=true]').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it.for(['Destinations', 'Safaris', 'Experiences', 'Blogs'])('home with the %s panel open', async (label) => {
    await open(page, '/');
    const trigger = page.locator('button.nav-trigger', { hasText: label });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const panel = page.locator(`#${await trigger.getAttribute('aria-controls')}`);
    await panel.waitFor({ state: 'visible' });
    // Its content (loaded on demand) is what is checked.
    await panel.locator('.more-link').waitFor();
    await panel.locator('img').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a detail page with a panel open on a non-default tab', async () => {
    await open(
      page,
      '/safaris/' +
        templates
          .find(([t]) => t === 'safari')![1]
          .split('/')
          .pop(),
    );
    const trigger = page.locator('button.nav-trigger', { hasText: 'Destinations' });
    await trigger.hover();
    const panel = page.locator('#mega-destinations');
    await panel.waitFor({ state: 'visible' });
    const tab = panel.getByRole('tab').nth(1);
    const tabTitle = (await tab.textContent())!;
    await tab.click();
    // The new tab's content, loaded and shown (not the previous tab's, dimmed while loading), and
    // every fade finished, before the colours are measured.
    const tabpanel = panel.getByRole('tabpanel');
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(async () => ({ busy: await tabpanel.getAttribute('aria-busy'), cls: await tabpanel.getAttribute('class') }))
      .toEqual({ busy: 'false', cls: expect.not.stringContaining('is-loading') });
    await expect.poll(() => tabpanel.locator('.mega__heading').textContent()).toContain(tabTitle);
    await panel.locator('.mega-card').first().waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await axeViolations(page)).toEqual([]);
  });

  it('search overlay open', async () => {
    await open(page, '/');
    await page.locator('.search-trigger').click();
    await page.getByRole('dialog').waitFor({ state: 'visible' });
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('mobile 390x844', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(() => context?.close());

  it.for(templates)('%s (%s), menu closed', async ([, path]) => {
    await open(page, path);
    expect(await page.locator('button.menu-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(await axeViolations(page)).toEqual([]);
  });

  it.for(['/', templates.find(([t]) => t === 'safari')![1]])('%s with the mobile menu open, and a panel open inside it', async (path) => {
    await open(page, path);
    await page.locator('button.menu-toggle').click();
    const menu = page.locator('#site-menu');
    await menu.waitFor({ state: 'visible' });
    expect(await axeViolations(page)).toEqual([]);
    await menu.locator('button.nav-trigger', { hasText: 'Destinations' }).click();
    await page.locator('#mega-destinations').waitFor({ state: 'visible' });
    await page.locator('#mega-destinations .mega-card').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
