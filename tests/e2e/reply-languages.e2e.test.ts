// The console's replies per language in the browser (production build): an owner writes a template
// in Spanish on the settings screen; the reply form of a Spanish enquiry names the traveller's
// language and offers the Spanish templates first, and "Use template" puts the Spanish words in
// the reply. axe clean, screenshots at 1280 and 390 px (SCREENSHOT_DIR).
import '../helpers/production.ts';
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { checkAndShoot, consoleSignIn, settled } from '../helpers/console-browser.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { addStaff } from '../helpers/staff.ts';

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/reply-languages-shots';
const OWNER = 'owner@kigezitrails.example';

describe('replies in the traveller’s language in the console', () => {
  let site: InProcessSite;
  let browser: Browser;
  let page: Page;
  let spanish: number;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    site = await startSite({});
    await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
    const [row] = await site.rows<{ id: number }>(
      `insert into enquiries (name, email, phone, message, preferred_contact_method, source, language) values ('Lucía García', 'lucia@example.es', '+34600000000', 'Gorilas en julio', 'Email', 'plan-a-safari', 'es') returning id`,
    );
    spanish = row!.id;
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await consoleSignIn(page, site.base, OWNER);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('writes a template in Spanish beside an English one on the settings screen', async () => {
    await page.goto(`${site.base}/admin/settings`);
    const fresh = page.getByRole('group', { name: 'A new template' });
    await fresh.getByLabel('Name').fill('Welcome');
    await fresh.getByLabel('Words').fill('Dear {name},\n\n{agent}');
    await page.getByRole('button', { name: 'Save reply templates' }).click();
    await page.getByText('The reply templates are saved.').waitFor();
    const second = page.getByRole('group', { name: 'A new template' });
    await second.getByLabel('Name').fill('Bienvenida');
    await second.getByLabel('Language').selectOption('es');
    await second.getByLabel('Words').fill('Estimado/a {name}:\n\nGracias por escribirnos.\n\n{agent}');
    await page.getByRole('button', { name: 'Save reply templates' }).click();
    await page.getByRole('group', { name: 'Template “Bienvenida”' }).waitFor();
    await expect.poll(() => page.getByRole('group', { name: 'Template “Bienvenida”' }).getByLabel('Language').inputValue()).toBe('es');
    await page.getByRole('heading', { name: 'Reply templates' }).scrollIntoViewIfNeeded();
    await checkAndShoot(page, SHOTS, 'reply-templates-settings');
  });

  it('offers the Spanish template first on a Spanish enquiry, says the traveller wrote in Spanish, and fills it', async () => {
    await page.goto(`${site.base}/admin/enquiries/${spanish}`);
    await settled(page);
    await page.getByText('The traveller wrote in Español').waitFor();
    const picker = page.getByLabel('Start from a template');
    const options = await picker.locator('option').allTextContents();
    expect(options).toEqual(['Choose a template', 'Bienvenida', 'Welcome']);
    expect(await picker.locator('optgroup').evaluateAll((gs) => gs.map((g) => g.getAttribute('label')))).toEqual(['Español (the traveller’s language)', 'English']);
    await checkAndShoot(page, SHOTS, 'reply-spanish-enquiry');
    await picker.selectOption({ label: 'Bienvenida' });
    await page.getByRole('button', { name: 'Use template' }).click();
    await page.getByText('The template “Bienvenida” is in your reply.').waitFor();
    await expect.poll(() => page.getByLabel('Your reply').inputValue()).toContain('Estimado/a Lucía García:');
  });
});
