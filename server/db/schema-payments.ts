// Tables of online payments (migration 0026): an attempt per payment or refund sent to a provider,
// written before the provider is called (its idempotency key is what the provider gets), and the
// providers' events, each stored once by (provider, event id) and processed in the same
// transaction as the ledger entry it leads to (server/payments/settle.ts).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings, ledgerEntries } from './schema-bookings.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const minor = (name: string) => bigint(name, { mode: 'number' });

/** One payment (or refund) sent to a provider, from before it is asked until it settles. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** 'deposit' | 'balance' | 'refund' */
    what: text('what').notNull(),
    /** 'stripe' | 'flutterwave' */
    provider: text('provider').notNull(),
    /** What it is for, in the booking's currency (minor units; a refund's amount is positive). */
    amount_minor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** What the provider is asked to charge (another currency for mobile money, at `rate`). */
    charge_minor: minor('charge_minor').notNull(),
    charge_currency: text('charge_currency').notNull(),
    /** Units of the charge currency per unit of the booking's currency (1 when they are the same). */
    rate: doublePrecision('rate').notNull().default(1),
    /** 'open' | 'paid' | 'failed' | 'flagged' (payments); 'open' | 'refunded' | 'failed' (refunds). */
    state: text('state').notNull().default('open'),
    /** Why staff must look at it (an amount that does not match, a cancelled booking). */
    flag_reason: text('flag_reason').notNull().default(''),
    /** The provider's object: the Checkout Session, the Flutterwave link's transaction, the refund. */
    provider_ref: text('provider_ref'),
    /** The payment itself at the provider (Stripe's PaymentIntent, Flutterwave's transaction id): what a refund names. */
    provider_payment: text('provider_payment'),
    /** Sent to the provider, and the ledger entry's key: the same payment never counts twice. */
    idempotency_key: text('idempotency_key').notNull(),
    /** Why staff gave it back (refunds). */
    reason: text('reason').notNull().default(''),
    /** The payment a refund gives back. */
    refund_of: bigint('refund_of', { mode: 'number' }),
    ledger_entry_id: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    /** Who started it: a member of staff (refunds); null for the traveller. */
    staff_id: integer('staff_id'),
    /** When the reconciliation last asked the provider about it. */
    checked_at: at('checked_at'),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_key_idx').on(t.idempotency_key),
    index('payment_attempts_booking_idx').on(t.booking_id, t.id),
    index('payment_attempts_open_idx').on(t.created_at).where(sql`state = 'open'`),
    index('payment_attempts_flagged_idx').on(t.booking_id).where(sql`state = 'flagged'`),
    check('payment_attempts_what_check', sql`${t.what} in ('deposit', 'balance', 'refund')`),
    check('payment_attempts_provider_check', sql`${t.provider} in ('stripe', 'flutterwave')`),
    check('payment_attempts_state_check', sql`${t.state} in ('open', 'paid', 'failed', 'flagged', 'refunded')`),
    check('payment_attempts_amount_check', sql`${t.amount_minor} > 0 and ${t.charge_minor} > 0`),
  ],
);

/** A provider's event (a webhook, or the reconciliation's answer), stored once and processed once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    attempt_id: bigint('attempt_id', { mode: 'number' }),
    /** What processing it did: 'paid', 'failed', 'flagged', 'refunded', 'ignored', … */
    outcome: text('outcome').notNull(),
    received_at: at('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.event_id), index('payment_events_attempt_idx').on(t.attempt_id)],
);
