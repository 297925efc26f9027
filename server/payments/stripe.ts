// Cards through Stripe Checkout, with the official SDK: a Checkout Session per attempt (the
// attempt's key as its idempotency key and client_reference_id), the webhooks verified by
// `webhooks.constructEvent` on the raw body, the session asked again by the reconciliation, and
// refunds of the session's PaymentIntent. The SDK reaches api.stripe.com, or the test server
// (tests/helpers/stripe-server.ts) when STRIPE_API_URL is set.
import Stripe from 'stripe';
import type { CheckoutRequest, PaymentOutcome, PaymentProvider, ProviderEvent, RefundOutcome } from './provider.ts';
import { WebhookRefused } from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests and the demo: the API at another address (http://127.0.0.1:41001). */
  apiUrl?: string;
}

type Session = Stripe.Checkout.Session;

function clientOf(s: StripeSettings): Stripe {
  const at = s.apiUrl ? new URL(s.apiUrl) : null;
  return new Stripe(s.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(at ? { host: at.hostname, port: Number(at.port || (at.protocol === 'https:' ? 443 : 80)), protocol: at.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** What a session says of its payment. */
function sessionOutcome(session: Session, failed = false): PaymentOutcome | null {
  const key = session.client_reference_id;
  if (!key) return null;
  let status: PaymentOutcome['status'] = 'pending';
  if (failed || session.status === 'expired') status = 'failed';
  else if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') status = 'paid';
  return { key, status, amountMinor: session.amount_total ?? 0, currency: (session.currency ?? '').toUpperCase(), providerPayment: idOf(session.payment_intent) };
}

function refundOutcome(r: Stripe.Refund): RefundOutcome {
  const status = r.status === 'succeeded' ? 'refunded' : r.status === 'failed' || r.status === 'canceled' ? 'failed' : 'pending';
  return { refundRef: r.id, key: r.metadata?.attempt, status, amountMinor: r.amount, currency: r.currency.toUpperCase() };
}

/** The events this site uses, read into what they tell. */
function eventOf(event: Stripe.Event): ProviderEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const payment = sessionOutcome(event.data.object, event.type === 'checkout.session.async_payment_failed');
      return payment ? { id: event.id, type: event.type, payment } : null;
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return { id: event.id, type: event.type, refund: refundOutcome(event.data.object) };
    case 'charge.refunded': {
      const refunds = event.data.object.refunds?.data ?? [];
      const last = refunds[0];
      return last ? { id: event.id, type: event.type, refund: refundOutcome(last) } : null;
    }
    default:
      return null;
  }
}

export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = clientOf(settings);
  return {
    name: 'stripe',
    method: 'card',
    async startCheckout(req: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: req.key,
          metadata: { attempt: req.key },
          payment_intent_data: { metadata: { attempt: req.key } },
          customer_email: req.customer.email || undefined,
          line_items: [{ quantity: 1, price_data: { currency: req.currency.toLowerCase(), unit_amount: req.amountMinor, product_data: { name: req.description } } }],
          success_url: req.returnUrl,
          cancel_url: req.cancelUrl,
          ...(req.closesAt ? { expires_at: Math.ceil(req.closesAt.getTime() / 1000) } : {}),
        },
        { idempotencyKey: req.key },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without its address');
      return { providerRef: session.id, url: session.url };
    },
    async readWebhook(rawBody, headers) {
      const signature = headers.get('stripe-signature');
      if (!signature) throw new WebhookRefused('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (err) {
        throw new WebhookRefused(err instanceof Error ? err.message : 'The signature does not match');
      }
      return eventOf(event);
    },
    async lookUp(attempt) {
      if (!attempt.providerRef) return null;
      return sessionOutcome(await stripe.checkout.sessions.retrieve(attempt.providerRef));
    },
    async refund(req) {
      const r = await stripe.refunds.create({ payment_intent: req.providerPayment, amount: req.amountMinor, metadata: { attempt: req.key } }, { idempotencyKey: req.key });
      return refundOutcome(r);
    },
    async refundStatus(refundRef) {
      return refundOutcome(await stripe.refunds.retrieve(refundRef));
    },
  };
}
