// The trip of an enquiry in a real browser (Debian's Chromium through playwright-core), against the
// built server with a test SMTP server: the plan-a-safari page opened from a safari's "Get a free
// quote" link, and the safari's quote overlay, with the trip filled in, with JavaScript and
// without; the operator's notice lists the trip; axe at 1280 and 390 px wide.
// Needs `npm run build` to have run. E2E_SCREENSHOTS_DIR keeps the screenshots.
import { existsSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDir } from '../../server/web.ts';
import { axeWithoutScripts, SHOW_EVERY_SECTION } from '../helpers/browser.ts';
import { OPERATOR, waitFor } from '../helpers/forms.ts';
import { siteProcessWithSmtp, type TestSmtp } from '../helpers/smtp.ts';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
const YEAR = new Date().getUTCFullYear() + 1;

let smtp: TestSmtp;
let stopSite: (() => Promise<void>) | undefined;
let browser: Browser;
let base: string;
let safari: { slug: string; title: string; days: number };

beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before the browser tests.');
  ({ smtp, base, stop: stopSite } = await siteProcessWithSmtp('trip-e2e-'));
  const list = (await (await fetch(`${base}/api/safaris`)).json()) as { allsafaris: { safarititleslug: string; safarititle: string; safariday: number }[] };
  const first = list.allsafaris[0]!;
  safari = { slug: first.safarititleslug, title: first.safarititle, days: first.safariday };
  browser = await chromium.launch(LAUNCH);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stopSite?.();
});

const noticeFor = (email: string) => smtp.received.find((m) => m.to.includes(OPERATOR) && m.header('reply-to')?.includes(email));

async function fillVisitor(form: ReturnType<Page['locator']>, tag: string) {
  await form.getByLabel('Name').fill(`Grace ${tag}`);
  await form.getByLabel('Email', { exact: false }).first().fill(`grace.${tag}@example.com`);
  await form.getByLabel(/^Phone(?! call)/).fill('+33 (6) 12-34-56-78');
  await form.getByLabel('Message').fill('Gorillas in Bwindi, please.');
}

async function fillTrip(form: ReturnType<Page['locator']>) {
  await form.getByLabel('Travel from').fill(`${YEAR}-07-04`);
  await form.getByLabel('Travel to').fill(`${YEAR}-07-12`);
  await form.getByLabel('Adults').fill('2');
  await form.getByLabel('Children', { exact: true }).fill('1');
  await form.getByLabel('Children’s ages').fill('9');
  await form.getByLabel('Budget per person').selectOption('3500-5000');
}

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, style: SHOW_EVERY_SECTION });
}

function expectTripIn(text: string) {
  expect(text).toContain(`Safari: ${safari.title}`);
  expect(text).toContain(`Travel dates: 4 July ${YEAR} to 12 July ${YEAR}`);
  expect(text).toContain('Travellers: 2 adults, 1 child (age 9)');
  expect(text).toContain('Budget per person: US$3,500 to 5,000');
  expect(text).toContain('Phone: +33612345678');
}

describe('the trip on the plan-a-safari page', { timeout: 90_000 }, () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`opened from a safari's quote link, ${javaScriptEnabled ? 'with' : 'without'} JavaScript: the safari chosen, the trip sent, the page and source kept`, async () => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${base}/safaris/${safari.slug}`);
      await page.getByRole('link', { name: 'Get a free quote' }).first().waitFor();
      if (!javaScriptEnabled) {
        await page.getByRole('link', { name: 'Get a free quote' }).first().click();
        await page.waitForURL(`${base}/plan-a-safari?safari=${safari.slug}`);
      } else await page.goto(`${base}/plan-a-safari?safari=${safari.slug}`);
      const form = page.locator('form.enq-form');
      // Came from a safari: the trip is open, its safari chosen.
      await expect.poll(() => form.locator('details.enq-trip').getAttribute('open')).not.toBeNull();
      await expect.poll(() => form.getByLabel('Safari').inputValue()).toBe(safari.slug);
      const tag = javaScriptEnabled ? 'planjs' : 'plannojs';
      await fillVisitor(form, tag);
      await fillTrip(form);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        expect(javaScriptEnabled ? await axe(page) : await axeWithoutScripts(browser, page), `axe at ${width}`).toEqual([]);
        await shot(page, `trip-plan-${javaScriptEnabled ? 'js' : 'nojs'}-${width}`);
      }
      if (javaScriptEnabled) await page.waitForLoadState('networkidle');
      await form.getByRole('button', { name: 'Send my enquiry' }).click();
      if (!javaScriptEnabled) await page.waitForURL(`${base}/enquiry?sent=plan`);
      else await page.getByRole('dialog').waitFor();
      await waitFor(() => Boolean(noticeFor(`grace.${tag}@example.com`)), 15_000, 'operator notice');
      const text = noticeFor(`grace.${tag}@example.com`)!.text;
      expectTripIn(text);
      expect(text).toContain(`Page: ${base}/plan-a-safari?safari=${safari.slug}`);
      await context.close();
    });
  }

  it('a plain plan-a-safari page keeps the trip closed on a phone, and opens it with the keyboard', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/plan-a-safari`);
    const details = page.locator('form.enq-form details.enq-trip');
    await expect.poll(() => details.getAttribute('open')).toBeNull();
    await page.locator('form.enq-form summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => details.getAttribute('open')).not.toBeNull();
    expect(await axe(page)).toEqual([]);
    await shot(page, 'trip-plan-plain-390');
    // An unknown safari in the address is the plain page.
    await page.goto(`${base}/plan-a-safari?safari=no-such-safari`);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});

describe('the trip in the safari quote overlay', { timeout: 90_000 }, () => {
  it('sends the safari with the trip; axe at 1280 and 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await page.goto(`${base}/safaris/${safari.slug}`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Get a free quote' }).first().click();
    const form = page.locator('form.enq-form--quote');
    await form.waitFor();
    await expect.poll(() => form.locator('input[type="hidden"][name="safari"]').inputValue()).toBe(safari.slug);
    await form.locator('summary').click();
    await fillVisitor(form, 'quote');
    await fillTrip(form);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const result = await new AxeBuilder({ page }).include('.modal--quote').analyze();
      expect(
        result.violations.map((v) => v.id),
        `axe at ${width}`,
      ).toEqual([]);
      await shot(page, `trip-quote-${width}`);
    }
    await form.getByRole('button', { name: 'Request my free quote' }).click();
    await waitFor(() => dialogs.length > 0, 15_000, 'alert');
    await waitFor(() => Boolean(noticeFor('grace.quote@example.com')), 15_000, 'operator notice');
    const text = noticeFor('grace.quote@example.com')!.text;
    expectTripIn(text);
    expect(text).toContain(`Page: ${base}/safaris/${safari.slug}`);
    await context.close();
  });
});
