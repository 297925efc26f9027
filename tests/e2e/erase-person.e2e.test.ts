// Erasing a person who never subscribed, in a browser: an owner goes from the enquiry to the
// confirmation (what goes, what stays, counted), is stopped without the tick, then erases; a second
// person is erased by address with JavaScript off; an agent sees no erase button and gets the 403
// view. And the console writes its times in the operator's time zone (America/New_York here): the
// audit log, the enquiry inbox and the subscribers' days. axe finds nothing at 1280 and 390 px, and
// screenshots are kept for review.
import '../helpers/production.ts';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { checkAndShoot, consoleSignIn, settled } from '../helpers/console-browser.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { addStaff, signIn } from '../helpers/staff.ts';

const OWNER = 'olivia@kigezitrails.example';
const AGENT = 'arthur@kigezitrails.example';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/erase-person-shots';

let site: InProcessSite;
let browser: Browser;
const enquiry = async (name: string, email: string, at: string) =>
  (
    await site.rows<{ id: number }>(
      `insert into enquiries (name, email, phone, message, preferred_contact_method, created_at) values ('${name}', '${email}', '+256700000123', 'A week in Queen Elizabeth', 'Email', '${at}') returning id`,
    )
  )[0]!.id;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  site = await startSite({ env: { SPAM_CHECKS: 'off' } });
  const db = site.app.database!.db;
  await addStaff(db, OWNER, 'owner', undefined, 'Olivia Mugisha');
  await addStaff(db, AGENT, 'agent', undefined, 'Arthur Agent');
  const owner = await signIn(site.base, OWNER);
  expect((await owner.send('/settings', { timeZone: 'America/New_York' }, 'PUT')).status).toBe(200);
  await site.rows(`insert into audit_log (at, actor, action, target) values ('2026-11-20T15:04:05Z', '${OWNER}', 'booking.create', 'booking:1')`);
  await site.rows(
    `insert into newsletter_subscribers (full_name, email, email_key, status, confirm_token_hash, unsubscribe_token_hash, created_at)
     values ('Night Owl', 'owl@example.com', 'owl@example.com', 'confirmed', 'c-owl', 'u-owl', '2026-11-21T02:30:00Z')`,
  );
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function newPage(javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', javaScriptEnabled });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

describe('the owner', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage());
    await consoleSignIn(page, site.base, OWNER);
  });
  afterAll(() => context?.close());

  it('erases a traveller from their enquiry, after a confirmation that counts what goes', async () => {
    const id = await enquiry('Greta Nosub', 'greta@example.net', '2026-11-20T15:04:00Z');
    await page.goto(`${site.base}/admin/enquiries/${id}`);
    await page.getByRole('link', { name: 'Erase this person' }).click();
    await page.waitForURL(`${site.base}/admin/erase?enquiry=${id}`);
    const panel = page.getByRole('region', { name: 'greta@example.net' });
    await panel.getByText('1 enquiry, with notes, history and replies').waitFor();
    await expect.poll(() => panel.getByText('Nothing: they have no booking.').count()).toBe(1);
    await checkAndShoot(page, SHOTS, 'erase-confirm');

    await page.getByRole('button', { name: 'Erase greta@example.net' }).click();
    await page.getByRole('alert').filter({ hasText: 'Nothing was erased: tick the box' }).waitFor();
    await checkAndShoot(page, SHOTS, 'erase-unticked');

    await page.getByLabel('I understand: erase this person now. This cannot be undone.').check();
    await page.getByRole('button', { name: 'Erase greta@example.net' }).click();
    await page.waitForURL(`${site.base}/admin/erase?erased=1`);
    await page.getByText('The person was erased').waitFor();
    await checkAndShoot(page, SHOTS, 'erase-done');
    expect(await site.rows(`select count(*)::int as n from enquiries where id = ${id}`)).toEqual([{ n: 0 }]);
    expect(await site.rows(`select target, detail from audit_log where action = 'person.erase'`)).toEqual([
      { target: null, detail: { subscribed: false, enquiries: 1, mail: 0, quotes: 0, bookings: 0 } },
    ]);

    // A wrong address is answered beside the field.
    await page.getByLabel('Their e-mail address').fill('greta at example');
    await page.getByRole('button', { name: 'Show what will be erased' }).click();
    await page.getByText('Enter the person’s e-mail address, like name@example.com.').waitFor();
    await checkAndShoot(page, SHOTS, 'erase-look-up-error');
  });

  it('reads every time in the operator’s time zone', async () => {
    await enquiry('Hugo Times', 'hugo@example.net', '2026-11-20T15:04:00Z');
    await page.goto(`${site.base}/admin/audit`);
    await page.getByText('20 Nov 2026, 10:04:05 UTC−5').waitFor();
    await page.getByText('Times are in the operator’s time zone (America/New York).').waitFor();
    await page.goto(`${site.base}/admin/enquiries`);
    await page.getByRole('row').filter({ hasText: 'Hugo Times' }).getByText('20 Nov 2026, 10:04 UTC−5').waitFor();
    await page.goto(`${site.base}/admin/subscribers`);
    // Created at 02:30 UTC on the 21st: still the 20th in New York.
    await page.getByRole('row').filter({ hasText: 'owl@example.com' }).getByText('20 Nov 2026').waitFor();
    await settled(page);
  });
});

it('erases a person by address without JavaScript', async () => {
  await enquiry('Ines Nojs', 'ines@example.org', '2026-11-22T09:00:00Z');
  const { context, page } = await newPage(false);
  try {
    await consoleSignIn(page, site.base, OWNER);
    await page.goto(`${site.base}/admin/subscribers`);
    await page.getByRole('link', { name: 'Erase a person' }).click();
    await page.getByLabel('Their e-mail address').fill('INES@example.org');
    await page.getByRole('button', { name: 'Show what will be erased' }).click();
    await page.getByText('1 enquiry, with notes, history and replies').waitFor();
    await page.getByLabel('I understand: erase this person now. This cannot be undone.').check();
    await page.getByRole('button', { name: 'Erase INES@example.org' }).click();
    await page.getByText('The person was erased').waitFor();
    expect(await site.rows(`select count(*)::int as n from enquiries where email = 'ines@example.org'`)).toEqual([{ n: 0 }]);
  } finally {
    await context.close();
  }
});

it('shows agents no erase button, and the 403 view', async () => {
  const id = await enquiry('Jon Agentview', 'jon@example.org', '2026-11-22T09:00:00Z');
  const { context, page } = await newPage();
  try {
    await consoleSignIn(page, site.base, AGENT);
    await page.goto(`${site.base}/admin/enquiries/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Jon Agentview' }).waitFor();
    expect(await page.getByRole('link', { name: 'Erase this person' }).count()).toBe(0);
    await page.goto(`${site.base}/admin/erase?enquiry=${id}`);
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    await checkAndShoot(page, SHOTS, 'erase-agent-403');
  } finally {
    await context.close();
  }
});
