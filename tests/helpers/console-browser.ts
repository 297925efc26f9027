// What the console's browser tests share: signing in through the form, waiting for the router to
// settle, and axe's violations in one line each.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { STAFF_PASSWORD } from './staff.ts';

/** Signs in at `${base}/admin/login` and waits for the dashboard. */
export async function consoleSignIn(page: Page, base: string, email: string, password = STAFF_PASSWORD) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/admin`);
}

/** The router has no navigation under way, and the fonts are in. */
export async function settled(page: Page) {
  await page.waitForFunction(() => {
    const r = (window as any).__reactRouterDataRouter;
    return r && r.state.navigation.state === 'idle';
  });
  await page.evaluate(() => document.fonts.ready.then(() => true));
}

/** axe's violations on the page, one line each (and proof that it checked something). */
export async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
