// A ledger entry as it is recorded: by staff in the console (a bank transfer, cash), or by an online
// payment provider (with its idempotency key). One schema for the form and the API; the database's
// checks say the same, and its trigger keeps the ledger append-only.
import './zod-csp.ts';
import { z } from 'zod';
import { isIsoDay } from './booking-money.ts';

z.config({ jitless: true });

const LEDGER_KINDS = ['payment', 'refund', 'correction'] as const;
export const PAYMENT_METHODS = ['bank-transfer', 'cash', 'card', 'mobile-money'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  'bank-transfer': 'Bank transfer',
  cash: 'Cash',
  card: 'Card',
  'mobile-money': 'Mobile money',
};

export const LEDGER_MESSAGES = {
  amount: 'Enter the amount in whole minor units (cents), not zero.',
  paymentSign: 'A payment is an amount received: more than zero.',
  refundSign: 'A refund is money paid back: enter it as a negative amount.',
  method: 'Choose how the money was paid.',
  reason: 'Give the reason for a refund or a correction.',
  receivedOn: 'Enter the date the money was received.',
} as const;

export const ledgerEntryInputSchema = z
  .object({
    kind: z.enum(LEDGER_KINDS, { error: 'Choose payment, refund or correction.' }),
    amountMinor: z
      .number({ error: LEDGER_MESSAGES.amount })
      .int(LEDGER_MESSAGES.amount)
      .min(-1e11, LEDGER_MESSAGES.amount)
      .max(1e11, LEDGER_MESSAGES.amount)
      .refine((n) => n !== 0, LEDGER_MESSAGES.amount),
    method: z.enum(PAYMENT_METHODS, { error: LEDGER_MESSAGES.method }).nullable().default(null),
    reference: z.string().trim().max(200, 'The reference: at most 200 characters.').default(''),
    receivedOn: z.string({ error: LEDGER_MESSAGES.receivedOn }).refine(isIsoDay, LEDGER_MESSAGES.receivedOn),
    reason: z.string().trim().max(1000, 'The reason: at most 1,000 characters.').default(''),
    /** The same key twice records the entry once (the online providers' retries). */
    idempotencyKey: z.string().trim().min(8).max(200).nullable().default(null),
  })
  .refine((e) => e.kind !== 'payment' || e.amountMinor > 0, { message: LEDGER_MESSAGES.paymentSign, path: ['amountMinor'] })
  .refine((e) => e.kind !== 'refund' || e.amountMinor < 0, { message: LEDGER_MESSAGES.refundSign, path: ['amountMinor'] })
  .refine((e) => e.kind === 'correction' || e.method !== null, { message: LEDGER_MESSAGES.method, path: ['method'] })
  .refine((e) => e.kind === 'payment' || e.reason.length > 0, { message: LEDGER_MESSAGES.reason, path: ['reason'] });
export type LedgerEntryInput = z.input<typeof ledgerEntryInputSchema>;
