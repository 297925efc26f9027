// Recording money on a booking: one ledger entry, checked (common/booking-ledger.ts), in the
// booking's currency, idempotent by its key (an online provider's retry records it once), then the
// booking's state moved to what the money now implies. The ledger is append-only (a database
// trigger refuses UPDATE and DELETE): a mistake is put right by a correction entry.
import { eq } from 'drizzle-orm';
import { ledgerEntryInputSchema, type LedgerEntryInput } from '../../common/booking-ledger.ts';
import type { BookingAccount } from '../../common/booking-money.ts';
import type { Tx } from '../db/index.ts';
import { bookings, bookingTravellers, ledgerEntries } from '../db/schema.ts';
import { HttpError } from '../http/error.ts';
import { type LedgerRow, syncBookingState } from './bookings.ts';

/** Who records the entry: a member of staff, or an online payment provider. */
export type Recorder = { staffId: number } | { provider: string };

export interface RecordedEntry {
  entry: LedgerRow;
  /** False when the idempotency key was already recorded: `entry` is the first one. */
  created: boolean;
  account: BookingAccount;
}

const LEDGER_ERRORS = {
  future: 'The date received cannot be in the future.',
  keyReused: 'This idempotency key was already used for a different entry.',
  personal: 'Leave the traveller’s name and e-mail address out: the ledger is kept for the accounts even after a traveller’s data is erased. Use the bank’s or the receipt’s reference.',
} as const;

function invalid(message: string, field: string): HttpError {
  return Object.assign(new HttpError(400, message, undefined, 'invalid'), { field });
}

async function entryByKey(tx: Tx, key: string): Promise<LedgerRow | undefined> {
  const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotency_key, key));
  return row;
}

/** The entry already recorded under this key, when it is the same entry; a different one is a conflict. */
function sameEntry(existing: LedgerRow, bookingId: number, amountMinor: number, kind: string): LedgerRow {
  if (existing.booking_id !== bookingId || existing.amount_minor !== amountMinor || existing.kind !== kind) throw new HttpError(409, LEDGER_ERRORS.keyReused, undefined, 'idempotency-conflict');
  return existing;
}

/**
 * The ledger is append-only and outlives an erasure, so it must hold no personal data: a reference
 * or a reason that names the lead traveller or a traveller (full name), or gives their address, is refused.
 */
async function refusePersonalData(tx: Tx, booking: typeof bookings.$inferSelect, e: { reference: string; reason: string }): Promise<void> {
  const names = (await tx.select({ name: bookingTravellers.name }).from(bookingTravellers).where(eq(bookingTravellers.booking_id, booking.id))).map((t) => t.name);
  const personal = [booking.lead_name, booking.lead_email, ...names].map((v) => v.trim().toLowerCase()).filter((v) => v.length >= 3);
  for (const field of ['reference', 'reason'] as const) {
    const text = e[field].toLowerCase();
    if (personal.some((p) => text.includes(p))) throw invalid(LEDGER_ERRORS.personal, field);
  }
}

/** Records one entry on a booking (in a transaction: the booking's row is locked while it runs). */
export async function recordLedgerEntry(tx: Tx, bookingId: number, input: LedgerEntryInput, by: Recorder, today: string): Promise<RecordedEntry> {
  const parsed = ledgerEntryInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(issue.message, issue.path.join('.'));
  }
  const e = parsed.data;
  if (e.receivedOn > today) throw invalid(LEDGER_ERRORS.future, 'receivedOn');
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) throw new HttpError(404, 'Booking not found', undefined, 'not-found');
  await refusePersonalData(tx, booking, e);
  if (e.idempotencyKey) {
    const existing = await entryByKey(tx, e.idempotencyKey);
    if (existing) return { entry: sameEntry(existing, bookingId, e.amountMinor, e.kind), created: false, account: (await syncBookingState(tx, bookingId, today)).account };
  }
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      booking_id: bookingId,
      amount_minor: e.amountMinor,
      currency: booking.currency,
      kind: e.kind,
      method: e.method,
      reference: e.reference,
      received_on: e.receivedOn,
      reason: e.reason,
      recorded_by: 'staffId' in by ? by.staffId : null,
      provider: 'provider' in by ? by.provider : null,
      idempotency_key: e.idempotencyKey,
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotency_key })
    .returning();
  if (!entry) {
    // Another process recorded the same key (on another booking) between the look-up and the insert.
    const existing = await entryByKey(tx, e.idempotencyKey ?? '');
    if (!existing) throw new Error('ledger entry neither inserted nor found');
    return { entry: sameEntry(existing, bookingId, e.amountMinor, e.kind), created: false, account: (await syncBookingState(tx, bookingId, today)).account };
  }
  const synced = await syncBookingState(tx, bookingId, today, 'staffId' in by ? by.staffId : null);
  return { entry, created: true, account: synced.account };
}
