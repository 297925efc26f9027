// The bookings' figures for the console's dashboard (server/api/admin/dashboard.ts), in US dollars
// (quotes are priced in them): the value booked per month over the last 12 months (by the day the
// booking was made; cancelled ones left out), the deposits and all the money received, the balance
// still outstanding on open bookings, and, over the last 12 months, how many enquiries were quoted
// and how many of those were booked. Also the dashboards' series of the last 12 weeks or months
// (lastTwelve), which both dashboards count their rows into.
import { sql, type SQL } from 'drizzle-orm';
import type { BookingDashboard } from '../../common/booking-console.ts';
import type { Db } from '../db/index.ts';

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * The last 12 weeks (starting on Monday) or months, in the operator's time zone, for a series counted in one scan: the
 * rows of the period are read once (a range on their time, which an index can serve), put in their
 * period by date_trunc and joined to the twelve starts, instead of testing every row against every
 * period. `ctes`: `bounds(first, next)` (the first period's start and the end of the last, times
 * without a zone) and `periods(p)` (the twelve starts), to follow a WITH; `period(at)`: the period
 * of a time; `within(at)`: the condition that a time falls in the twelve.
 */
export function lastTwelve(unit: 'week' | 'month', zone: string) {
  const u = sql.raw(`'${unit}'`);
  const z = sql`${zone}::text`;
  const step = sql.raw(`interval '1 ${unit}'`);
  return {
    ctes: sql`bounds as (
        select date_trunc(${u}, now() at time zone ${z}) - ${sql.raw(`interval '11 ${unit}s'`)} as first, date_trunc(${u}, now() at time zone ${z}) + ${step} as next),
      periods as (select generate_series(first, next - ${step}, ${step}) as p from bounds)`,
    period: (at: SQL) => sql`date_trunc(${u}, ${at} at time zone ${z})`,
    within: (at: SQL) => sql`${at} >= ((select first from bounds) at time zone ${z}) and ${at} < ((select next from bounds) at time zone ${z})`,
  };
}

export async function bookingDashboard(db: Db, zone: string): Promise<BookingDashboard> {
  const months = lastTwelve('month', zone);
  const [perMonth, money, funnel] = await Promise.all([
    db.execute(sql`
      with ${months.ctes},
      counted as (
        select ${months.period(sql`b.created_at`)} as p, sum(b.total_minor) as value, count(*)::int as n
          from bookings b
         where b.currency = 'USD' and b.state <> 'cancelled' and ${months.within(sql`b.created_at`)}
         group by 1)
      select to_char(periods.p, 'YYYY-MM') as month, coalesce(counted.value, 0)::bigint as value, coalesce(counted.n, 0)::int as n
        from periods left join counted on counted.p = periods.p
       order by periods.p`),
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
    // The funnel of the last 12 months' enquiries (spam left out): the enquiries read from the index
    // on the time received; the quoted and booked ones found from the quotes and bookings, which
    // are far fewer than the enquiries.
    db.execute(sql`
      with recent as (select now() - interval '12 months' as since)
      select (select count(*) from enquiries e where e.status <> 'spam' and e.created_at >= (select since from recent))::int as enquiries,
             (select count(distinct q.enquiry_id) from quotes q join enquiries e on e.id = q.enquiry_id
               where q.status in ('sent', 'accepted') and e.status <> 'spam' and e.created_at >= (select since from recent))::int as quoted,
             (select count(distinct q.enquiry_id) from bookings b join quotes q on q.id = b.quote_id join enquiries e on e.id = q.enquiry_id
               where e.status <> 'spam' and e.created_at >= (select since from recent))::int as booked`),
  ]);
  const m = rowsOf<{ deposits: string; received: string; outstanding: string }>(money)[0]!;
  const f = rowsOf<{ enquiries: number; quoted: number; booked: number }>(funnel)[0]!;
  return {
    currency: 'USD',
    bookedPerMonth: rowsOf<{ month: string; value: string; n: number }>(perMonth).map((r) => ({ month: r.month, valueMinor: Number(r.value), bookings: Number(r.n) })),
    depositsReceivedMinor: Number(m.deposits),
    receivedMinor: Number(m.received),
    outstandingMinor: Number(m.outstanding),
    funnel: { enquiries: Number(f.enquiries), quoted: Number(f.quoted), booked: Number(f.booked) },
  };
}
