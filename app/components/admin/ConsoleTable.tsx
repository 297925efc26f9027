// The console's tables of records (bookings, payments, the ledger, travellers, departures, a
// departure's manifest): in a region that scrolls sideways on a phone (ScrollTable), a caption for
// screen readers, one row of column headings, then the rows the screen gives.
import type { ReactNode } from 'react';
import { type Column, ColumnHeads } from '../ColumnHeads.tsx';
import { ScrollTable } from '../../lib/booking-format.tsx';

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
        <ColumnHeads columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </ScrollTable>
  );
}
