// What a provider's event does, once: the event is stored by (provider, event id) first, in the
// transaction that then writes the ledger entry, so a replay (or a second process with the same
// event) finds it stored and does nothing. A payment is booked only when the provider took the
// amount and currency the attempt asked for, on a booking that is not cancelled; otherwise the
// attempt is flagged for staff (and the operator told). The ledger entry's key is the attempt's:
// a webhook and the reconciliation telling the same payment still book it once.
import { and, eq, type SQL } from 'drizzle-orm';
import { formatMinor } from '../../common/booking-money.ts';
import type { Currency } from '../../common/currency.ts';
import { bookingDetail } from '../bookings/console.ts';
import { recordLedgerEntry } from '../bookings/ledger.ts';
import { travellerTitle } from '../bookings/manual.ts';
import { operatorDay } from '../bookings/today.ts';
import type { Db, Tx } from '../db/index.ts';
import { bookings, paymentAttempts, paymentEvents } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { AttemptRow } from './attempts.ts';
import type { PaymentsOptions } from './index.ts';
import { paymentFlaggedMessage, paymentReceiptMessage } from './mail.ts';
import type { PaymentOutcome, PaymentProvider, ProviderEvent, RefundOutcome } from './provider.ts';

/** What processing an event did (stored with it). */
export type Settled = 'replay' | 'unknown' | 'pending' | 'failed' | 'paid' | 'flagged' | 'duplicate' | 'refunded';

const money = (n: number, c: string) => formatMinor(n, c as Currency);

async function lockAttempt(tx: Tx, where: SQL): Promise<AttemptRow | undefined> {
  const [a] = await tx.select().from(paymentAttempts).where(where).for('update');
  return a;
}

async function setAttempt(tx: Tx, id: number, values: Partial<AttemptRow>): Promise<void> {
  await tx
    .update(paymentAttempts)
    .set({ ...values, updated_at: new Date() })
    .where(eq(paymentAttempts.id, id));
}

/** Why a paid outcome cannot be booked as it is; null when it can. */
function mismatch(a: AttemptRow, p: PaymentOutcome, bookingState: string): string | null {
  if (p.currency !== a.charge_currency || p.amountMinor !== a.charge_minor)
    return `The provider took ${Number.isFinite(p.amountMinor) && p.currency ? money(p.amountMinor, p.currency) : 'an unreadable amount'}; the ${a.what} asked for ${money(a.charge_minor, a.charge_currency)}.`;
  if (bookingState === 'cancelled') return `The booking was cancelled before this ${a.what} of ${money(a.charge_minor, a.charge_currency)} arrived: refund it or book it by hand.`;
  return null;
}

/** The confirmation e-mail with its receipt, queued in the ledger entry's transaction. */
async function queueReceipt(tx: Tx, bookingId: number, entryId: number, today: string, opts: PaymentsOptions): Promise<void> {
  const detail = await bookingDetail(tx as Db, bookingId, today);
  const line = detail?.ledger.find((e) => e.id === entryId);
  if (!detail || !line) return;
  // A booking with no quote names its safari: the receipt says its title in the traveller's language.
  const [own] = await tx.select({ safariSlug: bookings.safari_slug, title: bookings.title }).from(bookings).where(eq(bookings.id, bookingId));
  if (own?.title) detail.title = await travellerTitle(tx, { title: detail.title, safariSlug: own.safariSlug, language: detail.language });
  await enqueueMail(tx, opts.mail.messageIdDomain, [{ kind: 'payment-receipt', message: await paymentReceiptMessage(detail, line, opts.mail) }]);
}

async function flag(tx: Tx, a: AttemptRow, reason: string, p: PaymentOutcome, reference: string, opts: PaymentsOptions): Promise<Settled> {
  await setAttempt(tx, a.id, { state: 'flagged', flag_reason: reason, provider_payment: p.providerPayment });
  const consoleUrl = `${opts.siteUrl}/admin/bookings/${a.booking_id}`;
  await enqueueMail(tx, opts.mail.messageIdDomain, [{ kind: 'payment-flagged', message: paymentFlaggedMessage({ reference, reason, consoleUrl }, opts.mail) }]);
  return 'flagged';
}

/** Writes the ledger entry of a settled attempt (once, by its key), moves the attempt on, and queues the receipt. */
async function book(
  tx: Tx,
  a: AttemptRow,
  provider: PaymentProvider,
  entry: { kind: 'payment' | 'refund'; amountMinor: number; reference: string; reason?: string },
  next: Partial<AttemptRow>,
  opts: PaymentsOptions,
): Promise<void> {
  const today = await operatorDay(tx, opts.clock);
  const input = { ...entry, method: provider.method, reference: `${provider.name} ${entry.reference}`.slice(0, 200), receivedOn: today, idempotencyKey: a.idempotency_key };
  const done = await recordLedgerEntry(tx, a.booking_id, input, { provider: provider.name }, today);
  await setAttempt(tx, a.id, { ...next, ledger_entry_id: done.entry.id });
  if (done.created) await queueReceipt(tx, a.booking_id, done.entry.id, today, opts);
}

async function settlePayment(tx: Tx, provider: PaymentProvider, p: PaymentOutcome, opts: PaymentsOptions): Promise<Settled> {
  const a = await lockAttempt(tx, and(eq(paymentAttempts.idempotency_key, p.key), eq(paymentAttempts.provider, provider.name))!);
  if (!a || a.what === 'refund') return 'unknown';
  if (a.state !== 'open' && a.state !== 'failed') return 'duplicate';
  if (p.status === 'pending') {
    if (p.providerPayment) await setAttempt(tx, a.id, { provider_payment: p.providerPayment });
    return 'pending';
  }
  if (p.status === 'failed') {
    if (a.state === 'open') await setAttempt(tx, a.id, { state: 'failed' });
    return 'failed';
  }
  const [b] = await tx.select({ state: bookings.state, reference: bookings.reference }).from(bookings).where(eq(bookings.id, a.booking_id)).for('update');
  const wrong = mismatch(a, p, b!.state);
  if (wrong) return flag(tx, a, wrong, p, b!.reference, opts);
  const converted = a.charge_currency !== a.currency ? ` (${money(a.charge_minor, a.charge_currency)} at ${a.rate.toPrecision(6)} ${a.charge_currency} per ${a.currency})` : '';
  await book(
    tx,
    a,
    provider,
    { kind: 'payment', amountMinor: a.amount_minor, reference: `${p.providerPayment ?? a.provider_ref ?? ''}${converted}` },
    { state: 'paid', provider_payment: p.providerPayment },
    opts,
  );
  return 'paid';
}

/** A refund the provider confirmed becomes a negative entry (once, by the refund attempt's key). */
async function settleRefund(tx: Tx, provider: PaymentProvider, r: RefundOutcome, opts: PaymentsOptions): Promise<Settled> {
  const which = r.key ? eq(paymentAttempts.idempotency_key, r.key) : eq(paymentAttempts.provider_ref, r.refundRef);
  const a = await lockAttempt(tx, and(which, eq(paymentAttempts.what, 'refund'), eq(paymentAttempts.provider, provider.name))!);
  if (!a) return 'unknown';
  if (a.state !== 'open') return 'duplicate';
  if (r.status === 'pending') return 'pending';
  if (r.status === 'failed') {
    await setAttempt(tx, a.id, { state: 'failed' });
    return 'failed';
  }
  await book(
    tx,
    a,
    provider,
    { kind: 'refund', amountMinor: -a.amount_minor, reference: r.refundRef, reason: a.reason || 'Refund through the provider' },
    { state: 'refunded', provider_ref: r.refundRef },
    opts,
  );
  return 'refunded';
}

/** Processes one verified event once: stored first (a replay stops there), then what it tells. */
export async function settleEvent(db: Db, provider: PaymentProvider, event: ProviderEvent, opts: PaymentsOptions): Promise<Settled> {
  const outcome = await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, event_id: event.id, type: event.type, outcome: 'processing' })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!stored) return 'replay' as const;
    let settled: Settled = 'unknown';
    if (event.payment) settled = await settlePayment(tx, provider, event.payment, opts);
    else if (event.refund) settled = await settleRefund(tx, provider, event.refund, opts);
    const key = event.payment?.key;
    const [a] = key ? await tx.select({ id: paymentAttempts.id }).from(paymentAttempts).where(eq(paymentAttempts.idempotency_key, key)) : [];
    await tx
      .update(paymentEvents)
      .set({ outcome: settled, attempt_id: a?.id ?? null })
      .where(eq(paymentEvents.id, stored.id));
    return settled;
  });
  if (outcome === 'paid' || outcome === 'refunded' || outcome === 'flagged') opts.onQueued();
  return outcome;
}
