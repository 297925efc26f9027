// In a browser: an agent makes a booking by hand (a phone booking) at /admin/bookings/new, first with
// a mistake (the form says what, and keeps what was typed), then right, and lands on its screen; and
// in the quote editor picks a night's lodge from the site's lodges through the search box, and shows
// the total in Uganda shillings at the site's rate with its date. Without JavaScript the lodge is a
// plain select. axe finds nothing at 1280 and 390 pixels; screenshots are kept for looking at.
import '../helpers/production.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePage, forTheBlock } from '../helpers/console-page.ts';
import { checkAndShoot } from '../helpers/console-browser.ts';
import { consoleBrowserSite } from '../helpers/console-site.ts';
import type { InProcessSite } from '../helpers/start-site.ts';

const AGENT = 'arthur@kigezitrails.example';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/bookings-manual-shots';

let site: InProcessSite;
let browser: Browser;

beforeAll(async () => {
  ({ site, browser } = await consoleBrowserSite(SHOTS, [[AGENT, 'agent', 'Arthur Agent']]));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const shoot = (page: Page, name: string) => checkAndShoot(page, SHOTS, name);

describe('the console with JavaScript', () => {
  let page: Page;
  forTheBlock(async () => ({ page } = await consolePage(browser, site.base, AGENT, { reducedMotion: 'reduce' })));

  it('makes a booking by hand: a mistake is named and the values kept, then the booking’s screen', async () => {
    await page.goto(`${site.base}/admin/bookings`);
    await page.getByRole('link', { name: 'New booking' }).click();
    await page.getByRole('heading', { level: 1, name: 'New booking' }).waitFor();
    await shoot(page, 'booking-new-empty');
    await page.getByLabel('Safari').selectOption({ label: 'Kibale Chimpanzee Trekking Safari' });
    await page.getByLabel('First day').fill('2027-05-04');
    await page.getByLabel('Last day').fill('2027-05-05');
    await page.getByLabel('Lead traveller’s name').fill('Joseph Mukasa');
    await page.getByLabel('Lead traveller’s e-mail').fill('joseph@example.com');
    await page.getByLabel('Lead traveller’s phone').fill('+256 772 000111');
    await page.getByLabel('Travellers', { exact: true }).fill('Joseph Mukasa\nIvan Mukasa, 9y');
    await page.getByLabel('Line 1: description').fill('Chimpanzee safari');
    await page.getByLabel('Line 1: unit price in US dollars').fill('690');
    await page.getByRole('button', { name: 'Make the booking' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'An age is a whole number of years' });
    await alert.waitFor();
    expect(await page.getByLabel('Travellers', { exact: true }).inputValue()).toBe('Joseph Mukasa\nIvan Mukasa, 9y');
    expect(await page.getByLabel('Lead traveller’s name').inputValue()).toBe('Joseph Mukasa');
    await shoot(page, 'booking-new-error');
    await page.getByLabel('Travellers', { exact: true }).fill('Joseph Mukasa\nIvan Mukasa, 9');
    await page.getByRole('button', { name: 'Make the booking' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Booking B-\d{4}-\d{4} was made/ })
      .waitFor();
    await page.getByRole('heading', { level: 1, name: /^B-\d{4}-\d{4}: Joseph Mukasa$/ }).waitFor();
    await page.locator('.c-pagehead').filter({ hasText: 'made by hand' }).waitFor();
    // Two travellers at $690: $1,380, a deposit of 30 %.
    await page.locator('.c-bk-account div').filter({ hasText: 'Trip price' }).filter({ hasText: '$1,380' }).waitFor();
    await page.getByRole('rowheader', { name: /^Ivan Mukasa/ }).waitFor();
    await shoot(page, 'booking-manual');
  });

  it('picks a night’s lodge through the search box, and shows the total in shillings at the site’s rate', async () => {
    await page.goto(`${site.base}/admin/quotes/new?safari=2-days-kibale-chimpanzee-trekking`);
    await page.getByRole('heading', { level: 1, name: 'New quote' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Grace Nakato');
    await page.getByLabel('E-mail', { exact: true }).fill('grace@example.com');
    const lodge = page.locator('#day0-lodge');
    expect(await lodge.inputValue()).toBe('ekihango-crater-cottages|Ekihango Crater Cottages');
    const find = page.locator('#day0-lodge-find');
    await find.fill('heron');
    await page
      .locator('#day0-lodge-count')
      .filter({ hasText: /^\d+ of \d+ lodges match$/ })
      .waitFor();
    // The search narrows the list; the chosen lodge stays.
    const options = await lodge.locator('option').allTextContents();
    expect(options).toContain('Heron Bank Lodge');
    expect(options).toContain('Ekihango Crater Cottages');
    expect(options.length).toBeLessThan(6);
    await lodge.selectOption({ label: 'Heron Bank Lodge' });
    await page.getByLabel('Room type').first().fill('River-view double');
    await page.getByLabel('Also show the total in').selectOption('UGX');
    await shoot(page, 'quote-lodge-picker');
    await page.getByRole('button', { name: 'Save the draft' }).click();
    await page.getByRole('heading', { level: 1, name: /^Q-\d{4}-\d{4}/ }).waitFor();
    const saved = page.locator('#day0-lodge');
    await expect.poll(() => saved.inputValue()).toBe('heron-bank-lodge|Heron Bank Lodge');
    expect(await page.getByLabel('Room type').first().inputValue()).toBe('River-view double');
    expect(await page.getByLabel('At the rate (units per US dollar)').inputValue()).toBe('3600');
    await page
      .locator('#display-rate-hint')
      .filter({ hasText: /This version: 3,600 UGX, the rate of \d+ \w+ \d{4}\./ })
      .waitFor();
    await shoot(page, 'quote-saved');
  });
});

describe('the console without JavaScript', () => {
  let page: Page;
  forTheBlock(async () => ({ page } = await consolePage(browser, site.base, AGENT, { javaScriptEnabled: false })));

  it('offers the lodges as a plain select, and makes a booking by hand', async () => {
    await page.goto(`${site.base}/admin/quotes/new?safari=2-days-kibale-chimpanzee-trekking`);
    expect(await page.locator('#day0-lodge-find').count()).toBe(0);
    expect(await page.locator('#day0-lodge optgroup').count()).toBeGreaterThan(3);
    expect(await page.locator('#day0-lodge').inputValue()).toBe('ekihango-crater-cottages|Ekihango Crater Cottages');
    await page.goto(`${site.base}/admin/bookings/new`);
    await page.getByLabel('Title').fill('Sipi Falls by road');
    await page.getByLabel('First day').fill('2027-07-01');
    await page.getByLabel('Last day').fill('2027-07-03');
    await page.getByLabel('Lead traveller’s name').fill('Ruth Achieng');
    await page.getByLabel('Lead traveller’s e-mail').fill('ruth@example.com');
    await page.getByLabel('Travellers', { exact: true }).fill('Ruth Achieng');
    await page.getByLabel('Line 1: description').fill('Sipi Falls trip');
    await page.getByLabel('Line 1: per person or per group').selectOption('group');
    await page.getByLabel('Line 1: unit price in US dollars').fill('450');
    await page.getByRole('button', { name: 'Make the booking' }).click();
    await page.getByRole('heading', { level: 1, name: /^B-\d{4}-\d{4}: Ruth Achieng$/ }).waitFor();
    await page.locator('.c-bk-account div').filter({ hasText: 'Trip price' }).filter({ hasText: '$450' }).waitFor();
  });
});
