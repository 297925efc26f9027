// The whole chain from an enquiry to a paid trip, in one run, in a real browser on the production
// build with a real SMTP server: a visitor sends an enquiry with the trip from a safari's page; an
// owner writes a reply template in settings, and the reply starts from it (with JavaScript and
// without) and carries the safari's itinerary; the quote is made from the enquiry and sent from the console; the e-mail
// arrives with the quote's PDF attached and the private link; the traveller opens the trip page,
// downloads the PDF and accepts; the booking's deposit is recorded by hand and it is confirmed;
// time is moved (an injected clock, never a sleep) to two weeks before the balance falls due and
// the balance reminder is sent once, whatever the runs, with a link that opens the trip; the
// balance is recorded and the booking is paid. axe finds nothing on the new screens at 1280 and
// 390 px. E2E_SCREENSHOTS_DIR=dir keeps the screenshots. Needs `npm run build` to have run.
import '../helpers/production.ts';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../common/booking-money.ts';
import { runBookingReminders } from '../../server/bookings/reminders.ts';
import { buildDir } from '../../server/web.ts';
import { axeViolations, launchBrowser, settled, SHOW_EVERY_SECTION } from '../helpers/browser.ts';
import { consoleSignIn } from '../helpers/console-browser.ts';
import { attachmentsOf, type ReceivedMail, startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { addStaff } from '../helpers/staff.ts';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const OWNER = 'olivia@chain.example';
const TRAVELLER = 'amina.okello@example.com';
const SAFARI = '3-days-bwindi-gorilla-trekking-safari';
const SITE_URL = 'http://localhost:3000';
const WIDTHS = [1280, 390] as const;
const today = new Date().toISOString().slice(0, 10);
const travelFrom = addDays(today, 150);

/** The bookings' clock: the test moves it. */
let now = new Date();
let site: InProcessSite;
let smtp: TestSmtp;
let browser: Browser;
let consoleContext: BrowserContext;
let staffPage: Page;
let tripPath = '';

/** Waits until `count` messages to `to` match; answers them. */
async function mailFor(to: string, count: number, match: (m: ReceivedMail) => boolean = () => true): Promise<ReceivedMail[]> {
  const until = Date.now() + 30_000;
  const found = () => smtp.received.filter((m) => m.to.includes(to) && match(m));
  while (found().length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  expect(found().length, `mail to ${to}`).toBeGreaterThanOrEqual(count);
  return found();
}

/** The files of a received message, by name. */
const attachments = (mail: ReceivedMail) => new Map(attachmentsOf(mail).map((f) => [f.filename, f.bytes]));

/** axe at both widths, a screenshot of each; back to the first width. */
async function checkScreen(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    expect(await axeViolations(page), `${name} at ${width}`).toEqual([]);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `chain-${name}-${width}.png`), fullPage: true, style: SHOW_EVERY_SECTION });
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
}

const localPath = (url: string) => url.replace(SITE_URL, '');
const dollars = (minor: number) => (minor / 100).toFixed(2);

beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before the browser tests.');
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
  smtp = await startTestSmtp();
  site = await startSite({ env: { SMTP_URL: smtp.url, SPAM_CHECKS: 'off', MAIL_POLL_MS: '100', OPERATOR_EMAIL: 'ops@chain.example' }, app: { admin: { clock: () => now } } });
  await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
  browser = await launchBrowser();
  consoleContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  staffPage = await consoleContext.newPage();
  staffPage.setDefaultTimeout(30_000);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.stop();
});

describe('from an enquiry to a paid trip', { timeout: 180_000 }, () => {
  let enquiryId = 0;

  it('a visitor sends an enquiry with the trip from the safari’s page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.base}/safaris/${SAFARI}`);
    const href = await page.getByRole('link', { name: 'Get a free quote' }).first().getAttribute('href');
    expect(href).toBe(`/plan-a-safari?safari=${SAFARI}`);
    await page.goto(site.base + href);
    const form = page.locator('form.enq-form');
    await expect.poll(() => form.getByLabel('Safari').inputValue()).toBe(SAFARI);
    await form.getByLabel('Name').fill('Amina Okello');
    await form.getByLabel('Email', { exact: false }).first().fill(TRAVELLER);
    await form.getByLabel(/^Phone(?! call)/).fill('+256 700 000 001');
    await form.getByLabel('Message').fill('Gorillas for the two of us, please.');
    await form.getByLabel('Travel from').fill(travelFrom);
    await form.getByLabel('Travel to').fill(addDays(travelFrom, 2));
    await form.getByLabel('Adults').fill('2');
    await page.waitForLoadState('networkidle');
    await form.getByRole('button', { name: 'Send my enquiry' }).click();
    await page.getByRole('dialog').waitFor();
    await context.close();
    const until = Date.now() + 15_000;
    while (!enquiryId && Date.now() < until) {
      const [row] = await site.rows<{ id: number }>(`select id from enquiries where email = '${TRAVELLER}' and safari = '${SAFARI}' and adults = 2`);
      enquiryId = row?.id ?? 0;
      if (!enquiryId) await new Promise((r) => setTimeout(r, 100));
    }
    expect(enquiryId).toBeGreaterThan(0);
  });

  it('an owner writes a reply template in settings', async () => {
    await consoleSignIn(staffPage, site.base, OWNER);
    await staffPage.goto(`${site.base}/admin/settings`);
    const section = staffPage.locator('section', { has: staffPage.getByRole('heading', { name: 'Reply templates' }) });
    await section.getByLabel('Name').fill('Thank you');
    await section.getByLabel('Words').fill('Dear {name},\n\nThank you for asking about {safari}: the itinerary is attached.\n\n{agent}');
    await section.getByRole('button', { name: 'Save reply templates' }).click();
    await section.getByRole('status').filter({ hasText: 'The reply templates are saved.' }).waitFor();
    await section.getByRole('group', { name: 'Template “Thank you”' }).waitFor();
    await checkScreen(staffPage, 'settings-templates');
  });

  it('“Use template” fills the reply without JavaScript too', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await consoleContext.storageState(), viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${site.base}/admin/enquiries/${enquiryId}`);
    await page.locator('#reply').getByLabel('Start from a template').selectOption({ label: 'Thank you' });
    await page.locator('#reply').getByRole('button', { name: 'Use template' }).click();
    await page.waitForLoadState('load');
    await page.locator('#reply').getByRole('status').filter({ hasText: 'The template “Thank you” is in your reply.' }).waitFor();
    expect(await page.locator('#reply').getByLabel('Your reply').inputValue()).toMatch(/^Dear Amina Okello,\n\nThank you for asking about Bwindi Gorilla Trekking Safari/);
    await context.close();
  });

  it('the reply starts from the template and carries the safari’s itinerary', async () => {
    await staffPage.goto(`${site.base}/admin/enquiries/${enquiryId}`);
    await settled(staffPage);
    const reply = staffPage.locator('#reply');
    await reply.getByLabel('Start from a template').selectOption({ label: 'Thank you' });
    await reply.getByRole('button', { name: 'Use template' }).click();
    await reply.getByRole('status').filter({ hasText: 'The template “Thank you” is in your reply.' }).waitFor();
    await expect
      .poll(() => reply.getByLabel('Your reply').inputValue())
      .toBe('Dear Amina Okello,\n\nThank you for asking about Bwindi Gorilla Trekking Safari: the itinerary is attached.\n\nOlivia Owner');
    await reply.getByLabel('The itinerary of Bwindi Gorilla Trekking Safari (PDF)').check();
    await checkScreen(staffPage, 'enquiry-reply');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await staffPage.getByRole('status').filter({ hasText: 'Your reply is on its way to the visitor.' }).waitFor();
    const [mail] = await mailFor(TRAVELLER, 1, (m) => attachments(m).size > 0);
    expect([...attachments(mail!).keys()]).toEqual([`${SAFARI}-itinerary.pdf`]);
    expect(attachments(mail!).get(`${SAFARI}-itinerary.pdf`)!.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the quote is made from the enquiry and sent; the e-mail has its PDF and the private link', async () => {
    await staffPage.goto(`${site.base}/admin/enquiries/${enquiryId}`);
    await staffPage.getByRole('link', { name: 'Make a quote' }).click();
    await staffPage.waitForURL(/\/admin\/quotes\/new\?enquiry=/);
    await settled(staffPage);
    await staffPage.getByRole('button', { name: 'Save the draft' }).click();
    await staffPage.waitForURL(/\/admin\/quotes\/\d+$/);
    await staffPage.getByRole('button', { name: /^Send version 1 to Amina Okello/ }).click();
    await staffPage.getByRole('status').filter({ hasText: 'Version 1 sent to the traveller' }).waitFor();
    const pdfLink = staffPage.getByRole('link', { name: 'Download version 1 (PDF)' });
    const fromConsole = await staffPage.request.get(site.base + (await pdfLink.getAttribute('href')));
    expect([fromConsole.status(), fromConsole.headers()['content-type']]).toEqual([200, 'application/pdf']);
    await checkScreen(staffPage, 'quote-sent');
    const [mail] = await mailFor(TRAVELLER, 1, (m) => /^Your safari quote Q-/.test(m.header('subject') ?? ''));
    const files = attachments(mail!);
    const [name] = [...files.keys()];
    expect(name).toMatch(/^Q-\d{4}-\d{4}-v1\.pdf$/);
    expect(files.get(name!)!.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    tripPath = localPath(/http:\/\/localhost:3000\/trip\/[A-Za-z0-9_-]{43}/.exec(mail!.text)?.[0] ?? '');
    expect(tripPath).toMatch(/^\/trip\//);
    const [e] = await site.rows<{ status: string }>(`select status from enquiries where id = ${enquiryId}`);
    expect(e?.status).toBe('quoted');
  });

  it('the traveller opens the trip page, downloads the PDF and accepts on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const res = await page.goto(site.base + tripPath, { waitUntil: 'load' });
    expect([res?.status(), res?.headers()['cache-control']]).toEqual([200, 'no-store']);
    await settled(page);
    const pdf = await page.request.get(site.base + (await page.getByRole('link', { name: 'Download this quote (PDF)' }).getAttribute('href')));
    expect([pdf.status(), pdf.headers()['content-type'], pdf.headers()['cache-control'], (await pdf.body()).subarray(0, 5).toString()]).toEqual([200, 'application/pdf', 'no-store', '%PDF-']);
    await checkScreen(page, 'trip-quote');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Traveller 2').fill('David Okello');
    await page.getByLabel(/I have read and accept the terms/).check();
    await page.getByRole('button', { name: /Accept and book/ }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Thank you: your booking B-\d{4}-\d{4} is confirmed/ })
      .waitFor();
    await context.close();
    await mailFor(TRAVELLER, 1, (m) => /^Booking B-\d{4}-\d{4} confirmed/.test(m.header('subject') ?? ''));
  });

  it('the deposit is recorded by hand and the booking is confirmed; the balance reminder goes once when its time comes; the balance is recorded and it is paid', async () => {
    const [b] = await site.rows<{ id: number; deposit_minor: number; total_minor: number; balance_due_on: string }>(`select id, deposit_minor, total_minor, balance_due_on::text from bookings`);
    await staffPage.goto(`${site.base}/admin/bookings/${b!.id}`);
    await record(staffPage, dollars(b!.deposit_minor), 'STANBIC 55120');
    await stateIs(staffPage, 'Confirmed');
    // Ten days before the balance falls due, in the morning in Kampala: every run, whichever process, sends it once.
    now = new Date(`${addDays(b!.balance_due_on, -10)}T06:00:00Z`);
    const opts = { siteUrl: SITE_URL, from: 'Kigezi Trails <bookings@chain.example>', messageIdDomain: 'chain.example', operatorEmail: 'ops@chain.example', clock: () => now };
    const runs = await Promise.all([runBookingReminders(site.app.database!.db, opts), runBookingReminders(site.app.database!.db, opts)]);
    expect(runs.flat()).toEqual([{ bookingId: b!.id, kind: 'balance-soon' }]);
    expect(await runBookingReminders(site.app.database!.db, opts)).toEqual([]);
    const [reminder] = await mailFor(TRAVELLER, 1, (m) => /^Your balance for .+ is due on /.test(m.header('subject') ?? ''));
    const link = localPath(/http:\/\/localhost:3000\/trip\/[A-Za-z0-9_-]{43}/.exec(reminder!.text)?.[0] ?? '');
    expect(link).not.toBe(tripPath);
    expect((await fetch(`${site.base}/api${link}`)).status).toBe(200);
    expect(smtp.received.filter((m) => /^Your balance for /.test(m.header('subject') ?? ''))).toHaveLength(1);
    await record(staffPage, dollars(b!.total_minor - b!.deposit_minor), 'MTN 8812');
    await stateIs(staffPage, 'Paid in full');
    const [paid] = await site.rows<{ state: string }>(`select state from bookings where id = ${b!.id}`);
    expect(paid?.state).toBe('paid');
  });
});

async function record(page: Page, amount: string, ref: string) {
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'Record a payment' }) });
  await form.getByLabel('Amount (USD)').fill(amount);
  await form.getByLabel('Method').selectOption({ label: 'Bank transfer' });
  await form.getByLabel('Reference (optional)').fill(ref);
  await form.getByRole('button', { name: 'Record a payment' }).click();
  await page.getByRole('status').filter({ hasText: 'The payment is recorded.' }).waitFor();
  await settled(page);
}

async function stateIs(page: Page, state: string) {
  const badge = page.locator('.c-pagehead .c-bk-state');
  await badge.filter({ hasText: new RegExp(`^${state}$`) }).waitFor({ timeout: 15_000 });
  expect(await badge.textContent()).toBe(state);
}
