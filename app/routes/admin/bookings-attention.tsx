// /admin/bookings?view=attention: the online payments that were not booked and need staff (an
// amount or currency that did not match what was asked, a payment for a cancelled booking), each
// with its booking, newest first.
import { Link } from 'react-router';
import { formatMinor } from '../../../common/booking-money.ts';
import { type AttemptLine, PROVIDER_LABELS } from '../../../common/payments.ts';
import { When } from '../../components/admin/InboxUi.tsx';
import { ConsoleTable } from '../../components/admin/ConsoleTable.tsx';
import { num } from '../../components/ColumnHeads.tsx';

export interface AttentionItem {
  bookingId: number;
  reference: string;
  leadName: string;
  attempt: AttemptLine;
}

export function AttentionList({ items }: { items: AttentionItem[] }) {
  return (
    <>
      <h2 id="results-title" className="c-subhead">
        {items.length === 1 ? '1 payment needs attention' : `${items.length} payments need attention`}
      </h2>
      {items.length === 0 ? (
        <p className="c-muted">Every online payment is booked in its ledger.</p>
      ) : (
        <ConsoleTable label="Payments that need attention" caption="Online payments not booked, newest first" columns={['Booking', 'Payment', num('Amount'), 'Why', 'Started']}>
          {items.map((i) => (
            <tr key={i.attempt.id}>
              <th scope="row">
                <Link to={`/admin/bookings/${i.bookingId}`}>{i.reference}</Link>
                <span className="c-bk-sub">{i.leadName}</span>
              </th>
              <td>
                {i.attempt.what === 'deposit' ? 'Deposit' : 'Balance'}
                <span className="c-bk-sub">{PROVIDER_LABELS[i.attempt.provider]}</span>
              </td>
              <td className="c-num">{formatMinor(i.attempt.chargeMinor, i.attempt.chargeCurrency)}</td>
              <td className="c-break">{i.attempt.flagReason}</td>
              <td>
                <When iso={i.attempt.createdAt} />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </>
  );
}
