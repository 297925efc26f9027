// Debian's Chromium driven by playwright-core (no browser download). Every context the browser
// opens reports Content-Security-Policy violations of its pages; tests/helpers/csp-guard.ts fails
// the test that caused any.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

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
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env.SAFARI_TEST_CHROMIUM_WS;
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
