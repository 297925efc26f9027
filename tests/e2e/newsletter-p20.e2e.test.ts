// The operator's time zone, scheduled campaigns, library pictures in the campaign editor, the
// import of a list that already agreed, and Erase without its tick, in a browser: each changed
// screen at 1280 and 390 px, axe clean, screenshots kept for review.
import '../helpers/production.ts';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLocalInput } from '../../common/operator-time.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { consoleSignIn, settled, violations } from '../helpers/console-browser.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { addStaff } from '../helpers/staff.ts';

const OWNER = 'olivia@kigezitrails.example';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/newsletter-p20-shots';
const WIDTHS = [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
];

let site: InProcessSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** At each width: no axe violation, and a full-page screenshot. */
async function checkScreen(name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settled(page);
    expect(await violations(page), `${name} at ${size.width}`).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDTHS[0]!);
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  site = await startSite({ drivenMail: true });
  const db = site.app.database!.db;
  await addStaff(db, OWNER, 'owner', undefined, 'Olivia Mugisha');
  await site.rows(
    `insert into newsletter_subscribers (full_name, email, email_key, status, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
     values ('Amina Otieno', 'amina@example.com', 'amina@example.com', 'confirmed', 'c1', 'u1', now())`,
  );
  // A processed picture of the media library (its files are not needed to pick it).
  await site.rows(
    `insert into media_uploads (name, original_name, format, bytes, sha256, width, height, alt, caption, status, variants_done, variants_total, token, rendered_width, rendered_height, widths, placeholder)
     values ('bwindi-gorilla-1a2b3c', 'gorilla.jpg', 'jpeg', 1000, 'x', 1600, 1067, 'A silverback gorilla resting in Bwindi forest', '', 'done', 1, 1, 'abc123', 1600, 1067, '[480]', '')`,
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: WIDTHS[0], reducedMotion: 'reduce' });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await consoleSignIn(page, site.base, OWNER);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.stop();
});

describe('the owner', () => {
  it('chooses the operator’s time zone on the settings screen', async () => {
    await page.goto(`${site.base}/admin/settings`);
    const zone = page.getByLabel('The operator’s time zone');
    expect(await zone.inputValue()).toBe('Africa/Kampala');
    await zone.selectOption('Africa/Nairobi');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await expect.poll(() => page.getByText('The time zone is saved: Africa/Nairobi.').count()).toBe(1);
    expect(await page.getByLabel('The operator’s time zone').inputValue()).toBe('Africa/Nairobi');
    await checkScreen('settings-time-zone');
  });

  it('inserts a library picture into a campaign, keeps single line breaks, and schedules it in the operator’s zone', async () => {
    await page.goto(`${site.base}/admin/campaigns/new`);
    await page.getByLabel('Subject').fill('Gorilla season');
    const body = page.getByLabel('Newsletter (Markdown)');
    await body.fill('Dear travellers,\nthe permits are out.\n\n');
    await page.getByText('Insert a picture from the library').click();
    await page.getByLabel('Find a picture (alt text, caption or file name)').fill('silverback');
    await checkScreen('campaign-editor-picker');
    await body.press('End');
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await page.getByRole('button', { name: 'Insert the picture “A silverback gorilla resting in Bwindi forest”' }).click();
    await expect.poll(() => body.inputValue()).toBe('Dear travellers,\nthe permits are out.\n\n![A silverback gorilla resting in Bwindi forest](images/uploads/bwindi-gorilla-1a2b3c.jpg)\n\n');
    await page.getByRole('button', { name: 'Save and preview' }).click();
    await page.waitForURL(/\/admin\/campaigns\/\d+\/preview\?saved=1$/);
    await settled(page);
    const mail = page.getByRole('region', { name: 'The HTML e-mail' });
    // Shown from the console's own origin; the e-mail itself has the site's address (API test).
    expect(await mail.locator('img').getAttribute('src')).toBe('/images/uploads/bwindi-gorilla-1a2b3c.jpg');
    const sent = (await (await page.request.get(`${site.base}/api/admin/campaigns/${/campaigns\/(\d+)\/preview/.exec(page.url())![1]}/preview`)).json()) as { html: string };
    expect(sent.html).toContain('src="http://localhost:3000/images/uploads/bwindi-gorilla-1a2b3c.jpg"');
    expect(await mail.locator('p').first().innerHTML()).toMatch(/Dear travellers,<br>\s*the permits are out\./);
    const text = (await page.getByRole('region', { name: 'The text part' }).textContent()) ?? '';
    expect(text).toContain('[Picture: A silverback gorilla resting in Bwindi forest]');
    expect(text).not.toContain('![');
    const id = /campaigns\/(\d+)\/preview/.exec(page.url())![1]!;

    await page.goto(`${site.base}/admin/campaigns/${id}/send`);
    const at = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000);
    await page.getByLabel('Date and time (Africa/Nairobi)').fill(toLocalInput(at, 'Africa/Nairobi'));
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => page.getByText(/Scheduled: it will be sent on .+ UTC\+3 \(Africa\/Nairobi\)\./).count()).toBe(1);
    const [row] = await site.rows<{ scheduled_for: string }>(`select scheduled_for from newsletter_campaigns where id = ${id}`);
    expect(new Date(row!.scheduled_for).toISOString()).toBe(at.toISOString());
    await checkScreen('campaign-scheduled');
    // A time in the past is refused beside the field.
    await page.getByLabel('Date and time (Africa/Nairobi)').fill('2020-01-01T09:00');
    await page.getByRole('button', { name: 'Change the time' }).click();
    await expect.poll(() => page.getByText('Choose a time at least a few minutes from now.').count()).toBe(1);
    expect(await page.getByLabel('Date and time (Africa/Nairobi)').getAttribute('aria-invalid')).toBe('true');

    await page.goto(`${site.base}/admin/campaigns`);
    const line = page.getByRole('row', { name: /Gorilla season/ });
    expect(await line.getByText('Scheduled', { exact: true }).count()).toBe(1);
    expect(await line.textContent()).toContain('Scheduled for');
    await checkScreen('campaigns-list-scheduled');
  });

  it('imports a list that already agreed only with the proof, and shows it on each row', async () => {
    await page.goto(`${site.base}/admin/subscribers/import`);
    const file = { name: 'old-list.csv', mimeType: 'text/csv', buffer: Buffer.from('email,name\nnia@example.com,Nia Namata\nomar@example.com,Omar Odongo\n') };
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByLabel('Everyone in this file already agreed to receive our newsletter: add them as confirmed').check();
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByText(/Say where these people agreed/).count()).toBe(1);
    expect(await page.getByLabel('Where they agreed').getAttribute('aria-invalid')).toBe('true');
    await checkScreen('import-consent-error');
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByLabel('Where they agreed').fill('Sign-up form on our old website');
    await page.getByLabel('The day they agreed (or the last of those days)').fill('2024-03-15');
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByText(/2 people added as confirmed, with the proof of consent “Sign-up form on our old website”, 15 Mar 2024; no e-mail was sent\./).count()).toBe(1);
    // The form is empty again: the proof is given for each file.
    expect(await page.getByLabel('Everyone in this file already agreed to receive our newsletter: add them as confirmed').isChecked()).toBe(false);
    expect(await page.getByLabel('Where they agreed').inputValue()).toBe('');
    await checkScreen('import-consent-report');
    await page.goto(`${site.base}/admin/subscribers`);
    const nia = page.getByRole('row', { name: /Nia Namata/ });
    expect(await nia.textContent()).toContain('Consent: Sign-up form on our old website, 15 Mar 2024 (imported)');
    expect(await site.rows(`select 1 from mail_outbox`)).toHaveLength(0);
    await checkScreen('subscribers-consent');
  });

  it('Erase without the tick says that nothing was erased and why', async () => {
    const [amina] = await site.rows<{ id: number }>(`select id from newsletter_subscribers where email = 'amina@example.com'`);
    await page.goto(`${site.base}/admin/subscribers/${amina!.id}/erase`);
    await page.getByRole('button', { name: 'Erase amina@example.com' }).click();
    await expect.poll(() => page.getByText(/Nothing was erased: tick the box/).count()).toBe(1);
    expect(await page.getByLabel('I understand: erase this person now. This cannot be undone.').getAttribute('aria-invalid')).toBe('true');
    expect(await site.rows(`select 1 from newsletter_subscribers where id = ${amina!.id}`)).toHaveLength(1);
    await checkScreen('erase-without-tick');
  });
});
