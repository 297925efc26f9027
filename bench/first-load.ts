// The JavaScript and CSS a page loads before interaction, for bench/pages.ts: what its HTML asks
// for (module preloads, scripts, stylesheets) and, in Chromium, every script requested before the
// client router is made (the chunks the client entry awaits before hydrating, such as a language's
// messages, are in no preload). Each file is counted gzip -9 on its own, as a browser downloads it.
// The framework is the `framework-*` chunk (react, react-dom's client, scheduler, React Router:
// vite.config.ts groups them) plus the tiny client entry (`entry.client-*`); the rest is the
// template's own. Chunks loaded on interaction or when the browser is idle are not counted.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { rawGet } from './lib.ts';

/** The files that make up the framework, as the tables name them. */
export const FRAMEWORK_FILES = 'framework-*.js + entry.client-*.js';

export const isFramework = (href: string) => /\/(framework|entry\.client)-[^/]*\.js$/.test(href);

/** The same-origin script and stylesheet URLs a page's HTML asks for before any interaction. */
function htmlAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    const rel = /\srel="([^"]+)"/.exec(tag)?.[1];
    if (!href?.startsWith('/')) continue;
    if (rel === 'modulepreload') js.add(href);
    else if (rel === 'stylesheet') css.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\ssrc="(\/[^"]+)"/gi)) js.add(m[1]!);
  // Inline module scripts import the client entry and the route modules.
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) for (const i of m[1]!.matchAll(/import\s*(?:\(\s*)?["'](\/[^"']+\.js)["']/g)) js.add(i[1]!);
  return { js: [...js], css: [...css] };
}

let browser: Browser | undefined;

/** The same-origin scripts Chromium requested before React Router's client router was made. */
async function scriptsBeforeHydration(url: string): Promise<string[]> {
  browser ??= await launchBrowser({ local: true });
  const page = await browser.newPage();
  try {
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      Object.defineProperty(w, '__reactRouterDataRouter', {
        configurable: true,
        set(router: unknown) {
          w.__benchHydrating = performance.now();
          Object.defineProperty(w, '__reactRouterDataRouter', { value: router, writable: true, configurable: true });
        },
      });
    });
    await page.goto(url, { waitUntil: 'load' });
    const end = Date.now() + 30_000;
    while (!(await page.evaluate(() => '__benchHydrating' in window))) {
      if (Date.now() > end) throw new Error(`${url} did not hydrate`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return await page.evaluate(() => {
      const t = (window as unknown as { __benchHydrating: number }).__benchHydrating;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= t && new URL(e.name).origin === location.origin && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname);
    });
  } finally {
    await page.close();
  }
}

export async function closeFirstLoadBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

const assetSizes = new Map<string, { raw: number; gz: number }>();

async function size(base: string, href: string) {
  let s = assetSizes.get(href);
  if (!s) {
    const body = (await rawGet(base + href)).body;
    s = { raw: body.length, gz: gzipSync(body, { level: 9 }).length };
    assetSizes.set(href, s);
  }
  return s;
}

export interface FirstLoad {
  jsFiles: number;
  jsGz: number;
  jsRaw: number;
  frameworkGz: number;
  restGz: number;
  /** Scripts loaded before hydration that the HTML does not preload (gzip). */
  awaitedGz: number;
  cssGz: number;
  cssRaw: number;
  /** The rest, file by file (gzip), largest first. */
  restFiles: { href: string; gz: number }[];
}

/** A page's first-load bytes: its HTML's assets and the scripts requested before hydration. */
export async function firstLoad(base: string, path: string, html: string): Promise<FirstLoad> {
  const fromHtml = htmlAssets(html);
  const awaited = (await scriptsBeforeHydration(base + path)).filter((href) => !fromHtml.js.includes(href));
  const js = [...fromHtml.js, ...new Set(awaited)];
  const jsSizes = await Promise.all(js.map((href) => size(base, href)));
  const cssSizes = await Promise.all(fromHtml.css.map((href) => size(base, href)));
  const sum = (xs: { raw: number; gz: number }[], k: 'raw' | 'gz') => xs.reduce((a, x) => a + x[k], 0);
  const frameworkGz = sum(
    jsSizes.filter((_, i) => isFramework(js[i]!)),
    'gz',
  );
  const restFiles = js.map((href, i) => ({ href, gz: jsSizes[i]!.gz })).filter((f) => !isFramework(f.href));
  return {
    jsFiles: js.length,
    jsGz: sum(jsSizes, 'gz'),
    jsRaw: sum(jsSizes, 'raw'),
    frameworkGz,
    restGz: sum(jsSizes, 'gz') - frameworkGz,
    awaitedGz: sum(await Promise.all([...new Set(awaited)].map((href) => size(base, href))), 'gz'),
    cssGz: sum(cssSizes, 'gz'),
    cssRaw: sum(cssSizes, 'raw'),
    restFiles: restFiles.sort((a, b) => b.gz - a.gz),
  };
}
