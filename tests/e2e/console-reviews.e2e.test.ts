// Review moderation and currency rates in a browser. Reviews written on a safari page are stored
// pending (straight into the database, as the review form's API does); an agent sees them on
// /admin/reviews with the count in the menu, approves one (also without JavaScript) and rejects
// another; the approved one is on the safari's page at once. An owner sets a rate on
// /admin/settings, a bad one is refused with its field marked, and the safari page's prices convert
// with the new rate. axe finds nothing on both screens at 1280 and 390 pixels; screenshots are kept.
import '../helpers/production.ts';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_KEY } from '../../app/lib/currency.ts';
import { showPrice } from '../../common/currency.ts';
import type { Db, Tx } from '../../server/db/index.ts';
import { insertReview, renderReviewPhoto } from '../../server/reviews.ts';
import { consolePage, forTheBlock, sizedOptions } from '../helpers/console-page.ts';
import { consoleSignIn, settled, violations, widerThan } from '../helpers/console-browser.ts';
import { consoleBrowserSite } from '../helpers/console-site.ts';
import type { InProcessSite } from '../helpers/start-site.ts';

const OWNER = 'olivia@kigezitrails.example';
const AGENT = 'arthur@kigezitrails.example';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/console-reviews-shots';
const SIZES = [
  ['desktop', { width: 1280, height: 860 }],
  ['phone', { width: 390, height: 844 }],
] as const;

let site: InProcessSite;
let browser: Browser;
let safari: { id: number; slug: string; title: string };
let db: Db;

async function addReview(name: string, country: string, rating: number, text: string, withPhoto = false): Promise<number> {
  const photo = withPhoto
    ? await renderReviewPhoto(
        await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6f8f4e', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
          .jpeg()
          .toBuffer(),
      )
    : undefined;
  return (await db.transaction((tx) => insertReview(tx as unknown as Tx, safari.id, { name, country, rating, text } as never, photo))).id;
}

const signInAs = (page: Page, email: string) => consoleSignIn(page, site.base, email);

const reviewCard = (page: Page, name: string) => page.locator('li.c-rv').filter({ has: page.getByRole('heading', { name }) });

beforeAll(async () => {
  ({ site, browser } = await consoleBrowserSite(SHOTS, [
    [OWNER, 'owner', 'Olivia Mugisha'],
    [AGENT, 'agent', 'Arthur Agent'],
  ]));
  db = site.app.database!.db;
  safari = (await site.rows<{ id: number; slug: string; title: string }>('select id, safarititleslug as slug, safarititle as title from safaris order by id limit 1'))[0]!;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('review moderation', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    await addReview('Grace Achieng', 'Kenya', 5, 'Our guide read the forest like a book; the gorilla family in Rushaga was worth every step of the climb.', true);
    await addReview('Tom Becker', 'Germany', 2, 'The lodge was fine but the drive was very long and the car broke down twice on the way.');
    await addReview('Ana Sousa', 'Portugal', 4, 'Lovely trip.\nThe chimpanzees in Kibale were the highlight, and the guides were patient with our children.');
  });
  forTheBlock(async () => ({ context, page } = await consolePage(browser, site.base, AGENT, { viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' }, 20_000)));

  it('an agent sees the waiting reviews with the count in the menu and on the dashboard, approves one and sees it on the safari page at once', async () => {
    const menuEntry = page.locator('.c-nav a[href="/admin/reviews"]');
    await expect(menuEntry.textContent()).resolves.toBe('Reviews 3 waiting');
    await expect(page.locator('.c-stat').filter({ hasText: 'Reviews waiting for approval' }).locator('.c-stat__value').textContent()).resolves.toBe('3');
    await menuEntry.click();
    await page.waitForURL(`${site.base}/admin/reviews`);
    await settled(page);
    await expect(page.getByRole('link', { name: 'Waiting 3' }).getAttribute('aria-current')).resolves.toBe('page');
    const grace = reviewCard(page, 'Grace Achieng, Kenya');
    await expect(grace.getByRole('img', { name: '5 of 5 stars' }).count()).resolves.toBe(1);
    await expect(grace.getByRole('link', { name: safari.title }).getAttribute('href')).resolves.toBe(`/safaris/${safari.slug}`);
    const thumb = grace.getByRole('img', { name: /Photo sent by Grace Achieng/ });
    await expect.poll(() => thumb.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true);

    await grace.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'approved' }).first().textContent()).toContain('Grace Achieng’s review is approved');
    await expect.poll(() => menuEntry.textContent()).toBe('Reviews 2 waiting');
    await expect(reviewCard(page, 'Grace Achieng, Kenya').count()).resolves.toBe(0);

    await reviewCard(page, 'Tom Becker, Germany').getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => page.getByRole('link', { name: /^Rejected/ }).textContent()).toBe('Rejected 1');

    // On the safari's page at once.
    const pub = await context.newPage();
    await pub.goto(`${site.base}/safaris/${safari.slug}`);
    await expect(pub.getByText('Our guide read the forest like a book').count()).resolves.toBe(1);
    await expect(pub.getByText('the car broke down twice').count()).resolves.toBe(0);
    await pub.close();

    // The rejected one can be approved after all.
    await page.getByRole('link', { name: /^Rejected/ }).click();
    await page.waitForURL(`${site.base}/admin/reviews?status=rejected`);
    // The address changes before the new list arrives: wait for the list, not the address.
    await expect.poll(() => reviewCard(page, 'Tom Becker, Germany').getByRole('button', { name: 'Approve after all' }).count()).toBe(1);
    await expect
      .poll(() =>
        reviewCard(page, 'Tom Becker, Germany')
          .getByText(/Rejected .* by Arthur Agent/)
          .count(),
      )
      .toBe(1);
  });

  it('an agent publishes a reply under an approved review: the safari page shows it under the review', async () => {
    await page.goto(`${site.base}/admin/reviews?status=approved`);
    await settled(page);
    const grace = reviewCard(page, 'Grace Achieng, Kenya');
    await grace.getByLabel('Your public reply (optional)').fill('Thank you, Grace! Moses sends his greetings from Buhoma.');
    await grace.getByRole('button', { name: 'Publish the reply' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Your reply to Grace Achieng is saved' }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    for (const [size, viewport] of SIZES) {
      const visitor = await browser.newContext({ viewport });
      try {
        const pub = await visitor.newPage();
        await pub.goto(`${site.base}/safaris/${safari.slug}#reviews`);
        const reply = pub.getByRole('article', { name: /Grace Achieng/ }).locator('.t-review__reply');
        await expect.poll(() => reply.textContent()).toContain('Moses sends his greetings from Buhoma.');
        expect(await reply.textContent()).toMatch(/^Reply from Kigezi Trails/);
        await reply.scrollIntoViewIfNeeded();
        expect(await violations(pub)).toEqual([]);
        await pub.screenshot({ path: path.join(SHOTS, `review-reply-${size}.png`) });
      } finally {
        await visitor.close();
      }
    }
  });

  it('works without JavaScript', async () => {
    const noJs = await browser.newContext({ viewport: { width: 1280, height: 860 }, javaScriptEnabled: false });
    const p = await noJs.newPage();
    try {
      await signInAs(p, AGENT);
      await p.goto(`${site.base}/admin/reviews`);
      await reviewCard(p, 'Ana Sousa, Portugal').getByRole('button', { name: 'Approve' }).click();
      await p.waitForLoadState('load');
      await expect(p.getByRole('status').filter({ hasText: 'Ana Sousa’s review is approved' }).count()).resolves.toBe(1);
      expect(await site.rows(`select status from traveller_reviews where name = 'Ana Sousa'`)).toEqual([{ status: 'approved' }]);
      await p.goto(`${site.base}/safaris/${safari.slug}`);
      await expect(p.getByText('The chimpanzees in Kibale were the highlight').count()).resolves.toBe(1);
    } finally {
      await noJs.close();
    }
  });
});

describe('currency rates', () => {
  it('an owner saves a rate (a bad one refused), the safari page converts with it, and agents cannot see the form', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      await signInAs(page, OWNER);
      await page.goto(`${site.base}/admin/settings`);
      await settled(page);
      const eur = page.getByLabel('Euro (EUR) per US dollar');
      await expect(page.getByText(/^Set .* from the content file$/).count()).resolves.toBe(6);
      await eur.fill('-3');
      await page.getByRole('button', { name: 'Save rates' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Euro (EUR): the rate must be');
      await expect(eur.getAttribute('aria-invalid')).resolves.toBe('true');
      await eur.fill('2');
      await page.getByRole('button', { name: 'Save rates' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('The rates are saved (EUR)');
      await expect.poll(() => page.getByText('by Olivia Mugisha').count()).toBe(1);
      await expect(eur.inputValue()).resolves.toBe('2');

      // A visitor who chose euros sees the safari's prices at 2 euros to the dollar.
      const visitor = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      await visitor.addInitScript((key) => window.localStorage.setItem(key, 'EUR'), CURRENCY_KEY);
      const pub = await visitor.newPage();
      await pub.goto(`${site.base}/safaris/${safari.slug}`);
      const price = pub.locator('.money--converted[data-usd]').first();
      await price.waitFor();
      const usd = Number(await price.getAttribute('data-usd'));
      const expected = showPrice(usd, 'EUR', { base: 'USD', rates: { USD: 1, EUR: 2 }, updatedAt: null });
      await expect.poll(() => price.textContent()).toContain(expected.number);
      await visitor.close();

      const agent = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const ap = await agent.newPage();
      await signInAs(ap, AGENT);
      await expect(ap.locator('.c-nav').getByRole('link', { name: 'Settings' }).count()).resolves.toBe(0);
      const res = await ap.goto(`${site.base}/admin/settings`);
      expect(res!.status()).toBe(403);
      await agent.close();
    } finally {
      await context.close();
    }
  });
});

describe.each(SIZES)('axe on the reviews and settings screens at %s size', (size, viewport) => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    await addReview('Wanjiru Kamau', 'Kenya', 4, `A wonderful week (${size}): the boat trip on the Kazinga Channel, elephants at the water, and a guide who never tired of our questions.`, true);
    await addReview('Liam O’Connor', 'Ireland', 3, 'Good trip overall; the early starts were hard but worth it for the tree-climbing lions of Ishasha.');
  });
  forTheBlock(async () => ({ page, errors } = await consolePage(browser, site.base, OWNER, sizedOptions(size, viewport), 20_000)));

  it.for([
    ['reviews', '/admin/reviews'],
    ['reviews-approved', '/admin/reviews?status=approved'],
    ['settings', '/admin/settings'],
    ['dashboard', '/admin'],
  ] as const)('%s (%s)', async ([name, p]) => {
    const res = await page.goto(`${site.base}${p}`);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['cache-control']).toBe('no-store');
    await settled(page);
    const imgs = page.locator('.c-rv__photo img');
    // The thumbnails load lazily: brought into view one by one.
    for (const img of await imgs.all()) await img.scrollIntoViewIfNeeded();
    if (name === 'reviews')
      await expect.poll(() => imgs.evaluateAll((els) => els.length > 0 && els.every((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0))).toBe(true);
    expect(await page.locator('h1').count()).toBe(1);
    const wide = await widerThan(page, viewport.width);
    // (The dashboard's chart tables are not this screen's work: only the figures above them are.)
    expect(name === 'dashboard' ? wide.filter((w) => !/^(td|tr|th|table)\./.test(w)) : wide).toEqual([]);
    expect(await violations(page)).toEqual([]);
    expect(errors.splice(0)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: true });
  });
});
