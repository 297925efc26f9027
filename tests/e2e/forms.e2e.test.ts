// The enquiry and newsletter forms in a real browser (Debian's Chromium through playwright-core),
// against the built server with a test SMTP server: every variant with JavaScript on and off,
// the messages of spec points 5 and 8, the alerts and dialogs, and axe on the forms.
// Needs `npm run build` to have run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/validation.ts';
import { DEFAULT_SPAM_SETTINGS } from '../../server/api/forms-http.ts';
import { buildDir } from '../../server/web.ts';
import { axeOn, axeWithoutScripts } from '../helpers/browser.ts';
import { OPERATOR, waitFor } from '../helpers/forms.ts';
import { type ServerProcess, freePort, seededDataDir, startServer } from '../helpers/start-site.ts';
import { siteProcessWithSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp.ts';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

let smtp: TestSmtp;
let stopSite: (() => Promise<void>) | undefined;
let browser: Browser;
let base: string;
let safariSlug: string;

beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before the browser tests.');
  ({ smtp, base, stop: stopSite } = await siteProcessWithSmtp('forms-e2e-'));
  const safaris = (await (await fetch(`${base}/api/safaris`)).json()) as { allsafaris: { safarititleslug: string }[] };
  safariSlug = safaris.allsafaris[0]!.safarititleslug;
  browser = await chromium.launch(LAUNCH);
});

afterAll(async () => {
  await browser?.close();
  await stopSite?.();
});

async function newPage(javaScriptEnabled: boolean): Promise<{ page: Page; context: BrowserContext; dialogs: string[]; posts: () => number }> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  let count = 0;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'POST' && (path === '/api/plan-a-safari' || path === '/enquiry' || path === '/enquiry.data')) count++;
  });
  return { page, context, dialogs, posts: () => count };
}

/** A click on `button` brings one more alert (within 5 s): its text. */
async function alertAfter(dialogs: string[], button: Locator): Promise<string> {
  const n = dialogs.length + 1;
  await button.click();
  await waitFor(() => dialogs.length === n, 5000, 'alert');
  return dialogs[n - 1]!;
}

/** With the form's data request `data` answered by `answer`, a click on `button` brings one more alert: its text. */
async function alertWhenAnswered(page: Page, dialogs: string[], data: string, answer: (r: Route) => Promise<void>, button: Locator): Promise<string> {
  await page.route(data, answer);
  try {
    return await alertAfter(dialogs, button);
  } finally {
    await page.unroute(data);
  }
}

/**
 * Waits until the token the form holds is older than the minimum fill time, as a person taking a
 * moment would; the time counts from the token's issue (its first part, in ms), not from now.
 */
async function waitOutFillTime(form: Locator): Promise<void> {
  const input = form.locator('input[name="formToken"]');
  await expect.poll(() => input.getAttribute('value'), { timeout: 10_000 }).toMatch(/^\d{13}\./);
  const issued = Number((await input.getAttribute('value'))!.split('.')[0]);
  const left = issued + DEFAULT_SPAM_SETTINGS.minFillMs + 100 - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

async function formToken(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/form-token`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: '{}' });
  return ((await res.json()) as { token: string }).token;
}

const operatorMailFor = (email: string): ReceivedMail | undefined => smtp.received.find((m) => m.to.includes(OPERATOR) && m.header('reply-to')?.includes(email));

async function fill(form: ReturnType<Page['locator']>, v: { name?: string; email?: string; phone?: string; country?: string; message?: string }) {
  if (v.name !== undefined) await form.getByLabel('Name').fill(v.name);
  if (v.email !== undefined) await form.getByLabel('Email', { exact: false }).first().fill(v.email);
  if (v.phone !== undefined) await form.getByLabel(/^Phone(?! call)/).fill(v.phone);
  if (v.country !== undefined) await form.getByLabel('Country').fill(v.country);
  if (v.message !== undefined) await form.getByLabel('Message').fill(v.message);
}

const valid = (tag: string) => ({
  name: `Grace ${tag}`,
  email: `grace.${tag}@example.com`,
  phone: '+256 772 418 260',
  country: 'Ireland',
  message: `Two adults, gorillas in Bwindi in August (${tag}).`,
});

describe('enquiry form with JavaScript', { timeout: 60_000 }, () => {
  it('contact page: fields, rules in order, then the success modal and /blogs', async () => {
    const { page, context, posts } = await newPage(true);
    await page.goto(`${base}/contact-us`);
    const form = page.locator('form.enq-form');
    await form.waitFor();

    // Fields of spec point 2 and 5.
    await expect.poll(() => form.getByLabel('Email', { exact: false }).first().getAttribute('type')).toBe('email');
    await expect.poll(() => form.getByLabel(/^Phone(?! call)/).getAttribute('type')).toBe('tel');
    for (const label of ['Name', 'Email', 'Message']) {
      await expect.poll(() => form.locator('label', { hasText: label }).first().locator('.enq-star').count()).toBe(1);
    }
    // The phone is effectively required (spec point 5, rule 3): it shows the star it has.
    await expect.poll(() => form.locator('label', { hasText: 'Phone' }).locator('.enq-star').count()).toBe(1);
    const radios = form.getByRole('radiogroup').or(form.locator('fieldset'));
    await expect(radios.getByRole('radio').count()).resolves.toBe(3);
    await expect.poll(() => form.getByRole('radio', { name: 'Email' }).isChecked()).toBe(true);
    await expect.poll(() => form.getByRole('radio', { name: 'Phone call' }).getAttribute('value')).toBe('Phone');
    await expect.poll(() => form.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
    await page.waitForLoadState('networkidle');

    // Rules in order; nothing is sent while one fails.
    const alert = form.getByRole('alert');
    const submit = form.getByRole('button', { name: 'Send message' });
    await fill(form, { ...valid('order'), name: "Grace O'Neill", email: 'not-an-email', phone: '12' });
    await submit.click();
    await expect.poll(() => alert.textContent()).toBe(MESSAGES.suspicious);
    await fill(form, { name: 'Grace Oneill' });
    await submit.click();
    await expect.poll(() => alert.textContent()).toBe(MESSAGES.email);
    await expect.poll(() => form.getByLabel('Email', { exact: false }).first().getAttribute('aria-invalid')).toBe('true');
    await fill(form, { email: 'grace.order@example.com' });
    await submit.click();
    await expect.poll(() => alert.textContent()).toBe(MESSAGES.phone);
    await fill(form, { phone: '+353861234567', message: '' });
    await submit.click();
    await expect.poll(() => alert.textContent()).toBe(MESSAGES.required);
    expect(posts()).toBe(0);
    const formAxe = await axeOn(page).include('form.enq-form').include('form.news-form').analyze();
    expect(formAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Success: cleared, method back to Email, modal, then /blogs.
    await fill(form, valid('contact'));
    await form.getByRole('radio', { name: 'Whatsapp' }).check();
    await submit.click();
    const dialog = page.getByRole('dialog', { name: 'Thank you, your enquiry is on its way' });
    await dialog.waitFor();
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('');
    await expect.poll(() => form.getByLabel('Message').inputValue()).toBe('');
    await expect.poll(() => form.getByRole('radio', { name: 'Email' }).isChecked()).toBe(true);
    await expect.poll(() => form.getByRole('alert').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
    await shot(page, 'contact-success-modal');
    const axe = await axeOn(page).include('dialog[open]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${base}/blogs`);
    expect(posts()).toBe(1);

    await waitFor(() => Boolean(operatorMailFor('grace.contact@example.com')), 10_000, 'operator mail');
    const mail = operatorMailFor('grace.contact@example.com')!;
    expect(mail.text).toContain(`Page: ${base}/contact-us`);
    expect(mail.text).toContain('Preferred contact: Whatsapp');
    await context.close();
  });

  it('plan-a-safari page: after the success modal the visitor is taken to /blogs by itself', async () => {
    const { page, context, posts } = await newPage(true);
    await page.goto(`${base}/plan-a-safari`);
    const form = page.locator('form.enq-form');
    await page.waitForLoadState('networkidle');
    await fill(form, valid('plan'));
    await form.getByRole('radio', { name: 'Phone call' }).check();
    // An impatient double click sends one enquiry.
    await form.getByRole('button', { name: 'Send my enquiry' }).dblclick();
    await page.getByRole('dialog', { name: 'Thank you, your enquiry is on its way' }).waitFor();
    expect(posts()).toBe(1);
    await page.waitForURL(`${base}/blogs`, { timeout: 10_000 });
    await waitFor(() => Boolean(operatorMailFor('grace.plan@example.com')), 10_000, 'operator mail');
    expect(operatorMailFor('grace.plan@example.com')!.text).toContain('Preferred contact: Phone call');
    await context.close();
  });

  it('safari quote overlay: sends the page address and says so in a browser alert', async () => {
    const { page, context, dialogs } = await newPage(true);
    await page.goto(`${base}/safaris/${safariSlug}`);
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('link', { name: 'Get a free quote' })
      .or(page.getByRole('button', { name: 'Get a free quote' }))
      .first()
      .click();
    const form = page.locator('form.enq-form--quote');
    await form.waitFor();
    await shot(page, 'quote-overlay');
    await fill(form, valid('quote'));
    await form.getByRole('button', { name: 'Request my free quote' }).click();
    await waitFor(() => dialogs.length > 0, 10_000, 'alert');
    expect(dialogs).toEqual(['Your form has been submitted successfully!']);
    await expect.poll(() => form.count()).toBe(0);
    await waitFor(() => Boolean(operatorMailFor('grace.quote@example.com')), 10_000, 'operator mail');
    expect(operatorMailFor('grace.quote@example.com')!.text).toContain(`/safaris/${safariSlug}`);
    await context.close();
  });

  it('home: an empty required field sends nothing; success shows the Thank You! modal', async () => {
    const { page, context, posts, dialogs } = await newPage(true);
    await page.goto(`${base}/`);
    await page.waitForLoadState('networkidle');
    const form = page.locator('form.enq-form--home');
    await form.scrollIntoViewIfNeeded();
    await fill(form, { ...valid('home'), name: '' });
    await form.getByRole('button').click();
    await page.waitForTimeout(300);
    expect(posts()).toBe(0);
    await expect.poll(() => form.getByRole('alert').count()).toBe(0);
    expect(dialogs).toEqual([]);

    await fill(form, { name: 'Grace home' });
    await form.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Thank You!' });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain('Thank you for choosing the product. We will get back to you shortly.');
    await shot(page, 'home-thank-you');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('form')?.className ?? '')).toContain('enq-form--home');
    expect(page.url()).toBe(`${base}/`);
    expect(posts()).toBe(1);
    await context.close();
  });

  it('server and network failures give the messages and alerts of point 8', async () => {
    const { page, context, dialogs } = await newPage(true);
    await page.goto(`${base}/contact-us`);
    await page.waitForLoadState('networkidle');
    const form = page.locator('form.enq-form');
    // A refusal with the server's words (what a form-filling robot gets): shown in the form.
    await form.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'));
    await fill(form, valid('fail'));
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Your form could not be accepted. Please call or WhatsApp us instead.');
    expect(dialogs).toEqual([]);
    await form.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = ''));
    // A server's error page, not the action's answer: the alert.
    const send = form.getByRole('button', { name: 'Send message' });
    await alertWhenAnswered(page, dialogs, '**/enquiry.data', (r) => r.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }), send);
    expect(dialogs).toEqual(['Error submitting the form.']);
    const serverError = (r: Route) => r.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    expect(await alertWhenAnswered(page, dialogs, '**/enquiry.data', serverError, send)).toBe('Error submitting the form.');
    const refused = (r: Route) => r.abort('connectionrefused');
    expect(await alertWhenAnswered(page, dialogs, '**/enquiry.data', refused, send)).toBe('An error occurred while submitting the form.');
    // The page is still there, with the visitor's words.
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('Grace fail');

    // Offline from the first press on: what the form needs was fetched when the visitor went into it.
    const offline = await newPage(true);
    await offline.page.goto(`${base}/plan-a-safari`);
    await offline.page.waitForLoadState('networkidle');
    const planForm = offline.page.locator('form.enq-form');
    await fill(planForm, valid('offline'));
    await offline.page.waitForLoadState('networkidle');
    await offline.context.setOffline(true);
    await planForm.getByRole('button', { name: 'Send my enquiry' }).click();
    await waitFor(() => offline.dialogs.length === 1, 5000, 'alert');
    expect(offline.dialogs).toEqual(['An error occurred while submitting the form.']);
    await expect.poll(() => planForm.getByLabel('Message').inputValue()).toBe(valid('offline').message);
    await offline.context.setOffline(false);
    await planForm.getByRole('button', { name: 'Send my enquiry' }).click();
    await offline.page.getByRole('dialog', { name: 'Thank you, your enquiry is on its way' }).waitFor();
    await offline.context.close();

    // The home variant always uses the alert.
    await page.goto(`${base}/`);
    await page.waitForLoadState('networkidle');
    const home = page.locator('form.enq-form--home');
    await home.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'));
    await fill(home, valid('homefail'));
    expect(await alertAfter(dialogs, home.getByRole('button'))).toBe('Error submitting the form.');
    await context.close();
  });
});

describe('enquiry form without JavaScript', { timeout: 60_000 }, () => {
  it('contact page posts to /enquiry, which shows the message and keeps the values, then thanks', async () => {
    const { page, context } = await newPage(false);
    await page.goto(`${base}/contact-us`);
    const form = page.locator('form.enq-form');
    await fill(form, { ...valid('nojs'), phone: 'call me' });
    await form.getByRole('radio', { name: 'Whatsapp' }).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(`${base}/enquiry`);
    const again = page.locator('form.enq-form');
    await expect.poll(() => again.getByRole('alert').textContent()).toBe(MESSAGES.phone);
    await expect.poll(() => again.getByLabel('Name').inputValue()).toBe('Grace nojs');
    await expect.poll(() => again.getByRole('radio', { name: 'Whatsapp' }).isChecked()).toBe(true);
    await expect.poll(() => again.getByLabel(/^Phone(?! call)/).getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'nojs-enquiry-error');
    expect(await axeWithoutScripts(browser, page)).toEqual([]);

    await again.getByLabel(/^Phone(?! call)/).fill('+353861234567');
    await again.getByRole('button').click();
    await page.waitForURL(`${base}/enquiry?sent=contact`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you, your enquiry is on its way');
    await shot(page, 'nojs-enquiry-thanks');
    await waitFor(() => Boolean(operatorMailFor('grace.nojs@example.com')), 10_000, 'operator mail');
    const mail = operatorMailFor('grace.nojs@example.com')!;
    expect(mail.text).toContain('Preferred contact: Whatsapp');
    expect(mail.text).toContain('Page: ');
    await context.close();
  });

  it('each rule gives its message without JavaScript too', async () => {
    const { page, context } = await newPage(false);
    const cases: [Record<string, string>, string][] = [
      [{ ...valid('r1'), message: 'please drop the price' }, MESSAGES.suspicious],
      [{ ...valid('r2'), email: 'grace@' }, MESSAGES.email],
      [{ ...valid('r3'), phone: '' }, MESSAGES.phone],
      [{ ...valid('r4'), message: '' }, MESSAGES.required],
    ];
    for (const [values, message] of cases) {
      await page.goto(`${base}/plan-a-safari`);
      const form = page.locator('form.enq-form');
      await fill(form, values);
      await form.getByRole('button').click();
      await page.waitForURL(`${base}/enquiry`);
      await expect.poll(() => page.locator('form.enq-form').getByRole('alert').textContent()).toBe(message);
    }
    await context.close();
  });

  it('home variant thanks with the Thank You! text; the quote button falls back to the plan page', async () => {
    const { page, context } = await newPage(false);
    await page.goto(`${base}/`);
    const form = page.locator('form.enq-form--home');
    await fill(form, valid('nojshome'));
    await form.getByRole('button').click();
    await page.waitForURL(`${base}/enquiry?sent=home`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank You!');
    await expect.poll(() => page.locator('main').textContent()).toContain('Thank you for choosing the product. We will get back to you shortly.');

    await page.goto(`${base}/safaris/${safariSlug}`);
    await page.getByRole('link', { name: 'Get a free quote' }).click();
    await page.waitForURL(`${base}/plan-a-safari?safari=${safariSlug}`);
    await expect.poll(() => page.locator('form.enq-form').count()).toBe(1);
    await context.close();
  });
});

describe('newsletter', { timeout: 60_000 }, () => {
  it('with JavaScript: the alerts of point 8, one subscriber per address, confirm page with a button', async () => {
    const { page, context, dialogs } = await newPage(true);
    await page.goto(`${base}/privacy-policy`);
    await page.waitForLoadState('networkidle');
    const form = page.locator('form.news-form');
    await form.getByLabel('Full name').fill('Ruth Nambi');
    await form.getByLabel('Email').fill('Ruth.Nambi@example.com');
    const subscribe = form.getByRole('button', { name: 'Subscribe' });
    expect(await alertAfter(dialogs, subscribe)).toBe('Subscription successful!');
    await expect.poll(() => form.getByLabel('Full name').inputValue()).toBe('');

    // A repeat in another letter case is a success too.
    await form.getByLabel('Full name').fill('Ruth Nambi');
    await form.getByLabel('Email').fill('ruth.nambi@EXAMPLE.com');
    expect(await alertAfter(dialogs, subscribe)).toBe('Subscription successful!');

    // Required fields: the browser itself holds the form back.
    await subscribe.click();
    await page.waitForTimeout(300);
    expect(dialogs).toHaveLength(2);

    // The e-mail rule of the server, in the browser too: the browser's own check lets this one through.
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/newsletter.data') posted++;
    });
    await form.getByLabel('Full name').fill('X');
    await form.getByLabel('Email').fill('x@localhost');
    expect(await alertAfter(dialogs, subscribe)).toBe('Subscription failed: Please enter a valid email address.');
    expect(posted).toBe(0);
    // A refusal with the server's words.
    await form.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'));
    await form.getByLabel('Email').fill('x@example.com');
    expect(await alertAfter(dialogs, subscribe)).toBe('Subscription failed: Your form could not be accepted. Please call or WhatsApp us instead.');
    await form.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = ''));
    const unavailable = (r: Route) => r.fulfill({ status: 503, contentType: 'text/plain', body: 'Service unavailable' });
    expect(await alertWhenAnswered(page, dialogs, '**/newsletter.data', unavailable, subscribe)).toBe('Subscription failed: HTTP 503');
    const refused = (r: Route) => r.abort('connectionrefused');
    expect(await alertWhenAnswered(page, dialogs, '**/newsletter.data', refused, subscribe)).toBe('An error occurred. Please try again later.');
    expect(posted).toBe(3);

    // The opt-in e-mail leads to a page whose button (not the visit) confirms.
    await waitFor(() => smtp.received.some((m) => m.to.some((t) => t.toLowerCase() === 'ruth.nambi@example.com')), 10_000, 'opt-in mail');
    const mail = smtp.received.filter((m) => m.to.some((t) => t.toLowerCase() === 'ruth.nambi@example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /(http:\/\/localhost:\d+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+)/.exec(mail[0]!.text)![1]!;
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Confirm your subscription');
    await shot(page, 'newsletter-confirm');
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'You are subscribed' }).waitFor()).toBeUndefined();

    // One-click unsubscribe as a mail provider sends it (RFC 8058): a POST to the List-Unsubscribe address.
    const oneClick = /^<(.+)>$/.exec(mail[0]!.header('list-unsubscribe')!)![1]!;
    const res = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    // Proof that it took: subscribing again now sends a new opt-in e-mail (a confirmed address gets none).
    const again = await fetch(`${base}/api/admin/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Ruth Nambi', email: 'ruth.nambi@example.com' }),
    });
    expect(again.status).toBe(200);
    const ruth = () => smtp.received.filter((m) => m.to.some((t) => t.toLowerCase() === 'ruth.nambi@example.com'));
    await waitFor(() => ruth().length === 2, 10_000, 'second opt-in mail');

    // The unsubscribe link of the newest e-mail: visiting changes nothing, the button unsubscribes.
    const unsubscribe = /(http:\/\/localhost:\d+\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(ruth()[1]!.text)![1]!;
    await page.goto(unsubscribe);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor()).toBeUndefined();
    await context.close();
  });

  it('without JavaScript: posts to /newsletter and answers with a page', async () => {
    const { page, context } = await newPage(false);
    await page.goto(`${base}/privacy-policy`);
    const form = page.locator('form.news-form');
    await form.getByLabel('Full name').fill('Peter Okello');
    await form.getByLabel('Email').fill('peter@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${base}/newsletter?subscribed=1`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Subscription successful!');
    await shot(page, 'nojs-newsletter-thanks');
    expect(await axeWithoutScripts(browser, page)).toEqual([]);
    await context.close();
  });
});

describe('spam defence in the browser (SPAM_CHECKS=on)', () => {
  let guarded: ServerProcess;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    url = `http://localhost:${port}`;
    guarded = await startServer(
      { DATA_DIR: await seededDataDir('forms-e2e-spam-'), DATABASE_URL: '', SMTP_URL: smtp.url, SITE_URL: url, OPERATOR_EMAIL: OPERATOR, SPAM_CHECKS: 'on', LOG_LEVEL: 'warn' },
      port,
    );
  });
  afterAll(async () => {
    guarded?.child.kill('SIGTERM');
    await guarded?.exited;
  });

  it('a form sent at robot speed is refused with a message; a person taking a moment gets through', async () => {
    const { page, context } = await newPage(true);
    await page.goto(`${url}/plan-a-safari`);
    const form = page.locator('form.enq-form');
    await page.waitForLoadState('networkidle');
    await fill(form, valid('robot'));
    await form.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('That was quick! Please check your details and press “Send my enquiry” again.');
    await waitOutFillTime(form);
    await form.getByRole('button', { name: 'Send my enquiry' }).click();
    await page.getByRole('dialog', { name: 'Thank you, your enquiry is on its way' }).waitFor();
    await context.close();
  });

  it('a filled honeypot is refused, and the per-address limit answers with its message', async () => {
    const { page, context } = await newPage(true);
    await page.goto(`${url}/contact-us`);
    const form = page.locator('form.enq-form');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2600);
    // What a form-filling robot does: fill every input, the hidden one too.
    await form.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'));
    await fill(form, valid('honeypot'));
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Your form could not be accepted. Please call or WhatsApp us instead.');
    await form.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = ''));

    // Four enquiries an hour per e-mail address; the fifth is refused with a 429 and its words.
    const tokens = await Promise.all(Array.from({ length: 4 }, () => formToken(url)));
    await new Promise((r) => setTimeout(r, 2600));
    for (const token of tokens) {
      const res = await fetch(`${url}/api/plan-a-safari`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...valid('limit'), email: 'limit@example.com', formToken: token }),
      });
      expect(res.status).toBe(201);
    }
    await fill(form, { ...valid('limit'), email: 'limit@example.com' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/^Too many enquiries for this e-mail address\. Please wait .+ and try again, or call or WhatsApp us\.$/);
    await context.close();
  });

  it('without JavaScript a form takes two steps: sent back with a token and "press the button to confirm", then accepted', async () => {
    const { page, context } = await newPage(false);
    await page.goto(`${url}/contact-us`);
    // The cached page carries no token.
    expect(await page.locator('form.enq-form input[name="formToken"]').getAttribute('value')).toBe('');
    const form = page.locator('form.enq-form');
    await fill(form, valid('twostep'));
    await form.getByRole('radio', { name: 'Phone call' }).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(`${url}/enquiry`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Please confirm your enquiry');
    const again = page.locator('form.enq-form');
    await expect.poll(() => again.getByRole('alert').textContent()).toBe('Please check your details and press “Send message” to confirm.');
    await expect.poll(() => again.getByLabel('Name').inputValue()).toBe('Grace twostep');
    await expect.poll(() => again.getByRole('radio', { name: 'Phone call' }).isChecked()).toBe(true);
    expect(await again.locator('input[name="formToken"]').getAttribute('value')).toMatch(/^\d{13}\./);
    await shot(page, 'nojs-enquiry-confirm');
    expect(await axeWithoutScripts(browser, page)).toEqual([]);
    // Nothing was stored yet; a person reads the message before pressing the button.
    expect(operatorMailFor('grace.twostep@example.com')).toBeUndefined();
    await waitOutFillTime(again);
    await again.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(`${url}/enquiry?sent=contact`);
    await waitFor(() => Boolean(operatorMailFor('grace.twostep@example.com')), 10_000, 'operator mail');
    expect(operatorMailFor('grace.twostep@example.com')!.text).toContain('Preferred contact: Phone call');

    // The newsletter, the same way.
    await page.goto(`${url}/privacy-policy`);
    const news = page.locator('form.news-form');
    await news.getByLabel('Full name').fill('Peter Twostep');
    await news.getByLabel('Email').fill('peter.twostep@example.com');
    await news.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${url}/newsletter`);
    const newsAgain = page.locator('form.news-form--page');
    await expect.poll(() => newsAgain.getByRole('alert').textContent()).toBe('Please check your details and press “Subscribe” to confirm.');
    await expect.poll(() => newsAgain.getByLabel('Email').inputValue()).toBe('peter.twostep@example.com');
    await waitOutFillTime(newsAgain);
    await newsAgain.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${url}/newsletter?subscribed=1`);
    await waitFor(() => smtp.received.some((m) => m.to.includes('peter.twostep@example.com')), 10_000, 'opt-in mail');
    await context.close();
  });

  it('with JavaScript, a form that could get no token is sent back once with one, asking to press the button again', async () => {
    const { page, context } = await newPage(true);
    await page.route('**/api/form-token', (r) => r.abort('connectionrefused'));
    await page.goto(`${url}/contact-us`);
    await page.waitForLoadState('networkidle');
    const form = page.locator('form.enq-form');
    await fill(form, valid('notoken'));
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Please check your details and press “Send message” to confirm.');
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('Grace notoken');
    await waitOutFillTime(form);
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('dialog', { name: 'Thank you, your enquiry is on its way' }).waitFor();
    await context.close();
  });

  it('with JavaScript the newsletter asks for its token when the visitor goes into the form', async () => {
    const { page, context, dialogs } = await newPage(true);
    const tokenRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/form-token') tokenRequests.push(r.method());
    });
    await page.goto(`${url}/privacy-policy`);
    await page.waitForLoadState('networkidle');
    // Reading a page costs no token.
    expect(tokenRequests).toEqual([]);
    const form = page.locator('form.news-form');
    await form.getByLabel('Full name').fill('Ruth Token');
    await form.getByLabel('Email').fill('ruth.token@example.com');
    expect(tokenRequests).toEqual(['POST']);
    await waitOutFillTime(form);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await waitFor(() => dialogs.length === 1, 5000, 'alert');
    expect(dialogs).toEqual(['Subscription successful!']);
    await context.close();
  });
});
