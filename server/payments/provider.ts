// The one interface every online payment provider is reached through (Stripe for cards,
// Flutterwave for mobile money): start a hosted checkout for an attempt, read and verify a
// webhook, ask about an attempt (the reconciliation), and give money back. Amounts cross this
// line as integers in minor units with their currency; each provider converts to its own form.
// Bank transfer has no provider: the traveller is shown the reference, staff record the money.

export type ProviderName = 'stripe' | 'flutterwave';

/** What the provider is asked to charge, and under which key (the attempt's: retries are one payment). */
export interface CheckoutRequest {
  key: string;
  amountMinor: number;
  currency: string;
  /** What the traveller sees on the provider's page. */
  description: string;
  customer: { name: string; email: string; phone: string };
  /** Where the provider sends the browser back (success and cancel alike: the page asks the database). */
  returnUrl: string;
  cancelUrl: string;
  /** When the provider's page must stop taking this payment (held seats), or none. */
  closesAt?: Date;
}

interface CheckoutStarted {
  /** The provider's object for this attempt (Checkout Session id; for Flutterwave, the tx_ref). */
  providerRef: string;
  /** The hosted page the traveller is sent to. */
  url: string;
}

/** What the provider says of a payment, once verified with it. */
export interface PaymentOutcome {
  /** The attempt's key as the provider carries it (client_reference_id, tx_ref). */
  key: string;
  status: 'paid' | 'failed' | 'pending';
  /** The amount and currency the provider actually took (minor units; upper-case code). */
  amountMinor: number;
  currency: string;
  /** The payment at the provider (PaymentIntent, transaction id): what a refund names. */
  providerPayment: string | null;
}

/** What the provider says of a refund. */
export interface RefundOutcome {
  /** The refund's id at the provider. */
  refundRef: string;
  /** The refund attempt's key, when the provider carries it back (Stripe's metadata). */
  key?: string;
  status: 'refunded' | 'failed' | 'pending';
  amountMinor: number;
  currency: string;
}

/** A verified webhook: its id (stored once), its type, and what it tells. */
export interface ProviderEvent {
  id: string;
  type: string;
  payment?: PaymentOutcome;
  refund?: RefundOutcome;
}

export class WebhookRefused extends Error {}

export interface PaymentProvider {
  name: ProviderName;
  /** The ledger's method for its payments. */
  method: 'card' | 'mobile-money';
  startCheckout(req: CheckoutRequest): Promise<CheckoutStarted>;
  /** Verifies the signature on the raw body; throws WebhookRefused when it is forged or malformed. Null: an event this site does not use. */
  readWebhook(rawBody: string, headers: Headers): Promise<ProviderEvent | null>;
  /** Asks the provider about an attempt it was given (by its providerRef and key). */
  lookUp(attempt: { key: string; providerRef: string | null }): Promise<PaymentOutcome | null>;
  /** Gives back part or all of a payment; the answer may be final or pending. */
  refund(req: { key: string; providerPayment: string; amountMinor: number; currency: string }): Promise<RefundOutcome>;
  /** Asks about a refund that was pending. */
  refundStatus(refundRef: string, currency: string): Promise<RefundOutcome>;
}
