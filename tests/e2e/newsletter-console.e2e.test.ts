// The owner's newsletter screens in a browser: sign in, write a campaign, preview it as the
// e-mail, send a test to yourself, send it to every confirmed subscriber (delivered through a real
// SMTP server); import, search and erase subscribers; agents get the 403 view. axe finds nothing
// on any of these screens at desktop and phone sizes, and screenshots of each are kept for review.
import '../helpers/production.ts';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { consoleSignIn, settled, violations } from '../helpers/console-browser.ts';
import { consolePage, forTheBlock } from '../helpers/console-page.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { addStaff } from '../helpers/staff.ts';

const OWNER = 'olivia@kigezitrails.example';
const AGENT = 'arthur@kigezitrails.example';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/newsletter-console-shots';

let site: InProcessSite;
let smtp: TestSmtp;
let browser: Browser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  smtp = await startTestSmtp();
  site = await startSite({ env: { SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: '6000' }, drivenMail: true });
  const db = site.app.database!.db;
  await addStaff(db, OWNER, 'owner', undefined, 'Olivia Mugisha');
  await addStaff(db, AGENT, 'agent', undefined, 'Arthur Agent');
  const people: [string, string, string][] = [
    ['Amina Otieno', 'amina@example.com', 'confirmed'],
    ['Brian Okello', 'brian@example.org', 'confirmed'],
    ['Chloé Martin', 'chloe@example.fr', 'pending'],
    ['Daniel Weiss', 'daniel@example.de', 'unsubscribed'],
  ];
  for (const [i, [name, email, status]] of people.entries()) {
    await site.rows(
      `insert into newsletter_subscribers (full_name, email, email_key, status, confirm_token_hash, unsubscribe_token_hash, created_at)
       values ('${name}', '${email}', '${email}', '${status}', 'c${i}', 'u${i}', now() - interval '${i} days')`,
    );
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.stop();
});

const signInAs = (page: Page, email: string) => consoleSignIn(page, site.base, email);

describe('the owner', () => {
  let page: Page;
  forTheBlock(async () => ({ page } = await consolePage(browser, site.base, OWNER, { viewport: { width: 1366, height: 860 }, reducedMotion: 'reduce' }, 15_000)));

  it('writes a campaign, previews it, sends a test to herself, then sends it to every confirmed subscriber', async () => {
    await page.getByRole('navigation', { name: 'Console' }).last().getByRole('link', { name: 'Campaigns' }).click();
    await page.waitForURL(/\/admin\/campaigns$/);
    await page.getByRole('link', { name: 'New campaign' }).click();
    await page.getByLabel('Subject').fill('Gorilla permits for July');
    await page
      .getByLabel('Newsletter (Markdown)')
      .fill('## Permits are out\n\nThe **July** gorilla permits are on sale.\n\n- Bwindi\n- Mgahinga\n\n[See our safaris](https://www.kigezitrails.example/safaris)');
    await page.getByRole('button', { name: 'Save and preview' }).click();
    await page.waitForURL(/\/admin\/campaigns\/\d+\/preview\?saved=1$/);
    await settled(page);
    const mail = page.getByRole('region', { name: 'The HTML e-mail' });
    await expect.poll(() => mail.locator('h2').textContent()).toBe('Permits are out');
    expect(await mail.locator('strong').textContent()).toBe('July');
    expect(await page.getByRole('region', { name: 'The text part' }).textContent()).toContain('The July gorilla permits are on sale.');
    // No one gets anything from a preview.
    expect(smtp.received).toHaveLength(0);

    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await page.getByText(`A test is on its way to ${OWNER}`).waitFor();
    await site.drainMail();
    expect(smtp.received.map((m) => [m.to[0], m.header('subject')])).toEqual([[OWNER, '[Test] Gorilla permits for July']]);

    await page.getByRole('link', { name: 'Send to 2 confirmed subscribers' }).click();
    await page.getByRole('heading', { name: 'Send “Gorilla permits for July” to 2 confirmed subscribers?' }).waitFor();
    await page.getByRole('button', { name: 'Send to 2 confirmed subscribers' }).click();
    await page.getByText('The campaign is on its way: 2 messages queued.').waitFor();
    await site.drainMail();
    const delivered = smtp.received.slice(1);
    expect(delivered.map((m) => m.to[0]).sort()).toEqual(['amina@example.com', 'brian@example.org']);
    for (const m of delivered) {
      expect(m.header('subject')).toBe('Gorilla permits for July');
      expect(m.header('list-unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\/one-click\?token=[A-Za-z0-9_-]{32}>, <mailto:/);
      expect(m.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
    // The list shows its delivery; going back to send again is refused.
    await page.goto(`${site.base}/admin/campaigns`);
    const row = page.getByRole('row', { name: /Gorilla permits for July/ });
    await expect.poll(() => row.getByRole('cell').allTextContents()).toEqual(['Sent', expect.stringContaining('UTC'), '0', '2', '0']);
    const id = /campaigns\/(\d+)/.exec((await row.getByRole('link').getAttribute('href'))!)![1];
    await page.goto(`${site.base}/admin/campaigns/${id}/send`);
    await page.getByRole('heading', { name: 'Already sent' }).waitFor();
    expect(smtp.received).toHaveLength(3);
  });

  it('imports a CSV (pending only), searches, filters and exports the list', async () => {
    await page.goto(`${site.base}/admin/subscribers`);
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV file').setInputFiles({
      name: 'guests.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('email,name\nesther@example.com,Esther Nakato\namina@example.com,Amina again\nnot-an-address,Nobody\n'),
    });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import of guests.csv' }).waitFor();
    await page.getByText('1 person added as pending; no e-mail was sent.').waitFor();
    await page.screenshot({ path: `${SHOTS}/subscribers-import-report-desktop.png`, fullPage: true });
    expect(await violations(page)).toEqual([]);
    const report = page.getByRole('table', { name: 'Rows not added' });
    expect(await report.getByRole('row').count()).toBe(3);
    expect(await report.textContent()).toContain('Already there');
    expect(await report.textContent()).toContain('Not imported');
    const [status] = await site.rows<{ status: string }>(`select status from newsletter_subscribers where email = 'esther@example.com'`);
    expect(status!.status).toBe('pending');

    // A file over the usual 64 KB limit of a write goes through this one page (up to 2 MB).
    const big = `email,name\n${Array.from({ length: 2500 }, (_, i) => `guest${i}@example.net,Guest number ${i} of the big list`).join('\n')}\n`;
    expect(big.length).toBeGreaterThan(100 * 1024);
    await page.getByLabel('CSV file').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(big) });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('2,500 people added as pending; no e-mail was sent.').waitFor();
    await site.rows(`delete from newsletter_subscribers where email like 'guest%@example.net'`);

    await page.goto(`${site.base}/admin/subscribers`);
    await page.getByLabel('Search name or e-mail').fill('esther');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/q=esther/);
    await page.getByText('1 subscriber match').waitFor();
    await page.getByLabel('Status').selectOption('confirmed');
    await page.getByLabel('Search name or e-mail').fill('');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('2 subscribers match').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export these as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^subscribers-confirmed-\d{4}-\d\d-\d\d\.csv$/);
    const text = (await (await file.createReadStream()).toArray()).join('');
    expect(text).toContain('amina@example.com');
    expect(text).not.toContain('esther@example.com');
  });

  it('erases a person after a confirmation', async () => {
    await page.goto(`${site.base}/admin/subscribers?q=brian`);
    await page.getByRole('link', { name: 'Erase brian@example.org' }).click();
    await page.getByRole('heading', { name: 'Brian Okello' }).waitFor();
    await page.getByLabel(/erase this person now/).check();
    await page.getByRole('button', { name: 'Erase brian@example.org' }).click();
    await page.waitForURL(/erased=1/);
    await page.getByText('The person was erased').waitFor();
    expect(await site.rows(`select 1 from newsletter_subscribers where email = 'brian@example.org'`)).toHaveLength(0);
    expect(await site.rows(`select 1 from newsletter_tombstones`)).toHaveLength(1);
  });
});

describe('an agent', () => {
  it('sees no newsletter section and gets the 403 view on every newsletter screen', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    await signInAs(page, AGENT);
    expect(await page.getByRole('link', { name: 'Subscribers' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Campaigns' }).count()).toBe(0);
    for (const path of [
      '/admin/subscribers',
      '/admin/subscribers/import',
      '/admin/subscribers/1/erase',
      '/admin/campaigns',
      '/admin/campaigns/new',
      '/admin/campaigns/1',
      '/admin/campaigns/1/preview',
      '/admin/campaigns/1/send',
    ]) {
      const res = await page.goto(`${site.base}${path}`);
      expect(res!.status(), path).toBe(403);
      expect(res!.headers()['cache-control'], path).toBe('no-store');
      await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    }
    const file = await page.request.get(`${site.base}/admin/subscribers/export.csv`);
    expect(file.status()).toBe(403);
    expect(await file.text()).not.toContain('@example.com');
    await context.close();
  });
});

const SIZES = [
  ['desktop', { width: 1366, height: 860 }],
  ['phone', { width: 390, height: 844 }],
] as const;

describe.each(SIZES)('screens at %s size', (label, viewport) => {
  let context: BrowserContext;
  let page: Page;
  let id: string;
  let draft: string;
  beforeAll(async () => {
    context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...(label === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInAs(page, OWNER);
    const [sent] = await site.rows<{ id: number }>(`select id from newsletter_campaigns where status = 'sending' order by id limit 1`);
    id = String(sent!.id);
    const [d] = await site.rows<{ id: number }>(
      `insert into newsletter_campaigns (subject, body_md) values ('Rainy season lodges ${label}', E'## Green season\\n\\nFewer visitors, lower prices and newborn animals.\\n\\n> The forest is at its loudest.') returning id`,
    );
    draft = String(d!.id);
  });
  afterAll(() => context?.close());

  const screens: [string, () => string][] = [
    ['subscribers', () => '/admin/subscribers'],
    ['subscribers-import', () => '/admin/subscribers/import'],
    ['subscriber-erase', () => '/admin/subscribers/1/erase'],
    ['campaigns', () => '/admin/campaigns'],
    ['campaign-new', () => '/admin/campaigns/new'],
    ['campaign-edit', () => `/admin/campaigns/${draft}`],
    ['campaign-preview', () => `/admin/campaigns/${draft}/preview`],
    ['campaign-sent', () => `/admin/campaigns/${id}/preview`],
    ['campaign-send', () => `/admin/campaigns/${draft}/send`],
  ];
  it.for(screens)('%s is axe clean', async ([name, path]) => {
    const res = await page.goto(site.base + path());
    expect(res!.status()).toBe(200);
    expect(res!.headers()['cache-control']).toBe('no-store');
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
    expect(await violations(page)).toEqual([]);
    // Nothing wider than the screen (the e-mail preview scrolls inside its own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
});
