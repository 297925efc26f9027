// Lodges in a browser, at desktop and phone widths: /lodges with its tier filter and pages, a
// lodge page (amenities, map, gallery viewer, the call to plan a stay), a park page's "Where to
// stay" section and a safari day's overnight link; axe finds nothing on any of them. With
// SCREENSHOTS=<dir>, full-page screenshots are written there to look at.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LodgeResponse, LodgesResponse, ParkResponse, SafariResponse, SafarisResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { axeViolations, launchBrowser, openSettled, SHOW_EVERY_SECTION } from '../helpers/browser.ts';
import { getJson } from '../helpers/site.ts';
import { sharedSite } from '../helpers/shared-site.ts';

const server = sharedSite();
const base = server.url;
const PARK = 'bwindi-impenetrable-forest-national-park';
const list = await getJson<LodgesResponse>(base, `/lodges?page=1&limit=${PAGE_SIZE.lodges}`);
// A lodge with a gallery, so that the viewer can be opened.
const withGallery = (await getJson<LodgesResponse>(base, `/lodges?park=${PARK}`)).lodges.map((l) => l.lodgetitleslug);
const lodgeSlug = withGallery[0]!;
const lodge = await getJson<LodgeResponse>(base, `/lodges/${lodgeSlug}`);
const park = await getJson<ParkResponse>(base, `/parks/${PARK}`);
const { allsafaris } = await getJson<SafarisResponse>(base, '/safaris');
let safari: SafariResponse | undefined;
for (const s of allsafaris) {
  const detail = await getJson<SafariResponse>(base, `/safaris/${s.safarititleslug}`);
  if (detail.safaridays.some((d) => d.lodge)) {
    safari = detail;
    break;
  }
}
const shots = process.env.SCREENSHOTS;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  if (shots) await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const open = (page: Page, path: string) => openSettled(page, base + path);

async function shoot(page: Page, name: string, selector?: string) {
  if (!shots) return;
  // Lazy images load before the picture is taken.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  if (selector) await page.locator(selector).screenshot({ path: path.join(shots, `${name}.png`) });
  else await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, style: SHOW_EVERY_SECTION });
}

for (const [label, viewport, options] of [
  ['desktop 1280', { width: 1280, height: 900 }, {}],
  ['phone 390', { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
] as const) {
  describe(label, () => {
    let context: BrowserContext;
    let page: Page;
    const tag = label.split(' ')[0];
    beforeAll(async () => {
      context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...options });
      page = await context.newPage();
      page.setDefaultTimeout(15_000);
    });
    afterAll(() => context?.close());

    it('/lodges lists lodges as cards with their tier, filters by tier and pages on', async () => {
      await open(page, '/lodges');
      await expect.poll(() => page.locator('h1').textContent()).toBe(list.title);
      const cards = page.locator('.card');
      expect(await cards.count()).toBe(list.lodges.length);
      const first = list.lodges[0]!;
      await expect.poll(() => cards.first().locator('.card__title').textContent()).toBe(first.lodgetitle);
      expect(await cards.first().locator('.tier-badge').textContent()).toBe({ budget: 'Budget', 'mid-range': 'Mid-range', luxury: 'Luxury' }[first.lodgetier]);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `lodges-${tag}`);

      await page.getByRole('navigation', { name: 'Lodges by standard' }).getByRole('link', { name: 'Luxury' }).click();
      await page.waitForURL(/\/lodges\?tier=luxury$/);
      // The address changes before the filtered cards replace the unfiltered ones: wait for the list
      // to hold luxury lodges only, not merely to contain one.
      await expect.poll(async () => [...new Set(await page.locator('.card .tier-badge').allTextContents())]).toEqual(['Luxury']);
      expect(await page.getByRole('link', { name: 'Luxury' }).getAttribute('aria-current')).toBe('page');

      if (list.totalPages > 1) {
        await open(page, '/lodges');
        await page.getByRole('link', { name: 'Page 2' }).click();
        await page.waitForURL(/\/lodges\?page=2$/);
        const second = await getJson<LodgesResponse>(base, `/lodges?page=2&limit=${PAGE_SIZE.lodges}`);
        await expect.poll(() => page.locator('.card__title').first().textContent()).toBe(second.lodges[0]!.lodgetitle);
      }
    });

    it('a lodge page shows its amenities, map, gallery and how to book it, and links to its park', async () => {
      await open(page, `/lodges/${lodgeSlug}`);
      expect(await page.locator('h1').textContent()).toBe(lodge.lodge.lodgetitle);
      expect(await page.locator('.amenities__list li').allTextContents()).toEqual(lodge.lodge.amenities.map((a) => ` ${a}`));
      expect(await page.locator('.stay-card strong').textContent()).toBe({ budget: 'Budget', 'mid-range': 'Mid-range', luxury: 'Luxury' }[lodge.lodge.lodgetier]);
      expect(await page.locator('.stay-card').getByRole('link', { name: lodge.lodge.parktitle! }).getAttribute('href')).toBe(`/parks/${PARK}`);
      expect(await page.locator('.stay-card').getByRole('link', { name: 'Plan a safari with a stay here' }).getAttribute('href')).toBe('/plan-a-safari');
      // The map loads as an image (the square one on phones).
      const map = page.locator('.park-map img');
      await map.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.park-map img');
        return !!img && img.complete && img.naturalWidth > 0;
      });
      const src = await map.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname + new URL(img.currentSrc).search);
      expect(src).toBe(`/lodges/${lodgeSlug}/location.svg${tag === 'phone' ? '?size=phone' : ''}`);
      // JSON-LD names it as a LodgingBusiness.
      const jsonld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
      expect(jsonld['@graph'].map((n: { '@type': string }) => n['@type'])).toContain('LodgingBusiness');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `lodge-${tag}`);

      if (lodge.galleryImages.length) {
        await page.locator('.gallery__thumb').first().click();
        const viewer = page.getByRole('dialog');
        await viewer.waitFor({ state: 'visible' });
        await expect.poll(() => viewer.textContent()).toContain(lodge.galleryImages[0]!.caption);
        await page.keyboard.press('Escape');
        await viewer.waitFor({ state: 'hidden' });
      }
    });

    it('a park page lists its lodges under Where to stay', async () => {
      await open(page, `/parks/${PARK}`);
      const section = page.locator('#lodges');
      await section.scrollIntoViewIfNeeded();
      expect(await section.locator('h2').first().textContent()).toBe('Lodges in and around Bwindi');
      expect(await section.locator('.card__title').allTextContents()).toEqual(park.lodges.map((l) => l.lodgetitle));
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `park-lodges-${tag}`, '#lodges');
      await section.getByRole('link', { name: park.lodges[0]!.lodgetitle }).click();
      await page.waitForURL(new RegExp(`/lodges/${park.lodges[0]!.lodgetitleslug}$`));
      await expect.poll(() => page.locator('h1').textContent()).toBe(park.lodges[0]!.lodgetitle);
    });

    it('a safari day links its overnight lodge', async () => {
      expect(safari).toBeDefined();
      await open(page, `/safaris/${safari!.safari.safarititleslug}`);
      const day = safari!.safaridays.find((d) => d.lodge)!;
      const link = page
        .locator('.day')
        .nth(day.day_number - 1)
        .locator('.day__lodge a');
      expect(await link.textContent()).toBe(day.lodge!.lodgetitle);
      expect(await link.getAttribute('href')).toBe(`/lodges/${day.lodge!.lodgetitleslug}`);
      await link.scrollIntoViewIfNeeded();
      if (tag === 'desktop') await shoot(page, `safari-day-${tag}`, `.day >> nth=${day.day_number - 1}`);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
