// What the console's browser tests share: signing in through the form, waiting for the router to
// settle, axe's violations and what is wider than the screen in one line each.
import type { Page } from 'playwright-core';
import { axeViolations, settled } from './browser.ts';
import { STAFF_PASSWORD } from './staff.ts';

/** Signs in at `${base}/admin/login` and waits for the dashboard. */
export async function consoleSignIn(page: Page, base: string, email: string, password = STAFF_PASSWORD) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/admin`);
}

/** The router has no navigation under way, and the fonts are in (tests/helpers/browser.ts). */
export { settled };

/** axe's violations on the page, one line each (and proof that it checked something). */
export const violations = (page: Page): Promise<string[]> => axeViolations(page);

/** The last five elements wider than `width` (tag and classes), to name what overflows the screen. */
export function widerThan(page: Page, width: number): Promise<string[]> {
  return page.evaluate(
    (w) =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > w + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
        .slice(-5),
    width,
  );
}

/** The console's two widths: a desktop and a phone. */
export const CONSOLE_SIZES = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** At each width: axe finds nothing, and a full-page screenshot `${name}-${size}.png` is kept in `dir`; back to the desktop after. */
export async function checkAndShoot(page: Page, dir: string, name: string): Promise<void> {
  const { expect } = await import('vitest');
  for (const [size, viewport] of CONSOLE_SIZES) {
    await page.setViewportSize(viewport);
    await settled(page);
    expect(await violations(page), `${name} at ${size}`).toEqual([]);
    await page.screenshot({ path: `${dir}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(CONSOLE_SIZES[0][1]);
}
