// The traveller's private trip page in a real browser, on the production build with a real SMTP
// server: a quote sent from the console's API reaches the SMTP server with its private link; the
// link opens the trip (no-store, noindex, no Referer to other sites); the traveller accepts it on a phone without
// JavaScript (the form's refusal keeps what was typed), the booking appears on the same page with
// its account and countdown, and the travellers' details are saved; a wrong token is the trip's
// not-found view. axe finds nothing at 1280 and 390 px, before and after booking.
// E2E_SCREENSHOTS_DIR=dir keeps screenshots. Needs `npm run build` to have run.
import '../helpers/production.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../common/booking-money.ts';
import { buildDir } from '../../server/web.ts';
import { sampleQuoteDocument } from '../helpers/bookings.ts';
import { axeViolations, fullPageShotTo, launchBrowser, settled } from '../helpers/browser.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { consoleSignIn } from '../helpers/console-browser.ts';
import { addStaff, signIn } from '../helpers/staff.ts';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const TRAVELLER = 'amina.okello@example.com';

let site: InProcessSite;
let smtp: TestSmtp;
let browser: Browser;
let tripPath: string;

const shot = (page: Page, name: string) => fullPageShotTo(SHOTS, page, name);

beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before the browser tests.');
  smtp = await startTestSmtp();
  site = await startSite({ env: { SMTP_URL: smtp.url, SPAM_CHECKS: 'off', MAIL_POLL_MS: '100' } });
  await addStaff(site.app.database!.db, 'olivia@trip.example', 'owner', undefined, 'Olivia Owner');
  const owner = await signIn(site.base, 'olivia@trip.example');
  const today = new Date().toISOString().slice(0, 10);
  const from = addDays(today, 110);
  const document = sampleQuoteDocument({ travelFrom: from, travelTo: addDays(from, 3), balanceDueOn: addDays(from, -60), validUntil: addDays(today, 14), display: { currency: 'EUR', rate: 0.92 } });
  const made = (await (await owner.send('/quotes', { traveller: { name: 'Amina Okello', email: TRAVELLER }, document })).json()) as { id: number };
  expect((await owner.send(`/quotes/${made.id}/send`)).status).toBe(200);
  const until = Date.now() + 30_000;
  while (!smtp.received.some((m) => m.to.includes(TRAVELLER)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  const mail = smtp.received.find((m) => m.to.includes(TRAVELLER));
  const link = /http:\/\/localhost:3000(\/trip\/[A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
  expect(link, mail?.text).not.toBeNull();
  tripPath = link![1]!;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.stop();
});

describe('quotes in the console', () => {
  it('makes a quote from an enquiry, sends it, and the enquiry is quoted; axe clean at 1280 and 390 px', async () => {
    const [e] = await site.rows<{ id: number }>(
      `insert into enquiries (name, email, phone, message, preferred_contact_method, source) values ('Lena Fischer', 'lena@example.com', '+49151234567', 'A week with gorillas in July.', 'Email', 'plan-a-safari') returning id`,
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await consoleSignIn(page, site.base, 'olivia@trip.example');
    await page.goto(`${site.base}/admin/enquiries/${e!.id}`);
    await settled(page);
    await page.getByRole('link', { name: 'Make a quote' }).click();
    await page.waitForURL(/\/admin\/quotes\/new\?enquiry=/);
    await settled(page);
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe('lena@example.com');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Title', { exact: true }).first().fill('Gorillas in July');
    await page
      .getByRole('group', { name: /^Day 1/ })
      .getByLabel('Title')
      .fill('Arrival in Entebbe');
    await page.getByLabel('Line 1: description').fill('Safari for two');
    await page.getByLabel('Line 1: unit price in US dollars').fill('2400');
    await page.getByRole('button', { name: 'Save the draft' }).click();
    await page.waitForURL(/\/admin\/quotes\/\d+$/);
    await settled(page);
    // The address changes before the saved quote's screen is drawn: wait for its heading.
    await page.getByRole('heading', { level: 1, name: /^Q-\d{4}-\d{4}: Gorillas in July$/ }).waitFor();
    await shot(page, 'console-quote-1280');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Send version 1 to Lena Fischer/ }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Version 1 sent to the traveller, with the private trip link.');
    const [row] = await site.rows<{ status: string }>(`select status from enquiries where id = ${e!.id}`);
    expect(row?.status).toBe('quoted');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${site.base}/admin/quotes`);
    await settled(page);
    expect(await page.getByRole('link', { name: /^Q-\d{4}-\d{4}$/ }).count()).toBeGreaterThanOrEqual(1);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'console-quotes-390');
    await context.close();
  });
});

describe('the private trip page', () => {
  it('shows the quote privately, axe clean at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const res = await page.goto(site.base + tripPath, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      const headers = res!.headers();
      expect(headers['cache-control']).toBe('no-store');
      expect(headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(headers['referrer-policy']).toBe('same-origin');
      await settled(page);
      expect(await page.locator('meta[name="robots"]').first().getAttribute('content')).toBe('noindex, nofollow');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('4-day Bwindi gorilla trek');
      expect(await page.getByRole('row', { name: /Total/ }).textContent()).toContain('$9,119.99');
      expect(await page.locator('.trip__map img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `trip-quote-${width}`);
      await context.close();
    }
  });

  it('is accepted on a phone without JavaScript, then shows the booking and keeps the travellers’ details', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.base + tripPath, { waitUntil: 'load' });
    await page.getByLabel('Traveller 2').fill('David Okello');
    // With a traveller's name missing, the form comes back with the reason and what was typed.
    await page.getByRole('button', { name: /Accept and book/ }).click();
    await page.waitForLoadState('load');
    expect(await page.getByRole('alert').textContent()).toBe('Enter the full name of every traveller.');
    expect(await page.getByLabel('Traveller 2').inputValue()).toBe('David Okello');
    await page.getByLabel('Traveller 3').fill('Grace Okello');
    await page.getByLabel(/I have read and accept the terms/).check();
    await page.getByRole('button', { name: /Accept and book/ }).click();
    await page.waitForLoadState('load');
    expect(await page.getByRole('status').textContent()).toMatch(/Thank you: your booking B-\d{4}-\d{4} is confirmed/);
    expect(await page.getByRole('heading', { level: 2, name: 'Confirmed, awaiting deposit' }).count()).toBe(1);
    expect(await page.locator('.trip__due').textContent()).toContain('the deposit of $2,736');
    expect(await page.locator('.trip__countdown').textContent()).toMatch(/\d+ days to go/);
    await page.getByRole('group', { name: 'Grace Okello' }).getByLabel('Age').fill('15');
    await page.getByRole('group', { name: 'Amina Okello' }).getByLabel('Diet').fill('Vegetarian');
    await page.getByRole('button', { name: 'Save the travellers’ details' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByRole('status').textContent()).toBe('Thank you: the travellers’ details are saved.');
    expect(await page.getByRole('group', { name: 'Grace Okello' }).getByLabel('Age').inputValue()).toBe('15');
    await context.close();
    const until = Date.now() + 30_000;
    while (smtp.received.filter((m) => m.to.includes(TRAVELLER)).length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.filter((m) => m.to.includes(TRAVELLER)).map((m) => m.header('subject'))).toContainEqual(expect.stringMatching(/^Booking B-\d{4}-\d{4} confirmed/));
  });

  it('shows the booking axe clean at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(site.base + tripPath, { waitUntil: 'load' });
      await settled(page);
      expect(await page.locator('.trip__account').textContent()).toContain('$9,119.99');
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `trip-booked-${width}`);
      await context.close();
    }
  });

  it('answers a wrong token with the trip’s not-found view, private too', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    const res = await page.goto(`${site.base}/trip/${'x'.repeat(43)}`, { waitUntil: 'load' });
    expect(res?.status()).toBe(404);
    expect(res?.headers()['cache-control']).toBe('no-store');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('We cannot show this trip');
    await context.close();
  });
});
