// Online payments as the trip page and the console see them: the methods a traveller may choose,
// what the pay panel shows (the amount due from the booking's account, mobile money converted at
// the day's rate), an attempt's state while it is confirmed, and the refund form. The amounts
// always come from the server's ledger function, never from the browser.
import './zod-csp.ts';
import { z } from 'zod';
import type { Currency } from './currency.ts';

z.config({ jitless: true });

const PAY_METHODS = ['card', 'mobile-money'] as const;
/** The currencies mobile money is charged in (at the day's rate from the booking's currency). */
export const MOBILE_CURRENCIES = ['UGX', 'KES', 'TZS', 'RWF'] as const;
export type MobileCurrency = (typeof MOBILE_CURRENCIES)[number];
export const MOBILE_NETWORKS: Record<MobileCurrency, string> = {
  UGX: 'MTN MoMo or Airtel Money, Uganda',
  KES: 'M-Pesa, Kenya',
  TZS: 'M-Pesa, Airtel Money or Tigo Pesa, Tanzania',
  RWF: 'MTN MoMo or Airtel Money, Rwanda',
};

export type AttemptState = 'open' | 'paid' | 'failed' | 'flagged' | 'refunded';

export const ATTEMPT_STATE_LABELS: Record<AttemptState, string> = {
  open: 'Waiting for the provider',
  paid: 'Paid',
  failed: 'Not completed',
  flagged: 'Needs attention',
  refunded: 'Refunded',
};

export const PAY_MESSAGES = {
  method: 'Choose how to pay.',
  currency: 'Choose the currency of your mobile money account.',
  nothingDue: 'Nothing is due on this booking now.',
  changed: 'The amount due has changed since the page was shown. Please look at it again, then pay.',
  unavailable: 'This way of paying is not available. Choose another, or pay by bank transfer.',
  providerDown: 'The payment provider cannot be reached just now. Please try again in a few minutes, or pay by bank transfer.',
  noRate: 'We have no exchange rate for this currency today. Choose another, or pay by card or bank transfer.',
  confirming: 'Your payment is being confirmed',
  refundAmount: 'Enter an amount to refund, no more than what the payment brought in.',
  refundReason: 'Give the reason for the refund.',
} as const;

/** POST /api/trip/{token}/pay */
export const paySchema = z.object({
  what: z.enum(['deposit', 'balance'], { error: PAY_MESSAGES.changed }),
  method: z.enum(PAY_METHODS, { error: PAY_MESSAGES.method }),
  currency: z.enum(MOBILE_CURRENCIES, { error: PAY_MESSAGES.currency }).nullable().default(null),
});
export type PayInput = z.input<typeof paySchema>;

/** A mobile-money choice: the amount in that currency, at the rate of the day. */
export interface MobileOption {
  currency: MobileCurrency;
  amountMinor: number;
  /** Units of this currency per unit of the booking's currency. */
  rate: number;
}

/** An attempt as the traveller's page shows it (GET /api/trip/{token}/payment?attempt=). */
export interface AttemptStatus {
  key: string;
  what: 'deposit' | 'balance' | 'refund';
  state: AttemptState;
  amountMinor: number;
  currency: Currency;
}

/** GET /api/trip/{token}/payment: the pay panel. */
export interface TripPayView {
  /** The booking's reference: what a bank transfer quotes. */
  reference: string;
  due: { what: 'deposit' | 'balance'; amountMinor: number; currency: Currency; by: string } | null;
  card: boolean;
  mobile: MobileOption[];
  /** The attempt the traveller came back from (`?payment=`), while it is confirmed or once it is. */
  attempt: AttemptStatus | null;
}

/** POST /api/admin/bookings/{id}/payments/{attempt}/refund */
export const refundSchema = z.object({
  amountMinor: z.number({ error: PAY_MESSAGES.refundAmount }).int(PAY_MESSAGES.refundAmount).positive(PAY_MESSAGES.refundAmount),
  reason: z.string({ error: PAY_MESSAGES.refundReason }).trim().min(3, PAY_MESSAGES.refundReason).max(500, PAY_MESSAGES.refundReason),
});

/** An attempt in the console (the booking's screen). */
export interface AttemptLine {
  id: number;
  what: 'deposit' | 'balance' | 'refund';
  provider: 'stripe' | 'flutterwave';
  state: AttemptState;
  flagReason: string;
  amountMinor: number;
  currency: Currency;
  chargeMinor: number;
  chargeCurrency: Currency;
  rate: number;
  providerRef: string | null;
  createdAt: string;
  /** What can still be refunded of a paid payment (its amount less the refunds started). */
  refundableMinor: number;
}

export const PROVIDER_LABELS = { stripe: 'Card (Stripe)', flutterwave: 'Mobile money (Flutterwave)' } as const;
