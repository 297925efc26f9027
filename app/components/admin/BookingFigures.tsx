// The dashboard's bookings: the value booked per month (a column chart with its table), the money
// received and outstanding, and the conversion from enquiry to quote to booking.
import { Link } from 'react-router';
import type { BookingDashboard } from '../../../common/booking-console.ts';
import { formatMinor } from '../../../common/booking-money.ts';
import { monthText } from '../../lib/booking-format.tsx';
import { ColumnChart, type Point } from './Charts.tsx';

const monthShort = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const share = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);

export function BookingFigures({ b }: { b: BookingDashboard }) {
  const usd = (n: number) => formatMinor(n, b.currency);
  const points: Point[] = b.bookedPerMonth.map((m, i) => {
    const d = new Date(`${m.month}-01T00:00:00Z`);
    return {
      label: monthText(m.month),
      tick: monthShort.format(d),
      subTick: i === 0 || d.getUTCMonth() === 0 ? String(d.getUTCFullYear()) : undefined,
      value: Math.round(m.valueMinor / 100),
      note: `${m.bookings} ${m.bookings === 1 ? 'booking' : 'bookings'}`,
    };
  });
  const year = b.bookedPerMonth.reduce((a, m) => a + m.valueMinor, 0);
  const f = b.funnel;
  return (
    <section aria-labelledby="bookings-figures-title" className="c-dash__bookings">
      <h2 id="bookings-figures-title" className="c-subhead">
        Bookings
      </h2>
      <ul className="c-stats">
        <li className="c-stat">
          <span className="c-stat__value">{usd(b.depositsReceivedMinor)}</span>
          <span className="c-stat__label">Deposits received</span>
        </li>
        <li className="c-stat">
          <span className="c-stat__value">{usd(b.receivedMinor)}</span>
          <span className="c-stat__label">Received in all</span>
        </li>
        <li className="c-stat c-stat--accent">
          <Link to="/admin/bookings?view=balances" className="c-stat__link">
            <span className="c-stat__value">{usd(b.outstandingMinor)}</span>
            <span className="c-stat__label">Balance outstanding</span>
          </Link>
        </li>
        <li className="c-stat">
          <span className="c-stat__value">{share(f.booked, f.enquiries)}</span>
          <span className="c-stat__label">
            Enquiries booked, last 12 months: {f.enquiries} {f.enquiries === 1 ? 'enquiry' : 'enquiries'} → {f.quoted} quoted ({share(f.quoted, f.enquiries)}) → {f.booked} booked (
            {share(f.booked, f.quoted)} of quoted)
          </span>
        </li>
      </ul>
      <div className="c-panel">
        <ColumnChart
          title="Value booked per month (US dollars)"
          summary={`${usd(year)} booked in the last 12 months, by the month each booking was made; cancelled bookings are left out.`}
          points={points}
          valueHead="Booked (USD)"
          nowLabel="This month, so far"
        />
      </div>
    </section>
  );
}
