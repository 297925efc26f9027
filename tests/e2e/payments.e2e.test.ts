// A card deposit end to end in a real browser, against the local Stripe (tests/helpers/stripe-server.ts):
// the trip page's pay panel (card, mobile money at the day's rate, bank transfer), "Pay the
// deposit" to the provider's hosted page, back before the webhook ("Your payment is being
// confirmed"), and the page updating by itself when the webhook lands; then "Pay the balance".
// axe finds nothing on the panel at 1280 and 390 px. The site also listens on a port chosen first,
// its SITE_URL (where the provider sends the browser back). Needs `npm run build`.
// E2E_SCREENSHOTS_DIR=dir keeps screenshots.
import '../helpers/production.ts';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../common/booking-money.ts';
import { createBooking } from '../../server/bookings/bookings.ts';
import { createTripLink } from '../../server/bookings/trip-links.ts';
import { sampleQuoteDocument, sentQuote } from '../helpers/bookings.ts';
import { axeViolations, launchBrowser, settled } from '../helpers/browser.ts';
import { startFlutterwaveTestServer, type FlutterwaveTestServer } from '../helpers/flutterwave-server.ts';
import { freePort, type InProcessSite, startSite } from '../helpers/start-site.ts';
import { listen } from '../../server/http/serve.ts';
import { createLogger } from '../../server/logger.ts';
import { startStripeTestServer, type StripeTestServer } from '../helpers/stripe-server.ts';
import { consoleSignIn } from '../helpers/console-browser.ts';
import { addStaff } from '../helpers/staff.ts';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let SITE = '';
let extra: { close(): Promise<void> };
let site: InProcessSite;
let stripe: StripeTestServer;
let flw: FlutterwaveTestServer;
let browser: Browser;
let token: string;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function contextAt(width: number): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: 900 } });
}

beforeAll(async () => {
  stripe = await startStripeTestServer({ webhookSecret: 'whsec_e2esecret0123' });
  flw = await startFlutterwaveTestServer({ webhookHash: 'flw-e2e-hash-0123456789' });
  const port = await freePort();
  SITE = `http://127.0.0.1:${port}`;
  site = await startSite({
    env: {
      SITE_URL: SITE,
      SPAM_CHECKS: 'off',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2esecret0123',
      STRIPE_API_URL: stripe.url,
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-e2e',
      FLUTTERWAVE_WEBHOOK_HASH: 'flw-e2e-hash-0123456789',
      FLUTTERWAVE_API_URL: flw.url,
    },
  });
  extra = await listen(site.app.web!, { port, host: '127.0.0.1', logger: createLogger('silent') });
  stripe.webhook.url = `${site.base}/api/payments/stripe/webhook`;
  const today = new Date().toISOString().slice(0, 10);
  const from = addDays(today, 110);
  token = await site.app.database!.db.transaction(async (tx) => {
    const { quote, version } = await sentQuote(tx, sampleQuoteDocument({ travelFrom: from, travelTo: addDays(from, 3), balanceDueOn: addDays(from, -60), validUntil: addDays(today, 14) }));
    const t = await createTripLink(tx, quote.id);
    await createBooking(tx, { quoteVersionId: version.id, lead: { name: 'Amina Okello', email: 'amina@example.com' }, travellers: ['Amina Okello', 'David Okello', 'Grace Okello'], today });
    return t;
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await extra?.close();
  await site?.stop();
  await stripe?.close();
  await flw?.close();
});

describe('paying on the trip page', () => {
  it('shows the ways to pay, axe clean at 390 px', async () => {
    const context = await contextAt(390);
    const page = await context.newPage();
    await page.goto(`${SITE}/trip/${token}`);
    await settled(page);
    const panel = page.getByRole('region', { name: 'Pay the deposit' });
    await panel.waitFor();
    await panel.getByText('quoting the reference').waitFor();
    expect(await panel.getByRole('radio').count()).toBeGreaterThanOrEqual(2);
    await panel.getByText(/Mobile money, MTN MoMo or Airtel Money, Uganda: UGX/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'trip-pay-390');
    await context.close();
  });

  it('pays the deposit by card: the hosted page, back before the webhook, updated when it lands; axe clean at 1280 px', async () => {
    stripe.webhook.auto = false;
    const context = await contextAt(1280);
    const page = await context.newPage();
    await page.goto(`${SITE}/trip/${token}`);
    await settled(page);
    await shot(page, 'trip-pay-1280');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: /^Card/ }).check();
    await page.getByRole('button', { name: 'Pay the deposit' }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    await page.getByText('Amount: 2736.00 USD').waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/trip\/[^?]+\?payment=pay-/);
    await page.getByText('Your payment is being confirmed').waitFor();
    await shot(page, 'trip-pay-confirming-1280');
    expect(await axeViolations(page)).toEqual([]);
    const session = [...stripe.sessions.values()].find((s) => s.payment_status === 'paid')!;
    expect((await stripe.send('checkout.session.completed', session)).status).toBe(200);
    await page.getByText(/Thank you: your deposit of \$2,736 is confirmed/).waitFor({ timeout: 20_000 });
    await page.getByRole('region', { name: 'Pay the balance' }).waitFor();
    await shot(page, 'trip-pay-confirmed-1280');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('online payments in the console', () => {
  it('lists a flagged payment under "Needs attention", and refunds a card payment through Stripe; axe clean at 1280 and 390 px', async () => {
    await addStaff(site.app.database!.db, 'olivia@pay.example', 'owner', undefined, 'Olivia Owner');
    // A second booking whose card payment came back short: flagged, not booked.
    const other = await site.app.database!.db.transaction(async (tx) => {
      const today = new Date().toISOString().slice(0, 10);
      const from = addDays(today, 90);
      const { quote, version } = await sentQuote(tx, sampleQuoteDocument({ travelFrom: from, travelTo: addDays(from, 3), balanceDueOn: addDays(from, -60), validUntil: addDays(today, 14) }));
      const t = await createTripLink(tx, quote.id);
      await createBooking(tx, { quoteVersionId: version.id, lead: { name: 'Lena Fischer', email: 'lena@example.com' }, travellers: ['Lena Fischer', 'Jonas Fischer', 'Mia Fischer'], today });
      return t;
    });
    const started = (await (
      await fetch(`${site.base}/api/trip/${other}/pay`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE }, body: JSON.stringify({ what: 'deposit', method: 'card' }) })
    ).json()) as { attempt: string };
    const short = [...stripe.sessions.values()].find((s) => s.client_reference_id === started.attempt)!;
    expect(JSON.parse((await stripe.send('checkout.session.completed', stripe.pay(short.id, 500))).body).outcome).toBe('flagged');
    for (const width of [1280, 390]) {
      const context = await contextAt(width);
      const page = await context.newPage();
      await consoleSignIn(page, SITE, 'olivia@pay.example');
      await page.goto(`${SITE}/admin/bookings?view=attention`);
      await settled(page);
      await page.getByRole('heading', { name: '1 payment needs attention' }).waitFor();
      await page.getByText(/The provider took \$5; the deposit asked for \$2,736/).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `console-attention-${width}`);
      await page.getByRole('link', { name: /^B-\d{4}-\d{4}$/ }).click();
      await page.getByRole('heading', { name: 'Online payments' }).waitFor();
      await page.getByText('One payment needs attention:').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
    const context = await contextAt(1280);
    const page = await context.newPage();
    await consoleSignIn(page, SITE, 'olivia@pay.example');
    const [paid] = await site.rows<{ booking_id: number }>(`select booking_id from payment_attempts where state = 'paid' limit 1`);
    await page.goto(`${SITE}/admin/bookings/${paid!.booking_id}`);
    await settled(page);
    const panel = page.getByRole('region', { name: 'Online payments' });
    await panel.getByLabel(/^Refund \(USD\), up to \$2,736/).fill('500');
    await panel.getByLabel('Reason').fill('One night less at the lodge.');
    await panel.getByRole('button', { name: 'Refund through Stripe' }).click();
    await panel.getByText('Refunded: the ledger shows it.').waitFor();
    await page.getByRole('region', { name: 'Payments ledger' }).getByText('-$500').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'console-booking-payments-1280');
    await context.close();
  });
});
