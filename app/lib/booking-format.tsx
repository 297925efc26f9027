// How the console writes a booking's days and money (the figures come from the API, which has them
// from the one money function, common/booking-money.ts).
import type { ReactNode } from 'react';
import { BOOKING_STATE_LABELS, type BookingState } from '../../common/booking-money.ts';

const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "10 Mar 2027" for a YYYY-MM-DD. */
export const dayText = (day: string) => short.format(new Date(`${day}T00:00:00Z`));
/** "March 2027" for a YYYY-MM. */
export const monthText = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

export function StateBadge({ state }: { state: BookingState }) {
  return <span className={`c-badge c-bk-state c-bk-state--${state}`}>{BOOKING_STATE_LABELS[state]}</span>;
}

/** A wide table that scrolls sideways on a phone: a named region the keyboard can reach and scroll. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="c-bk-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** The calendars' weekdays, from Monday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The month's days in weeks from Monday, null for the days of the months around it. */
export function weeksOf(month: string): (string | null)[][] {
  const first = new Date(`${month}-01T00:00:00Z`);
  const lead = (first.getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** The month `by` months after (before, when negative) a YYYY-MM. */
export function shiftMonth(month: string, by: number): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
}
