// The traveller's pages at desktop and phone sizes, in Chromium against the production build: safari
// cards keep their round arrow whatever the currency, the gallery viewer on a phone (buttons out of
// the picture's middle, swipes that start on them, the "2 of 4" counter, Tab kept inside), the
// labelled side columns and the country filter's words, with axe. Screenshots go to
// E2E_SCREENSHOTS_DIR when set.
import '../helpers/production.ts';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, openSettled, screenshotTo } from '../helpers/browser.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const ROOT = path.resolve(import.meta.dirname, '../..');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

let site: InProcessSite;
let browser: Browser;
let base: string;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  base = site.base;
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function newPage(viewport: { width: number; height: number }, currency?: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  if (currency) await context.addInitScript((c) => localStorage.setItem('kt-currency', c), currency);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, context };
}

const open = (page: Page, path: string) => openSettled(page, base + path);

const shot = (page: Page, name: string, locator?: string) => screenshotTo(SHOTS, page, name, locator);

describe('safari cards in shillings and francs', () => {
  for (const [label, viewport] of SIZES) {
    for (const currency of ['UGX', 'TZS', 'RWF']) {
      it(`keep the 36 px arrow and one line of price on /safaris?page=4 (${currency}, ${label})`, async () => {
        const { page, context } = await newPage(viewport, currency);
        try {
          await open(page, '/safaris?page=4');
          await expect.poll(() => page.locator('main .card .money--converted').count()).toBeGreaterThan(0);
          const cards = await page.locator('main .card').evaluateAll((els) =>
            els.map((card) => {
              const arrow = card.querySelector('.card__arrow')!.getBoundingClientRect();
              const foot = card.querySelector('.card__foot')!.getBoundingClientRect();
              const price = card.querySelector('.card__foot .price')!.getBoundingClientRect();
              const amount = card.querySelector('.card__foot .money')!;
              return {
                amount: amount.textContent,
                converted: amount.classList.contains('money--converted'),
                arrow: [arrow.width, arrow.height],
                // The price stays inside the foot and clear of the arrow.
                inside: price.left >= foot.left - 0.5 && price.right <= arrow.left + 0.5 && arrow.right <= foot.right + 0.5,
                lines: Math.round(price.height / parseFloat(getComputedStyle(card.querySelector('.card__foot .price strong')!).lineHeight)),
              };
            }),
          );
          expect(cards.length).toBeGreaterThan(0);
          for (const c of cards) {
            expect(c.converted, c.amount ?? '').toBe(true);
            expect(c.amount).toContain(currency);
            expect(c.arrow, `arrow beside ${c.amount}`).toEqual([36, 36]);
            expect(c.inside, `price of ${c.amount} inside its card`).toBe(true);
            expect(c.lines, `price of ${c.amount} on one line`).toBe(1);
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
          await shot(page, `cards-${currency.toLowerCase()}-${label}`, 'main .card');
          expect(await axeViolations(page, { include: 'main .grid', minPasses: 3 })).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe('the gallery viewer', () => {
  async function openViewer(viewport: { width: number; height: number }) {
    const { page, context } = await newPage(viewport);
    await open(page, '/animals/mountain-gorillas');
    const thumbs = page.locator('.gallery a');
    const count = await thumbs.count();
    await thumbs.first().scrollIntoViewIfNeeded();
    await thumbs.first().click();
    await page.locator('.yarl__root').waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('.yarl__slide_current img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
    return { page, context, count };
  }
  const currentAlt = (page: Page) => page.locator('.yarl__slide_current img').first().getAttribute('alt');
  const counter = (page: Page) => page.locator('.yarl__root .lightbox-counter').textContent();

  for (const [label, viewport] of SIZES) {
    it(`counts "1 of N", keeps Tab inside and is axe clean (${label})`, async () => {
      const { page, context, count } = await openViewer(viewport);
      try {
        expect(count).toBeGreaterThanOrEqual(3);
        await expect.poll(() => counter(page)).toBe(`1 of ${count}`);
        await page.getByRole('button', { name: 'Next image' }).click();
        await expect.poll(() => counter(page)).toBe(`2 of ${count}`);
        await page.getByRole('button', { name: 'Previous image' }).click();
        await page.getByRole('button', { name: 'Previous image' }).click();
        await expect.poll(() => counter(page)).toBe(`${count} of ${count}`);
        await shot(page, `gallery-${label}`);

        // Two full rounds of Tab, then of Shift+Tab: the focus never leaves the viewer.
        const inViewer = () => page.evaluate(() => !!document.activeElement?.closest('.yarl__root'));
        const names: string[] = [];
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press('Tab');
          expect(await inViewer(), `Tab ${i + 1}`).toBe(true);
          names.push((await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent)) ?? '');
        }
        expect(new Set(names)).toEqual(new Set(['Zoom in', 'Close gallery', 'Previous image', 'Next image']));
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press('Shift+Tab');
          expect(await inViewer(), `Shift+Tab ${i + 1}`).toBe(true);
        }
        // The focused button is outlined.
        const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
        expect(outline).toBe('solid');
        expect(await axeViolations(page, { include: '.yarl__root', minPasses: 3 })).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('on a phone, previous and next sit below the picture’s middle, and a swipe may start on them', async () => {
    const { page, context, count } = await openViewer(PHONE);
    try {
      const box = (await page.locator('.yarl__container').boundingBox())!;
      const img = (await page.locator('.yarl__slide_current img').first().boundingBox())!;
      for (const name of ['Previous image', 'Next image']) {
        const b = (await page.getByRole('button', { name }).boundingBox())!;
        // Clear of the picture's middle band, in the bottom part of the viewer, at least 44 px.
        expect(b.y, name).toBeGreaterThan(img.y + img.height / 2 + 40);
        expect(b.y + b.height, name).toBeLessThanOrEqual(box.y + box.height + 0.5);
        expect(Math.min(b.width, b.height), name).toBeGreaterThanOrEqual(44);
      }
      // A swipe to the left that starts on the next button: one picture on, not two.
      const next = (await page.getByRole('button', { name: 'Next image' }).boundingBox())!;
      const start = await currentAlt(page);
      const x = next.x + next.width / 2;
      const y = next.y + next.height / 2;
      const swipe = async (from: number, dx: number) => {
        await page.mouse.move(from, y);
        await page.mouse.down();
        await page.mouse.move(from + dx / 2, y - 4, { steps: 4 });
        await page.mouse.move(from + dx, y - 6, { steps: 4 });
        await page.mouse.up();
        await page.waitForTimeout(450);
      };
      await swipe(x, -(box.width / 4 + 20));
      await expect.poll(() => counter(page)).toBe(`2 of ${count}`);
      expect(await currentAlt(page)).not.toBe(start);
      // A swipe to the right that starts on the previous button: back, not back twice.
      const prev = (await page.getByRole('button', { name: 'Previous image' }).boundingBox())!;
      await swipe(prev.x + prev.width / 2, box.width / 4 + 20);
      await expect.poll(() => counter(page)).toBe(`1 of ${count}`);
      expect(await currentAlt(page)).toBe(start);
      // A tap on the button still moves one picture.
      await page.getByRole('button', { name: 'Next image' }).click();
      await expect.poll(() => counter(page)).toBe(`2 of ${count}`);
      await shot(page, 'gallery-phone-second');
    } finally {
      await context.close();
    }
  });
});

describe('the route map on a safari page', () => {
  for (const [label, viewport] of SIZES) {
    it(`shows every stop of the 14-day Rwanda and Tanzania safari in its place, labelled (${label})`, async () => {
      const { page, context } = await newPage(viewport);
      try {
        const slug = '14-days-rwanda-gorillas-and-tanzania-serengeti';
        await open(page, `/safaris/${slug}`);
        const img = page.locator(`img[src^="/safaris/${slug}/route.svg"]`).first();
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
        // The picture the browser chose (wide or phone) labels every place of the route.
        const src = await img.evaluate((i: HTMLImageElement) => i.currentSrc);
        const svg = await (await fetch(src)).text();
        for (const name of ['Kigali', 'Volcanoes', 'Serengeti', 'Karatu', 'Arusha', 'Tarangire', 'Lake Manyara', 'Ngorongoro', 'Kilimanjaro Airport'])
          expect(svg, name).toMatch(new RegExp(`>${name}( \\([\\d, ]+\\))?</text>`));
        await shot(page, `route-map-${label}`, '.route-map');
        expect(await axeViolations(page, { include: '.route-map', minPasses: 3 })).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('side columns and the country filter', () => {
  for (const [label, viewport] of SIZES) {
    it(`every <aside> of a safari, park and lodge page has a name; the filter keeps the spec's "Drc" (${label})`, async () => {
      const { page, context } = await newPage(viewport);
      try {
        const safaris = (await (await fetch(`${base}/api/safaris`)).json()) as { allsafaris: { safarititleslug: string }[] };
        const lodge = (await readdir(path.join(ROOT, 'content/lodges'))).find((f) => f.endsWith('.yaml'))!.replace(/\.yaml$/, '');
        const pages = {
          safari: `/safaris/${safaris.allsafaris[0]!.safarititleslug}`,
          park: '/parks/bwindi-impenetrable-forest-national-park',
          lodge: `/lodges/${lodge}`,
        };
        const expected = { safari: 'Price and booking', park: 'Search and other destinations', lodge: 'Staying here' };
        for (const [kind, p] of Object.entries(pages) as [keyof typeof pages, string][]) {
          await open(page, p);
          const names = await page.locator('aside').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
          expect(names, p).toEqual(['Contact details and currency', expected[kind]]);
          expect(await page.getByRole('complementary', { name: expected[kind] }).count(), p).toBe(1);
          expect(await axeViolations(page, { include: '.page__aside', minPasses: 3 }), p).toEqual([]);
        }
        await open(page, '/safaris');
        const labels = await page.locator('main fieldset').first().locator('label').allTextContents();
        expect(labels.map((l) => l.trim())).toContain('Drc');
        await shot(page, `safaris-filter-${label}`, 'main fieldset');
      } finally {
        await context.close();
      }
    });
  }
});
