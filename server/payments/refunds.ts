// Refunds from the console (owners): a refund attempt is written first (its amount no more than
// what the payment brought in, less the refunds already started), then the provider asked to give
// the money back on the original payment. The ledger's negative entry is written only when the
// provider says the refund succeeded: at once, from its webhook, or from the reconciliation.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAY_MESSAGES } from '../../common/payments.ts';
import type { Db } from '../db/index.ts';
import { paymentAttempts } from '../db/schema.ts';
import { HttpError } from '../http/error.ts';
import { type AttemptRow, newAttemptKey } from './attempts.ts';
import type { PaymentsOptions } from './index.ts';
import { type Settled, settleEvent } from './settle.ts';

/** What of a payment can still be refunded: its amount less the refunds started or done. */
export async function refundableOf(db: Db, payment: AttemptRow): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${paymentAttempts.amount_minor}), 0)` })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.refund_of, payment.id), inArray(paymentAttempts.state, ['open', 'refunded'])));
  return payment.amount_minor - Number(row?.sum ?? 0);
}

async function writeRefundAttempt(db: Db, bookingId: number, paymentId: number, input: { amountMinor: number; reason: string }, staffId: number): Promise<AttemptRow> {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.id, paymentId), eq(paymentAttempts.booking_id, bookingId)))
      .for('update');
    if (!p || p.what === 'refund') throw new HttpError(404, 'Payment not found', undefined, 'not-found');
    if (p.state !== 'paid' || !p.provider_payment) throw new HttpError(409, 'Only a payment the provider took and that was booked can be refunded through it.', undefined, 'not-refundable');
    if (input.amountMinor > (await refundableOf(tx as Db, p))) throw new HttpError(400, PAY_MESSAGES.refundAmount, undefined, 'invalid-amountMinor');
    // A part refund of a converted payment is given back in the charged currency at the attempt's rate.
    const charge = input.amountMinor === p.amount_minor ? p.charge_minor : Math.round(input.amountMinor * (p.charge_minor / p.amount_minor));
    const [row] = await tx
      .insert(paymentAttempts)
      .values({
        booking_id: bookingId,
        what: 'refund',
        provider: p.provider,
        amount_minor: input.amountMinor,
        currency: p.currency,
        charge_minor: charge,
        charge_currency: p.charge_currency,
        rate: p.rate,
        provider_payment: p.provider_payment,
        idempotency_key: newAttemptKey('refund'),
        refund_of: p.id,
        reason: input.reason,
        staff_id: staffId,
      })
      .returning();
    return row!;
  });
}

/** Starts a refund of a paid attempt; answers the refund attempt and what came of it so far. */
export async function startRefund(
  db: Db,
  bookingId: number,
  paymentId: number,
  input: { amountMinor: number; reason: string },
  staffId: number,
  opts: PaymentsOptions,
): Promise<{ attempt: AttemptRow; outcome: Settled }> {
  const attempt = await writeRefundAttempt(db, bookingId, paymentId, input, staffId);
  const provider = opts.providers[attempt.provider as 'stripe' | 'flutterwave'];
  if (!provider) throw new HttpError(503, PAY_MESSAGES.providerDown, undefined, 'provider-unavailable');
  let refund: Awaited<ReturnType<typeof provider.refund>>;
  try {
    refund = await provider.refund({ key: attempt.idempotency_key, providerPayment: attempt.provider_payment!, amountMinor: attempt.charge_minor, currency: attempt.charge_currency });
  } catch {
    // Left open: the reconciliation cannot ask about a refund it has no id of, so the attempt fails and staff may try again.
    await db.update(paymentAttempts).set({ state: 'failed', updated_at: new Date() }).where(eq(paymentAttempts.id, attempt.id));
    throw new HttpError(503, PAY_MESSAGES.providerDown, undefined, 'provider-unavailable');
  }
  const [stored] = await db
    .update(paymentAttempts)
    .set({ provider_ref: refund.refundRef || null, state: refund.status === 'failed' ? 'failed' : 'open', updated_at: new Date() })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.state, 'open')))
    .returning();
  if (refund.status !== 'refunded') return { attempt: stored ?? attempt, outcome: refund.status };
  const outcome = await settleEvent(db, provider, { id: `refund:${attempt.idempotency_key}:refunded`, type: 'refund.answer', refund: { ...refund, key: attempt.idempotency_key } }, opts);
  return { attempt: stored ?? attempt, outcome };
}
