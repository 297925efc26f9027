// The bookings' figures for the console's dashboard (server/api/admin/dashboard.ts), in US dollars
// (quotes are priced in them): the value booked per month over the last 12 months (by the day the
// booking was made; cancelled ones left out), the deposits and all the money received, the balance
// still outstanding on open bookings, and, over the last 12 months, how many enquiries were quoted
// and how many of those were booked.
import { sql } from 'drizzle-orm';
import type { BookingDashboard } from '../../common/booking-console.ts';
import type { Db } from '../db/index.ts';

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export async function bookingDashboard(db: Db): Promise<BookingDashboard> {
  const [months, money, funnel] = await Promise.all([
    db.execute(sql`
      with months as (
        select generate_series(date_trunc('month', now() at time zone 'UTC') - interval '11 months', date_trunc('month', now() at time zone 'UTC'), interval '1 month') as m)
      select to_char(m.m, 'YYYY-MM') as month, coalesce(sum(b.total_minor), 0)::bigint as value, count(b.id)::int as n
        from months m
        left join bookings b
          on b.currency = 'USD' and b.state <> 'cancelled' and (b.created_at at time zone 'UTC') >= m.m and (b.created_at at time zone 'UTC') < m.m + interval '1 month'
       group by m.m order by m.m`),
    db.execute(sql`
      with paid as (
        select b.id, b.state, b.total_minor, b.deposit_minor, coalesce(sum(l.amount_minor), 0)::bigint as paid
          from bookings b left join ledger_entries l on l.booking_id = b.id
         where b.currency = 'USD'
         group by b.id)
      select coalesce(sum(least(greatest(paid, 0), deposit_minor)) filter (where state <> 'cancelled'), 0)::bigint as deposits,
             coalesce(sum(paid), 0)::bigint as received,
             coalesce(sum(greatest(total_minor - paid, 0)) filter (where state in ('confirmed-pending-deposit', 'confirmed', 'balance-due')), 0)::bigint as outstanding
        from paid`),
    db.execute(sql`
      select count(distinct e.id)::int as enquiries,
             count(distinct e.id) filter (where q.status in ('sent', 'accepted'))::int as quoted,
             count(distinct e.id) filter (where b.id is not null)::int as booked
        from enquiries e
        left join quotes q on q.enquiry_id = e.id
        left join bookings b on b.quote_id = q.id
       where e.status <> 'spam' and e.created_at >= now() - interval '12 months'`),
  ]);
  const m = rowsOf<{ deposits: string; received: string; outstanding: string }>(money)[0]!;
  const f = rowsOf<{ enquiries: number; quoted: number; booked: number }>(funnel)[0]!;
  return {
    currency: 'USD',
    bookedPerMonth: rowsOf<{ month: string; value: string; n: number }>(months).map((r) => ({ month: r.month, valueMinor: Number(r.value), bookings: Number(r.n) })),
    depositsReceivedMinor: Number(m.deposits),
    receivedMinor: Number(m.received),
    outstandingMinor: Number(m.outstanding),
    funnel: { enquiries: Number(f.enquiries), quoted: Number(f.quoted), booked: Number(f.booked) },
  };
}
