// The interactive states of spec point 4, driven in Chromium at a desktop (1366x900) and a mobile
// (390x844) size: navigation panels and their tabs, mobile menu, sticky header, search overlay and
// its alert, pagination, safari sort and country filter, park filter, Vision/Mission tabs, FAQ
// accordion, review popup, gallery viewer, share links, safari quote overlay and detail, not-found.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAV_MAX_EXPERIENCES, NAV_MAX_SAFARIS, PAGE_SIZE, SHARE_TEXT } from '../../common/constants.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { getJson, htmlText, WHATSAPP_HREF, type Json } from '../helpers/site.ts';
import { sharedSite } from '../helpers/shared-site.ts';

const NAV_LABELS = { destinations: 'Destinations', safaris: 'Safaris', experiences: 'Experiences', blogs: 'Blogs' } as const;

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

let server: ReturnType<typeof sharedSite>;
let browser: Browser;
let base: string;

beforeAll(async () => {
  server = sharedSite();
  browser = await launchBrowser();
  base = server.url;
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the client router has hydrated and has no navigation in flight. */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const r = (window as any).__reactRouterDataRouter;
    return r && r.state.navigation.state === 'idle';
  });
}

async function open(page: Page, path: string) {
  const res = await page.goto(base + path, { waitUntil: 'domcontentloaded' });
  await settled(page);
  return res;
}

/** The "N Day(s) title" of every safari card in the main content. */
async function cardDays(page: Page): Promise<number[]> {
  const titles = await page.locator('main .card__title').allTextContents();
  return titles.map((t) => Number(/^\s*(\d+) Days?\b/.exec(t)?.[1]));
}

async function cardTitles(page: Page): Promise<string[]> {
  return (await page.locator('main .card__title').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
}

function sortedCopy(xs: number[], dir: 1 | -1) {
  return [...xs].sort((a, b) => dir * (a - b));
}

/** Applies the spec's includes/excludes cleaning: comma-split, quotes/braces/backslashes removed. */
function cleanItems(text: string): string[] {
  return text
    .replace(/["'`{}\\]/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function isTrue(v: unknown) {
  return v === true || v === 'true';
}

async function expectDimmed(step: Locator) {
  await expect(step.getAttribute('aria-disabled')).resolves.toBe('true');
  await expect(step.evaluate((el) => el.tagName)).resolves.not.toBe('A');
  const opacity = Number(await step.evaluate((el) => getComputedStyle(el).opacity));
  expect(opacity).toBeLessThan(1);
}

/** What the nav panels list by default, from the API. */
async function panelWants() {
  const [parks, safaris, experiences, blogs] = await Promise.all([
    getJson(base, '/parks/in/uganda?navbar=true'),
    getJson(base, '/safaris/experiences/gorilla-trekking?navbar=true'),
    getJson(base, '/experiences/in/uganda?navbar=true'),
    getJson(base, '/blogs/nav'),
  ]);
  return {
    destinations: { selector: '.mega-card__title', titles: parks.parks.map((p: Json) => p.parktitle as string) },
    safaris: { selector: '.mega-row__title', titles: safaris.safaris.slice(0, NAV_MAX_SAFARIS).map((x: Json) => `${x.safariday} Day${x.safariday === 1 ? '' : 's'} ${x.safarititle}`) },
    experiences: { selector: '.mega-card__title', titles: experiences.experiences.slice(0, NAV_MAX_EXPERIENCES).map((x: Json) => x.experiencetitle as string) },
    blogs: { selector: '.mega-row__title', titles: blogs.blogs.map((b: Json) => b.blogtitle as string) },
  };
}

/** The open panel shows the API's items, and its pictures load in their built responsive variants. */
async function expectPanelContent(panel: Locator, want: { selector: string; titles: string[] }) {
  expect(want.titles.length).toBeGreaterThan(0);
  await expect.poll(async () => (await panel.locator(want.selector).allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(want.titles);
  const pictures = panel.locator('picture');
  await expect(pictures.count()).resolves.toBe(want.titles.length);
  // Hashed variant names (the image metadata came with the panel) in AVIF and WebP.
  await expect(pictures.first().locator('source[type="image/avif"]').getAttribute('srcset')).resolves.toMatch(/\.[0-9a-f]{8}\.w\d+\.avif \d+w/);
  await expect(pictures.first().locator('source[type="image/webp"]').getAttribute('srcset')).resolves.toMatch(/\.[0-9a-f]{8}\.w\d+\.webp \d+w/);
  await expect
    .poll(() =>
      pictures
        .first()
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc),
    )
    .toMatch(/\.w\d+\.(avif|webp|jpg)$/);
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  const mobile = size === 'mobile';

  describe(`${size} ${viewport.width}x${viewport.height}`, () => {
    let context: BrowserContext;
    let page: Page;
    const dialogs: string[] = [];

    beforeAll(async () => {
      context = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile, reducedMotion: 'reduce' });
      page = await context.newPage();
      page.setDefaultTimeout(10_000);
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
    });
    afterAll(async () => {
      await context?.close();
    });

    it('without JavaScript the panel triggers are links to the list pages and no panel is in the page', async () => {
      const plain = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile, javaScriptEnabled: false });
      try {
        const p = await plain.newPage();
        await p.goto(base + '/contact-us', { waitUntil: 'domcontentloaded' });
        for (const [label, href] of [
          ['Destinations', '/destinations'],
          ['Safaris', '/safaris'],
          ['Experiences', '/experiences'],
          ['Blogs', '/blogs'],
        ]) {
          const link = p.locator('#site-menu').getByRole('link', { name: label, exact: true });
          await expect(link.getAttribute('href')).resolves.toBe(href);
          await expect(link.isVisible()).resolves.toBe(true);
        }
        await expect(p.locator('button.nav-trigger, .mega, [id^="mega-"]').count()).resolves.toBe(0);
        await p.locator('#site-menu').getByRole('link', { name: 'Safaris', exact: true }).click();
        await p.waitForURL((u) => u.pathname === '/safaris');
        await expect(p.locator('h1').textContent()).resolves.toContain('Safari');
      } finally {
        await plain.close();
      }
    });

    it('sticky header takes its scrolled look past 50 px', async () => {
      await open(page, '/parks');
      const header = page.locator('header.site-header');
      await expect(header.evaluate((el) => getComputedStyle(el).position)).resolves.toMatch(/sticky|fixed/);
      await page.evaluate(() => window.scrollTo(0, 40));
      await page.waitForFunction(() => window.scrollY === 40);
      await page.waitForTimeout(0);
      expect(await header.getAttribute('class')).not.toContain('is-scrolled');
      await page.evaluate(() => window.scrollTo(0, 400));
      await page.waitForFunction(() => document.querySelector('header.site-header')!.classList.contains('is-scrolled'));
      // Still at the top of the viewport.
      const box = await header.boundingBox();
      expect(box!.y).toBeLessThanOrEqual(1);
      expect(box!.y + box!.height).toBeGreaterThan(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForFunction(() => !document.querySelector('header.site-header')!.classList.contains('is-scrolled'));
    });

    it("search overlay: 'Hey there! Loooking for something?', empty-term alert, navigation to /search?query=", async () => {
      await open(page, '/');
      const dialog = page.getByRole('dialog', { name: 'Hey there! Loooking for something?' });
      await expect(dialog.isVisible()).resolves.toBe(false);
      await page.locator('.search-trigger').click();
      await dialog.waitFor({ state: 'visible' });
      const input = dialog.getByRole('searchbox');
      await expect(input.evaluate((el) => el === document.activeElement || el.closest('dialog') !== null)).resolves.toBe(true);
      // Empty and whitespace-only terms: the browser alert, no navigation.
      dialogs.length = 0;
      await dialog.getByRole('button', { name: 'Search', exact: true }).click();
      await expect.poll(() => dialogs.length).toBe(1);
      expect(dialogs[0]).toBe('Please enter a search term');
      await input.fill('   ');
      await input.press('Enter');
      await expect.poll(() => dialogs.length).toBe(2);
      expect(dialogs[1]).toBe('Please enter a search term');
      expect(new URL(page.url()).pathname).toBe('/');
      // A real term: the encoded query.
      const term = 'gorilla & chimp treks';
      await input.fill(term);
      await input.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search');
      expect(new URL(page.url()).search).toBe(`?query=${encodeURIComponent(term)}`);
      await expect(dialog.isVisible()).resolves.toBe(false);
      // Escape closes the overlay.
      await settled(page);
      await page.locator('.search-trigger').click();
      await dialog.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });

    it('pagination: Prev dimmed on page 1, Next dimmed on the last, numbered links, ?page=N, scroll to top', async () => {
      const first = await getJson(base, `/animals?page=1&limit=${PAGE_SIZE.animals}`);
      const total: number = first.totalPages;
      expect(total).toBeGreaterThanOrEqual(2);
      await open(page, '/animals');
      const nav = page.getByRole('navigation', { name: 'Pagination' });
      await expectDimmed(nav.locator('.pagination__step', { hasText: 'Prev' }));
      await expect(nav.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).resolves.toBe('page');
      await expect(nav.getByRole('link', { name: `Page ${total}` }).count()).resolves.toBe(1);
      await expect.poll(() => cardTitles(page)).toEqual(first.animals.map((a: Json) => a.animaltitle));

      // Next: page 2 in the URL, its items, and the view back at the top.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForFunction(() => window.scrollY > 200);
      await nav.getByRole('link', { name: /Next/ }).click();
      await page.waitForURL((u) => u.searchParams.get('page') === '2');
      await settled(page);
      const second = await getJson(base, `/animals?page=2&limit=${PAGE_SIZE.animals}`);
      await expect.poll(() => cardTitles(page)).toEqual(second.animals.map((a: Json) => a.animaltitle));
      await page.waitForFunction(() => window.scrollY === 0);
      await expect(nav.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).resolves.toBe('page');

      // A numbered link to the last page: Next dimmed there, Prev live.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await nav.getByRole('link', { name: `Page ${total}` }).click();
      await page.waitForURL((u) => u.searchParams.get('page') === String(total));
      await settled(page);
      await page.waitForFunction(() => window.scrollY === 0);
      await expectDimmed(nav.locator('.pagination__step', { hasText: 'Next' }));
      await expect(nav.getByRole('link', { name: /Prev/ }).count()).resolves.toBe(1);
      // Back to page 1 with Prev... from page 2 would need total-1 steps; go straight with Page 1.
      await nav.getByRole('link', { name: 'Page 1' }).click();
      await page.waitForURL((u) => !u.searchParams.has('page') || u.searchParams.get('page') === '1');
    });

    it('/safaris: ascending by day count by default, descending option, 12 a page', async () => {
      const all: Json[] = (await getJson(base, '/safaris')).allsafaris;
      const days = all.map((s) => s.safariday as number);
      await open(page, '/safaris');
      const select = page.getByLabel('Sort by days');
      await expect(select.inputValue()).resolves.toBe('asc');
      await expect(select.locator('option:checked').textContent()).resolves.toBe('Lowest to Highest');
      await expect.poll(() => cardDays(page)).toEqual(sortedCopy(days, 1).slice(0, PAGE_SIZE.safaris));
      await select.selectOption({ label: 'Highest to Lowest' });
      await page.waitForURL((u) => u.searchParams.get('sort') === 'desc');
      await settled(page);
      await expect.poll(() => cardDays(page)).toEqual(sortedCopy(days, -1).slice(0, PAGE_SIZE.safaris));
      // The sort is kept on page 2.
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
      await page.waitForURL((u) => u.searchParams.get('page') === '2');
      await settled(page);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('desc');
      await expect.poll(() => cardDays(page)).toEqual(sortedCopy(days, -1).slice(PAGE_SIZE.safaris, 2 * PAGE_SIZE.safaris));
    });

    it('/safaris: the country checkboxes filter the list', async () => {
      const kenya: Json[] = (await getJson(base, '/safaris/in/kenya?page=1&limit=100')).safaris;
      const rwanda: Json[] = (await getJson(base, '/safaris/in/rwanda?page=1&limit=100')).safaris;
      expect(kenya.length).toBeGreaterThan(0);
      await open(page, '/safaris');
      const labels = await page.locator('main fieldset').first().locator('label').allTextContents();
      expect(labels.map((l) => l.trim())).toEqual(['Uganda', 'Rwanda', 'Tanzania', 'Drc', 'Kenya']);
      await page.getByRole('checkbox', { name: 'Kenya' }).check();
      await page.waitForURL((u) => u.searchParams.getAll('country').length === 1);
      await settled(page);
      // The list re-renders after the URL changes: wait for the filtered cards.
      await expect.poll(async () => (await cardTitles(page)).length).toBe(Math.min(kenya.length, PAGE_SIZE.safaris));
      const titles = await cardTitles(page);
      for (const t of titles)
        expect(
          kenya.map((s) => s.safarititle),
          t,
        ).toContain(t.replace(/^\d+ Days? /, ''));
      await expect(page.getByRole('checkbox', { name: 'Kenya' }).isChecked()).resolves.toBe(true);
      // A second country widens the list to both.
      await page.getByRole('checkbox', { name: 'Rwanda' }).check();
      await page.waitForURL((u) => u.searchParams.getAll('country').length === 2);
      await settled(page);
      const both = new Set([...kenya, ...rwanda].map((s) => s.id));
      await expect.poll(() => page.locator('main .result-count').textContent()).toContain(`${both.size} safaris`);
      // Unticking both shows every safari again.
      await page.getByRole('checkbox', { name: 'Kenya' }).uncheck();
      await page.waitForURL((u) => u.searchParams.getAll('country').length === 1);
      await settled(page);
      await page.getByRole('checkbox', { name: 'Rwanda' }).uncheck();
      await page.waitForURL((u) => u.searchParams.getAll('country').length === 0);
      await settled(page);
      await expect.poll(async () => (await cardTitles(page)).length).toBe(PAGE_SIZE.safaris);
    });

    it('/parks: single-choice country filter (at most one; unchecking clears)', async () => {
      const dests: Json[] = (await getJson(base, '/destinations')).destinations;
      const rw = dests.find((d) => d.destinationtitleslug === 'rwanda')!;
      const ke = dests.find((d) => d.destinationtitleslug === 'kenya')!;
      const rwParks: Json[] = (await getJson(base, `/parks?page=1&limit=12&destination_id=${rw.id}`)).parks;
      const keParks: Json[] = (await getJson(base, `/parks?page=1&limit=12&destination_id=${ke.id}`)).parks;
      await open(page, '/parks');
      const boxes = page.locator('main fieldset input[type=checkbox]');
      await expect(boxes.count()).resolves.toBe(dests.length);
      const checked = () => page.locator('main fieldset input[type=checkbox]:checked').count();
      expect(await checked()).toBe(0);
      await page.getByRole('checkbox', { name: rw.destinationtitle }).check();
      await page.waitForURL((u) => u.search.includes('rwanda'));
      await settled(page);
      await expect.poll(() => cardTitles(page)).toEqual(rwParks.map((p) => p.parktitle));
      expect(await checked()).toBe(1);
      // Ticking another replaces the first.
      await page.getByRole('checkbox', { name: ke.destinationtitle }).check();
      await page.waitForURL((u) => u.search.includes('kenya'));
      await settled(page);
      expect(await checked()).toBe(1);
      await expect(page.getByRole('checkbox', { name: rw.destinationtitle }).isChecked()).resolves.toBe(false);
      await expect.poll(() => cardTitles(page)).toEqual(keParks.map((p) => p.parktitle));
      // Unticking clears the filter.
      await page.getByRole('checkbox', { name: ke.destinationtitle }).uncheck();
      await page.waitForURL((u) => !u.search.includes('kenya'));
      await settled(page);
      expect(await checked()).toBe(0);
      await expect.poll(async () => (await cardTitles(page)).length).toBe(PAGE_SIZE.parks);
    });

    it('why-book-with-us: Vision and Mission tabs, Vision by default', async () => {
      await open(page, '/why-book-with-us');
      const vision = page.getByRole('tab', { name: 'Vision' });
      const mission = page.getByRole('tab', { name: 'Mission' });
      await expect(vision.getAttribute('aria-selected')).resolves.toBe('true');
      await expect(mission.getAttribute('aria-selected')).resolves.toBe('false');
      const panelOf = async (tab: Locator) => page.locator(`#${await tab.getAttribute('aria-controls')}`);
      await expect((await panelOf(vision)).isVisible()).resolves.toBe(true);
      await expect((await panelOf(mission)).isVisible()).resolves.toBe(false);
      await mission.click();
      await expect.poll(() => mission.getAttribute('aria-selected')).toBe('true');
      await expect.poll(async () => (await panelOf(mission)).isVisible()).toBe(true);
      await expect.poll(async () => (await panelOf(vision)).isVisible()).toBe(false);
      // Keyboard: arrow back to Vision.
      await mission.press('ArrowLeft');
      await expect.poll(() => vision.getAttribute('aria-selected')).toBe('true');
      await expect.poll(async () => (await panelOf(vision)).isVisible()).toBe(true);
    });

    it('FAQ accordion expands and collapses', async () => {
      const faqs: Json[] = (await getJson(base, '/frequently-asked-questions')).faqs;
      await open(page, '/frequently-asked-questions');
      const q = page.getByText(faqs[1]!.question, { exact: true });
      const answerText = htmlText(faqs[1]!.answer).slice(0, 40);
      const answer = page.getByText(answerText).first();
      await expect(answer.isVisible()).resolves.toBe(false);
      await q.click();
      await answer.waitFor({ state: 'visible' });
      await q.click();
      await answer.waitFor({ state: 'hidden' });
      // Keyboard too.
      await q.focus();
      await page.keyboard.press('Enter');
      await answer.waitFor({ state: 'visible' });
    });

    it('home reviews: Read more opens the full review, Escape and Close close it', async () => {
      await open(page, '/');
      const more = page.getByRole('button', { name: /^Read more/ });
      await expect(more.count()).resolves.toBe(3);
      await more.nth(1).scrollIntoViewIfNeeded();
      await more.nth(1).click();
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor({ state: 'visible' });
      const title = (await dialog.locator('h2').textContent())!.trim();
      expect(title.length).toBeGreaterThan(0);
      await expect(page.locator('.review').nth(1).locator('.review__title').first().textContent()).resolves.toBe(title);
      // The full text, fetched for the popup (it is not in the page's data).
      const reviews = (await getJson(base, '/')).reviews as Json[];
      await dialog.getByText(String(reviews[1]!.details).slice(0, 80)).waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Focus returns to the button.
      await expect(more.nth(1).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await more.nth(0).click();
      await page.locator('dialog[open]').waitFor({ state: 'visible' });
      await page.locator('dialog[open]').getByRole('button', { name: 'Close' }).click();
      await page.locator('dialog[open]').waitFor({ state: 'detached' });
      // From the keyboard: the third review's full text.
      await more.nth(2).focus();
      await page.keyboard.press('Enter');
      await page.locator('dialog[open]').getByText(String(reviews[2]!.details).slice(0, 80)).waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await page.locator('dialog[open]').waitFor({ state: 'detached' });
      // Home FAQ accordion.
      const faq = page.locator('details').first();
      await faq.locator('summary').click();
      await expect(faq.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
      await faq.locator('summary').click();
      await expect(faq.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
    });

    it('gallery viewer: opens at the clicked image, next/prev wrap around, caption, Escape closes', async () => {
      const animals = await getJson(base, `/animals?page=1&limit=${PAGE_SIZE.animals}`);
      let slug = '';
      let images: Json[] = [];
      for (const a of animals.animals) {
        const d = await getJson(base, `/animals/${a.animaltitleslug}`);
        if (d.galleryImages.length >= 3) {
          slug = a.animaltitleslug;
          images = d.galleryImages;
          break;
        }
      }
      expect(images.length, 'an animal with a gallery of 3+ images').toBeGreaterThanOrEqual(3);
      await open(page, `/animals/${slug}`);
      const thumbs = page.locator('.gallery a');
      await expect(thumbs.count()).resolves.toBe(images.length);
      const viewer = page.locator('.yarl__root');
      const currentAlt = () => page.locator('.yarl__slide_current img').first().getAttribute('alt');
      const currentCaption = async () => (await page.locator('.yarl__slide_current').locator('.yarl__slide_description').first().textContent())?.trim();
      await thumbs.nth(1).scrollIntoViewIfNeeded();
      await thumbs.nth(1).click();
      await viewer.waitFor({ state: 'visible' });
      await expect.poll(currentAlt).toBe(images[1]!.filename);
      await expect.poll(currentCaption).toBe(images[1]!.caption);
      const next = page.getByRole('button', { name: 'Next image' });
      const prev = page.getByRole('button', { name: 'Previous image' });
      for (let i = 2; i <= images.length; i++) {
        await next.click();
        await expect.poll(currentAlt).toBe(images[i % images.length]!.filename);
      }
      // Wrapped to the first; previous wraps back to the last.
      await prev.click();
      await expect.poll(currentAlt).toBe(images[images.length - 1]!.filename);
      await expect.poll(currentCaption).toBe(images[images.length - 1]!.caption);
      // Keyboard arrows move too.
      await page.keyboard.press('ArrowRight');
      await expect.poll(currentAlt).toBe(images[0]!.filename);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      // Close button.
      await thumbs.nth(0).click();
      await viewer.waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Close gallery' }).click();
      await viewer.waitFor({ state: 'detached' });
    });

    it('share links: facebook, twitter, linkedin, whatsapp in a new tab with the page URL and the share text', async () => {
      for (const path of [`/blogs/${(await getJson(base, '/blogs?page=1&limit=12')).blogs[0].blogtitleslug}`, '/animals/mountain-gorillas']) {
        await open(page, path);
        const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
        expect(new URL(canonical!).pathname).toBe(path);
        const links = page.locator(
          'a[href*="facebook.com/sharer"], a[href*="twitter.com/intent"], a[href*="x.com/intent"], a[href*="linkedin.com/share"], a[href*="whatsapp.com/send"], a[href*="wa.me/?text"]',
        );
        await expect(links.count(), path).resolves.toBe(4);
        const seen = new Set<string>();
        for (const link of await links.all()) {
          const href = (await link.getAttribute('href'))!;
          seen.add(/facebook/.test(href) ? 'facebook' : /twitter|x\.com/.test(href) ? 'twitter' : /linkedin/.test(href) ? 'linkedin' : 'whatsapp');
          await expect(link.getAttribute('target')).resolves.toBe('_blank');
          expect((await link.getAttribute('rel')) ?? '').toContain('noopener');
          const decoded = decodeURIComponent(href.replace(/\+/g, ' '));
          expect(decoded, href).toContain(canonical!);
          expect(decoded, href).toContain(SHARE_TEXT);
        }
        expect([...seen].sort()).toEqual(['facebook', 'linkedin', 'twitter', 'whatsapp']);
      }
    });

    it("safari detail: '{days} Day {title}', Includes/Excludes, 'From $price', itinerary with meal plan, quote overlay", async () => {
      const all: Json[] = (await getJson(base, '/safaris')).allsafaris;
      const slug = [...all].sort((a, b) => b.safariday - a.safariday).find((s) => s.safariday >= 3 && s.safariday <= 6)!.safarititleslug;
      const d = await getJson(base, `/safaris/${slug}`);
      const s = d.safari;
      await open(page, `/safaris/${slug}`);
      await expect(page.locator('h1').textContent()).resolves.toBe(`${s.safariday} Day ${s.safarititle}`);
      const list = (heading: string) =>
        page
          .locator('section, div')
          .filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
          .last()
          .locator('li');
      expect((await list('Includes').allTextContents()).map((t) => t.trim())).toEqual(cleanItems(s.safariincludes));
      expect((await list('Excludes').allTextContents()).map((t) => t.trim())).toEqual(cleanItems(s.safariexcludes));
      const price = `$${Number(s.safariprice).toLocaleString('en-US')}`;
      const priceBlock = page
        .locator('main')
        .getByText(/^From\b/)
        .first();
      await expect(priceBlock.isVisible()).resolves.toBe(true);
      const main = (await page.locator('main').textContent())!.replace(/\s+/g, ' ');
      expect(main).toMatch(new RegExp(`From \\$?\\s*${price.replace(/[$,]/g, (c) => `\\${c}`).replace('\\$', '\\$?')}`));
      // Itinerary: every day with its number, title and meal plan.
      await expect(page.getByRole('heading', { name: 'Detailed Itinerary' }).count()).resolves.toBe(1);
      const days = page.locator('.itinerary li.day, .itinerary > ol > li');
      await expect(days.count()).resolves.toBe(d.safaridays.length);
      for (const [i, day] of (d.safaridays as Json[]).entries()) {
        const item = days.nth(i);
        const text = (await item.textContent())!.replace(/\s+/g, ' ');
        expect(text).toContain(day.title);
        expect(text).toMatch(new RegExp(`Day\\s*${day.day_number}\\b`));
        const meals = [
          ['Breakfast', day.breakfast],
          ['Lunch', day.lunch],
          ['Dinner', day.dinner],
          ['Drinking water', day.drinking_water],
        ] as const;
        if (meals.some(([, v]) => isTrue(v))) expect(text).toContain('Meal plan');
        const chips = (await item.locator('.day__meals li').allTextContents()).map((t) => t.trim());
        expect(chips).toEqual(meals.filter(([, v]) => isTrue(v)).map(([m]) => m));
      }
      // The quote overlay: hidden until Get a free quote, closed by its close button.
      const quote = page.getByRole('dialog');
      await expect(quote.isVisible()).resolves.toBe(false);
      await expect(page.locator('main form input[name=email]').count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'Get a free quote' }).click();
      await quote.waitFor({ state: 'visible' });
      await expect(quote.locator('input[type=email]').isVisible()).resolves.toBe(true);
      await quote.getByRole('button', { name: /close/i }).first().click();
      await quote.waitFor({ state: 'hidden' });
    });

    it('not-found view: Ooops!, Error: 404 Page, WhatsApp link, links to the lists, HTTP 404', async () => {
      const res = await page.goto(`${base}/safaris/no-such-safari-here`, { waitUntil: 'domcontentloaded' });
      expect(res!.status()).toBe(404);
      await settled(page);
      await expect(page.locator('h1').textContent()).resolves.toBe('Ooops!');
      await expect(page.getByText('Error: 404 Page').isVisible()).resolves.toBe(true);
      await expect(page.locator(`main a[href^="${WHATSAPP_HREF}"]`).isVisible()).resolves.toBe(true);
      for (const href of ['/safaris', '/parks', '/experiences', '/blogs']) await expect(page.locator(`main a[href="${href}"]`).count(), href).resolves.toBe(1);
      // A client navigation to an unknown address shows it too, and its links work.
      await page.locator('main a[href="/experiences"]').click();
      await page.waitForURL((u) => u.pathname === '/experiences');
      await settled(page);
      await page.evaluate(() => (window as any).__reactRouterDataRouter.navigate('/no/such/page'));
      await settled(page);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Ooops!');
      await expect(page.getByText('Error: 404 Page').isVisible()).resolves.toBe(true);
    });

    if (!mobile) {
      const trigger = (p: Page, label: string) => p.locator('button.nav-trigger', { hasText: label });
      const openPanels = (p: Page) => p.locator('button.nav-trigger[aria-expanded=true]');

      it('every panel opens by hover with its content, prefetched when the pointer comes to the header', async () => {
        const want = await panelWants();
        await open(page, '/contact-us');
        await page.mouse.move(10, 880);
        expect(await page.locator('.mega-card, .mega-row').count()).toBe(0);
        // The pointer arrives on the header (the logo, not a trigger): the panels are fetched.
        const fetched = Promise.all(['destinations', 'safaris', 'experiences', 'blogs'].map((k) => page.waitForResponse((r) => r.url().endsWith(`/nav/${k}`) && r.ok())));
        const brand = (await page.locator('.site-header .brand').boundingBox())!;
        await page.mouse.move(brand.x + 10, brand.y + 10);
        await fetched;
        for (const key of ['destinations', 'safaris', 'experiences', 'blogs'] as const) {
          await trigger(page, NAV_LABELS[key]).hover();
          const panel = page.locator(`#mega-${key}`);
          await panel.waitFor({ state: 'visible' });
          // Already there when it opens: no loading placeholder.
          await expect(panel.locator('.mega__skeleton').count()).resolves.toBe(0);
          await expectPanelContent(panel, want[key]);
        }
      });

      it('every panel opens by keyboard with its content, and its first tab is reachable with Tab', async () => {
        const want = await panelWants();
        for (const key of ['destinations', 'safaris', 'experiences', 'blogs'] as const) {
          await open(page, '/contact-us');
          await page.mouse.move(10, 880);
          const t = trigger(page, NAV_LABELS[key]);
          await t.focus();
          await page.keyboard.press(key === 'safaris' ? 'Space' : 'Enter');
          const panel = page.locator(`#mega-${key}`);
          await panel.waitFor({ state: 'visible' });
          await expect(t.getAttribute('aria-expanded')).resolves.toBe('true');
          await expectPanelContent(panel, want[key]);
          await page.keyboard.press('Tab');
          await expect(page.evaluate((id) => document.activeElement?.closest(`#${id}`) !== null, `mega-${key}`)).resolves.toBe(true);
          if (key !== 'blogs') await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('tab');
          await page.keyboard.press('Escape');
          await panel.waitFor({ state: 'hidden' });
        }
      });

      it('nav panels open on hover, exactly one at a time, and close on mouse leave', async () => {
        await open(page, '/contact-us');
        expect(await openPanels(page).count()).toBe(0);
        await trigger(page, 'Destinations').hover();
        await page.locator('#mega-destinations').waitFor({ state: 'visible' });
        expect(await openPanels(page).count()).toBe(1);
        for (const [label, id] of [
          ['Safaris', 'safaris'],
          ['Experiences', 'experiences'],
          ['Blogs', 'blogs'],
        ] as const) {
          await trigger(page, label).hover();
          await page.locator(`#mega-${id}`).waitFor({ state: 'visible' });
          await expect.poll(() => openPanels(page).count()).toBe(1);
          await expect(trigger(page, label).getAttribute('aria-expanded')).resolves.toBe('true');
        }
        await page.locator('#mega-destinations').waitFor({ state: 'hidden' });
        await page.getByRole('link', { name: 'All blogs' }).waitFor({ state: 'visible' });
        // Leaving with the mouse closes it.
        await page.mouse.move(10, 880);
        await page.locator('#mega-blogs').waitFor({ state: 'hidden' });
        expect(await openPanels(page).count()).toBe(0);
      });

      it('nav panels open with Enter and Space, Escape closes and returns focus', async () => {
        await open(page, '/contact-us');
        await page.mouse.move(10, 880);
        const safaris = trigger(page, 'Safaris');
        await safaris.focus();
        await page.keyboard.press('Enter');
        await page.locator('#mega-safaris').waitFor({ state: 'visible' });
        await expect(safaris.getAttribute('aria-expanded')).resolves.toBe('true');
        // Tab into the panel and Escape from inside it.
        await page.keyboard.press('Tab');
        await expect(page.evaluate(() => document.activeElement?.closest('#mega-safaris') !== null)).resolves.toBe(true);
        await page.keyboard.press('Escape');
        await page.locator('#mega-safaris').waitFor({ state: 'hidden' });
        await expect(safaris.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
        // Space on another trigger.
        const exps = trigger(page, 'Experiences');
        await exps.focus();
        await page.keyboard.press('Space');
        await page.locator('#mega-experiences').waitFor({ state: 'visible' });
        // Enter on a third: still exactly one open.
        await trigger(page, 'Blogs').focus();
        await page.keyboard.press('Enter');
        await page.locator('#mega-blogs').waitFor({ state: 'visible' });
        await expect.poll(() => openPanels(page).count()).toBe(1);
        await page.keyboard.press('Escape');
        await page.locator('#mega-blogs').waitFor({ state: 'hidden' });
        await expect(trigger(page, 'Blogs').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      });

      it('nav tabs load their panel: default uganda, rwanda shows Rwanda parks', async () => {
        const ug: Json = await getJson(base, '/parks/in/uganda?navbar=true');
        const rw: Json = await getJson(base, '/parks/in/rwanda?navbar=true');
        await open(page, '/contact-us');
        await trigger(page, 'Destinations').hover();
        const panel = page.locator('#mega-destinations');
        await panel.waitFor({ state: 'visible' });
        await expect(panel.getByRole('tab', { name: ug.destinationTitle }).getAttribute('aria-selected')).resolves.toBe('true');
        const cardTitles = () => panel.locator('.mega-card__title').allTextContents();
        expect((await cardTitles()).length).toBeGreaterThan(0);
        for (const t of await cardTitles()) expect(ug.parks.map((p: Json) => p.parktitle)).toContain(t.trim());
        await expect(panel.getByRole('link', { name: /^Explore/ }).count()).resolves.toBe((await cardTitles()).length);
        const response = page.waitForResponse((r) => r.url().endsWith('/nav/destinations/rwanda'));
        await panel.getByRole('tab', { name: rw.destinationTitle }).click();
        await response;
        await expect.poll(() => panel.getByRole('tab', { name: rw.destinationTitle }).getAttribute('aria-selected')).toBe('true');
        // The panel lists the nav answer's parks (it may arrive a moment after the response).
        await expect.poll(async () => (await cardTitles()).map((t) => t.trim())).toEqual(rw.parks.map((p: Json) => p.parktitle));
        expect((await cardTitles()).length).toBeGreaterThan(0);
        for (const t of await cardTitles()) expect(rw.parks.map((p: Json) => p.parktitle)).toContain(t.trim());
        await expect(panel.getByRole('link', { name: /all/i }).first().isVisible()).resolves.toBe(true);
      });

      it('nav tabs load their panel: gorilla-trekking by default, chimpanzee-trekking shows chimp safaris, an empty experience says so', async () => {
        const chimp: Json = await getJson(base, '/safaris/experiences/chimpanzee-trekking?navbar=true');
        const experiences: Json[] = chimp.safariexperiences;
        await open(page, '/contact-us');
        await trigger(page, 'Safaris').hover();
        const panel = page.locator('#mega-safaris');
        await panel.waitFor({ state: 'visible' });
        await expect(panel.locator('[role=tab][aria-selected=true]').getAttribute('id')).resolves.toContain('gorilla-trekking');
        const rows = () => panel.locator('.mega-row');
        const response = page.waitForResponse((r) => r.url().endsWith('/nav/safaris/chimpanzee-trekking'));
        await panel.getByRole('tab', { name: chimp.experienceTitle }).click();
        await response;
        const want = chimp.safaris.slice(0, NAV_MAX_SAFARIS);
        await expect.poll(() => rows().count()).toBe(want.length);
        for (const [i, s] of want.entries()) {
          const text = (await rows().nth(i).textContent())!.replace(/\s+/g, ' ');
          expect(text).toContain(s.safarititle);
          expect(text).toMatch(new RegExp(`\\b${s.safariday} Days?\\b`));
          expect(text).toContain(`$${Number(s.safariprice).toLocaleString('en-US')}`);
        }
        await expect(
          panel
            .getByRole('link', { name: /All .*safaris/i })
            .first()
            .isVisible(),
        ).resolves.toBe(true);
        // An experience with no safaris, if there is one.
        let empty: Json | undefined;
        for (const x of experiences) {
          const j = await getJson(base, `/safaris/experiences/${x.experiencetitleslug}?navbar=true`);
          if (j.safaris.length === 0) {
            empty = x;
            break;
          }
        }
        if (empty) {
          await panel.getByRole('tab', { name: empty.experiencetitle }).click();
          await panel.getByText('No safaris available for this experience.').waitFor({ state: 'visible' });
          expect(await rows().count()).toBe(0);
        }
        // Experiences panel: destination tabs, up to 3 experiences.
        const ke: Json = await getJson(base, '/experiences/in/kenya?navbar=true');
        await trigger(page, 'Experiences').hover();
        const xp = page.locator('#mega-experiences');
        await xp.waitFor({ state: 'visible' });
        await expect(xp.locator('[role=tab][aria-selected=true]').getAttribute('id')).resolves.toContain('uganda');
        await xp.getByRole('tab', { name: ke.destinationTitle }).click();
        await expect.poll(() => xp.locator('.mega-card__title').allTextContents()).toEqual(ke.experiences.slice(0, NAV_MAX_EXPERIENCES).map((x: Json) => x.experiencetitle));
      });

      it('a link in a nav panel navigates and closes the panel', async () => {
        await open(page, '/contact-us');
        await trigger(page, 'Blogs').hover();
        await page.locator('#mega-blogs').waitFor({ state: 'visible' });
        await page.locator('#mega-blogs').getByRole('link', { name: 'All blogs' }).click();
        await page.waitForURL((u) => u.pathname === '/blogs');
        await page.mouse.move(10, 880);
        await page.locator('#mega-blogs').waitFor({ state: 'hidden' });
      });
    } else {
      it('hamburger opens the menu and the close icon closes it', async () => {
        await open(page, '/');
        const toggle = page.locator('button.menu-toggle');
        await expect(toggle.isVisible()).resolves.toBe(true);
        const menu = page.locator('#site-menu');
        await expect(menu.isVisible()).resolves.toBe(false);
        await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
        await expect(toggle.textContent()).resolves.toContain('Open menu');
        await toggle.click();
        await menu.waitFor({ state: 'visible' });
        await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
        await expect(toggle.textContent()).resolves.toContain('Close menu');
        await expect(menu.getByRole('link', { name: 'Home' }).isVisible()).resolves.toBe(true);
        await expect(menu.getByRole('link', { name: 'Contact' }).isVisible()).resolves.toBe(true);
        await expect(menu.getByRole('link', { name: 'Plan a safari' }).isVisible()).resolves.toBe(true);
        await toggle.click();
        await menu.waitFor({ state: 'hidden' });
        await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
        // Escape closes it too.
        await toggle.click();
        await menu.waitFor({ state: 'visible' });
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
      });

      it('mobile menu: every panel opens by tap with its content', async () => {
        const want = await panelWants();
        await open(page, '/parks');
        await page.locator('button.menu-toggle').tap();
        const menu = page.locator('#site-menu');
        await menu.waitFor({ state: 'visible' });
        for (const key of ['destinations', 'safaris', 'experiences', 'blogs'] as const) {
          const t = menu.locator('button.nav-trigger', { hasText: NAV_LABELS[key] });
          await t.tap();
          const panel = page.locator(`#mega-${key}`);
          await panel.waitFor({ state: 'visible' });
          await expect(t.getAttribute('aria-expanded')).resolves.toBe('true');
          await expectPanelContent(panel, want[key]);
          // A second tap closes it.
          await t.tap();
          await panel.waitFor({ state: 'hidden' });
        }
      });

      it('mobile menu: a panel opens by tap, its tabs load, a link navigates and closes the menu', async () => {
        const chimp: Json = await getJson(base, '/safaris/experiences/chimpanzee-trekking?navbar=true');
        await open(page, '/');
        const toggle = page.locator('button.menu-toggle');
        await toggle.click();
        const menu = page.locator('#site-menu');
        await menu.waitFor({ state: 'visible' });
        await menu.locator('button.nav-trigger', { hasText: 'Safaris' }).click();
        const panel = page.locator('#mega-safaris');
        await panel.waitFor({ state: 'visible' });
        await panel.getByRole('tab', { name: chimp.experienceTitle }).click();
        await expect.poll(async () => (await panel.locator('.mega-row').count()) > 0 && (await panel.locator('.mega-row').first().textContent())!.includes(chimp.safaris[0].safarititle)).toBe(true);
        await panel.locator('.mega-row').first().click();
        await page.waitForURL((u) => u.pathname === `/safaris/${chimp.safaris[0].safarititleslug}`);
        await settled(page);
        await menu.waitFor({ state: 'hidden' });
        await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      });
    }
  });
}
