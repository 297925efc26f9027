// The console's tables of records (bookings, payments, the ledger, travellers, departures, a
// departure's manifest): in a region that scrolls sideways on a phone (ScrollTable), a caption for
// screen readers, one row of column headings, then the rows the screen gives.
import type { ReactNode } from 'react';
import { ScrollTable } from '../../lib/booking-format.tsx';

/** A column's heading: its text, or its text and a class (`c-num`: an amount, aligned right). */
export type Column = string | readonly [text: string, className: string];

/** An amount's column, aligned right. */
export const num = (text: string): Column => [text, 'c-num'];

export function ConsoleTable({
  label,
  caption = label,
  className = 'c-table',
  columns,
  children,
}: {
  /** The scrolling region's name. */
  label: string;
  /** What a screen reader hears the table called, when it says more than the region's name. */
  caption?: string;
  className?: string;
  columns: readonly Column[];
  children: ReactNode;
}) {
  return (
    <ScrollTable label={label}>
      <table className={className}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <th key={c} scope="col">
                  {c}
                </th>
              ) : (
                <th key={c[0]} scope="col" className={c[1]}>
                  {c[0]}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollTable>
  );
}
