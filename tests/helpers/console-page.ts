// A browser page signed in to the console, for the tests of one describe block: a new context at
// the console's desktop width with the options given (reduced motion, no JavaScript), its page
// waiting up to 30 seconds for what it looks for. Close the context after the block.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { CONSOLE_SIZES, consoleSignIn } from './console-browser.ts';

export async function consolePage(browser: Browser, base: string, email: string, options: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: CONSOLE_SIZES[0][1], ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await consoleSignIn(page, base, email);
  return { context, page };
}
