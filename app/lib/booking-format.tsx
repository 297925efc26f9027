// How the console writes a booking's days and money (the figures come from the API, which has them
// from the one money function, common/booking-money.ts).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BOOKING_STATE_LABELS, type BookingState } from '../../common/booking-money.ts';
import { formatDate } from '../../common/intl.ts';

/** "10 Mar 2027" for a YYYY-MM-DD (the console writes English). */
export const dayText = (day: string) => formatDate(day, 'en', 'short');
/** "March 2027" for a YYYY-MM. */
export const monthText = (month: string) => formatDate(month, 'en', 'month');

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

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The month's days in weeks from Monday, null for the days of the months around it. */
function weeksOf(month: string): (string | null)[][] {
  const first = new Date(`${month}-01T00:00:00Z`);
  const lead = (first.getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

function shiftMonth(month: string, by: number): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
}

interface MonthCalendarProps<T> {
  month: string;
  today: string;
  items: T[];
  /** An item's day (YYYY-MM-DD), its key, its link in a day's cell, what follows it in the phones' list. */
  dayOf: (item: T) => string;
  keyOf: (item: T) => number;
  chip: (item: T) => ReactNode;
  after: (item: T) => ReactNode;
  /** The address of another month's calendar. */
  hrefOf: (month: string) => string;
}

/** A month's departures: a table with a heading per weekday (a list on phones), and links to the months around it. */
export function MonthCalendar<T>({ month, today, items, dayOf, keyOf, chip, after, hrefOf }: MonthCalendarProps<T>) {
  const byDay = new Map<string, T[]>();
  for (const item of items) byDay.set(dayOf(item), [...(byDay.get(dayOf(item)) ?? []), item]);
  return (
    <>
      <div className="c-cal__head">
        <h2 id="results-title" className="c-subhead">
          Departures in {monthText(month)}
        </h2>
        <nav aria-label="Months" className="c-cal__months">
          <Link to={hrefOf(shiftMonth(month, -1))}>← {monthText(shiftMonth(month, -1))}</Link>
          <Link to={hrefOf(shiftMonth(month, 1))}>{monthText(shiftMonth(month, 1))} →</Link>
        </nav>
      </div>
      <table className="c-cal">
        <caption className="sr-only">Departures in {monthText(month)}, by day</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col">
                <abbr title={d}>{d.slice(0, 3)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) =>
                day ? (
                  <td key={day} className={day === today ? 'c-cal__today' : undefined} aria-current={day === today ? 'date' : undefined}>
                    <span className="c-cal__day">{Number(day.slice(8))}</span>
                    {(byDay.get(day) ?? []).map((item) => (
                      <span key={keyOf(item)}>{chip(item)}</span>
                    ))}
                  </td>
                ) : (
                  <td key={`empty-${i}`} className="c-cal__off" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="c-cal__list" aria-label={`Departures in ${monthText(month)}`}>
        {items.length === 0 ? <li className="c-muted">No departures this month.</li> : null}
        {items.map((item) => (
          <li key={keyOf(item)}>
            <time dateTime={dayOf(item)}>{dayText(dayOf(item))}</time> {chip(item)} {after(item)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The tabs between a screen's views: each its label and address, the current one marked. */
export function ViewTabs({ label, view, tabs }: { label: string; view: string; tabs: readonly (readonly [view: string, text: string, to: string])[] }) {
  return (
    <nav aria-label={label} className="c-bk-views">
      <ul>
        {tabs.map(([v, text, to]) => (
          <li key={v}>
            <Link to={to} aria-current={v === view ? 'page' : undefined} className="c-bk-views__link">
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
