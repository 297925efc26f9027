// Mobile money (M-Pesa, MTN MoMo, Airtel Money) through Flutterwave Standard, over its documented
// v3 HTTP API: POST /v3/payments gives the hosted payment link (tx_ref = the attempt's key);
// a webhook is believed only when its `verif-hash` header equals FLUTTERWAVE_WEBHOOK_HASH (compared
// in constant time) and then only after the transaction is verified by id with
// GET /v3/transactions/{id}/verify; the reconciliation verifies by tx_ref; refunds are
// POST /v3/transactions/{id}/refund, then GET /v3/refunds/{id}. Amounts are major units there.
import { decimalToMinor, minorToDecimal } from '../../common/booking-money.ts';
import { type Currency, isCurrency } from '../../common/currency.ts';
import type { CheckoutRequest, PaymentOutcome, PaymentProvider, ProviderEvent, RefundOutcome } from './provider.ts';
import { WebhookRefused } from './provider.ts';
import { sameSecret } from '../auth/sessions.ts';

export interface FlutterwaveSettings {
  secretKey: string;
  webhookHash: string;
  /** Tests and the demo: the API at another address; default https://api.flutterwave.com. */
  apiUrl?: string;
}

/** The mobile-money options of the hosted page, by the currency charged. */
const MOBILE_OPTIONS: Record<string, string> = {
  KES: 'mpesa',
  UGX: 'mobilemoneyuganda',
  TZS: 'mobilemoneytanzania',
  RWF: 'mobilemoneyrwanda',
};

interface FlwTransaction {
  id: number;
  tx_ref: string;
  amount: number;
  currency: string;
  status: string;
}

interface FlwRefund {
  id: number;
  amount_refunded: number;
  status: string;
}

class FlutterwaveError extends Error {}

const toMinor = (amount: number, currency: string): number => {
  const n = isCurrency(currency) ? decimalToMinor(String(amount), currency) : null;
  return n ?? Number.NaN;
};

/** What a verified transaction says. */
function outcomeOf(t: FlwTransaction): PaymentOutcome {
  const status = t.status === 'successful' ? 'paid' : t.status === 'failed' || t.status === 'cancelled' ? 'failed' : 'pending';
  return { key: t.tx_ref, status, amountMinor: toMinor(t.amount, t.currency), currency: t.currency.toUpperCase(), providerPayment: String(t.id) };
}

function refundOf(r: FlwRefund, currency: string): RefundOutcome {
  const status = r.status === 'completed' || r.status === 'successful' ? 'refunded' : r.status === 'failed' ? 'failed' : 'pending';
  return { refundRef: String(r.id), status, amountMinor: toMinor(r.amount_refunded, currency), currency };
}

export function flutterwaveProvider(settings: FlutterwaveSettings): PaymentProvider {
  const base = settings.apiUrl ?? 'https://api.flutterwave.com';
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ ok: boolean; status: number; data: T | null; message: string }> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${settings.secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await res.json().catch(() => null)) as { status?: string; message?: string; data?: T } | null;
    if (res.status >= 500) throw new FlutterwaveError(`Flutterwave answered ${res.status}`);
    return { ok: res.ok && json?.status === 'success', status: res.status, data: json?.data ?? null, message: json?.message ?? '' };
  }
  const verifyById = async (id: string) => {
    const r = await call<FlwTransaction>('GET', `/v3/transactions/${encodeURIComponent(id)}/verify`);
    if (!r.ok || !r.data) throw new WebhookRefused(`Flutterwave does not know transaction ${id.slice(0, 40)}`);
    return outcomeOf(r.data);
  };
  return {
    name: 'flutterwave',
    method: 'mobile-money',
    async startCheckout(req: CheckoutRequest) {
      const r = await call<{ link: string }>('POST', '/v3/payments', {
        tx_ref: req.key,
        amount: Number(minorToDecimal(req.amountMinor, req.currency as Currency)),
        currency: req.currency,
        redirect_url: req.returnUrl,
        payment_options: MOBILE_OPTIONS[req.currency] ?? 'mobilemoney',
        customer: { email: req.customer.email, name: req.customer.name, phonenumber: req.customer.phone },
        customizations: { title: req.description },
        meta: { attempt: req.key },
        ...(req.closesAt ? { session_duration: Math.max(1, Math.floor((req.closesAt.getTime() - Date.now()) / 60_000)) } : {}),
      });
      if (!r.ok || !r.data?.link) throw new FlutterwaveError(`Flutterwave did not give a payment link: ${r.message.slice(0, 200)}`);
      return { providerRef: req.key, url: r.data.link };
    },
    async readWebhook(rawBody, headers) {
      if (!sameSecret(headers.get('verif-hash') ?? '', settings.webhookHash)) throw new WebhookRefused('The verif-hash header does not match');
      let body: { event?: string; data?: { id?: number | string } };
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new WebhookRefused('The body is not JSON');
      }
      const id = body.data?.id;
      if (body.event !== 'charge.completed' || (typeof id !== 'number' && typeof id !== 'string')) return null;
      // Nothing in the body is believed: the transaction is asked of Flutterwave by its id. Flutterwave
      // sends the same event again when a pending transaction settles: the verified status is part of its id.
      const payment = await verifyById(String(id));
      return { id: `${body.event}:${id}:${payment.status}`, type: body.event, payment } satisfies ProviderEvent;
    },
    async lookUp(attempt) {
      const r = await call<FlwTransaction>('GET', `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(attempt.key)}`);
      return r.ok && r.data ? outcomeOf(r.data) : null;
    },
    async refund(req) {
      const r = await call<FlwRefund>('POST', `/v3/transactions/${encodeURIComponent(req.providerPayment)}/refund`, { amount: Number(minorToDecimal(req.amountMinor, req.currency as Currency)) });
      if (!r.ok || !r.data) return { refundRef: '', status: 'failed', amountMinor: req.amountMinor, currency: req.currency };
      return refundOf(r.data, req.currency);
    },
    async refundStatus(refundRef, currency) {
      const r = await call<FlwRefund>('GET', `/v3/refunds/${encodeURIComponent(refundRef)}`);
      if (!r.ok || !r.data) throw new FlutterwaveError(`Flutterwave does not know refund ${refundRef.slice(0, 40)}`);
      return refundOf(r.data, currency);
    },
  };
}
