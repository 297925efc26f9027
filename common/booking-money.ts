// The one money function of quotes and bookings: the console, the trip page, the e-mails and the
// PDF all show what it computes. Money is an integer number of minor units (cents) with its
// currency; nothing here multiplies money by a fraction except the deposit, whose rule is stated:
//
//   deposit = total × percent / 100, rounded half up to a whole minor unit (integer arithmetic);
//   balance = total − deposit (so the two always add up to the total, to the minor unit).
//
// A booking's account adds its ledger entries (payments positive, refunds negative, corrections
// either way) in any order: paid = their sum; outstanding = total − paid (negative: money owed
// back); and, on a given day, what is due now and what is due next, and by when.
import type { Currency } from './currency.ts';
import { formatMoney } from './intl.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

/** Decimal places of each currency's minor unit (ISO 4217). */
const MINOR_DIGITS: Record<Currency, number> = { USD: 2, EUR: 2, GBP: 2, KES: 2, TZS: 2, UGX: 0, RWF: 0 };

export const DEFAULT_DEPOSIT_PERCENT = 30;
/** The balance is due this many days before the trip starts, unless the quote says otherwise. */
const DEFAULT_BALANCE_DAYS_BEFORE = 60;
/** The deposit is due this many days after the quote is accepted. */
export const DEPOSIT_DUE_DAYS = 7;

export const BOOKING_STATES = ['confirmed-pending-deposit', 'confirmed', 'balance-due', 'paid', 'travelled', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  'confirmed-pending-deposit': 'Confirmed, awaiting deposit',
  confirmed: 'Confirmed',
  'balance-due': 'Balance due',
  paid: 'Paid in full',
  travelled: 'Travelled',
  cancelled: 'Cancelled',
};

type PriceBasis = 'person' | 'group';

/** A line of a price: per person (times the travellers, unless a quantity is given) or per group. */
export interface PriceLineInput {
  label: string;
  basis: PriceBasis;
  /** The price of one unit in minor units; negative for a discount. */
  unitMinor: number;
  /** How many units; default: the travellers for a per-person line, 1 for a per-group line. */
  quantity?: number | null;
}

export interface TravellerCount {
  adults: number;
  children: number;
}

interface PricedLine extends PriceLineInput {
  quantity: number;
  amountMinor: number;
}

/** The price a quote fixes: what a booking copies. */
export interface PriceTerms {
  currency: Currency;
  lines: PricedLine[];
  totalMinor: number;
  depositPercent: number;
  depositMinor: number;
  balanceMinor: number;
  balanceDueOn: string;
}

export class MoneyError extends Error {}

function assertMinor(n: number, what: string): void {
  if (!Number.isSafeInteger(n)) throw new MoneyError(`${what} must be a whole number of minor units`);
}

/** Whether a text is a real calendar day written YYYY-MM-DD. */
export function isIsoDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
}

/** YYYY-MM-DD plus (or minus) whole days, in the calendar (no time zone involved). */
export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The deposit of a total: percent of it, rounded half up to a whole minor unit. */
export function depositOf(totalMinor: number, percent: number): number {
  assertMinor(totalMinor, 'The total');
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new MoneyError('The deposit must be a whole percentage from 0 to 100');
  return Math.floor((totalMinor * percent + 50) / 100);
}

function lineAmount(line: PriceLineInput, travellers: TravellerCount): PricedLine {
  const quantity = line.quantity ?? (line.basis === 'person' ? travellers.adults + travellers.children : 1);
  assertMinor(line.unitMinor, `“${line.label}”`);
  if (!Number.isInteger(quantity) || quantity < 0) throw new MoneyError(`“${line.label}”: the quantity must be a whole number`);
  return { ...line, quantity, amountMinor: line.unitMinor * quantity };
}

/** The price of a quote from its lines and travellers, with the deposit and the balance's due date. */
export function priceOf(input: { currency: Currency; lines: PriceLineInput[]; travellers: TravellerCount; depositPercent?: number; travelFrom: string; balanceDueOn?: string | null }): PriceTerms {
  const lines = input.lines.map((l) => lineAmount(l, input.travellers));
  const totalMinor = lines.reduce((sum, l) => sum + l.amountMinor, 0);
  assertMinor(totalMinor, 'The total');
  if (totalMinor < 0) throw new MoneyError('The total cannot be below zero: the discounts are larger than the price');
  const depositPercent = input.depositPercent ?? DEFAULT_DEPOSIT_PERCENT;
  const depositMinor = depositOf(totalMinor, depositPercent);
  const balanceDueOn = input.balanceDueOn || addDays(input.travelFrom, -DEFAULT_BALANCE_DAYS_BEFORE);
  return { currency: input.currency, lines, totalMinor, depositPercent, depositMinor, balanceMinor: totalMinor - depositMinor, balanceDueOn };
}

export type LedgerKind = 'payment' | 'refund' | 'correction';

/** What the account needs of a ledger entry. */
export interface LedgerAmount {
  amountMinor: number;
  currency: Currency;
  kind: LedgerKind;
}

/** What the account needs of a booking. */
export interface BookingTerms {
  currency: Currency;
  totalMinor: number;
  depositMinor: number;
  depositDueOn: string;
  balanceDueOn: string;
  travelFrom: string;
  travelTo: string;
  /** The state staff set, when it is one the money does not decide: cancelled (or travelled). */
  state?: BookingState;
}

export interface BookingAccount {
  currency: Currency;
  totalMinor: number;
  depositMinor: number;
  balanceMinor: number;
  /** The sum of the entries. */
  paidMinor: number;
  payments: number;
  refunds: number;
  corrections: number;
  /** total − paid: negative when more was received than the price (money owed back). */
  outstandingMinor: number;
  /** What should have been received by `today` and was not. */
  dueNowMinor: number;
  /** The next amount to pay and its date; null once nothing more is owed (or the booking is cancelled). */
  next: { amountMinor: number; by: string; what: 'deposit' | 'balance' } | null;
  overdue: boolean;
  /** Days from `today` to the start of the trip (negative once it started). */
  daysToTravel: number;
  state: BookingState;
}

function sumEntries(terms: BookingTerms, entries: readonly LedgerAmount[]) {
  const sums = { paidMinor: 0, payments: 0, refunds: 0, corrections: 0 };
  for (const e of entries) {
    assertMinor(e.amountMinor, 'A ledger entry');
    if (e.currency !== terms.currency) throw new MoneyError(`A ledger entry in ${e.currency} cannot be added to an account in ${terms.currency}`);
    sums.paidMinor += e.amountMinor;
    if (e.kind === 'payment') sums.payments += e.amountMinor;
    else if (e.kind === 'refund') sums.refunds += e.amountMinor;
    else sums.corrections += e.amountMinor;
  }
  return sums;
}

/** The state the money implies on `today`; cancelled stays cancelled, and a trip that ended has travelled. */
function impliedState(terms: BookingTerms, paidMinor: number, today: string): BookingState {
  if (terms.state === 'cancelled') return 'cancelled';
  if (terms.state === 'travelled' || today > terms.travelTo) return 'travelled';
  if (paidMinor >= terms.totalMinor) return 'paid';
  if (paidMinor < terms.depositMinor) return 'confirmed-pending-deposit';
  return today >= terms.balanceDueOn ? 'balance-due' : 'confirmed';
}

/** A booking's account on `today` (YYYY-MM-DD) from its terms and its ledger entries, in any order. */
export function accountOf(terms: BookingTerms, entries: readonly LedgerAmount[], today: string): BookingAccount {
  assertMinor(terms.totalMinor, 'The total');
  assertMinor(terms.depositMinor, 'The deposit');
  const sums = sumEntries(terms, entries);
  const paid = sums.paidMinor;
  const outstandingMinor = terms.totalMinor - paid;
  const state = impliedState(terms, paid, today);
  const open = state !== 'cancelled' && outstandingMinor > 0;
  const depositShort = Math.max(0, terms.depositMinor - paid);
  let next: BookingAccount['next'] = null;
  if (open) next = depositShort > 0 ? { amountMinor: depositShort, by: terms.depositDueOn, what: 'deposit' } : { amountMinor: outstandingMinor, by: terms.balanceDueOn, what: 'balance' };
  let dueNowMinor = 0;
  if (open && today >= terms.balanceDueOn) dueNowMinor = outstandingMinor;
  else if (open && today >= terms.depositDueOn) dueNowMinor = depositShort;
  return {
    currency: terms.currency,
    totalMinor: terms.totalMinor,
    depositMinor: terms.depositMinor,
    balanceMinor: terms.totalMinor - terms.depositMinor,
    ...sums,
    outstandingMinor,
    dueNowMinor,
    next,
    overdue: next !== null && today > next.by,
    daysToTravel: daysBetween(today, terms.travelFrom),
    state,
  };
}

/** Minor units as a decimal string of major units: 123456 USD → "1234.56"; −5 → "-0.05". */
export function minorToDecimal(amountMinor: number, currency: Currency): string {
  assertMinor(amountMinor, 'An amount');
  const digits = MINOR_DIGITS[currency];
  const sign = amountMinor < 0 ? '-' : '';
  const abs = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** A decimal amount as typed ("1,234.5", "-80") in minor units, or null when it is not one. */
export function decimalToMinor(text: string, currency: Currency): number | null {
  const digits = MINOR_DIGITS[currency];
  const m = /^(-)?(\d{1,13})(?:\.(\d+))?$/.exec(text.trim().replace(/[,\s]/g, ''));
  if (!m || (m[3] ?? '').length > digits) return null;
  const n = Number(m[2]) * 10 ** digits + Number((m[3] ?? '').padEnd(digits, '0') || 0);
  // Up to a trillion in major units of a currency without decimals (UGX, RWF), and never beyond exact integers.
  if (!Number.isSafeInteger(n)) return null;
  return m[1] && n !== 0 ? -n : n;
}

/** Minor units as money text: 123456 USD → "$1,234.56"; a whole amount without decimals: "$1,200". */
export function formatMinor(amountMinor: number, currency: Currency, language: Language = DEFAULT_LANGUAGE): string {
  const digits = amountMinor % 10 ** MINOR_DIGITS[currency] === 0 ? 0 : MINOR_DIGITS[currency];
  return formatMoney(Number(minorToDecimal(amountMinor, currency)), currency, language, digits);
}
