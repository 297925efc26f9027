// Starting a payment from the trip page: the amount is what the booking's account says is due
// next (common/booking-money.ts accountOf), in the booking's currency, or in a mobile-money
// currency at the day's rate; the attempt's row is written (and committed) before the provider
// is called, with a random key that the provider gets as its idempotency key and reference.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decimalToMinor } from '../../common/booking-money.ts';
import type { Currency } from '../../common/currency.ts';
import { PAY_HOLD_MINUTES, PAY_WINDOW_MINUTES } from '../../common/departures.ts';
import { type AttemptStatus, MOBILE_CURRENCIES, type MobileOption, PAY_MESSAGES, type PayInput, paySchema, type TripPayView } from '../../common/payments.ts';
import { bookingAccount, syncBookingState } from '../bookings/bookings.ts';
import { operatorDay, systemClock } from '../bookings/today.ts';
import { readCurrencyRates } from '../currency.ts';
import type { Db, Tx } from '../db/index.ts';
import { paymentAttempts } from '../db/schema.ts';
import { extendHold } from '../departures/seats.ts';
import { HttpError } from '../http/error.ts';
import type { PaymentsOptions } from './index.ts';
import type { ProviderName } from './provider.ts';

export type AttemptRow = typeof paymentAttempts.$inferSelect;

/** A new attempt's key: random, sent to the provider, and the ledger entry's idempotency key. */
export const newAttemptKey = (prefix: 'pay' | 'refund') => `${prefix}-${randomBytes(18).toString('base64url')}`;

const unitOf = (c: Currency) => decimalToMinor('1', c) ?? 1;

/** The amount in each mobile-money currency at today's rates (units per US dollar, server/currency.ts). */
async function mobileOptions(db: Db | Tx, amountMinor: number, currency: Currency): Promise<MobileOption[]> {
  const { rates } = await readCurrencyRates(db as Db);
  const from = rates[currency];
  if (!from) return [];
  return MOBILE_CURRENCIES.flatMap((c) => {
    const to = rates[c];
    if (!to) return [];
    const rate = to / from;
    return [{ currency: c, rate, amountMinor: Math.round((amountMinor / unitOf(currency)) * rate * unitOf(c)) }];
  });
}

function statusOf(a: AttemptRow): AttemptStatus {
  return { key: a.idempotency_key, what: a.what as AttemptStatus['what'], state: a.state as AttemptStatus['state'], amountMinor: a.amount_minor, currency: a.currency as Currency };
}

/** An attempt of this booking by its key (the `?payment=` the provider sends the browser back with). */
export async function attemptStatus(db: Db | Tx, bookingId: number, key: string): Promise<AttemptStatus | null> {
  if (!/^pay-[A-Za-z0-9_-]{24}$/.test(key)) return null;
  const [a] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.booking_id, bookingId), eq(paymentAttempts.idempotency_key, key)));
  return a ? statusOf(a) : null;
}

/** The pay panel of a booking: what is due next, and the ways to pay it that are configured. */
export async function payView(db: Db, bookingId: number, attemptKey: string | null, opts: PaymentsOptions): Promise<TripPayView> {
  const today = await operatorDay(db, opts.clock);
  const found = (await bookingAccount(db, bookingId, today))!;
  const next = found.account.next;
  const currency = found.account.currency;
  return {
    reference: found.booking.reference,
    due: next ? { what: next.what, amountMinor: next.amountMinor, currency, by: next.by } : null,
    card: Boolean(opts.providers.stripe),
    mobile: next && opts.providers.flutterwave ? await mobileOptions(db, next.amountMinor, currency) : [],
    attempt: attemptKey ? await attemptStatus(db, bookingId, attemptKey) : null,
  };
}

interface Charge {
  provider: ProviderName;
  amountMinor: number;
  currency: Currency;
  rate: number;
}

async function chargeFor(tx: Tx, input: ReturnType<typeof paySchema.parse>, amountMinor: number, currency: Currency, opts: PaymentsOptions): Promise<Charge> {
  if (input.method === 'card') {
    if (!opts.providers.stripe) throw new HttpError(400, PAY_MESSAGES.unavailable, undefined, 'unavailable');
    return { provider: 'stripe', amountMinor, currency, rate: 1 };
  }
  if (!opts.providers.flutterwave) throw new HttpError(400, PAY_MESSAGES.unavailable, undefined, 'unavailable');
  if (!input.currency) throw new HttpError(400, PAY_MESSAGES.currency, undefined, 'invalid-currency');
  const option = (await mobileOptions(tx, amountMinor, currency)).find((o) => o.currency === input.currency);
  if (!option) throw new HttpError(400, PAY_MESSAGES.noRate, undefined, 'no-rate');
  return { provider: 'flutterwave', amountMinor: option.amountMinor, currency: option.currency, rate: option.rate };
}

/** Writes the attempt for what is due now (the booking's row locked), before any provider is asked. */
export async function createAttempt(db: Db, bookingId: number, raw: PayInput, opts: PaymentsOptions): Promise<AttemptRow & { closesAt: Date | null }> {
  const parsed = paySchema.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message, undefined, `invalid-${parsed.error.issues[0]!.path.join('.') || 'body'}`);
  const input = parsed.data;
  return db.transaction(async (tx) => {
    const today = await operatorDay(tx, opts.clock);
    const { account } = await syncBookingState(tx, bookingId, today);
    if (!account.next) throw new HttpError(409, PAY_MESSAGES.nothingDue, undefined, 'nothing-due');
    if (account.next.what !== input.what) throw new HttpError(409, PAY_MESSAGES.changed, undefined, 'changed');
    const charge = await chargeFor(tx, input, account.next.amountMinor, account.currency, opts);
    const [row] = await tx
      .insert(paymentAttempts)
      .values({
        booking_id: bookingId,
        what: input.what,
        provider: charge.provider,
        amount_minor: account.next.amountMinor,
        currency: account.currency,
        charge_minor: charge.amountMinor,
        charge_currency: charge.currency,
        rate: charge.rate,
        idempotency_key: newAttemptKey('pay'),
      })
      .returning();
    // A departure's seats stay held while the payment is open, a little longer than the provider's
    // page stays open, so that no payment can arrive for seats already released.
    const now = (opts.clock ?? systemClock)().getTime();
    const held = await extendHold(tx, bookingId, new Date(now + PAY_HOLD_MINUTES * 60_000));
    return { ...row!, closesAt: held ? new Date(now + PAY_WINDOW_MINUTES * 60_000) : null };
  });
}
