// The safari page in a browser: printed, it shows the content without the site's navigation,
// header, footer, overlays and forms, keeps each itinerary day on one page and prints link
// addresses; the route map and the park's location map load as images at desktop and phone sizes
// (the phone gets its square picture), add no script, and axe finds nothing on either page.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserForTheFile, openSettled } from '../helpers/browser.ts';
import { getJson } from '../helpers/site.ts';
import { sharedSite } from '../helpers/shared-site.ts';

const server = sharedSite();
const base = server.url;
const { allsafaris } = await getJson<{ allsafaris: { safarititleslug: string; safariday: number }[] }>(base, '/safaris');
const safari = [...allsafaris].sort((a, b) => b.safariday - a.safariday)[0]!.safarititleslug;
const park = 'bwindi-impenetrable-forest-national-park';

let browser: Browser;
browserForTheFile((b) => (browser = b));

const open = (page: Page, path: string) => openSettled(page, base + path);

/** Scrolls the map into view and waits for its picture; returns the address the browser chose. */
async function mapLoaded(page: Page, selector: string): Promise<{ src: string; width: number; height: number }> {
  const img = page.locator(selector);
  await img.scrollIntoViewIfNeeded();
  await page.waitForFunction((sel) => {
    const i = document.querySelector(sel) as HTMLImageElement | null;
    return !!i && i.complete && i.naturalWidth > 0;
  }, selector);
  return img.evaluate((i: HTMLImageElement) => ({ src: new URL(i.currentSrc).pathname + new URL(i.currentSrc).search, width: i.naturalWidth, height: i.naturalHeight }));
}

describe('print stylesheet', () => {
  it('hides the navigation, header, footer and forms, keeps days whole and shows link addresses', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await open(page, `/safaris/${safari}`);
    // On screen, the navigation is there.
    await expect(page.locator('nav[aria-label="Main"]').isVisible()).resolves.toBe(true);
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['nav[aria-label="Main"]', '.site-header', '.site-footer', '.topbar', '.skip-link', '.hero__actions', '.price-card .btn']) {
      const all = page.locator(selector);
      expect(await all.count(), selector).toBeGreaterThan(0);
      for (const el of await all.all()) expect(await el.isVisible(), selector).toBe(false);
    }
    expect(await page.locator('form:visible').count()).toBe(0);
    // The content is there: the title, the route map and every day.
    await expect(page.locator('h1').isVisible()).resolves.toBe(true);
    await expect(page.locator('.route-map__img').isVisible()).resolves.toBe(true);
    const days = page.locator('.itinerary .day');
    const n = await days.count();
    expect(n).toBeGreaterThan(5);
    for (const d of await days.all()) {
      expect(await d.evaluate((el) => getComputedStyle(el).breakInside)).toBe('avoid');
      expect(await d.isVisible()).toBe(true);
    }
    // A link's address follows it.
    const after = await page
      .locator('.route-map__stops a')
      .first()
      .evaluate((a) => getComputedStyle(a, '::after').content);
    expect(after).toMatch(/^" \(\/parks\/[a-z0-9-]+\)"$/);
    await context.close();
  });
});

for (const [name, viewport, phone] of [
  ['desktop 1366x900', { width: 1366, height: 900 }, false],
  ['phone 390x844', { width: 390, height: 844 }, true],
] as const) {
  describe(name, () => {
    it('shows the route map (its own picture on a phone) and the PDF link, with no violations', async () => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      // Every script the page loads, to check that no map data or drawing code reaches the browser.
      const scripts: Promise<string>[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.push(r.text());
      });
      await open(page, `/safaris/${safari}`);
      const pic = await mapLoaded(page, '.route-map__img');
      expect(pic.src).toBe(`/safaris/${safari}/route.svg${phone ? '?size=phone' : ''}`);
      expect([pic.width, pic.height]).toEqual(phone ? [300, 300] : [400, 300]);
      // The map fits the screen.
      const box = (await page.locator('.route-map__img').boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.width).toBeGreaterThan(phone ? 300 : 400);
      expect(box.width).toBeLessThan(phone ? 390 : 560);
      await expect(page.getByRole('link', { name: 'Download itinerary (PDF)' }).isVisible()).resolves.toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      const code = await Promise.all(scripts);
      expect(code.length).toBeGreaterThan(0);
      for (const js of code) {
        expect(js).not.toContain('Dem. Rep. Congo');
        expect(js).not.toContain('PDFKit');
        expect(js).not.toMatch(/geoMercator|topojson/);
      }
      await context.close();
    });

    it("shows the park's location, with no violations", async () => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await open(page, `/parks/${park}`);
      const pic = await mapLoaded(page, '.park-map img');
      expect(pic.src).toBe(`/parks/${park}/location.svg${phone ? '?size=phone' : ''}`);
      await expect(page.locator('.park-map figcaption').textContent()).resolves.toMatch(/lies in Uganda, at 1\.03° S, 29\.70° E\.$/);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  });
}
