// What the first paint waits for, in Chromium at a phone's size (390x844): the safari page's largest
// contentful paint is its hero picture, which is neither lazy nor of low priority and is preloaded
// from the head with the same candidates; the head preloads the two font files the first screen
// uses; the module preloads are of low priority. The home page's sections below the first screen
// hydrate in boundaries of their own, and still answer: a review opens in its dialog, a link
// navigates in the page.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForTheFile, settled } from '../helpers/browser.ts';
import { getJson, type Json } from '../helpers/site.ts';
import { sharedSite } from '../helpers/shared-site.ts';

let browser: Browser;
browserForTheFile((b) => {
  browser = b;
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  return context.newPage();
}

/** The element of the page's largest contentful paint so far: its tag and attributes. */
function lcpElement(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ tag: string; loading: string | null; fetchPriority: string | null; className: string; sources: string[] } | null>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
          const el = last?.element;
          if (!el) return resolve(null);
          const sources = [...(el.closest('picture')?.querySelectorAll('source') ?? [])].map((s) => `${s.getAttribute('type')} ${s.getAttribute('srcset')} | ${s.getAttribute('sizes')}`);
          resolve({ tag: el.tagName, loading: el.getAttribute('loading'), fetchPriority: el.getAttribute('fetchpriority'), className: el.className, sources });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

describe('the first paint', () => {
  it('safari page: the LCP image is eager, of high priority and preloaded with its candidates', async () => {
    const { allsafaris } = await getJson<{ allsafaris: Json[] }>(sharedSite().url, '/safaris');
    const page = await phonePage();
    try {
      await page.goto(`${sharedSite().url}/safaris/${allsafaris[0]!.safarititleslug}`, { waitUntil: 'load' });
      const lcp = await lcpElement(page);
      expect(lcp).not.toBeNull();
      expect(lcp!.tag).toBe('IMG');
      expect(lcp!.className).toContain('hero__img');
      expect(lcp!.loading).not.toBe('lazy');
      expect(lcp!.fetchPriority).toBe('high');

      // The head's preload of the hero asks for the same AVIF candidates at the same sizes.
      const preload = page.locator('head link[rel="preload"][as="image"]');
      await expect(preload.count()).resolves.toBe(1);
      await expect(preload.getAttribute('fetchpriority')).resolves.toBe('high');
      const avif = lcp!.sources.find((s) => s.startsWith('image/avif '))!;
      const [srcset, sizes] = avif.slice('image/avif '.length).split(' | ');
      await expect(preload.getAttribute('imagesrcset')).resolves.toBe(srcset);
      await expect(preload.getAttribute('imagesizes')).resolves.toBe(sizes);
    } finally {
      await page.context().close();
    }
  });

  it('the head preloads two font files and asks for the scripts at low priority', async () => {
    const page = await phonePage();
    try {
      const response = await page.goto(`${sharedSite().url}/safaris`, { waitUntil: 'domcontentloaded' });
      const html = await response!.text();
      const fonts = await page.locator('head link[rel="preload"][as="font"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
      expect(fonts).toHaveLength(2);
      expect(fonts.some((f) => /\/manrope-latin-wght-normal-[^/]+\.woff2$/.test(f))).toBe(true);
      expect(fonts.some((f) => /\/fraunces-latin-wght-normal-[^/]+\.woff2$/.test(f))).toBe(true);
      // The very files the stylesheet names, so the preloads are used, not fetched twice.
      await settled(page);
      const resources = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      for (const font of fonts) expect(resources.filter((r) => r === font)).toHaveLength(1);

      // The page's module preloads as the server sent them (the browser adds its own later, for the
      // code a click loads, which is wanted then).
      const modules = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
      expect(modules.length).toBeGreaterThan(3);
      for (const link of modules) expect(link).toMatch(/ fetchPriority="low"/);
    } finally {
      await page.context().close();
    }
  });

  it('home: the sections below the first screen hydrate and answer', async () => {
    const page = await phonePage();
    try {
      await page.goto(`${sharedSite().url}/`, { waitUntil: 'domcontentloaded' });
      await settled(page);
      // A review opens in its dialog (React state in the reviews' section).
      const more = page.getByRole('button', { name: /^Read more/ }).first();
      await more.scrollIntoViewIfNeeded();
      await more.click();
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor({ state: 'visible' });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // A link of the last section but one navigates in the page, without loading a document.
      await page.evaluate(() => ((window as any).__samePage = true));
      const stories = page.locator('#news').getByRole('link', { name: 'All stories' });
      await stories.scrollIntoViewIfNeeded();
      await stories.click();
      await page.waitForURL(`${sharedSite().url}/blogs`);
      await page.locator('h1').filter({ hasText: /\S/ }).first().waitFor();
      await expect(page.evaluate(() => (window as any).__samePage === true)).resolves.toBe(true);
    } finally {
      await page.context().close();
    }
  });
});
