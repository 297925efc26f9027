// Bookings in the console, in a browser: an agent records the deposit by bank transfer on a
// booking's screen (typed in dollars) and the booking is confirmed; the balance by mobile money and
// it is paid in full, with a PDF receipt per payment (a Spanish booking's in Spanish, and its
// English copy); a night's lodge is ticked; the departure is on
// the month's calendar (a table on a wide screen, a list on a phone). An owner sees the refund and
// cancel forms and the reminders in settings. axe finds nothing on every new screen at 1280 and
// 390 pixels; screenshots are kept for looking at.
import '../helpers/production.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking } from '../../server/bookings/bookings.ts';
import { recordLedgerEntry } from '../../server/bookings/ledger.ts';
import type { Db } from '../../server/db/index.ts';
import { sentQuote } from '../helpers/bookings.ts';
import { consolePage, forTheBlock } from '../helpers/console-page.ts';
import { CONSOLE_SIZES, checkAndShoot, settled } from '../helpers/console-browser.ts';
import { consoleBrowserSite } from '../helpers/console-site.ts';
import type { InProcessSite } from '../helpers/start-site.ts';

const OWNER = 'olivia@kigezitrails.example';
const AGENT = 'arthur@kigezitrails.example';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/bookings-shots';
const SIZES = CONSOLE_SIZES;

let site: InProcessSite;
let browser: Browser;
let db: Db;
let bookingId: number;
let reference: string;

beforeAll(async () => {
  ({ site, browser } = await consoleBrowserSite(SHOTS, [
    [OWNER, 'owner', 'Olivia Mugisha'],
    [AGENT, 'agent', 'Arthur Agent'],
  ]));
  db = site.app.database!.db;
  const { version } = await db.transaction((tx) => sentQuote(tx, { travelFrom: '2027-03-10', travelTo: '2027-03-13' }));
  const b = await db.transaction((tx) =>
    createBooking(tx, { quoteVersionId: version.id, lead: { name: 'Amina Okello', email: 'amina@example.com' }, travellers: ['Amina Okello', 'David Okello', 'Grace Okello'], today: '2026-11-27' }),
  );
  bookingId = b.id;
  reference = b.reference;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const shoot = (page: Page, name: string) => checkAndShoot(page, SHOTS, name);

async function record(page: Page, amount: string, method: string, ref: string) {
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'Record a payment' }) });
  await form.getByLabel('Amount (USD)').fill(amount);
  await form.getByLabel('Method').selectOption({ label: method });
  await form.getByLabel('Reference (optional)').fill(ref);
  await form.getByRole('button', { name: 'Record a payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The payment is recorded.' }).waitFor()).resolves.toBeUndefined();
  await settled(page);
}

/** Waits for the heading's state badge to read `state`. The router shows the action's notice while
 * it reloads the booking, and React may commit the reloaded page a moment after the router is idle. */
async function stateIs(page: Page, state: string) {
  const badge = page.locator('.c-pagehead .c-bk-state');
  await badge
    .filter({ hasText: new RegExp(`^${state}$`) })
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  expect(await badge.textContent()).toBe(state);
}

describe('bookings in the console', () => {
  let context: BrowserContext;
  let page: Page;
  forTheBlock(async () => ({ context, page } = await consolePage(browser, site.base, AGENT, { reducedMotion: 'reduce' })));

  it('records the deposit (confirmed), then the balance (paid), with a receipt for each', async () => {
    await page.goto(`${site.base}/admin/bookings`);
    await page.getByRole('link', { name: 'Bookings', exact: true }).first().waitFor();
    await page.getByRole('link', { name: reference }).click();
    await page.getByRole('heading', { level: 1, name: `${reference}: Amina Okello` }).waitFor();
    expect(await page.locator('.c-pagehead .c-bk-state').textContent()).toBe('Confirmed, awaiting deposit');
    await shoot(page, 'booking-new');
    await record(page, '2,736', 'Bank transfer', 'STANBIC 55120');
    await stateIs(page, 'Confirmed');
    expect(await page.locator('.c-bk-account').textContent()).toContain('$6,383.99');
    await record(page, '6383.99', 'Mobile money', 'MTN 8812');
    await stateIs(page, 'Paid in full');
    const rows = page.locator('section', { has: page.getByRole('heading', { name: 'Payments ledger' }) }).locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).textContent()).toContain('Arthur Agent');
    const receipt = await page.request.get(`${site.base}${await rows.nth(0).getByRole('link').getAttribute('href')}`);
    expect([receipt.status(), receipt.headers()['content-type'], (await receipt.body()).subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
    expect(await page.getByRole('heading', { name: 'Record a refund' }).count()).toBe(0);
  });

  it('ticks a night as confirmed with its lodge', async () => {
    await page.getByRole('button', { name: 'Mark confirmed night 2' }).click();
    await page.getByRole('status').filter({ hasText: 'Night 2 is confirmed with the lodge.' }).waitFor();
    await page.locator('.c-bk-nights li').nth(1).getByText('Confirmed', { exact: true }).waitFor();
    expect(await page.locator('.c-bk-nights li').nth(0).getByText('Not confirmed', { exact: true }).count()).toBe(1);
    await shoot(page, 'booking-paid');
  });

  it('shows the departure on the month’s calendar, a table with weekday headings, and the lists', async () => {
    await page.goto(`${site.base}/admin/bookings?view=calendar&month=2027-03`);
    await page.getByRole('heading', { name: 'Departures in March 2027' }).waitFor();
    const table = page.getByRole('table', { name: 'Departures in March 2027, by day' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const cell = table.getByRole('cell').filter({ has: page.getByRole('link', { name: new RegExp(reference) }) });
    expect(await cell.locator('.c-cal__day').textContent()).toBe('10');
    await shoot(page, 'calendar');
    await page.setViewportSize(SIZES[1][1]);
    expect(await table.isVisible()).toBe(false);
    expect(
      await page
        .getByRole('list', { name: 'Departures in March 2027' })
        .getByRole('link', { name: new RegExp(reference) })
        .isVisible(),
    ).toBe(true);
    await page.setViewportSize(SIZES[0][1]);
    await page.goto(`${site.base}/admin/bookings?state=paid`);
    await page.getByRole('link', { name: reference }).waitFor();
    await shoot(page, 'list');
    await page.goto(`${site.base}/admin/bookings?view=balances`);
    await page.getByRole('heading', { name: 'Overdue' }).waitFor();
    await shoot(page, 'balances');
  });

  it('shows an owner the refund, correction and cancel forms, and the reminders in settings; the dashboard’s bookings', async () => {
    const { context: owner, page: p } = await consolePage(browser, site.base, OWNER, { reducedMotion: 'reduce' });
    await p.goto(`${site.base}/admin/bookings/${bookingId}`);
    for (const name of ['Record a refund', 'Correct a mistake', 'Cancel the booking']) await p.getByRole('heading', { name }).waitFor();
    await shoot(p, 'booking-owner');
    await p.goto(`${site.base}/admin/settings`);
    const reminders = p.locator('section', { has: p.getByRole('heading', { name: 'Booking reminders' }) });
    await reminders.getByLabel('The trip starts in 7 days').uncheck();
    await reminders.getByRole('button', { name: 'Save reminders' }).click();
    await p.getByRole('status').filter({ hasText: 'The reminders are saved.' }).waitFor();
    await expect.poll(() => reminders.getByLabel('The trip starts in 7 days').isChecked()).toBe(false);
    await p.goto(`${site.base}/admin`);
    await p.getByRole('heading', { name: 'Bookings' }).waitFor();
    expect(await p.locator('.c-dash__bookings .c-stats').textContent()).toContain('$9,119.99');
    await shoot(p, 'dashboard');
    await owner.close();
  });

  // Last: its booking would change the dashboard's figures above.
  it('offers a Spanish booking’s receipt in Spanish and in English', async () => {
    const { version } = await db.transaction((tx) => sentQuote(tx, { travelFrom: '2027-04-10', travelTo: '2027-04-13' }));
    const b = await db.transaction((tx) =>
      createBooking(tx, { quoteVersionId: version.id, lead: { name: 'Lucía García', email: 'lucia@example.es' }, travellers: ['Lucía García', 'Pablo García', 'Inés García'], today: '2026-11-27' }),
    );
    await site.rows(`update bookings set language = 'es' where id = ${b.id}`);
    const [staff] = await site.rows<{ id: number }>(`select id from staff where email = '${AGENT}'`);
    await db.transaction((tx) => recordLedgerEntry(tx, b.id, { kind: 'payment', amountMinor: 273_600, method: 'card', receivedOn: '2026-11-26' }, { staffId: staff!.id }, '2026-11-27'));
    await page.goto(`${site.base}/admin/bookings/${b.id}`);
    await page.getByRole('heading', { level: 1, name: `${b.reference}: Lucía García` }).waitFor();
    const cell = page
      .locator('section', { has: page.getByRole('heading', { name: 'Payments ledger' }) })
      .locator('tbody tr td')
      .last();
    await cell.getByRole('link', { name: /^PDF receipt of the payment of 26 Nov 2026 \(Español\)$/ }).waitFor();
    const english = cell.getByRole('link', { name: 'English copy of the receipt of the payment of 26 Nov 2026' });
    expect(await english.getAttribute('hreflang')).toBe('en');
    const [es, en] = await Promise.all([cell.getByRole('link').first(), english].map(async (link) => (await page.request.get(`${site.base}${await link.getAttribute('href')}`)).body()));
    expect(es?.toString('latin1')).toMatch(/\/Lang \(es\)/);
    expect(en?.toString('latin1')).toMatch(/\/Lang \(en-GB\)/);
    await shoot(page, 'booking-spanish-receipts');
    // The ledger's table scrolls sideways: its receipt column in view for a picture of it.
    const ledger = page.locator('section', { has: page.getByRole('heading', { name: 'Payments ledger' }) });
    await cell.evaluate((td) => {
      for (let el = td.parentElement; el; el = el.parentElement) if (el.scrollWidth > el.clientWidth) el.scrollLeft = el.scrollWidth;
    });
    await ledger.screenshot({ path: `${SHOTS}/booking-spanish-receipts-ledger.png` });
  });
});
