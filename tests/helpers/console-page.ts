// A browser page signed in to the console, for the tests of one describe block: a new context at
// the console's desktop width with the options given (reduced motion, no JavaScript), its page
// waiting up to 30 seconds (or the time given) for what it looks for, its console errors and
// uncaught exceptions collected. Close the context after the block, or let `forTheBlock` do it.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CONSOLE_SIZES, consoleSignIn } from './console-browser.ts';

/** A phone's context options beside its viewport: touch, the mobile viewport meta, a sharp screen. */
const PHONE_OPTIONS = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

/** The content editor's tests' options: `width` wide (a phone below 500 px) and 900 px high, reduced motion, JavaScript on or off. */
export function editorOptions(width = 1280, js = true): BrowserContextOptions {
  return { viewport: { width, height: 900 }, reducedMotion: 'reduce', javaScriptEnabled: js, ...(width < 500 ? PHONE_OPTIONS : {}) };
}

/** Options at one of the console's sizes: its viewport, reduced motion, and a phone's options on the phone. */
export function sizedOptions(size: 'desktop' | 'phone', viewport: { width: number; height: number }): BrowserContextOptions {
  return { viewport, reducedMotion: 'reduce', ...(size === 'phone' ? PHONE_OPTIONS : {}) };
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** The page's console errors and uncaught exceptions, as they come. */
  errors: string[];
}

export async function consolePage(browser: Browser, base: string, email: string, options: BrowserContextOptions, timeoutMs = 30_000): Promise<OpenPage> {
  const context = await browser.newContext({ viewport: CONSOLE_SIZES[0][1], ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await consoleSignIn(page, base, email);
  return { context, page, errors };
}

/**
 * For the tests of one describe block: `open` before them (it opens a page and keeps what the
 * block needs of it, returning it all), its context closed after them.
 */
export function forTheBlock(open: () => Promise<OpenPage>): void {
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    ({ context } = await open());
  });
  afterAll(() => context?.close());
}
