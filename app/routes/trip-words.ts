// The trip page's words and formats in the page's language (the booking's or quote's): its days,
// money and numbers through common/intl.ts, and the catalogue's keys of the document's lists.
import { formatMinor, type BookingState } from '../../common/booking-money.ts';
import type { Currency } from '../../common/currency.ts';
import type { BOARD_LABELS, PRICE_CATEGORY_LABELS } from '../../common/quote-document.ts';
import type { Translate } from '../i18n/pages.ts';
import { useFormat } from '../lib/format.ts';

/** The trip page's formats in its language: long days, money, numbers (common/intl.ts). */
export function useTripFormat() {
  const f = useFormat();
  return {
    longDay: (day: string) => f.day(day, 'weekdayLong'),
    money: (n: number, c: string) => formatMinor(n, c as Currency, f.language),
    number: f.number,
  };
}

/** The catalogue's words of the document's lists (literal keys: the catalogue is split by the keys a route names). */
export const BOARD_KEYS: Record<keyof typeof BOARD_LABELS, string> = {
  'room-only': 'tripPage.board.room-only',
  'bed-and-breakfast': 'tripPage.board.bed-and-breakfast',
  'half-board': 'tripPage.board.half-board',
  'full-board': 'tripPage.board.full-board',
  'all-inclusive': 'tripPage.board.all-inclusive',
};
export const CATEGORY_KEYS: Record<keyof typeof PRICE_CATEGORY_LABELS, string> = {
  safari: 'tripPage.category.safari',
  accommodation: 'tripPage.category.accommodation',
  permit: 'tripPage.category.permit',
  transfer: 'tripPage.category.transfer',
  flight: 'tripPage.category.flight',
  activity: 'tripPage.category.activity',
  'single-supplement': 'tripPage.category.single-supplement',
  discount: 'tripPage.category.discount',
  other: 'tripPage.category.other',
};
export const STATE_KEYS: Record<BookingState, string> = {
  'confirmed-pending-deposit': 'tripPage.state.confirmed-pending-deposit',
  confirmed: 'tripPage.state.confirmed',
  'balance-due': 'tripPage.state.balance-due',
  paid: 'tripPage.state.paid',
  travelled: 'tripPage.state.travelled',
  cancelled: 'tripPage.state.cancelled',
};
const WHAT_KEYS = { deposit: 'tripPage.what.deposit', balance: 'tripPage.what.balance', refund: 'tripPage.what.refund' } as const;

/** What a payment is for, in a sentence: the deposit, the balance (or a refund). */
export const dueWhat = (t: Translate, what: keyof typeof WHAT_KEYS) => t(WHAT_KEYS[what]);
