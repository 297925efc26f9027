// The enquiry inbox in a real browser, on the production build with a real SMTP server: an agent
// signs in, filters and searches the inbox, opens an enquiry, changes its status, adds a note,
// takes it, and replies (the reply reaches the SMTP server threaded with the operator notice);
// the export link keeps the filters; guessed addresses are 404 pages; axe finds nothing on the
// dashboard, the inbox (its older page too, by Older and back by Newer) and an enquiry at desktop
// and phone sizes. E2E_SCREENSHOTS_DIR=dir keeps
// screenshots of each. Needs `npm run build` to have run.
import '../helpers/production.ts';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { enquiries, mailOutbox } from '../../server/db/schema.ts';
import { buildDir } from '../../server/web.ts';
import { axeViolations, launchBrowser, settled } from '../helpers/browser.ts';
import { postPublicEnquiry, rowsOf } from '../helpers/forms.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { addStaff, STAFF_PASSWORD } from '../helpers/staff.ts';
import { writeConsoleSettings } from '../../server/auth/content-access.ts';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const OPERATOR = 'bookings@kigezitrails.example';
const DAY = 86_400_000;

let site: InProcessSite;
let smtp: TestSmtp;
let browser: Browser;
let db: Db;
let base: string;
let aminaId: number;
let safari: { id: number; slug: string; title: string };

beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before the browser tests.');
  smtp = await startTestSmtp();
  site = await startSite({ env: { SMTP_URL: smtp.url, SPAM_CHECKS: 'off', OPERATOR_EMAIL: OPERATOR, MAIL_POLL_MS: '100' } });
  base = site.base;
  db = site.app.database!.db;
  const graceId = await addStaff(db, 'grace@inbox.example', 'owner', undefined, 'Grace Owner');
  await addStaff(db, 'peter@inbox.example', 'agent', undefined, 'Peter Agent');
  // The agent below exports: an owner has allowed agents' exports (off by default).
  await writeConsoleSettings(db, { agentsExport: true }, graceId);
  [safari] = rowsOf<{ id: number; slug: string; title: string }>(await db.execute(sql`select id, safarititleslug as slug, safarititle as title from safaris order by id limit 1`)) as [typeof safari];

  // Forty enquiries over the last months, in every status, from several countries and pages.
  const statuses = ['new', 'contacted', 'quoted', 'booked', 'lost', 'new', 'spam', 'new'] as const;
  const countries = ['Germany', 'United States', 'Kenya', 'United Kingdom', 'Netherlands'];
  const people = ['Lena Fischer', 'Marcus Hill', 'Wanjiru Kamau', 'Oliver Grant', 'Sanne de Vries', 'Priya Shah', 'Tomás Ruiz', 'Hannah Cole'];
  const sources = ['contact', 'plan-a-safari', 'safari', 'home', 'other'] as const;
  await db.insert(enquiries).values(
    Array.from({ length: 40 }, (_, i) => ({
      name: people[i % people.length]!,
      email: `${people[i % people.length]!.toLowerCase().replace(/[^a-z]+/g, '.')}${i}@example.com`,
      phone: '+49 151 2345678',
      country: countries[i % countries.length]!,
      message: `We are a family of ${2 + (i % 4)} and would like a ${3 + (i % 9)} day safari with gorilla trekking in ${['June', 'July', 'August'][i % 3]}.`,
      preferred_contact_method: 'Email',
      status: statuses[i % statuses.length]!,
      source: sources[i % sources.length]!,
      safari_id: sources[i % sources.length] === 'safari' ? safari.id : null,
      page_url: sources[i % sources.length] === 'safari' ? `http://localhost:3000/safaris/${safari.slug}` : 'http://localhost:3000/contact-us',
      created_at: new Date(Date.now() - (i * 6 + 1) * DAY),
    })),
  );
  // WhatsApp clicks on the safari's page over the last weeks, and on the contact page.
  const leadDays = Array.from({ length: 10 }, (_, i) => new Date(Date.now() - i * 5 * DAY).toISOString().slice(0, 10));
  await db.execute(
    sql`insert into whatsapp_leads (day, path, clicks) values ${sql.join(
      leadDays.flatMap((d, i) => [sql`(${d}, ${`/safaris/${safari.slug}`}, ${1 + (i % 4)})`, sql`(${d}, '/contact-us', 1)`]),
      sql`, `,
    )}`,
  );
  // One sent from a safari's page through the public API: its operator notice is the thread.
  const res = await postPublicEnquiry(base, {
    name: 'Amina Otieno',
    email: 'amina.otieno@example.com',
    phone: '+254 712 345678',
    country: 'Kenya',
    message: 'We would like a five day gorilla and chimpanzee trip in July for two adults.\nCould you send us a quote?',
    preferredContactMethod: 'Whatsapp',
    currentUrl: `http://localhost:3000/safaris/${safari.slug}`,
  });
  expect(res.status).toBe(201);
  aminaId = ((await res.json()) as { id: number }).id;
  browser = await launchBrowser();
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.stop();
});

async function open(page: Page, p: string) {
  const res = await page.goto(base + p, { waitUntil: 'load' });
  await settled(page);
  await page.evaluate(() => document.fonts.ready.then(() => true));
  return res;
}

/** Waits for an address (client-side navigations fire no load event), then for the page to settle. */
async function arrived(page: Page, url: string) {
  await page.waitForURL(url, { waitUntil: 'commit' });
  await settled(page);
}

async function signInAs(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await open(page, '/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/admin`);
  await settled(page);
  return page;
}

describe('the inbox in a browser', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    page = await signInAs(context, 'peter@inbox.example');
  });
  afterAll(() => context?.close());

  it('filters and searches the inbox, opens an enquiry, changes its status, adds a note, takes it and replies', async () => {
    await page.locator('nav.c-nav').getByRole('link', { name: 'Enquiries' }).click();
    await arrived(page, `${base}/admin/enquiries`);
    const rows = page.locator('table.c-etable tbody tr');
    await expect.poll(() => rows.count()).toBe(25);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Enquiries');
    // Spam is its own filter, left out of the list.
    expect(await page.locator('.c-pagehead__lead').textContent()).toBe('36 enquiries, not counting spam');
    // The newest first: Amina's, sent just now.
    expect(await rows.first().locator('.c-etable__name').textContent()).toBe('Amina Otieno');

    // Filter by status.
    await page.getByLabel('Status').selectOption('spam');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await arrived(page, `${base}/admin/enquiries?status=spam`);
    await expect.poll(() => rows.count()).toBe(5);
    expect(new Set(await page.locator('table.c-etable .c-badge').allTextContents())).toEqual(new Set(['Spam']));
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/admin/enquiries/export.csv?status=spam');

    // Search within the filter, then alone.
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Search').fill('chimpanzee');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await arrived(page, `${base}/admin/enquiries?q=chimpanzee`);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.locator('.c-pagehead__lead').textContent()).toBe('1 enquiry matches these filters');
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/admin/enquiries/export.csv?q=chimpanzee');

    // The export link's file is the filtered list.
    const csv = await context.request.get(`${base}/admin/enquiries/export.csv?q=chimpanzee`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="enquiries-/);
    expect(csv.headers()['cache-control']).toBe('no-store');
    const lines = (await csv.text()).trim().split(/\r?\n(?=\d|Id)/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Amina Otieno');

    // Open it.
    await page.locator('table.c-etable').getByRole('link', { name: 'Amina Otieno' }).click();
    await arrived(page, `${base}/admin/enquiries/${aminaId}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Amina Otieno');
    expect(await page.locator('.c-message').textContent()).toContain('Could you send us a quote?');
    expect(await page.getByRole('link', { name: safari.title }).getAttribute('href')).toBe(`/safaris/${safari.slug}`);
    expect(await page.getByRole('link', { name: `http://localhost:3000/safaris/${safari.slug}` }).count()).toBe(1);
    expect(await page.locator('.c-mail__item').count()).toBe(2);

    // Status.
    await page.getByLabel('Status', { exact: true }).selectOption('quoted');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByText('The status is changed.').waitFor();
    expect(await page.locator('.c-enquiry__state .c-badge').textContent()).toBe('Quoted');
    expect(await page.locator('.c-history li').first().textContent()).toMatch(/New → Quoted.*Peter Agent \(you\)/);

    // A note.
    await page.getByLabel('Add a note').fill('Asked about July permits; two adults.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Your note is added.').waitFor();
    expect(await page.locator('#notes .c-thread__item').textContent()).toContain('Asked about July permits; two adults.');

    // Take it.
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByText('The assignment is saved.').waitFor();
    expect(await page.locator('.c-enquiry__state').textContent()).toContain('Assigned to Peter Agent (you)');
    await page.getByRole('button', { name: 'Unassign me' }).waitFor();

    // Reply.
    expect(await page.getByLabel('Subject').inputValue()).toBe('Re: Your enquiry with Kigezi Trails');
    await page.getByLabel('Your reply').fill('Dear Amina,\n\nThank you! July is a fine month for gorillas. A quote follows.\n\nPeter');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Your reply is on its way to the visitor.').waitFor();
    await expect.poll(() => smtp.received.some((m) => m.header('subject') === 'Re: Your enquiry with Kigezi Trails'), { timeout: 15_000 }).toBe(true);
    const mail = smtp.received.find((m) => m.header('subject') === 'Re: Your enquiry with Kigezi Trails')!;
    // Threaded on the acknowledgement the visitor received, not on the operator's notice.
    const [ack] = await db.select().from(mailOutbox).where(sql`${mailOutbox.enquiry_id} = ${aminaId} and ${mailOutbox.kind} = 'enquiry-acknowledgement'`);
    expect(mail.to).toEqual(['amina.otieno@example.com']);
    expect(mail.header('reply-to')).toContain(OPERATOR);
    expect(mail.header('in-reply-to')).toBe(ack!.message_id);
    expect(mail.header('references')).toBe(ack!.message_id);
    expect(mail.text).toContain('July is a fine month for gorillas.');
    // Stored on the enquiry, with its delivery.
    await expect
      .poll(
        async () => {
          await open(page, `/admin/enquiries/${aminaId}`);
          return page.locator('#reply .c-thread__item .c-badge').textContent();
        },
        { timeout: 15_000 },
      )
      .toBe('Sent');
    expect(await page.locator('#reply .c-thread__item').textContent()).toContain('A quote follows.');
    // The operator's notice, the acknowledgement, the reply and the reply's copy to the operator.
    expect(await page.locator('.c-mail__item').count()).toBe(4);
    // Quoted stays quoted (only a new enquiry becomes contacted).
    expect(await page.locator('.c-enquiry__state .c-badge').textContent()).toBe('Quoted');
  });

  it('shows the not-found page for guessed addresses, never an error', async () => {
    for (const p of ['/admin/enquiries/abc', '/admin/enquiries/999999', '/admin/enquiries/1.5', '/admin/enquiries/0']) {
      const res = await open(page, p);
      expect(res!.status(), p).toBe(404);
      expect(await page.locator('h1').textContent()).toBe('Not found');
    }
    // A bad page number or filter does not break the list.
    let res = await open(page, '/admin/enquiries?page=99');
    expect(res!.status()).toBe(200);
    expect(page.url()).toBe(`${base}/admin/enquiries`);
    res = await open(page, '/admin/enquiries?from=2026-02-31');
    expect(res!.status()).toBe(200);
    expect(await page.locator('.c-alert--error').textContent()).toMatch(/From/);
  });
});

/**
 * The inbox's pages: Older (a cursor in the address), then Newer back to the first page; at either
 * end the other step is dimmed. Ends on the older page, for axe.
 */
async function olderAndBack(page: Page) {
  const pager = page.getByRole('navigation', { name: 'Pages of enquiries' });
  // The table's rows (on a phone the cards are shown, the table is still in the page).
  const cards = page.locator('table.c-etable tbody tr');
  const refs = () => page.locator('.c-etable__ref').allTextContents();
  await expect.poll(() => cards.count()).toBe(25);
  const first = await refs();
  expect(await pager.locator('[aria-disabled="true"]').filter({ hasText: 'Newer' }).count()).toBe(1);
  await pager.getByRole('link', { name: 'Older' }).click();
  await page.waitForURL(/\/admin\/enquiries\?before=\d+-\d+$/, { waitUntil: 'commit' });
  await settled(page);
  // The enquiries but spam (36, less those the tests before marked as spam): the rest after the
  // first 25 are on the older page, none of the first page's.
  const total = Number(/^(\d+) enquiries, not counting spam$/.exec((await page.locator('.c-pagehead__lead').textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(25);
  expect(total).toBeLessThanOrEqual(50);
  await expect.poll(() => cards.count()).toBe(total - 25);
  const older = await refs();
  expect(older.filter((r) => first.includes(r))).toEqual([]);
  expect(await pager.locator('[aria-disabled="true"]').filter({ hasText: 'Older' }).count()).toBe(1);
  const olderUrl = page.url();
  await pager.getByRole('link', { name: 'Newer' }).click();
  await page.waitForURL(/\/admin\/enquiries\?after=\d+-\d+$/, { waitUntil: 'commit' });
  await settled(page);
  await expect.poll(() => refs()).toEqual(first);
  // The older page's address is a bookmark: it opens the same page.
  await open(page, olderUrl.slice(base.length));
  await expect.poll(() => refs()).toEqual(older);
}

const SIZES = [
  ['desktop', { width: 1280, height: 860 }],
  ['phone', { width: 390, height: 844 }],
] as const;

describe('changes to several enquiries at once', () => {
  it('finds names whatever their accents, and marks the ticked enquiries as spam', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    try {
      const page = await signInAs(context, 'grace@inbox.example');
      const rows = page.locator('table.c-etable tbody tr');
      // "Tomas" finds Tomás, among the spam.
      await open(page, '/admin/enquiries?status=spam&q=tomas');
      await expect.poll(() => rows.count()).toBe(5);
      expect(new Set(await page.locator('table.c-etable .c-etable__name').allTextContents())).toEqual(new Set(['Tomás Ruiz']));
      expect(await page.locator('.c-pagehead__lead').textContent()).toBe('5 enquiries match these filters');

      await open(page, '/admin/enquiries?q=priya');
      await expect.poll(() => rows.count()).toBe(5);
      const ticked = await rows.locator('.c-etable__ref').allTextContents();
      await page.getByRole('checkbox', { name: `Tick ${ticked[0]}, Priya Shah` }).check();
      await page.getByRole('checkbox', { name: `Tick ${ticked[1]}, Priya Shah` }).check();
      await page.getByLabel('Change').selectOption({ label: 'Mark as spam' });
      await page.getByRole('button', { name: 'Apply to ticked' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'The 2 enquiries are changed.' }).count()).toBe(1);
      await settled(page);
      await expect.poll(() => rows.count()).toBe(3);
      expect(await page.locator('.c-pagehead__lead').textContent()).toBe('3 enquiries match these filters');
      expect(await page.locator('table.c-etable .c-etable__ref').allTextContents()).not.toContain(ticked[0]);

      // Nothing ticked: said in words, nothing changed.
      await page.getByLabel('Change').selectOption({ label: 'Quoted' });
      await page.getByRole('button', { name: 'Apply to ticked' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Tick at least one enquiry' }).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'inbox-bulk-desktop.png'), fullPage: false });
    } finally {
      await context.close();
    }
  });
});

describe.each(SIZES)('axe on the console at %s size', (size, viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...(size === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
    page = await signInAs(context, 'grace@inbox.example');
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(() => context?.close());
  const errors: string[] = [];

  it.for([
    ['dashboard', '/admin'],
    ['inbox', '/admin/enquiries'],
    ['inbox-filtered', '/admin/enquiries?status=new&country=Kenya'],
    ['inbox-older', '/admin/enquiries'],
    ['enquiry', '/admin/enquiries/__AMINA__'],
  ] as const)('%s (%s)', async ([name, p]) => {
    const res = await open(page, p.replace('__AMINA__', String(aminaId)));
    expect(res!.status()).toBe(200);
    if (name === 'inbox-older') await olderAndBack(page);
    // Never kept by anything, never indexed.
    expect(res!.headers()['cache-control']).toBe('no-store');
    const robots = await page.locator('meta[name="robots"]').evaluateAll((els) => els.map((el) => el.getAttribute('content') ?? ''));
    expect(robots.length).toBeGreaterThan(0);
    expect(robots.every((r) => r.includes('noindex'))).toBe(true);
    expect(await page.locator('h1').count()).toBe(1);
    if (name === 'dashboard') {
      // The charts of enquiries, WhatsApp clicks and conversion, and the value booked per month.
      const charts = page.locator('svg[role="img"]');
      expect(await charts.count()).toBe(6);
      for (const chart of await charts.all()) {
        const name = await chart.evaluate((el) =>
          (el.getAttribute('aria-labelledby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        );
        expect(name.length).toBeGreaterThan(30);
      }
      // Each chart's numbers are in a table.
      expect(await page.locator('.c-chart__data table').count()).toBe(6);
      // WhatsApp clicks beside the enquiries: per week (a chart), and per safari (a table).
      expect(await page.getByRole('heading', { name: 'WhatsApp clicks per week' }).count()).toBe(1);
      const bySafari = page.getByRole('table', { name: /most WhatsApp clicks/ });
      const row = bySafari.getByRole('row', { name: new RegExp(safari.title) });
      const [sent] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from enquiries where safari_id = ${safari.id} and status <> 'spam' and (created_at at time zone 'UTC') >= date_trunc('week', now() at time zone 'UTC') - interval '11 weeks'`,
        ),
      );
      expect(await row.locator('td').allTextContents()).toEqual(['23', String(sent!.n)]);
      expect(await row.getByRole('link').getAttribute('href')).toBe(`/safaris/${safari.slug}`);
    }
    if (name.startsWith('inbox')) {
      // A table on a desktop, cards on a phone: one of them is shown.
      const shown = size === 'desktop' ? 'table.c-etable' : 'ul.c-ecards';
      expect(await page.locator(shown).isVisible()).toBe(true);
    }
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await axeViolations(page)).toEqual([]);
    // Hydrated without a mismatch or an error (dates are formatted the same on both sides).
    expect(errors.splice(0)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: true });
  });
});
