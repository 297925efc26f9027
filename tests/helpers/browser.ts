// Debian's Chromium driven by playwright-core (no browser download). Every context the browser
// opens reports Content-Security-Policy violations of its pages; tests/helpers/csp-guard.ts fails
// the test that caused any. Below: what the browser tests do on every page (wait for the router and
// the fonts, run axe).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

const violations: CspViolation[] = [];

/** The violations reported since the last call (and forgets them). */
export function takeCspViolations(): CspViolation[] {
  return violations.splice(0, violations.length);
}

const watched = new WeakSet<BrowserContext>();

async function watchCsp(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding('__reportCspViolation', (_source, v: CspViolation) => {
    violations.push(v);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(v: unknown): void }).__reportCspViolation({
        page: location.href,
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
      });
    });
  });
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Chromium for a test file: a connection to the run's browser when the browser tests' set-up
 * started one (tests/helpers/browser-setup.ts; close() then closes this file's contexts and the
 * connection), else a browser of its own.
 */
export async function launchBrowser(opts: { local?: boolean } = {}): Promise<Browser> {
  // `local`: a browser of the file's own, for what a remote connection cannot do (a download's path).
  const shared = opts.local ? undefined : process.env.SAFARI_TEST_CHROMIUM_WS;
  const browser = shared ? await chromium.connect(shared) : await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    await watchCsp(context);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage(...args);
    await watchCsp(page.context());
    return page;
  };
  return browser;
}

/** Keeps a screenshot `${name}.png` of the page (or of the first element `locator` finds) in `dir`; nothing without a `dir`. */
export async function screenshotTo(dir: string | undefined, page: Page, name: string, locator?: string): Promise<void> {
  if (!dir) return;
  const file = { path: path.join(dir, `${name}.png`) };
  if (locator) await page.locator(locator).first().screenshot(file);
  else await page.screenshot(file);
}

/** Keeps a full-page screenshot `${name}.png` of the page in `dir` (made when missing); nothing without a `dir`. */
export async function fullPageShotTo(dir: string | undefined, page: Page, name: string): Promise<void> {
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, style: SHOW_EVERY_SECTION });
}

/**
 * A full-page screenshot's style: sections far below the first screen are laid out only when they
 * come near the viewport (content-visibility: auto, app/styles/layout.css), so a picture of the
 * whole page asks for all of them.
 */
export const SHOW_EVERY_SECTION = '.section { content-visibility: visible !important; }';

/**
 * A list page at `url`: its <h1> is the list's `title` (waited for), its <h2>s name each of
 * `names`, and axe finds nothing; a full-page screenshot `${shot}.png` is kept in `dir` when set.
 */
export async function expectListPage(page: Page, url: string, list: { title: string; names: string[] }, dir: string | undefined, shot: string): Promise<void> {
  await openSettled(page, url);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(list.title);
  expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(expect.arrayContaining(list.names));
  expect(await axeViolations(page)).toEqual([]);
  await fullPageShotTo(dir, page, shot);
}

/**
 * Tab reaches the link `link` (text `text`) from the element before it, and shows its focus ring
 * (the solid outline its ::after draws).
 */
export async function expectTabReaches(page: Page, link: Locator, text: string): Promise<void> {
  await link.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text);
  expect(await link.evaluate((a) => getComputedStyle(a, '::after').outlineStyle)).toBe('solid');
}

/** The test file's Chromium (launchBrowser), launched before its tests (handed to `use`) and closed after them. */
export function browserForTheFile(use: (browser: Browser) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    use(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/**
 * The client router has hydrated and has no navigation under way, and the fonts are in (colour
 * contrast is measured on the final text). Polled with evaluate: waitForFunction's eval is refused
 * by the console's Content-Security-Policy.
 */
export async function settled(page: Page, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (
    !(await page.evaluate(() => {
      const r = (window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string } } } }).__reactRouterDataRouter;
      return Boolean(r && r.state.navigation.state === 'idle');
    }))
  ) {
    if (Date.now() > end) throw new Error('the page did not settle');
    await new Promise((r) => setTimeout(r, 50));
  }
  await page.evaluate(() => document.fonts.ready.then(() => true));
}

/** Loads `url` up to its load event, then waits until the page has settled. */
export async function openSettled(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await settled(page);
}

/**
 * axe on `page`, every rule on every element as before, at half the cost twice over:
 * - run with axe.run() in the page itself (@axe-core/playwright's legacy mode). Its default runs
 *   axe.runPartial() in each frame and then axe.finishRun() in a new blank page of the context,
 *   into which it loads axe's 500 kB source once more: twice the time per check, for what only
 *   matters to pages with cross-origin frames (their content is checked too). No page is checked
 *   with a frame in it (the video player's frame comes in on a click, after the facade was
 *   checked); on every page and width of tests/e2e/a11y.test.ts both ways report the same rules
 *   with the same elements for violations, passes, incomplete and inapplicable;
 * - each element is named (a unique CSS selector, the costly part of the report) for the
 *   violations only (`resultTypes`): the rules that passed are still all listed, each with one
 *   element. The tests read the violations and count the rules that passed.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/**
 * axe's violations on the page (or on the parts `include` names), one line each, empty when clean;
 * and proof that axe really ran over it (a page it could not analyse would report nothing at all):
 * more than `minPasses` rules passed (default 10).
 */
export async function axeViolations(page: Page, opts: { include?: string; minPasses?: number } = {}): Promise<string[]> {
  const builder = axeOn(page);
  if (opts.include) builder.include(opts.include);
  const result = await builder.analyze();
  expect(result.passes.length).toBeGreaterThan(opts.minPasses ?? 10);
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/** A page of the browser at one of the widths a page is checked at (set before each block's tests). */
export interface WidthView {
  readonly page: Page;
  readonly tag: 'desktop' | 'phone';
  readonly width: number;
}

/**
 * The tests `body` declares, run at desktop (1280 px) and phone (390 px) widths, each in a context
 * of its own (reduced motion) on one browser for the file; `after` runs once the browser closed
 * (stopping the file's site).
 */
export function describeAtWidths(title: string, body: (view: WidthView) => void, after?: () => Promise<void>): void {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await after?.();
  });
  for (const [tag, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    describe(`${title} at ${width} px`, () => {
      let context: BrowserContext;
      const view = { tag, width } as { page: Page; tag: typeof tag; width: number };
      beforeAll(async () => {
        context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
        view.page = await context.newPage();
        view.page.setDefaultTimeout(15_000);
      });
      afterAll(() => context?.close());
      body(view);
    });
  }
}

/**
 * axe on a page loaded without JavaScript (axe cannot run in it): its HTML, scripts removed,
 * checked in a page of a context that runs scripts, at the same width.
 */
export async function axeWithoutScripts(browser: Browser, page: Page, include = 'main'): Promise<string[]> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const checker = await context.newPage();
  const url = page.url();
  await checker.route(url, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: html }));
  await checker.goto(url);
  const result = await axeOn(checker).include(include).analyze();
  await context.close();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
