// /api/admin/dashboard, for any signed-in member of staff: the console's first screen, in figures
// over the last 12 weeks and months (enquiries per week, by status and source, the share booked,
// open and unassigned ones, WhatsApp leads, and the safaris that draw the most), and the bookings'
// money and conversion (server/bookings/dashboard.ts).
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { ENQUIRY_SOURCES, ENQUIRY_STATUSES, type DashboardData } from '../../../common/enquiry-inbox.ts';
import { readOperatorTimeZone } from '../../auth/content-access.ts';
import { requireStaff, sessionOf, type AdminEnv } from '../../auth/guard.ts';
import { bookingDashboard, lastTwelve } from '../../bookings/dashboard.ts';
import type { Db, Tx } from '../../db/index.ts';
import { deps } from '../../http/deps.ts';
import { whatsappLeadsPerWeek } from '../../leads.ts';

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The enquiries (spam left out) received in each of the last 12 weeks, oldest first. */
export function enquiriesPerWeek(db: Tx, zone: string) {
  const weeks = lastTwelve('week', zone);
  return db.execute(sql`
    with ${weeks.ctes},
    counted as (
      select ${weeks.period(sql`e.created_at`)} as p, count(*)::int as n
        from enquiries e
       where e.status <> 'spam' and ${weeks.within(sql`e.created_at`)}
       group by 1)
    select to_char(periods.p, 'YYYY-MM-DD') as week, coalesce(counted.n, 0)::int as n
      from periods left join counted on counted.p = periods.p
     order by periods.p`);
}

/** The enquiries (spam left out) received in each of the last 12 months, and how many of them are booked. */
export function conversionPerMonth(db: Tx, zone: string) {
  const months = lastTwelve('month', zone);
  return db.execute(sql`
    with ${months.ctes},
    counted as (
      select ${months.period(sql`e.created_at`)} as p, count(*) filter (where e.status = 'booked')::int as booked, count(*)::int as total
        from enquiries e
       where e.status <> 'spam' and ${months.within(sql`e.created_at`)}
       group by 1)
    select to_char(periods.p, 'YYYY-MM') as month, coalesce(counted.booked, 0)::int as booked, coalesce(counted.total, 0)::int as total
      from periods left join counted on counted.p = periods.p
     order by periods.p`);
}

const OPEN = new Set(['new', 'contacted', 'quoted']);

/**
 * The enquiries by status, by source (spam left out), and the open ones (all, unassigned, mine):
 * one scan, grouped by status and source, summed here.
 */
async function countsByStatusAndSource(db: Db, me: number) {
  const rows = rowsOf<{ status: string; source: string; n: number; unassigned: number; mine: number }>(
    await db.execute(sql`
      select status, source, count(*)::int as n, count(*) filter (where assigned_to is null)::int as unassigned, count(*) filter (where assigned_to = ${me})::int as mine
        from enquiries group by status, source`),
  );
  const statusCount = new Map<string, number>();
  const sourceCount = new Map<string, number>();
  const t = { open: 0, unassigned: 0, mine: 0 };
  for (const r of rows) {
    statusCount.set(r.status, (statusCount.get(r.status) ?? 0) + Number(r.n));
    if (r.status !== 'spam') sourceCount.set(r.source, (sourceCount.get(r.source) ?? 0) + Number(r.n));
    if (!OPEN.has(r.status)) continue;
    t.open += Number(r.n);
    t.unassigned += Number(r.unassigned);
    t.mine += Number(r.mine);
  }
  return { statusCount, sourceCount, t };
}

/** The dashboard's figures, in the operator's time zone: weeks start on Monday. */
async function dashboardData(db: Db, me: number, zone: string): Promise<DashboardData> {
  const [weeks, months, counts, leadWeeks, safariRows] = await Promise.all([
    enquiriesPerWeek(db, zone),
    conversionPerMonth(db, zone),
    countsByStatusAndSource(db, me),
    whatsappLeadsPerWeek(db),
    db.execute(sql`
      with since as (select date_trunc('week', now() at time zone ${zone}::text) - interval '11 weeks' as t),
      clicks as (
        select s.id, sum(l.clicks)::int as n
          from whatsapp_leads l join safaris s on l.path = '/safaris/' || s.safarititleslug
         where l.day >= (select t from since)::date
         group by s.id),
      sent as (
        select e.safari_id as id, count(*)::int as n
          from enquiries e
         where e.status <> 'spam' and e.safari_id is not null and e.created_at >= ((select t from since) at time zone ${zone}::text)
         group by e.safari_id)
      select s.safarititleslug as slug, s.safarititle as title, s.safariday as days, coalesce(clicks.n, 0) as clicks, coalesce(sent.n, 0) as enquiries
        from safaris s left join clicks on clicks.id = s.id left join sent on sent.id = s.id
       where clicks.n is not null or sent.n is not null
       order by clicks desc, enquiries desc, s.safarititle
       limit 10`),
  ]);
  const perWeek = rowsOf<{ week: string; n: number }>(weeks).map((w) => ({ week: w.week, count: Number(w.n) }));
  const { statusCount, sourceCount, t } = counts;
  return {
    perWeek,
    byStatus: ENQUIRY_STATUSES.map((status) => ({ status, count: statusCount.get(status) ?? 0 })),
    bySource: ENQUIRY_SOURCES.map((source) => ({ source, count: sourceCount.get(source) ?? 0 })),
    conversion: rowsOf<{ month: string; booked: number; total: number }>(months).map((m) => {
      const booked = Number(m.booked);
      const total = Number(m.total);
      return { month: m.month, booked, total, rate: total === 0 ? null : booked / total };
    }),
    totals: { open: Number(t.open), unassigned: Number(t.unassigned), mine: Number(t.mine), last12Weeks: perWeek.reduce((a, w) => a + w.count, 0) },
    whatsappPerWeek: leadWeeks,
    bySafari: rowsOf<{ slug: string; title: string; days: number; clicks: number; enquiries: number }>(safariRows).map((r) => ({
      slug: r.slug,
      title: r.title,
      days: Number(r.days),
      clicks: Number(r.clicks),
      enquiries: Number(r.enquiries),
    })),
  };
}

export function dashboardApi() {
  const app = new Hono<AdminEnv>();
  app.use('/dashboard', requireStaff());
  app.get('/dashboard', async (c) => {
    const db = deps(c).db;
    const zone = await readOperatorTimeZone(db);
    const [enquiries, bookings] = await Promise.all([dashboardData(db, sessionOf(c).staff.id, zone), bookingDashboard(db, zone)]);
    return c.json({ ...enquiries, bookings });
  });
  return app;
}
