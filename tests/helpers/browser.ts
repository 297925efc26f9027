// Debian's Chromium driven by playwright-core (no browser download). Every context the browser
// opens reports Content-Security-Policy violations of its pages; tests/helpers/csp-guard.ts fails
// the test that caused any.
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
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

/** Opens a page of the site and waits until the app has settled and its fonts are in. */
export async function openSettled(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => {
    const r = (window as any).__reactRouterDataRouter;
    return r && r.state.navigation.state === 'idle';
  });
  await page.evaluate(() => document.fonts.ready.then(() => true));
}

/** axe-core's violations on the page, one readable line each (none when it is clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  // axe really ran over the page (a page it could not analyse would report nothing at all).
  if (result.passes.length <= 10) return [`axe passed only ${result.passes.length} rules: the page was not analysed`];
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
