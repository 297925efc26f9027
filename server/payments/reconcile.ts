// The reconciliation, a job of the job loop (server/job-loop.ts) every process runs: an attempt
// with no answer ten minutes after it was made is asked of its provider (Stripe: the Checkout
// Session retrieved; Flutterwave: the transaction verified by tx_ref; a refund: the refund asked
// again), and what the provider says is processed as any event is (server/payments/settle.ts).
// Each attempt is claimed by one update that moves its `checked_at` on, so only one process asks
// at a time, and an attempt is asked again at most every ten minutes. "Now" comes from a clock.
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { systemClock } from '../bookings/today.ts';
import type { DatabaseAvailability } from '../db/availability.ts';
import type { Db } from '../db/index.ts';
import { paymentAttempts } from '../db/schema.ts';
import { type RunningJob, startJob } from '../job-loop.ts';
import type { Logger } from '../logger.ts';
import type { AttemptRow } from './attempts.ts';
import type { PaymentsOptions } from './index.ts';
import { type Settled, settleEvent } from './settle.ts';

/** An attempt without an answer this long is asked of the provider. */
const RECONCILE_AFTER_MS = 10 * 60_000;
const EVERY_MS = 60_000;
const BATCH = 50;
/** Attempts older than this are no longer asked (the provider's sessions expire within a day). */
const GIVE_UP_MS = 7 * 86_400_000;

/** Claims an open attempt for this process (null when another process has it, or it was asked lately). */
async function claim(db: Db, id: number, now: Date): Promise<AttemptRow | null> {
  const before = new Date(now.getTime() - RECONCILE_AFTER_MS);
  const [row] = await db
    .update(paymentAttempts)
    .set({ checked_at: now })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.state, 'open'), or(isNull(paymentAttempts.checked_at), lt(paymentAttempts.checked_at, before))))
    .returning();
  return row ?? null;
}

async function askProvider(db: Db, a: AttemptRow, opts: PaymentsOptions): Promise<Settled | null> {
  const provider = opts.providers[a.provider as 'stripe' | 'flutterwave'];
  if (!provider) return null;
  if (a.what === 'refund') {
    if (!a.provider_ref) return null;
    const refund = await provider.refundStatus(a.provider_ref, a.charge_currency);
    if (refund.status === 'pending') return 'pending';
    return settleEvent(db, provider, { id: `reconcile:${a.idempotency_key}:${refund.status}`, type: 'reconcile.refund', refund }, opts);
  }
  const payment = await provider.lookUp({ key: a.idempotency_key, providerRef: a.provider_ref });
  if (!payment || payment.status === 'pending') return 'pending';
  return settleEvent(db, provider, { id: `reconcile:${a.idempotency_key}:${payment.status}`, type: 'reconcile.payment', payment }, opts);
}

/** One pass: every open attempt older than ten minutes, asked once; answers what each came to. */
export async function reconcilePayments(db: Db, opts: PaymentsOptions, logger?: Logger): Promise<{ id: number; outcome: Settled | null }[]> {
  const now = (opts.clock ?? systemClock)();
  const due = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.state, 'open'),
        lt(paymentAttempts.created_at, new Date(now.getTime() - RECONCILE_AFTER_MS)),
        sql`${paymentAttempts.created_at} > ${new Date(now.getTime() - GIVE_UP_MS).toISOString()}`,
        or(isNull(paymentAttempts.checked_at), lt(paymentAttempts.checked_at, new Date(now.getTime() - RECONCILE_AFTER_MS))),
      ),
    )
    .orderBy(asc(paymentAttempts.id))
    .limit(BATCH);
  const done: { id: number; outcome: Settled | null }[] = [];
  for (const { id } of due) {
    const a = await claim(db, id, now);
    if (!a) continue;
    try {
      done.push({ id, outcome: await askProvider(db, a, opts) });
    } catch (err) {
      logger?.warn({ err, attempt: id, provider: a.provider }, 'payment provider could not be asked about an attempt');
      done.push({ id, outcome: null });
    }
  }
  return done;
}

export function startPaymentReconciliation(db: Db, opts: PaymentsOptions, logger: Logger, availability?: DatabaseAvailability): RunningJob {
  return startJob(
    {
      name: 'payment reconciliation',
      run: async () => {
        const done = await reconcilePayments(db, opts, logger);
        const settled = done.filter((d) => d.outcome && d.outcome !== 'pending');
        if (settled.length) logger.info({ attempts: settled.length }, 'payments reconciled with their providers');
      },
      everyMs: EVERY_MS,
      firstAfterMs: 15_000,
    },
    { logger, availability },
  );
}
