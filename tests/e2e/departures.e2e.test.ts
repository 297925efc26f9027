// Group departures in a real browser, on the production build: a traveller finds a safari's
// departures (seats left, Book a seat), books three seats with their names and lands on the private
// trip page with the booking pending its deposit (a booking of the departure, with no quote behind
// it, sent with its form token); the safaris list filters on a departure month;
// in the console the departures' list, calendar and one departure with its manifest, a booking
// moved to another date and the departure cancelled. axe finds nothing on every new screen at
// 1280 and 390 px. E2E_SCREENSHOTS_DIR=dir keeps screenshots. Needs `npm run build`.
import '../helpers/production.ts';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDir } from '../../server/web.ts';
import { axeViolations, fullPageShotTo, launchBrowser, settled } from '../helpers/browser.ts';
import { consoleSignIn } from '../helpers/console-browser.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { addStaff, signIn } from '../helpers/staff.ts';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const OWNER = 'olivia@departures.example';
const WIDTHS = [1280, 390] as const;

let site: InProcessSite;
let browser: Browser;
let slug: string;
let title: string;
let first: number;
let second: number;

const shot = (page: Page, name: string) => fullPageShotTo(SHOTS, page, name);

async function shotOf(part: Locator, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await part.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function openAt(width: number, url: string, signedIn = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (signedIn) await consoleSignIn(page, site.base, OWNER);
  await page.goto(`${site.base}${url}`);
  await settled(page);
  return page;
}

beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before the browser tests.');
  // The spam checks on, as in production (the form token, the seats allowed per address); no
  // minimum fill time and the process's whole share for the address, so that a slow machine never
  // refuses the test's own clicks.
  site = await startSite({ env: { SPAM_CHECKS: 'on', CLIENT_SHARE_PERCENT: '100' }, drivenMail: true, app: { forms: { spam: { minFillMs: 0 } } } });
  await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
  const owner = await signIn(site.base, OWNER);
  const [s] = await site.rows<{ slug: string; title: string }>('select safarititleslug as slug, safarititle as title from safaris order by id limit 1');
  [slug, title] = [s!.slug, s!.title];
  const [g] = await site.rows<{ slug: string }>('select guidetitleslug as slug from guides order by id limit 1');
  const make = async (startsOn: string, seats: number, status = 'open') =>
    ((await (await owner.send('/departures', { safariSlug: slug, startsOn, seats, priceMinor: 245_000, singleSupplementMinor: 38_000, status, guideSlug: g?.slug ?? null })).json()) as { id: number })
      .id;
  first = await make('2027-03-12', 8, 'guaranteed');
  second = await make('2027-04-09', 4);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('a traveller books seats on a departure', () => {
  it('finds the departures on the safari page and books three seats through to the trip page', async () => {
    const page = await openAt(1280, `/safaris/${slug}`);
    const section = page.getByRole('region', { name: 'Group departures' });
    await section.getByText('8 of 8 seats left').waitFor();
    await shotOf(section, 'safari-departures-1280');
    expect(await axeViolations(page)).toEqual([]);
    await section.getByRole('link', { name: /Book a seat on .*12 Mar 2027/ }).click();
    await page.waitForURL(`${site.base}/safaris/${slug}/departures/${first}`);
    await settled(page);
    await page.getByLabel('How many travellers?').selectOption('3');
    await page.getByLabel('Traveller 3').waitFor();
    await page.getByLabel('Traveller 1 (lead traveller)').fill('Amina Okello');
    await page.getByLabel('Traveller 2').fill('David Okello');
    await page.getByLabel('Traveller 3').fill('Grace Okello');
    await page.getByLabel(/Single rooms/).selectOption('1');
    await page.getByText('$7,730').waitFor();
    await page.getByLabel('Lead traveller’s e-mail').fill('amina@example.com');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'departure-book-1280');
    await page.getByRole('button', { name: 'Book 3 seats' }).click();
    await page.getByRole('alert').filter({ hasText: 'Tick the box to accept the terms.' }).waitFor();
    expect(await page.getByLabel('Traveller 2').inputValue()).toBe('David Okello');
    await page.getByLabel(/I have read and accept the terms/).check();
    await page.getByRole('button', { name: 'Book 3 seats' }).click();
    await page.waitForURL(/\/trip\/[A-Za-z0-9_-]{43}$/);
    await settled(page);
    await page.getByRole('heading', { name: 'Confirmed, awaiting deposit' }).waitFor();
    await page
      .getByText(/Booking B-\d{4}-\d{4}/)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'departure-trip-1280');
    await page.context().close();
    // A booking of the departure, with no quote behind it.
    const [made] = await site.rows<{ quote: number | null; form: number }>(
      `select b.quote_id as quote, (select count(*)::int from form_tokens_used) as form from bookings b join departure_seats s on s.booking_id = b.id where s.departure_id = ${first}`,
    );
    expect(made).toEqual({ quote: null, form: 1 });
  }, 120_000);

  it('shows the seats left after the booking, and the booking page, axe-clean on a phone', async () => {
    const page = await openAt(390, `/safaris/${slug}`);
    await page.getByRole('region', { name: 'Group departures' }).getByText('5 of 8 seats left').waitFor();
    await shotOf(page.getByRole('region', { name: 'Group departures' }), 'safari-departures-390');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${site.base}/safaris/${slug}/departures/${second}?seats=2`);
    await settled(page);
    await page.getByLabel('Traveller 2').waitFor();
    await shotOf(page.locator('main'), 'departure-book-390');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('filters the safaris list on a departure month, with the spec’s filters kept', async () => {
    for (const width of WIDTHS) {
      const page = await openAt(width, '/safaris');
      await page.getByLabel('Group departure in').selectOption('2027-04');
      await page.waitForURL(/month=2027-04/);
      await settled(page);
      await page.getByRole('status').filter({ hasText: 'with a group departure in April 2027' }).waitFor();
      await page.getByRole('heading', { name: title, level: 2 }).waitFor();
      expect(await page.getByLabel('Uganda').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      if (width === 390) await shot(page, 'safaris-month-390');
      await page.context().close();
    }
  }, 120_000);
});

describe('departures in the console', () => {
  it('lists them and shows the calendar, axe-clean at 1280 and 390 px', async () => {
    for (const width of WIDTHS) {
      const page = await openAt(width, '/admin/departures', true);
      await page.getByRole('link', { name: '12 Mar 2027' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `console-departures-${width}`);
      await page.goto(`${site.base}/admin/departures?view=calendar&month=2027-03`);
      await settled(page);
      await page.getByRole('heading', { name: 'Departures in March 2027' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `console-calendar-${width}`);
      await page.context().close();
    }
  }, 120_000);

  it('shows the manifest, moves a booking, and cancels the departure', async () => {
    const page = await openAt(1280, `/admin/departures/${first}`, true);
    await page.getByRole('heading', { name: /Manifest: 3 travellers on 1 booking/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'console-departure-1280');
    await page.getByLabel(/Move B-\d{4}-\d{4} to/).selectOption({ index: 1 });
    await page.getByRole('button', { name: /^Move B-/ }).click();
    await page.getByRole('status').filter({ hasText: 'The booking is moved to the departure of 9 Apr 2027.' }).waitFor();
    await page.goto(`${site.base}/admin/departures/${second}`);
    await settled(page);
    await page.getByRole('heading', { name: /Manifest: 3 travellers on 1 booking/ }).waitFor();
    await page.getByLabel('Reason (the travellers read it)').fill('The park is closed for road works that week.');
    await page.getByRole('button', { name: 'Cancel the departure' }).click();
    await page.getByRole('status').filter({ hasText: 'The departure is cancelled. 1 traveller is e-mailed' }).waitFor();
    await page.context().close();
    const phone = await openAt(390, `/admin/departures/${second}`, true);
    await phone.getByText('The departure is cancelled: nobody holds seats on it.').waitFor();
    expect(await axeViolations(phone)).toEqual([]);
    await shot(phone, 'console-departure-390');
    await phone.context().close();
  }, 120_000);
});
