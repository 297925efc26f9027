// The search page in a real browser (Debian's Chromium through playwright-core) against the
// built server with the real content: results and their parts, highlighting, pagination, the
// type filter with and without JavaScript, typos, the empty and too-long cases, and axe.
// Needs `npm run build` to have run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../common/api-types.ts';
import { buildDir } from '../../server/web.ts';
import { axeOn, launchBrowser, SHOW_EVERY_SECTION } from '../helpers/browser.ts';
import { type ServerProcess, freePort, seededDataDir, startServer } from '../helpers/start-site.ts';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
// The spec's types in its order, then the types added since (guides).
const LABELS = ['Blog', 'Park', 'Experience', 'Safari', 'Faq', 'Animal', 'Bird', 'Lodge', 'Guide', 'Vehicle'];

let server: ServerProcess;
let browser: Browser;
let base: string;

beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before the browser tests.');
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startServer({ DATA_DIR: await seededDataDir('search-e2e-'), DATABASE_URL: '', SITE_URL: base, LOG_LEVEL: 'warn' }, port);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  await server?.exited;
});

async function apiSearch(qs: string): Promise<SearchResponse> {
  return (await (await fetch(`${base}/api/search?${qs}`)).json()) as SearchResponse;
}

const hits = (page: Page) => page.locator('.search-hit');
const params = (page: Page) => new URL(page.url()).searchParams;

async function expectPageOf(page: Page, expected: SearchResponse) {
  await expect.poll(() => hits(page).count()).toBe(expected.results.length);
  // Polled too: the address changes a moment before the new results are rendered.
  await expect.poll(async () => (await page.locator('.search-hit .type-tag').allTextContents()).map((t) => t.trim().toLowerCase())).toEqual(expected.results.map((r) => r.type));
}

for (const javaScriptEnabled of [true, false]) {
  describe(`search page with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await (await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } })).newPage();
    });
    afterAll(async () => {
      await page.context().close();
    });

    it('shows the count, then each result with its type tag, image, linked title, description and highlights', async () => {
      const expected = await apiSearch('query=gorilla');
      await page.goto(`${base}/search?query=gorilla`);
      await expect.poll(() => page.locator('.result-count').textContent()).toContain(`We've got ${expected.total} results for you`);
      await expectPageOf(page, expected);
      const items = await hits(page).all();
      for (const [i, item] of items.entries()) {
        const r = expected.results[i]!;
        await expect.poll(() => item.locator('img').count()).toBe(1);
        const src = await item.locator('img').getAttribute('src');
        expect(src, r.type).toBeTruthy();
        const links = item.locator('.search-hit__title a');
        if (r.type === 'faq') {
          expect(await links.count()).toBe(0);
          expect(await item.locator('.search-hit__answer p').count()).toBeGreaterThan(0);
        } else {
          const slug = (r as unknown as Record<string, string>)[`${r.type}titleslug`];
          expect(await links.getAttribute('href')).toBe(`/${r.type}s/${slug}`);
          expect((await item.locator('.search-hit__text').textContent())?.length).toBeGreaterThan(0);
        }
      }
      expect(await page.locator('.search-hit mark').count()).toBeGreaterThan(expected.results.length);
      for (const m of await page.locator('.search-hit mark').allTextContents()) expect(m.toLowerCase()).toMatch(/^gorilla/);
      // An item without an image gets the default image.
      if (expected.results.some((r) => r.type === 'faq')) expect(await page.locator('.search-hit--faq img').first().getAttribute('src')).toBe('/default-image.svg');
      if (SHOTS && javaScriptEnabled) await page.screenshot({ path: path.join(SHOTS, 'search-results.png'), fullPage: true, style: SHOW_EVERY_SECTION });
    });

    it('pages through ten at a time with Prev, numbers and Next, dimmed at the ends', async () => {
      const first = await apiSearch('query=gorilla');
      expect(first.totalPages).toBeGreaterThan(2);
      await page.goto(`${base}/search?query=gorilla`);
      const nav = page.getByRole('navigation', { name: 'Search result pages' });
      await expect.poll(() => nav.locator('.pagination__step.is-disabled').first().textContent()).toContain('Prev');
      await nav.getByRole('link', { name: /Next/ }).click();
      await expect.poll(() => params(page).get('page')).toBe('2');
      expect(params(page).get('query')).toBe('gorilla');
      await expectPageOf(page, await apiSearch('query=gorilla&page=2'));
      await nav.getByRole('link', { name: `Page ${first.totalPages}` }).click();
      await expect.poll(() => params(page).get('page')).toBe(String(first.totalPages));
      await expectPageOf(page, await apiSearch(`query=gorilla&page=${first.totalPages}`));
      expect(await nav.locator('.pagination__step.is-disabled').textContent()).toContain('Next');
      await nav.getByRole('link', { name: /Prev/ }).click();
      await expect.poll(() => params(page).get('page')).toBe(String(first.totalPages - 1));
    });

    it('filters by type; a change starts again at page 1; none ticked shows every type', async () => {
      await page.goto(`${base}/search?query=gorilla&page=2`);
      const labels = (await page.locator('.search-page__form fieldset .check').allTextContents()).map((t) => t.replace(/\d+/g, '').trim());
      expect(labels).toEqual(LABELS);
      const tick = async (label: string) => {
        await page.getByRole('checkbox', { name: new RegExp(`^${label}\\b`) }).click();
        if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filter' }).click();
      };
      await tick('Faq');
      await expect.poll(() => params(page).getAll('types')).toEqual(['faq']);
      expect(params(page).get('page')).toBeNull();
      await expectPageOf(page, await apiSearch('query=gorilla&types=faq'));
      await tick('Park');
      await expect.poll(() => params(page).getAll('types').sort()).toEqual(['faq', 'park']);
      const both = await apiSearch('query=gorilla&types=faq,park');
      await expectPageOf(page, both);
      expect(await page.locator('.result-count').textContent()).toContain(`We've got ${both.total} results for you`);
      await tick('Faq');
      await tick('Park');
      await expect.poll(() => params(page).getAll('types')).toEqual([]);
      await expectPageOf(page, await apiSearch('query=gorilla'));
    });

    it('searches again from the page, and finds places despite typos', async () => {
      await page.goto(`${base}/search?query=gorilla&types=park`);
      const input = page.getByRole('searchbox', { name: 'Search the site' });
      await input.fill('bwindy');
      await page.locator('.search-page__form').getByRole('button', { name: 'Search', exact: true }).click();
      await expect.poll(() => params(page).get('query')).toBe('bwindy');
      await expect.poll(() => page.locator('.search-hit__title').first().textContent()).toBe('Bwindi Impenetrable Forest National Park');
      expect(params(page).getAll('types')).toEqual(['park']);
    });

    it('asks for a term when there is none, and explains a term that is too long', async () => {
      await page.goto(`${base}/search`);
      await expect.poll(() => page.locator('.result-count').textContent()).toBe('Please enter a search term.');
      const res = await page.goto(`${base}/search?query=${'a'.repeat(501)}`);
      expect(res?.status()).toBe(400);
      expect(await page.getByRole('alert').textContent()).toMatch(/too long.*500/);
      const past = await page.goto(`${base}/search?query=gorilla&page=999`);
      expect(past?.status()).toBe(404);
    });
  });
}

describe('search page accessibility', () => {
  it('has no axe violations, and the filter is usable from the keyboard', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/search?query=chimpanzee`);
    await page.locator('.search-hit').first().waitFor();
    const result = await axeOn(page).include('main').analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.waitForLoadState('networkidle');
    await page.getByRole('checkbox', { name: /^Animal\b/ }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => new URL(page.url()).searchParams.getAll('types')).toEqual(['animal']);
    await context.close();
  });
});
