// /api/trip/{token}/payment, /pay and the providers' webhooks: paying a booking online.
//
//   GET  /trip/:token/payment?attempt=   the pay panel (what is due, the methods, an attempt's state): no-store
//   POST /trip/:token/pay                 {what, method, currency} → the provider's hosted page to go to
//   POST /payments/stripe/webhook         Stripe's events, verified on the raw body (Stripe-Signature)
//   POST /payments/flutterwave/webhook    Flutterwave's events (verif-hash), each transaction verified by id
//   GET  /admin/bookings/:id/payments     the booking's attempts (staff); POST …/:attempt/refund (owners)
//
// A forged or malformed webhook is a 400 and nothing of it is stored; a verified one is stored and
// processed once (server/payments/settle.ts).
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { PAY_MESSAGES, type PayInput } from '../../common/payments.ts';
import { TRIP_PAGE_HEADERS } from '../../common/trip-page.ts';
import type { Db } from '../db/index.ts';
import { paymentAttempts } from '../db/schema.ts';
import { refuseCrossSite } from '../http/cross-site.ts';
import { type ApiContext, type ApiEnv, deps } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';
import { attemptStatus, createAttempt, payView } from '../payments/attempts.ts';
import type { PaymentsOptions } from '../payments/index.ts';
import { type PaymentProvider, WebhookRefused } from '../payments/provider.ts';
import { settleEvent } from '../payments/settle.ts';
import type { FormsApiOptions } from './enquiries.ts';
import { tripBooking } from './trip.ts';

const PRIVATE = TRIP_PAGE_HEADERS;

async function bookingOfTrip(c: ApiContext, trust: FormsApiOptions['trust']) {
  const b = await tripBooking(c, trust);
  if (!b) throw new HttpError(409, 'Accept the quote first: payments belong to the booking.', PRIVATE, 'not-booked');
  return b;
}

async function payBody(c: ApiContext): Promise<PayInput> {
  try {
    return JSON.parse(await c.req.text()) as PayInput;
  } catch {
    throw new HttpError(400, 'The request is not valid JSON.', PRIVATE);
  }
}

/** Writes the attempt, then asks the provider for its hosted page; an unreachable provider fails the attempt (503). */
async function pay(c: ApiContext, opts: PaymentsOptions & { trust: FormsApiOptions['trust'] }) {
  const b = await bookingOfTrip(c, opts.trust);
  const db = deps(c).db;
  const attempt = await createAttempt(db, b.id, await payBody(c), opts).catch((e: unknown) => {
    throw e instanceof HttpError ? new HttpError(e.status, e.message, PRIVATE, e.code) : e;
  });
  const provider = opts.providers[attempt.provider as 'stripe' | 'flutterwave']!;
  const back = `${opts.siteUrl}/trip/${c.req.param('token')}?payment=${attempt.idempotency_key}`;
  try {
    const started = await provider.startCheckout({
      key: attempt.idempotency_key,
      amountMinor: attempt.charge_minor,
      currency: attempt.charge_currency,
      description: `${attempt.what === 'deposit' ? 'Deposit' : 'Balance'} for booking ${b.reference}`,
      customer: { name: b.lead_name, email: b.lead_email, phone: b.lead_phone },
      returnUrl: back,
      cancelUrl: `${back}&back=cancelled`,
      closesAt: attempt.closesAt ?? undefined,
    });
    await db.update(paymentAttempts).set({ provider_ref: started.providerRef, updated_at: new Date() }).where(eq(paymentAttempts.id, attempt.id));
    return c.json({ ok: true, url: started.url, attempt: attempt.idempotency_key }, 201, PRIVATE);
  } catch (err) {
    deps(c).logger.warn({ err, provider: provider.name, attempt: attempt.id }, 'payment provider did not start a checkout');
    await db.update(paymentAttempts).set({ state: 'failed', updated_at: new Date() }).where(eq(paymentAttempts.id, attempt.id));
    throw new HttpError(503, PAY_MESSAGES.providerDown, { ...PRIVATE, 'retry-after': '60' }, 'provider-unavailable');
  }
}

/** A provider's webhook: verified (else 400, nothing stored), then stored and processed once. */
async function webhook(c: ApiContext, provider: PaymentProvider | undefined, opts: PaymentsOptions) {
  if (!provider) throw new HttpError(404, 'Not found', undefined, 'not-found');
  const raw = await c.req.text();
  let event: Awaited<ReturnType<PaymentProvider['readWebhook']>>;
  try {
    event = await provider.readWebhook(raw, c.req.raw.headers);
  } catch (err) {
    if (err instanceof WebhookRefused) throw new HttpError(400, 'The webhook could not be verified.', undefined, 'unverified');
    throw err;
  }
  if (!event) return c.json({ ok: true, outcome: 'ignored' });
  const outcome = await settleEvent(deps(c).db as Db, provider, event, opts);
  return c.json({ ok: true, outcome });
}

export function paymentsApi(opts: PaymentsOptions & { trust: FormsApiOptions['trust'] }) {
  const app = new Hono<ApiEnv>();
  app.post('/trip/:token/pay', refuseCrossSite(opts.siteUrl, opts.trust) as never, (c) => pay(c, opts));
  app.get('/trip/:token/payment', async (c) => {
    const b = await bookingOfTrip(c, opts.trust);
    const key = c.req.query('attempt') ?? null;
    const db = deps(c).db as Db;
    if (c.req.query('only') === 'attempt') return c.json({ attempt: key ? await attemptStatus(db, b.id, key) : null }, 200, PRIVATE);
    return c.json(await payView(db, b.id, key, opts), 200, PRIVATE);
  });
  app.post('/payments/stripe/webhook', (c) => webhook(c, opts.providers.stripe, opts));
  app.post('/payments/flutterwave/webhook', (c) => webhook(c, opts.providers.flutterwave, opts));
  return app;
}
