// Online payments end to end in a real browser, against the local providers
// (tests/helpers/stripe-server.ts, flutterwave-server.ts): the trip page's pay panel (card, mobile
// money at the day's rate, and bank transfer with the booking's reference, offered once); a card
// deposit to Stripe's hosted page, back before the webhook ("Your payment is being confirmed"), the
// page updating by itself when the webhook lands; the balance by card, the webhook first; a
// mobile-money deposit through Flutterwave's hosted link, its webhook (verif-hash) verified by id
// after the browser is back; a card payment the bank refuses after checkout, the page saying so and
// offering to pay again; and paying without JavaScript ("Check again"). axe finds nothing at 1280
// and 390 px. The site also listens on a port chosen first, its SITE_URL (where the provider sends
// the browser back). Needs `npm run build`.
// E2E_SCREENSHOTS_DIR=dir keeps screenshots.
import '../helpers/production.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../common/booking-money.ts';
import { createBooking } from '../../server/bookings/bookings.ts';
import { createTripLink } from '../../server/bookings/trip-links.ts';
import { sampleQuoteDocument, sentQuote } from '../helpers/bookings.ts';
import { axeViolations, axeWithoutScripts, fullPageShotTo, launchBrowser, settled } from '../helpers/browser.ts';
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

const shot = (page: Page, name: string) => fullPageShotTo(SHOTS, page, name);

async function contextAt(width: number, javaScriptEnabled = true): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
}

/** A trip page opened in a new context at `width`, settled. */
async function tripPage(tripToken: string, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await contextAt(width);
  const page = await context.newPage();
  await page.goto(`${SITE}/trip/${tripToken}`);
  await settled(page);
  return { context, page };
}

/** Chooses the card, presses `button`, and pays on the local Stripe's hosted page (which shows `amount`); back on the trip page. */
async function payByCard(page: Page, button: string, amount: string): Promise<void> {
  await page.getByRole('radio', { name: /^Card/ }).check();
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/127\.0\.0\.1:\d+\/pay\/cs_test_/);
  await page.getByText(`Amount: ${amount}`).waitFor();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/trip\/[^?]+\?payment=pay-/);
}

/** A booking of three travellers ($9,119.99, deposit $2,736), `days` ahead; answers its trip page's token. */
async function newBooking(lead: string, travellers: string[], days: number): Promise<string> {
  return site.app.database!.db.transaction(async (tx) => {
    const today = new Date().toISOString().slice(0, 10);
    const from = addDays(today, days);
    const { quote, version } = await sentQuote(tx, sampleQuoteDocument({ travelFrom: from, travelTo: addDays(from, 3), balanceDueOn: addDays(from, -60), validUntil: addDays(today, 14) }));
    const t = await createTripLink(tx, quote.id);
    await createBooking(tx, { quoteVersionId: version.id, lead: { name: lead, email: `${lead.split(' ')[0]!.toLowerCase()}@example.com` }, travellers, today });
    return t;
  });
}

/** Bank transfer is offered once on the page, in the pay panel, with the booking's reference. */
async function bankTransferOnce(page: Page, panelName: string): Promise<void> {
  const panel = page.getByRole('region', { name: panelName });
  await panel.getByText(/^By bank transfer: .* quoting the reference B-\d{4}-\d{4}\./).waitFor();
  expect(await page.getByText(/bank transfer/i).count()).toBe(1);
  expect(await page.locator('.trip__due').textContent()).toMatch(/^Next: the (deposit|balance) of \$[\d,.]+ by .+\.$/);
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
  flw.webhook.url = `${site.base}/api/payments/flutterwave/webhook`;
  token = await newBooking('Amina Okello', ['Amina Okello', 'David Okello', 'Grace Okello'], 110);
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
    const { context, page } = await tripPage(token, 390);
    const panel = page.getByRole('region', { name: 'Pay the deposit' });
    await panel.waitFor();
    await bankTransferOnce(page, 'Pay the deposit');
    expect(await panel.getByRole('radio').count()).toBeGreaterThanOrEqual(2);
    await panel.getByText(/Mobile money, MTN MoMo or Airtel Money, Uganda: UGX/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'trip-pay-390');
    await context.close();
  });

  it('pays the deposit by card: the hosted page, back before the webhook, updated when it lands; axe clean at 1280 px', async () => {
    stripe.webhook.auto = false;
    const { context, page } = await tripPage(token, 1280);
    await shot(page, 'trip-pay-1280');
    expect(await axeViolations(page)).toEqual([]);
    await payByCard(page, 'Pay the deposit', '2736.00 USD');
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

  it('pays the balance by card, the webhook landing before the browser is back; axe clean at 1280 and 390 px', async () => {
    stripe.webhook.auto = true;
    for (const width of [1280, 390]) {
      const { context, page } = await tripPage(token, width);
      await bankTransferOnce(page, 'Pay the balance');
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `trip-pay-balance-${width}`);
      await context.close();
    }
    const { context, page } = await tripPage(token, 1280);
    await payByCard(page, 'Pay the balance', '6383.99 USD');
    await page.getByText(/Thank you: your balance of \$6,383\.99 is confirmed/).waitFor();
    await page.getByText('Nothing more is due. Thank you!').waitFor();
    expect(await page.getByRole('button', { name: /^Pay the/ }).count()).toBe(0);
    expect(await page.getByText(/bank transfer/i).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'trip-pay-balance-paid-1280');
    await context.close();
  });

  it('pays the deposit by mobile money: Flutterwave’s hosted link, back before the webhook, verified by id, updated when it lands; axe clean at 390 and 1280 px', async () => {
    flw.webhook.auto = false;
    const mobile = await newBooking('Joseph Mugisha', ['Joseph Mugisha', 'Esther Mugisha', 'Ruth Mugisha'], 100);
    const { context, page } = await tripPage(mobile, 390);
    const option = page.getByRole('radio', { name: /^Mobile money, MTN MoMo or Airtel Money, Uganda: UGX/ });
    const shown = (await option.locator('xpath=..').textContent()) ?? '';
    await option.check();
    await page.getByRole('button', { name: 'Pay the deposit' }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/hosted\/pay\/pay-/);
    const charged = flw.transactions.get(decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!))!;
    // What Flutterwave charges is what the panel showed before paying, in shillings.
    expect([charged.currency, shown]).toEqual(['UGX', expect.stringContaining(charged.amount.toLocaleString('en-GB'))]);
    await page.getByText(`Amount: ${charged.amount} UGX`).waitFor();
    await page.getByRole('button', { name: 'Approve on my phone' }).click();
    await page.waitForURL(/\/trip\/[^?]+\?payment=pay-[^&]+&status=successful&tx_ref=pay-[^&]+&transaction_id=\d+/);
    // Flutterwave's "successful" in the address is not believed: still being confirmed.
    await page.getByText('Your payment is being confirmed').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'trip-pay-mobile-confirming-390');
    const txRef = new URL(page.url()).searchParams.get('tx_ref')!;
    const landed = await flw.send(txRef);
    expect([landed.status, JSON.parse(landed.body).outcome]).toEqual([200, 'paid']);
    expect(flw.requests.some((r) => r.method === 'GET' && r.path === `/v3/transactions/${flw.transactions.get(txRef)!.id}/verify`)).toBe(true);
    await page.getByText(/Thank you: your deposit of \$2,736 is confirmed/).waitFor({ timeout: 20_000 });
    await page.getByRole('region', { name: 'Pay the balance' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'trip-pay-mobile-confirmed-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'trip-pay-mobile-confirmed-1280');
    const [entry] = await site.rows<{ amount_minor: string; method: string }>(`select amount_minor, method from ledger_entries where idempotency_key = '${txRef}'`);
    expect([Number(entry!.amount_minor), entry!.method]).toEqual([273_600, 'mobile-money']);
    await context.close();
  });

  it('says so when the bank refuses a card payment after checkout, and offers to pay again; axe clean at 1280 and 390 px', async () => {
    stripe.webhook.auto = false;
    const refused = await newBooking('Sofia Rossi', ['Sofia Rossi', 'Marco Rossi', 'Luca Rossi'], 95);
    const { context, page } = await tripPage(refused, 1280);
    await page.getByRole('radio', { name: /^Card/ }).check();
    await page.getByRole('button', { name: 'Pay the deposit' }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    // A bank debit: Stripe takes the traveller back at once, the money comes (or not) days later.
    const session = stripe.payLater(new URL(page.url()).pathname.split('/').pop()!);
    await page.goto(session.success_url);
    await page.getByText('Your payment is being confirmed').waitFor();
    expect(JSON.parse((await stripe.send('checkout.session.completed', session)).body).outcome).toBe('pending');
    expect(JSON.parse((await stripe.send('checkout.session.async_payment_failed', session)).body).outcome).toBe('failed');
    await page.getByText('The payment was not completed and nothing was taken. Please try again, or choose another way to pay.').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Pay the deposit' }).waitFor();
    await bankTransferOnce(page, 'Pay the deposit');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'trip-pay-refused-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'trip-pay-refused-390');
    expect(await site.rows(`select id from ledger_entries where idempotency_key = '${session.client_reference_id}'`)).toEqual([]);
    await context.close();
  });

  it('pays by card without JavaScript: a plain form to the provider, and "Check again" once back', async () => {
    stripe.webhook.auto = false;
    const plain = await newBooking('Tom Baker', ['Tom Baker', 'Ann Baker', 'Sam Baker'], 105);
    const context = await contextAt(390, false);
    const page = await context.newPage();
    const shown = await page.goto(`${SITE}/trip/${plain}`);
    // The site answers the plain form with a redirect to the provider: the page's policy lets its forms lead there.
    expect(shown!.headers()['content-security-policy']).toContain(`form-action 'self' ${stripe.url} ${flw.url};`);
    await bankTransferOnce(page, 'Pay the deposit');
    expect(await axeWithoutScripts(browser, page)).toEqual([]);
    await payByCard(page, 'Pay the deposit', '2736.00 USD');
    await page.getByText('Your payment is being confirmed').waitFor();
    expect(await axeWithoutScripts(browser, page)).toEqual([]);
    await shot(page, 'trip-pay-nojs-confirming-390');
    const key = new URL(page.url()).searchParams.get('payment')!;
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === key)!;
    expect(JSON.parse((await stripe.send('checkout.session.completed', session)).body).outcome).toBe('paid');
    await page.getByRole('link', { name: 'Check again' }).click();
    await page.getByText(/Thank you: your deposit of \$2,736 is confirmed/).waitFor();
    await page.getByRole('region', { name: 'Pay the balance' }).waitFor();
    expect(await axeWithoutScripts(browser, page)).toEqual([]);
    await context.close();
  });
});

describe('online payments in the console', () => {
  it('lists a flagged payment under "Needs attention", and refunds a card payment through Stripe; axe clean at 1280 and 390 px', async () => {
    await addStaff(site.app.database!.db, 'olivia@pay.example', 'owner', undefined, 'Olivia Owner');
    // A second booking whose card payment came back short: flagged, not booked.
    const other = await newBooking('Lena Fischer', ['Lena Fischer', 'Jonas Fischer', 'Mia Fischer'], 90);
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
    const [paid] = await site.rows<{ booking_id: number }>(
      `select booking_id from payment_attempts where state = 'paid' and provider = 'stripe' group by booking_id having count(*) = 1 order by booking_id limit 1`,
    );
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
