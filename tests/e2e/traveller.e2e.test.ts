// What travellers bring (issue 13), in Chromium against the real site (production build) running
// in the test process, so the test can moderate reviews and read the lead counts: prices in the
// visitor's currency (switch, rounding, remembered, no layout shift, the server's dollars and
// JSON-LD untouched), WhatsApp links that carry the page and are counted, the review form end to
// end (with a photo, with and without JavaScript, moderation, AggregateRating), the destination
// video's facade, the gallery viewer's key-repeat limit, zoom steps and swipe thresholds, and axe
// on the new parts at desktop and phone sizes. Screenshots go to E2E_SCREENSHOTS_DIR when set.
import '../helpers/production.ts';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSION_NOTE } from '../../common/currency.ts';
import { REVIEW_MESSAGES } from '../../common/reviews.ts';
import { leadDay, whatsappLeadCounts } from '../../server/leads.ts';
import { approveReview, listPendingReviews, listReviews } from '../../server/reviews.ts';
import { axeViolations, launchBrowser, openSettled, screenshotTo } from '../helpers/browser.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
type Json = Record<string, any>;

let site: InProcessSite;
let browser: Browser;
let base: string;
let safari: Json;
let rates: Json;
let photoFile: string;
let gifFile: string;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  base = site.base;
  const all = (await (await fetch(`${base}/api/safaris`)).json()) as Json;
  const slug = all.allsafaris.find((s: Json) => s.safariday >= 3).safarititleslug;
  safari = (await (await fetch(`${base}/api/safaris/${slug}`)).json()) as Json;
  rates = (await (await fetch(`${base}/api/currency-rates`)).json()) as Json;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'traveller-e2e-'));
  photoFile = path.join(dir, 'gorillas.jpg');
  await writeFile(
    photoFile,
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#4f6b3a' } })
      .composite([{ input: Buffer.from('<svg width="1200" height="800"><circle cx="600" cy="420" r="260" fill="#1e1613"/><rect y="640" width="1200" height="160" fill="#2f5d3f"/></svg>') }])
      .jpeg()
      .toBuffer(),
  );
  gifFile = path.join(dir, 'not-a-photo.jpg');
  await writeFile(gifFile, Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function newPage(viewport = DESKTOP, opts: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', javaScriptEnabled: opts.javaScriptEnabled ?? true });
  // No third party is reached from the test: WhatsApp and YouTube answer a stub page.
  await context.route(/^https:\/\/(wa\.me|www\.youtube-nocookie\.com|www\.youtube\.com)\//, (r) =>
    r.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stub</title><p>stub</p>' }),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, context };
}

/** Runs `use` on a page just opened (newPage, openViewer), then closes its context, whatever happened. */
async function inPage(opened: Promise<{ page: Page; context: BrowserContext }>, use: (opened: { page: Page; context: BrowserContext }) => Promise<void>): Promise<void> {
  const { page, context } = await opened;
  try {
    await use({ page, context });
  } finally {
    await context.close();
  }
}

const open = (page: Page, path: string) => openSettled(page, base + path);

const shot = (page: Page, name: string, locator?: string) => screenshotTo(SHOTS, page, name, locator);

/** axe on a page loaded without JavaScript: its HTML, scripts removed, checked in a page that runs axe. */
async function axeWithoutScripts(page: Page, include: string): Promise<string[]> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const context = await browser.newContext({ viewport: page.viewportSize() ?? PHONE });
  try {
    const checker = await context.newPage();
    await checker.route(page.url(), (r) => r.fulfill({ status: 200, contentType: 'text/html', body: html }));
    await checker.goto(page.url());
    return await axeViolations(checker, { include, minPasses: 3 });
  } finally {
    await context.close();
  }
}

const sp = (s: string | null) =>
  (s ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const jsonLd = async (page: Page) => (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((t) => (JSON.parse(t) as Json)['@graph'] as Json[]);

describe('prices in the visitor currency', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`converts on the client after hydration, remembers the choice, moves nothing, and leaves the server's dollars alone (${label})`, async () => {
      await inPage(newPage(viewport), async ({ page, context }) => {
        const safariPath = `/safaris/${safari.safari.safarititleslug}`;
        const usd = `$${Number(safari.safari.safariprice).toLocaleString('en-US')}`;
        await open(page, safariPath);
        const amount = page.locator('.price-card__amount .money');
        await expect(amount.textContent()).resolves.toBe(usd);
        await expect(page.locator('.price-card').textContent()).resolves.toContain('Billed in US dollars.');
        const select = page.locator('.price-card select');
        await expect(select.inputValue()).resolves.toBe('USD');
        await shot(page, `currency-usd-${label}`, '.price-card');

        // Uganda shillings: rounded to 1,000, marked approximate, with the note.
        await select.selectOption('UGX');
        const ugx = Math.round((safari.safari.safariprice * rates.rates.UGX) / 1000) * 1000;
        await expect.poll(async () => sp(await amount.textContent())).toBe(`≈about UGX ${ugx.toLocaleString('en-US')}`);
        await expect(page.locator('.price-card').textContent()).resolves.toContain(`${CONVERSION_NOTE} (${usd}).`);
        await expect(page.locator('.price-card .currency-switch__note').textContent()).resolves.toBe(CONVERSION_NOTE);
        // Every price on the page follows (the hero's and the related safaris' cards).
        const converted = await page.locator('main .money').evaluateAll((els) => els.map((e) => e.classList.contains('money--converted')));
        expect(converted.length).toBeGreaterThan(1);
        expect(converted.every(Boolean)).toBe(true);
        await shot(page, `currency-ugx-${label}`, '.price-card');

        // Euros, remembered in localStorage across a reload; no layout shift when the page converts.
        await select.selectOption('EUR');
        expect(await page.evaluate(() => localStorage.getItem('kt-currency'))).toBe('EUR');
        await context.addInitScript(() => {
          (window as any).__shift = 0;
          (window as any).__moved = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as any[]) {
              if (e.hadRecentInput) continue;
              (window as any).__shift += e.value;
              // What moved, to say so if the check fails.
              for (const s of e.sources ?? [])
                (window as any).__moved.push(`${Math.round(e.startTime)} ms ${e.value.toFixed(3)} ${s.node?.nodeName ?? '?'}.${(s.node as Element | null)?.className ?? ''}`);
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const eur = Math.round(safari.safari.safariprice * rates.rates.EUR);
        const shiftOfALoad = async () => {
          await open(page, safariPath);
          await expect.poll(async () => sp(await amount.textContent())).toBe(`≈about €${eur.toLocaleString('en-US')}`);
          await page.waitForTimeout(300);
          return (await page.evaluate(() => (window as any).__shift)) as number;
        };
        // On a loaded machine a web font can now and then arrive after the first paint and move the
        // hero's text (a font swap, not the conversion): further loads tell the two apart, as a
        // shift caused by converting happens on every load.
        let shift = await shiftOfALoad();
        for (let again = 0; again < 3 && shift >= 0.01; again++) shift = Math.min(shift, await shiftOfALoad());
        expect(shift, `cumulative layout shift while converting; moved: ${await page.evaluate(() => (window as any).__moved.join('; '))}`).toBeLessThan(0.01);

        // The longest amounts (Rwandan francs) on a list of cards: nothing moves either.
        await select.selectOption('RWF');
        await open(page, '/safaris');
        await expect.poll(() => page.locator('main .card .money--converted').count()).toBeGreaterThan(3);
        await page.waitForTimeout(300);
        expect((await page.evaluate(() => (window as any).__shift)) as number, 'layout shift of the safari cards').toBeLessThan(0.01);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'no sideways scrolling').toBe(0);
        await shot(page, `currency-cards-rwf-${label}`, 'main .card');
        await open(page, safariPath);
        await select.selectOption('EUR');

        // The structured data stays in dollars.
        const trip = (await jsonLd(page)).find((n) => n['@type'] === 'TouristTrip')!;
        expect(trip.offers).toMatchObject({ priceCurrency: 'USD', price: safari.safari.safariprice });

        // On a phone the switch is in the menu; on a desktop in the bar above the header.
        if (label === 'phone') {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect.poll(() => page.locator('.currency-switch--menu select').inputValue()).toBe('EUR');
          expect(await axeViolations(page, { include: '.site-nav', minPasses: 3 })).toEqual([]);
          await shot(page, 'currency-menu-phone');
        } else {
          await expect(page.locator('.currency-switch--topbar select').inputValue()).resolves.toBe('EUR');
          await shot(page, 'currency-topbar-desktop', '.topbar');
          expect(await axeViolations(page, { include: '.topbar', minPasses: 3 })).toEqual([]);
        }
        expect(await axeViolations(page, { include: '.price-card', minPasses: 3 })).toEqual([]);
      });
    });
  }

  it('serves the same dollar page to everyone: no Vary on cookies, kept in the page cache', async () => {
    const p = `/safaris/${safari.safari.safarititleslug}`;
    const a = await fetch(base + p);
    const html = await a.text();
    expect(a.headers.get('vary') ?? '').not.toMatch(/cookie/i);
    expect(a.headers.get('cache-control')).toMatch(/^public/);
    expect(html.replace(/<[^>]+>/g, '')).toContain(`$${Number(safari.safari.safariprice).toLocaleString('en-US')}`);
    expect(html).not.toContain('money--converted');
    const b = await fetch(base + p, { headers: { cookie: 'kt-currency=EUR' } });
    expect(await b.text()).not.toContain('money--converted');
  });
});

describe('WhatsApp that carries the trip', () => {
  it('opens wa.me with a message naming the safari and its address, and counts the click for the page', async () => {
    await inPage(newPage(), async ({ page, context }) => {
      const slug = safari.safari.safarititleslug;
      await open(page, `/safaris/${slug}`);
      const link = page.locator('.price-card a[href^="https://wa.me/"]');
      const href = (await link.getAttribute('href'))!;
      const text = new URL(href).searchParams.get('text');
      expect(text).toBe(`Hello Kigezi Trails! I would like to ask about the safari “${safari.safari.safariday} Day ${safari.safari.safarititle}”: ${safari.pageUrl}`);
      // The footer's WhatsApp link names the page too.
      const footer = new URL((await page.locator('.site-footer a[href^="https://wa.me/"]').getAttribute('href'))!).searchParams.get('text');
      expect(footer).toContain(safari.pageUrl);

      const before = (await whatsappLeadCounts(site.app.database!.db)).find((r) => r.path === `/safaris/${slug}`)?.clicks ?? 0;
      const beacon = page.waitForRequest((r) => r.url().endsWith('/api/leads/whatsapp') && r.method() === 'POST');
      const popup = context.waitForEvent('page');
      await link.click();
      const sent = await beacon;
      expect(JSON.parse(sent.postData()!)).toEqual({ path: `/safaris/${slug}` });
      const opened = await popup;
      await opened.waitForLoadState();
      expect(new URL(opened.url()).searchParams.get('text')).toBe(text);
      const clicks = async () => (await whatsappLeadCounts(site.app.database!.db, { from: leadDay(), to: leadDay() })).find((r) => r.path === `/safaris/${slug}`)?.clicks ?? 0;
      await expect.poll(clicks).toBe(before + 1);
      // The 404 page's button asks to plan a safari, and is counted under the address it was on.
      await open(page, '/no-such-page');
      const oops = new URL((await page.locator('main a[href^="https://wa.me/"]').getAttribute('href'))!).searchParams.get('text');
      expect(oops).toBe('Hello Kigezi Trails! I would like to plan a safari.');
    });
  });
});

describe('reviews', () => {
  it('submits a review with a photo, holds it for moderation, and shows it with the AggregateRating once approved', async () => {
    await inPage(newPage(), async ({ page }) => {
      const slug = safari.safari.safarititleslug;
      await open(page, `/safaris/${slug}`);
      const form = page.locator('form.review-form');
      await form.scrollIntoViewIfNeeded();
      // Hydrated once the browser is idle.
      await page.waitForFunction(() => {
        const f = document.querySelector('form.review-form');
        return !!f && Object.keys(f).some((k) => k.startsWith('__reactFiber'));
      });
      await form.getByLabel('Your name').fill('Wanjiru Kamau');
      await form.getByLabel('Country you live in').fill('Kenya');
      await form.getByRole('radio', { name: '4 stars' }).check();
      await form.getByLabel('Your review').fill('Short.');
      await form.getByRole('button', { name: 'Send my review' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toBe(REVIEW_MESSAGES.text);
      await expect.poll(() => form.getByLabel('Your review').getAttribute('aria-invalid')).toBe('true');
      await form.getByLabel('Your review').fill('Our guide read the forest like a book; the gorilla family in Rushaga was worth every step.');
      // A file that is not a picture is refused in the browser, before anything is sent.
      await form.getByLabel('A photo from your safari (optional)').setInputFiles(gifFile);
      await form.getByRole('button', { name: 'Send my review' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toBe(REVIEW_MESSAGES.photoType);
      expect(await axeViolations(page, { include: '.t-reviews', minPasses: 3 })).toEqual([]);
      await shot(page, 'review-form-error-desktop', '.t-reviews__write');

      await form.getByLabel('A photo from your safari (optional)').setInputFiles(photoFile);
      await page.waitForTimeout(2600); // the form token's minimum fill time
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/review') && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Send my review' }).click();
      expect((await answer).status()).toBe(200);
      const thanks = page.locator('.review-form__thanks');
      await expect(thanks.textContent()).resolves.toContain('We read every review before it appears');
      await expect(page.evaluate(() => document.activeElement?.className)).resolves.toBe('review-form__thanks');

      // Held: not on the page.
      const pending = (await listPendingReviews(site.app.database!.db)).find((r) => r.name === 'Wanjiru Kamau')!;
      expect(pending).toMatchObject({ country: 'Kenya', rating: 4, status: 'pending', safari: { slug } });
      expect(pending.photo).toMatchObject({ width: 1200, height: 800 });
      await open(page, `/safaris/${slug}`);
      await expect(page.locator('.t-review').count()).resolves.toBe(0);
      expect((await jsonLd(page)).some((n) => n['@type'] === 'Product')).toBe(false);

      // Approved: the kept page is dropped, the review shows with its photo, and the rating is in the JSON-LD.
      await approveReview(site.app.database!.db, pending.id, { by: 1 });
      await site.app.contentVersion!.refresh();
      await open(page, `/safaris/${slug}`);
      const shown = page.locator('.t-review');
      await expect(shown.count()).resolves.toBe(1);
      await expect(shown.textContent()).resolves.toContain('Wanjiru Kamau, Kenya');
      await shown.scrollIntoViewIfNeeded();
      await expect.poll(() => shown.locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
      const product = (await jsonLd(page)).find((n) => n['@type'] === 'Product')!;
      expect(product.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });
      expect(product.offers).toMatchObject({ priceCurrency: 'USD' });
      await expect(page.locator('.t-reviews__summary').textContent()).resolves.toMatch(/4\.0\s*out of 5 · 1 review/);
      expect(await axeViolations(page, { include: '.t-reviews', minPasses: 3 })).toEqual([]);
      await shot(page, 'reviews-desktop', '.t-reviews');
    });
  });

  it('works without JavaScript: the plain form posts to /review, asks once to confirm, then thanks', async () => {
    await inPage(newPage(PHONE, { javaScriptEnabled: false }), async ({ page }) => {
      const slug = safari.safari.safarititleslug;
      await page.goto(`${base}/safaris/${slug}`);
      const form = page.locator('form.review-form');
      await form.getByLabel('Your name').fill('Joseph Mukasa');
      await form.getByLabel('Country you live in').fill('Uganda');
      await form.locator('input[name="rating"][value="5"]').check({ force: true });
      await form.getByLabel('Your review').fill('Two days of chimpanzees and a gorilla trek, planned to the minute and never rushed.');
      await shot(page, 'review-form-phone', '.t-reviews__write');
      await form.getByRole('button', { name: 'Send my review' }).click();
      await page.waitForURL(`${base}/review`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Please confirm your review');
      await expect(page.getByLabel('Your name').inputValue()).resolves.toBe('Joseph Mukasa');
      expect(await axeWithoutScripts(page, 'main')).toEqual([]);
      await page.waitForTimeout(2600);
      await page.getByRole('button', { name: 'Send my review' }).click();
      await page.waitForURL(`${base}/review?sent=${slug}`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Thank you for your review');
      expect((await listReviews(site.app.database!.db, { status: 'pending' })).some((r) => r.name === 'Joseph Mukasa')).toBe(true);
    });
  });

  it("shows the home page's featured reviews with portraits instead of initials", async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await inPage(newPage(viewport), async ({ page }) => {
        await open(page, '/');
        const cards = page.locator('#reviews .review');
        await cards.first().scrollIntoViewIfNeeded();
        await expect(cards.count()).resolves.toBe(3);
        await expect(page.locator('#reviews .avatar--initials').count()).resolves.toBe(0);
        const portraits = page.locator('#reviews .review__foot .avatar--portrait img');
        await expect(portraits.count()).resolves.toBe(3);
        for (let i = 0; i < 3; i++) {
          const img = portraits.nth(i);
          await img.scrollIntoViewIfNeeded();
          await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
          await expect(img.getAttribute('alt')).resolves.toMatch(/^Portrait of /);
        }
        expect(await axeViolations(page, { include: '#reviews', minPasses: 3 })).toEqual([]);
        await shot(page, `home-reviews-${label}`, '#reviews');
      });
    }
  });
});

describe('destination video facade', () => {
  it('loads nothing from YouTube until play is pressed, then the no-cookie player', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await inPage(newPage(viewport), async ({ page, context }) => {
        const youtube: string[] = [];
        page.on('request', (r) => {
          if (/youtube/.test(new URL(r.url()).hostname)) youtube.push(r.url());
        });
        await open(page, '/destinations/kenya');
        const facade = page.locator('.video--facade');
        await facade.scrollIntoViewIfNeeded();
        await expect(page.locator('iframe').count()).resolves.toBe(0);
        const play = page.getByRole('link', { name: 'Play video of Kenya' });
        await expect(play.getAttribute('href')).resolves.toBe('https://www.youtube.com/watch?v=QkWGGhtTA4k');
        expect(await axeViolations(page, { include: '.video--facade', minPasses: 3 })).toEqual([]);
        await shot(page, `video-facade-${label}`, '.video--facade');
        await page.waitForTimeout(300);
        expect(youtube).toEqual([]);
        await play.click();
        const frame = page.locator('.video iframe');
        await expect(frame.getAttribute('src')).resolves.toBe('https://www.youtube-nocookie.com/embed/QkWGGhtTA4k?autoplay=1&rel=0');
        await expect(frame.getAttribute('title')).resolves.toBe('Video: Kenya');
        await expect.poll(() => youtube.length).toBeGreaterThan(0);
        expect(youtube.every((u) => u.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
        await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('IFRAME');
        // No popup opened: the player replaced the poster in the page.
        expect(context.pages().length).toBe(1);
      });
    }
  });
});

describe('gallery viewer: key repeat, zoom steps, swipes', () => {
  async function openViewer(viewport: { width: number; height: number }) {
    const { page, context } = await newPage(viewport);
    await open(page, '/animals/mountain-gorillas');
    const thumbs = page.locator('.gallery a');
    await thumbs.first().scrollIntoViewIfNeeded();
    await thumbs.first().click();
    await page.locator('.yarl__root').waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('.yarl__slide_current img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
    return { page, context };
  }
  const currentAlt = (page: Page) => page.locator('.yarl__slide_current img').first().getAttribute('alt');
  const zoomOf = async (page: Page) => Number(/scale\(([\d.]+)\)/.exec((await page.locator('.yarl__slide_current .yarl__slide_wrapper').first().getAttribute('style')) ?? '')?.[1] ?? 1);

  it('lets one key action through in 180 ms while an arrow key is held', async () => {
    await inPage(openViewer(DESKTOP), async ({ page }) => {
      // A held key: a keydown every 30 ms for 1.1 s; count the pictures shown.
      const { moves, elapsed } = await page.evaluate(async () => {
        const target = document.activeElement ?? document.body;
        let changes = 0;
        const current = () => document.querySelector('.yarl__slide_current img')?.getAttribute('alt');
        let last = current();
        const watch = setInterval(() => {
          const now = current();
          if (now !== last) {
            changes++;
            last = now;
          }
        }, 5);
        const start = performance.now();
        let end = start;
        while (performance.now() - start < 1100) {
          target.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
          end = performance.now();
          await new Promise((r) => setTimeout(r, 30));
        }
        await new Promise((r) => setTimeout(r, 400));
        clearInterval(watch);
        return { moves: changes, elapsed: end - start };
      });
      // At most one move per 180 ms (the viewer alone would move every 150 ms), and it keeps moving.
      expect(moves).toBeLessThanOrEqual(1 + Math.floor(elapsed / 180));
      expect(moves).toBeGreaterThanOrEqual(Math.floor(elapsed / 180) - 1);
      // Escape is never held back.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Escape');
      await page.locator('.yarl__root').waitFor({ state: 'detached' });
    });
  });

  it('zooms 100% → 200% → 300% and back in steps of 100, by buttons, keys and double click', async () => {
    await inPage(openViewer(DESKTOP), async ({ page }) => {
      const zoomIn = page.getByRole('button', { name: 'Zoom in' });
      const zoomOut = page.getByRole('button', { name: 'Zoom out' });
      await expect(zoomOut.isDisabled()).resolves.toBe(true);
      await zoomIn.click();
      await expect.poll(() => zoomOf(page)).toBe(2);
      await zoomIn.click();
      await expect.poll(() => zoomOf(page)).toBe(3);
      await expect.poll(() => zoomIn.isDisabled()).toBe(true);
      await expect.poll(() => page.locator('.yarl__toolbar [aria-live]').textContent()).toBe('Zoomed to 300%');
      await zoomOut.click();
      await expect.poll(() => zoomOf(page)).toBe(2);
      // The keys: one step each, down to the fitted picture and up to 300%.
      for (const [key, zoom] of [
        ['-', 1],
        ['+', 2],
        ['+', 3],
      ] as const) {
        await page.waitForTimeout(200);
        await page.keyboard.press(key);
        await expect.poll(() => zoomOf(page)).toBe(zoom);
      }
      await page.waitForTimeout(200);
      await page.keyboard.press('+');
      await page.waitForTimeout(200);
      expect(await zoomOf(page)).toBe(3);
      // Double click: back to the fitted picture from any zoom, one step in from it.
      const img = page.locator('.yarl__slide_current img').first();
      await img.dblclick();
      await expect.poll(() => zoomOf(page)).toBe(1);
      await img.dblclick();
      await expect.poll(() => zoomOf(page)).toBe(2);
    });
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`swipes only past the thresholds: 1.5 times as wide as tall, and a quarter of the width under 200 px (${label})`, async () => {
      await inPage(openViewer(viewport), async ({ page }) => {
        const box = (await page.locator('.yarl__container').boundingBox())!;
        const y = box.y + box.height / 2;
        const x = box.x + box.width / 2;
        const drag = async (dx: number, dy: number) => {
          await page.mouse.move(x, y);
          await page.mouse.down();
          await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
          await page.mouse.move(x + dx, y + dy, { steps: 4 });
          await page.mouse.up();
          await page.waitForTimeout(450);
        };
        const start = await currentAlt(page);
        const quarter = box.width / 4;
        // Short and under a quarter of the width: nothing.
        await drag(-(Math.min(190, quarter) - 15), 0);
        expect(await currentAlt(page)).toBe(start);
        // Wide enough but too steep (1.4 times as wide as tall): nothing.
        await drag(-210, 150);
        expect(await currentAlt(page)).toBe(start);
        // Past the thresholds: the next picture, and a swipe back returns.
        const past = box.width < 800 ? Math.ceil(quarter) + 4 : 205;
        await drag(-past, 10);
        const next = await currentAlt(page);
        expect(next).not.toBe(start);
        await drag(past, -10);
        expect(await currentAlt(page)).toBe(start);
        expect(await page.locator('.yarl__root').count()).toBe(1);
      });
    });
  }
});
