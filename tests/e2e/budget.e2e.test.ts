// The 429 view a visitor over their budget gets (server/spam/budget.ts), in a browser at 1280 and
// 390 px: the site's header, the error view and the footer, no axe violations, and it stays the
// 429 view (plain HTML: nothing hydrates it as the search page at its address).
import '../helpers/production.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser } from '../helpers/browser.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';

const VISITOR = '203.0.113.77';

describe('the 429 view in a browser', { timeout: 120_000 }, () => {
  let site: InProcessSite;
  let browser: Browser;
  beforeAll(async () => {
    site = await startSite({ env: { SPAM_CHECKS: 'on', CLIENT_SHARE_PERCENT: '1', TRUST_PROXY: '1' } });
    browser = await launchBrowser();
  }, 120_000);
  /**
   * The visitor floods the search until refused, 20 searches at a time: a request is charged when
   * it ends, so those admitted together leave the address well below zero, and it stays refused for
   * a moment (one search's deficit is earned back within a second at this share).
   */
  async function flood() {
    for (let i = 0; i < 2000; i += 20) {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const res = await fetch(`${site.base}/search?query=gorilla+${i + j}`, { headers: { 'x-forwarded-for': VISITOR } });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      if (statuses.includes(429)) return;
    }
    throw new Error('never refused');
  }
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  for (const width of [1280, 390]) {
    it(`shows the error view with header and footer at ${width} px, axe clean`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': VISITOR } });
      try {
        const page = await context.newPage();
        // The debt a flood leaves is earned back within a second or so, and a busy machine may take
        // that long to open the page: the visitor floods again until the page itself is refused.
        let res = null;
        for (let attempt = 0; attempt < 10 && res?.status() !== 429; attempt++) {
          await flood();
          res = await page.goto(`${site.base}/search?query=lions`);
        }
        expect(res?.status()).toBe(429);
        expect(Number(res?.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
        await page.waitForLoadState('load');
        await expect.poll(() => page.locator('h1').textContent()).toBe('Ooops!');
        expect(await page.locator('.oops__code').textContent()).toBe('Error: 429 Page');
        expect(await page.locator('header').first().isVisible()).toBe(true);
        expect(await page.locator('footer').first().isVisible()).toBe(true);
        expect(await page.title()).toMatch(/^Too many requests/);
        expect(await axeViolations(page)).toEqual([]);
        // Its links lead on: a kept page is answered to the same visitor.
        const safaris = await page.goto(`${site.base}/safaris`);
        expect(safaris?.status()).toBe(200);
      } finally {
        await context.close();
      }
    });
  }
});
