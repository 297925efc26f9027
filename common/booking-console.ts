// The console's bookings (/admin/bookings): what its API answers and the forms it accepts. The
// money in these answers comes from the one money function (common/booking-money.ts); the ledger's
// own form is common/booking-ledger.ts.
import './zod-csp.ts';
import { z } from 'zod';
import { BOOKING_STATES, type BookingAccount, type BookingState } from './booking-money.ts';
import type { Currency } from './currency.ts';
import type { Language } from './languages.ts';

z.config({ jitless: true });

/** The list's money filter: a balance due (something owed now or within 30 days), or overdue. */
export const MONEY_FILTERS = ['due', 'overdue'] as const;
export type MoneyFilter = (typeof MONEY_FILTERS)[number];
/** "Due" in the lists: owed now, or falling due within this many days. */
export const DUE_SOON_DAYS = 30;

export interface BookingFilters {
  state?: BookingState;
  /** Departing in this month, YYYY-MM. */
  month?: string;
  money?: MoneyFilter;
  /** A reference or a part of the lead traveller's name or e-mail. */
  q?: string;
}

export const isBookingState = (v: unknown): v is BookingState => typeof v === 'string' && (BOOKING_STATES as readonly string[]).includes(v);
export const isMonth = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

export interface BookingListItem {
  id: number;
  reference: string;
  state: BookingState;
  leadName: string;
  leadEmail: string;
  travellers: number;
  title: string;
  travelFrom: string;
  travelTo: string;
  currency: Currency;
  account: BookingAccount;
}

export interface BookingList {
  today: string;
  filters: BookingFilters;
  items: BookingListItem[];
  /** True when more bookings matched than the list shows. */
  more: boolean;
}

export interface LedgerLine {
  id: number;
  kind: 'payment' | 'refund' | 'correction';
  amountMinor: number;
  currency: Currency;
  method: string | null;
  reference: string;
  receivedOn: string;
  reason: string;
  recordedBy: string;
  recordedAt: string;
}

interface BookingEventLine {
  id: number;
  kind: string;
  detail: Record<string, unknown>;
  by: string | null;
  at: string;
}

interface ManifestTraveller {
  position: number;
  name: string;
  age: number | null;
  dietary: string;
  medical: string;
}

/** A night of the trip and the lodge to confirm for it. */
export interface LodgeNight {
  night: number;
  date: string;
  lodge: string;
  roomType: string;
  board: string;
  confirmed: boolean;
}

export interface BookingDetail extends BookingListItem {
  /** The operator's day the account was computed for. */
  today: string;
  /** The quote it was booked from; empty for a booking made by hand (`manual`) or of a departure's seats. */
  quoteReference: string;
  manual: boolean;
  /** The group departure whose seats it holds (booked with no quote); null for the others. */
  departureId: number | null;
  leadPhone: string;
  /** The language of the page the traveller booked from (common/languages.ts). */
  language: Language;
  depositDueOn: string;
  balanceDueOn: string;
  notes: string;
  createdAt: string;
  ledger: LedgerLine[];
  events: BookingEventLine[];
  manifest: ManifestTraveller[];
  nights: LodgeNight[];
}

export const BOOKING_CONSOLE_MESSAGES = {
  cancelReason: 'Give the reason for cancelling the booking.',
  alreadyCancelled: 'This booking is already cancelled.',
  notes: 'The notes: at most 10,000 characters.',
  night: 'Choose a night of the trip.',
  ownerOnly: 'Only an owner may record refunds and corrections, or cancel a booking.',
} as const;

export const cancelSchema = z.object({
  reason: z.string({ error: BOOKING_CONSOLE_MESSAGES.cancelReason }).trim().min(1, BOOKING_CONSOLE_MESSAGES.cancelReason).max(1000, BOOKING_CONSOLE_MESSAGES.cancelReason),
});
export const notesSchema = z.object({ notes: z.string({ error: BOOKING_CONSOLE_MESSAGES.notes }).max(10_000, BOOKING_CONSOLE_MESSAGES.notes) });
export const nightSchema = z.object({ confirmed: z.boolean({ error: 'Say whether the night is confirmed.' }) });

/** The reminders an owner can turn off (settings): each on until turned off. */
export const REMINDER_KINDS = ['balance-soon', 'balance-overdue', 'trip-soon'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_LABELS: Record<ReminderKind, string> = {
  'balance-soon': 'The balance falls due in 14 days',
  'balance-overdue': 'The balance is overdue',
  'trip-soon': 'The trip starts in 7 days',
};
export type ReminderSettings = Record<ReminderKind, boolean>;
export const reminderSettingsSchema = z.object({ 'balance-soon': z.boolean(), 'balance-overdue': z.boolean(), 'trip-soon': z.boolean() }).partial();

/** The dashboard's bookings: value booked per month, money received and outstanding, and conversion. */
export interface BookingDashboard {
  currency: Currency;
  bookedPerMonth: { month: string; valueMinor: number; bookings: number }[];
  depositsReceivedMinor: number;
  receivedMinor: number;
  outstandingMinor: number;
  funnel: { enquiries: number; quoted: number; booked: number };
}
