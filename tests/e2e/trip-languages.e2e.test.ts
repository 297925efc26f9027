// A quote in the traveller's language in a real browser, on the production build with a real SMTP
// server (SITE_LANGUAGES=en,de,fr,es): staff make a quote from a German enquiry in the console (the
// editor says it is written in German and fills the safari's German days), send it, and the
// traveller opens the German trip page from the e-mail's link; staff start a quote without an
// enquiry in French by choosing the language; a link that cannot be opened speaks the browser's
// language. axe finds nothing at 1280 and 390 px. E2E_SCREENSHOTS_DIR=dir keeps screenshots.
// Needs `npm run build` to have run.
import '../helpers/production.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SafariResponse } from '../../common/api-types.ts';
import { safariHeading } from '../../common/safari-title.ts';
import { buildDir } from '../../server/web.ts';
import { axeViolations, browserForTheFile, fullPageShotTo, settled } from '../helpers/browser.ts';
import { consoleSignIn } from '../helpers/console-browser.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { type InProcessSite, startSite } from '../helpers/start-site.ts';
import { addStaff } from '../helpers/staff.ts';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const TRAVELLER = 'lena.vogel@example.com';
const STAFF = 'olivia@trip-languages.example';

let site: InProcessSite;
let smtp: TestSmtp;
let browser: Browser;
let slug: string;
let days: number;
const answers: Record<string, SafariResponse> = {};
const firstDay = (language: string) => [...answers[language]!.safaridays].sort((a, b) => a.day_number - b.day_number)[0]!.title;
const shot = (page: Page, name: string) => fullPageShotTo(SHOTS, page, name);

beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before the browser tests.');
  smtp = await startTestSmtp();
  site = await startSite({ env: { SMTP_URL: smtp.url, SPAM_CHECKS: 'off', MAIL_POLL_MS: '100', SITE_LANGUAGES: 'en,de,fr,es' } });
  await addStaff(site.app.database!.db, STAFF, 'owner', undefined, 'Olivia Owner');
  const [first] = await site.rows<{ slug: string; days: number }>('select safarititleslug as slug, safariday as days from safaris order by id limit 1');
  ({ slug, days } = first!);
  for (const language of ['de', 'fr']) answers[language] = (await (await fetch(`${site.base}/api/${language}/safaris/${slug}`)).json()) as SafariResponse;
}, 180_000);

afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

browserForTheFile((launched) => {
  browser = launched;
});

describe('a quote for a German enquiry', () => {
  let tripLink: string;

  it('starts in German in the console, says so, and is sent in German; axe clean at 1280 and 390 px', async () => {
    const [e] = await site.rows<{ id: number }>(
      `insert into enquiries (name, email, phone, message, preferred_contact_method, source, safari, language)
       values ('Lena Vogel', '${TRAVELLER}', '+4915112345678', 'Gorillas im Juli, bitte.', 'Email', 'safari', '${slug}', 'de') returning id`,
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await consoleSignIn(page, site.base, STAFF);
    await page.goto(`${site.base}/admin/enquiries/${e!.id}`);
    await settled(page);
    await page.getByRole('link', { name: 'Make a quote' }).click();
    await page.waitForURL(/\/admin\/quotes\/new\?enquiry=/);
    await settled(page);
    const language = page.getByRole('region', { name: 'Language' });
    await language.filter({ hasText: `Written in Deutsch, the language of enquiry #${e!.id}` }).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).first().inputValue()).toBe(safariHeading(days, answers.de!.safari.safarititle, 'de'));
    expect(
      await page
        .getByRole('group', { name: /^Day 1/ })
        .getByLabel('Title')
        .inputValue(),
    ).toBe(firstDay('de'));
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'quote-new-german-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'quote-new-german-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Save the draft' }).click();
    await page.waitForURL(/\/admin\/quotes\/\d+$/);
    await page.getByRole('heading', { level: 1, name: /^Q-\d{4}-\d{4}: / }).waitFor();
    await page.getByText('Written in Deutsch').waitFor();
    await page.getByRole('button', { name: /Send version 1 to Lena Vogel/ }).click();
    await page.getByRole('status').filter({ hasText: 'Version 1 sent to the traveller, with the private trip link.' }).waitFor();
    await context.close();

    const until = Date.now() + 30_000;
    while (!smtp.received.some((m) => m.to.includes(TRAVELLER)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const mail = smtp.received.find((m) => m.to.includes(TRAVELLER));
    const [queued] = await site.rows<{ subject: string }>("select message->>'subject' as subject from mail_outbox where kind = 'quote-sent' order by id desc limit 1");
    expect(queued!.subject).toMatch(/^Ihr Safari-Angebot Q-\d{4}-\d{4}: /);
    const link = /http:\/\/localhost:3000(\/trip\/[A-Za-z0-9_-]{43}\?lang=de)/.exec(mail?.text ?? '');
    expect(link, mail?.text).not.toBeNull();
    tripLink = link![1]!;
  });

  it('opens the German trip page from the e-mail’s link, axe clean at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const res = await page.goto(site.base + tripLink, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      await settled(page);
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      await page.getByRole('heading', { level: 1, name: safariHeading(days, answers.de!.safari.safarititle, 'de') }).waitFor();
      await page.getByRole('heading', { name: 'Ihre Reiseroute' }).waitFor();
      await page.getByText(firstDay('de'), { exact: false }).first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `trip-german-${width}`);
      await context.close();
    }
  });
});

describe('a quote without an enquiry', () => {
  it('starts again in the language staff choose, with the safari’s days in it', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await consoleSignIn(page, site.base, STAFF);
    await page.goto(`${site.base}/admin/quotes/new?safari=${slug}`);
    await settled(page);
    expect(
      await page
        .getByRole('group', { name: /^Day 1/ })
        .getByLabel('Title')
        .inputValue(),
    ).not.toBe(firstDay('fr'));
    await page.getByLabel('Written in').selectOption('fr');
    await page.getByRole('button', { name: 'Start again in this language' }).click();
    await page.waitForURL(/[?&]language=fr\b/);
    await settled(page);
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: /^Day 1/ })
          .getByLabel('Title')
          .inputValue(),
      )
      .toBe(firstDay('fr'));
    expect(await page.getByLabel('Written in').inputValue()).toBe('fr');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'quote-new-french-390');
    await context.close();
  });
});

it('says in the browser’s language that a link cannot be opened, its 404 kept, and suggests that language at the same address', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'fr-FR' });
  const page = await context.newPage();
  const stranger = `/trip/${'x'.repeat(43)}`;
  // Asked in Spanish, the page suggests the browser's French at its own address.
  expect((await page.goto(`${site.base}${stranger}?lang=es`, { waitUntil: 'load' }))?.status()).toBe(404);
  await settled(page);
  await page.getByRole('heading', { level: 1, name: 'No podemos mostrar este viaje' }).waitFor();
  const suggestion = page.locator('.language-suggestion a');
  await suggestion.waitFor();
  expect(await suggestion.getAttribute('href')).toBe(`${stranger}?lang=fr`);
  // In the browser's own language it suggests nothing (it used to offer the same language again).
  const res = await page.goto(`${site.base}${stranger}`, { waitUntil: 'load' });
  expect(res?.status()).toBe(404);
  await settled(page);
  await page.getByRole('heading', { level: 1, name: 'Nous ne pouvons pas afficher ce voyage' }).waitFor();
  expect(await page.title()).toBe('Votre voyage | Kigezi Trails');
  await page.waitForTimeout(500);
  expect(await page.locator('.language-suggestion').count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'trip-error-french-390');
  await context.close();
});
