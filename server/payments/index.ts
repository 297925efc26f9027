// The providers this process pays through, from its configuration (server/config.ts): Stripe when
// its key and webhook secret are set, Flutterwave likewise; neither: only bank transfer is
// offered. What the payment routes, the settling and the reconciliation share.
import type { Config } from '../config.ts';
import type { Clock } from '../bookings/today.ts';
import { flutterwaveProvider } from './flutterwave.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { stripeProvider } from './stripe.ts';

export type Providers = Partial<Record<ProviderName, PaymentProvider>>;

export interface PaymentsOptions {
  providers: Providers;
  siteUrl: string;
  mail: { from: string; operatorEmail: string; messageIdDomain: string };
  /** Wakes the mail worker once a receipt is queued. */
  onQueued: () => void;
  /** The current instant (tests move it). */
  clock?: Clock;
}

export function providersFromConfig(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL' | 'FLUTTERWAVE_SECRET_KEY' | 'FLUTTERWAVE_WEBHOOK_HASH' | 'FLUTTERWAVE_API_URL'>,
): Providers {
  const providers: Providers = {};
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET)
    providers.stripe = stripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL });
  if (config.FLUTTERWAVE_SECRET_KEY && config.FLUTTERWAVE_WEBHOOK_HASH)
    providers.flutterwave = flutterwaveProvider({ secretKey: config.FLUTTERWAVE_SECRET_KEY, webhookHash: config.FLUTTERWAVE_WEBHOOK_HASH, apiUrl: config.FLUTTERWAVE_API_URL });
  return providers;
}

/**
 * Where the configured providers' hosted pages are (Stripe Checkout, Flutterwave's payment link; the
 * test servers' address when the API is elsewhere): the pay form leads there without JavaScript (the
 * site's answer to it is a redirect), so the pages' Content-Security-Policy allows it in `form-action`.
 */
export function hostedPageOrigins(config: Parameters<typeof providersFromConfig>[0]): string[] {
  const out: string[] = [];
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) out.push(config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL).origin : 'https://checkout.stripe.com');
  if (config.FLUTTERWAVE_SECRET_KEY && config.FLUTTERWAVE_WEBHOOK_HASH) out.push(config.FLUTTERWAVE_API_URL ? new URL(config.FLUTTERWAVE_API_URL).origin : 'https://checkout.flutterwave.com');
  return out;
}
