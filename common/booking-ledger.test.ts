import { describe, expect, it } from 'vitest';
import { LEDGER_MESSAGES, ledgerEntryInputSchema, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from './booking-ledger.ts';

const parse = (v: unknown) => ledgerEntryInputSchema.safeParse(v);
const firstError = (v: unknown) => {
  const r = parse(v);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('a ledger entry as recorded', () => {
  it('takes a payment with its method, reference and date; trims and fills the optional fields', () => {
    expect(parse({ kind: 'payment', amountMinor: 273_600, method: 'bank-transfer', reference: ' TT-881 ', receivedOn: '2026-11-27' }).data).toEqual({
      kind: 'payment',
      amountMinor: 273_600,
      method: 'bank-transfer',
      reference: 'TT-881',
      receivedOn: '2026-11-27',
      reason: '',
      idempotencyKey: null,
    });
    expect(parse({ kind: 'correction', amountMinor: -1, reason: 'Typed a cent over', receivedOn: '2026-11-27' }).success).toBe(true);
  });

  it('refuses entries that are not money, with the reason in words', () => {
    const day = { receivedOn: '2026-11-27' };
    expect(firstError({ ...day, kind: 'payment', amountMinor: 0, method: 'cash' })).toBe(LEDGER_MESSAGES.amount);
    expect(firstError({ ...day, kind: 'payment', amountMinor: 1.5, method: 'cash' })).toBe(LEDGER_MESSAGES.amount);
    expect(firstError({ ...day, kind: 'payment', amountMinor: -100, method: 'cash' })).toBe(LEDGER_MESSAGES.paymentSign);
    expect(firstError({ ...day, kind: 'refund', amountMinor: 100, method: 'cash', reason: 'Cancelled' })).toBe(LEDGER_MESSAGES.refundSign);
    expect(firstError({ ...day, kind: 'refund', amountMinor: -100, method: 'cash' })).toBe(LEDGER_MESSAGES.reason);
    expect(firstError({ ...day, kind: 'payment', amountMinor: 100 })).toBe(LEDGER_MESSAGES.method);
    expect(firstError({ ...day, kind: 'payment', amountMinor: 100, method: 'cheque' })).toBe(LEDGER_MESSAGES.method);
    expect(firstError({ kind: 'payment', amountMinor: 100, method: 'cash', receivedOn: '27/11/2026' })).toBe(LEDGER_MESSAGES.receivedOn);
    expect(firstError({ kind: 'payment', amountMinor: 100, method: 'cash', receivedOn: '2026-02-29' })).toBe(LEDGER_MESSAGES.receivedOn);
  });

  it('names every payment method', () => {
    expect(PAYMENT_METHODS.map((m) => PAYMENT_METHOD_LABELS[m])).toEqual(['Bank transfer', 'Cash', 'Card', 'Mobile money']);
  });
});
