// /admin: the dashboard. Where the enquiries stand (new, open and unassigned, yours), the
// travellers' reviews waiting for approval, and charts drawn on the server as SVG: enquiries and
// WhatsApp clicks per week, by status, by source, and the conversion rate per month (booked / all
// but spam); and the safaris with their WhatsApp clicks beside their enquiries. Nothing here needs
// JavaScript.
import type { ComponentProps } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import type { ReviewCounts } from '../../../common/review-moderation.ts';
import { safariHeading } from '../../../common/safari-title.ts';
import { SOURCE_LABELS, STATUS_LABELS, type DashboardData } from '../../../common/enquiry-inbox.ts';
import type { BookingDashboard } from '../../../common/booking-console.ts';
import { BookingFigures } from '../../components/admin/BookingFigures.tsx';
import { BarList, ColumnChart, RateChart, type Point } from '../../components/admin/Charts.tsx';
import { Notice, PageHead, useConsoleSession } from '../../components/admin/ConsoleUi.tsx';
import { ColumnHeads, num } from '../../components/ColumnHeads.tsx';
import { adminGet } from '../../lib/admin.ts';
import type { Route } from './+types/dashboard';
import './dashboard.css';

export function meta() {
  return [{ title: 'Dashboard | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [d, reviews] = await Promise.all([adminGet<DashboardData & { bookings: BookingDashboard }>(context, request, '/dashboard'), adminGet<ReviewCounts>(context, request, '/reviews/counts')]);
  return { ...d, pendingReviews: reviews.pending };
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function weekPoints(perWeek: DashboardData['perWeek']): Point[] {
  const n = perWeek.length;
  return perWeek.map((w, i) => {
    const date = new Date(`${w.week}T00:00:00Z`);
    // Every other week is labelled under the axis, ending with this week.
    return { label: dayMonthYear.format(date), tick: (n - 1 - i) % 2 === 0 ? dayMonth.format(date) : '', value: w.count };
  });
}

function monthPoints(d: DashboardData): Point[] {
  return d.conversion.map((m, i) => {
    const date = new Date(`${m.month}-01T00:00:00Z`);
    return {
      label: monthLong.format(date),
      tick: monthShort.format(date),
      subTick: i === 0 || date.getUTCMonth() === 0 ? String(date.getUTCFullYear()) : undefined,
      value: m.rate,
      note: `${m.booked} of ${m.total}`,
    };
  });
}

const STATUS_TONES = { new: 'new', contacted: 'contacted', quoted: 'quoted', booked: 'booked', lost: 'lost', spam: 'spam' } as const;
const SOURCE_TONES = { contact: 'contacted', 'plan-a-safari': 'quoted', safari: 'booked', home: 'new', other: 'lost' } as const;

/** The sentences that say in words what each chart draws (its summary for screen readers and a glance). */
function summaries(d: DashboardData) {
  const leadTotal = d.whatsappPerWeek.reduce((a, w) => a + w.count, 0);
  const leads =
    leadTotal === 0
      ? 'No WhatsApp clicks in the last 12 weeks.'
      : `${plural(leadTotal, 'click', 'clicks')} on WhatsApp buttons in the last 12 weeks; this week so far: ${d.whatsappPerWeek.at(-1)?.count ?? 0}.`;
  const busiest = d.perWeek.reduce((a, w) => (w.count > a.count ? w : a), d.perWeek[0] ?? { week: '', count: 0 });
  const thisWeek = d.perWeek.at(-1)?.count ?? 0;
  const weeks =
    d.totals.last12Weeks === 0
      ? 'No enquiries in the last 12 weeks.'
      : `${plural(d.totals.last12Weeks, 'enquiry', 'enquiries')} in the last 12 weeks, not counting spam. The busiest week began ${dayMonthYear.format(new Date(`${busiest.week}T00:00:00Z`))} with ${busiest.count}; this week so far: ${thisWeek}.`;

  const statusTotal = d.byStatus.reduce((a, s) => a + s.count, 0);
  const status = statusTotal === 0 ? 'No enquiries yet.' : `${plural(statusTotal, 'enquiry', 'enquiries')} in all: ${d.byStatus.map((s) => `${STATUS_LABELS[s.status]} ${s.count}`).join(', ')}.`;
  const sourceTotal = d.bySource.reduce((a, s) => a + s.count, 0);
  const source =
    sourceTotal === 0
      ? 'No enquiries yet.'
      : `Where ${plural(sourceTotal, 'enquiry', 'enquiries')} (not counting spam) were sent from: ${d.bySource.map((s) => `${SOURCE_LABELS[s.source]} ${s.count}`).join(', ')}.`;
  return { leads, weeks, status, source };
}

/** The last 12 months' conversion: booked of all but spam, the rate (null when there was nothing), and its sentence. */
function yearConversion(d: DashboardData) {
  const booked = d.conversion.reduce((a, m) => a + m.booked, 0);
  const considered = d.conversion.reduce((a, m) => a + m.total, 0);
  const rate = considered === 0 ? null : booked / considered;
  const summary =
    considered === 0
      ? 'No enquiries in the last 12 months.'
      : `Share of each month's enquiries (not counting spam) that were booked. Over the last 12 months ${booked} of ${considered} were booked (${Math.round((rate ?? 0) * 100)}%). ${d.conversion
          .filter((m) => m.rate !== null)
          .map((m) => `${monthLong.format(new Date(`${m.month}-01T00:00:00Z`))}: ${Math.round(m.rate! * 100)}%`)
          .join('; ')}.`;
  return { rate, summary };
}

/** Where things stand now: new enquiries, open ones unassigned and yours, the year's rate, reviews waiting. */
function NowFigures({ d, yearRate }: { d: DashboardData & { pendingReviews: number }; yearRate: number | null }) {
  const newCount = d.byStatus.find((s) => s.status === 'new')?.count ?? 0;
  return (
    <section aria-labelledby="now-title" className="c-dash__now">
      <h2 id="now-title" className="sr-only">
        Where the enquiries and reviews stand
      </h2>
      <ul className="c-stats">
        <li className="c-stat c-stat--accent">
          <Link to="/admin/enquiries?status=new" className="c-stat__link">
            <span className="c-stat__value">{newCount}</span>
            <span className="c-stat__label">New, not yet answered</span>
          </Link>
        </li>
        <li className="c-stat">
          <span className="c-stat__value">{d.totals.unassigned}</span>
          <span className="c-stat__label">Open and unassigned</span>
        </li>
        <li className="c-stat">
          <span className="c-stat__value">{d.totals.mine}</span>
          <span className="c-stat__label">Open and assigned to you</span>
        </li>
        <li className="c-stat">
          <span className="c-stat__value">{yearRate === null ? '–' : `${Math.round(yearRate * 100)}%`}</span>
          <span className="c-stat__label">Booked, last 12 months</span>
        </li>
        <li className={`c-stat${d.pendingReviews > 0 ? ' c-stat--accent' : ''}`}>
          <Link to="/admin/reviews" className="c-stat__link">
            <span className="c-stat__value">{d.pendingReviews}</span>
            <span className="c-stat__label">Reviews waiting for approval</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** The safaris with the most WhatsApp clicks, beside the enquiries sent from their pages. */
function SafariClicks({ bySafari }: { bySafari: DashboardData['bySafari'] }) {
  return (
    <section className="c-panel c-dash__wide" aria-labelledby="by-safari-title">
      <h2 id="by-safari-title" className="c-chart__title">
        Safaris: WhatsApp clicks and enquiries
      </h2>
      {bySafari.length === 0 ? (
        <p className="c-muted">No WhatsApp clicks or enquiries from a safari's page in the last 12 weeks.</p>
      ) : (
        <table className="c-table c-table--stack">
          <caption className="sr-only">The safaris with the most WhatsApp clicks in the last 12 weeks, with the enquiries sent from their pages (not counting spam)</caption>
          <ColumnHeads columns={['Safari', num('WhatsApp clicks'), num('Enquiries')]} />
          <tbody>
            {bySafari.map((s) => (
              <tr key={s.slug}>
                <th scope="row" data-label="Safari">
                  <a href={`/safaris/${s.slug}`}>{safariHeading(s.days, s.title)}</a>
                </th>
                <td data-label="WhatsApp clicks" className="c-num">
                  {s.clicks}
                </td>
                <td data-label="Enquiries" className="c-num">
                  {s.enquiries}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="c-muted">Last 12 weeks, the 10 safaris with the most clicks.</p>
    </section>
  );
}

/** A panel of the enquiries counted by their status or their source, as bars. */
function EnquiriesBy({ by, summary, items }: { by: 'Status' | 'Source'; summary: string; items: ComponentProps<typeof BarList>['items'] }) {
  return (
    <div className="c-panel">
      <BarList title={`Enquiries by ${by.toLowerCase()}`} summary={summary} labelHead={by} valueHead="Enquiries" items={items} />
    </div>
  );
}

/** The charts, each with its sentence: per week, per safari, per month, by status and by source. */
function Charts({ d, conversionSummary }: { d: DashboardData; conversionSummary: string }) {
  const said = summaries(d);
  return (
    <div className="c-dash">
      <div className="c-panel c-dash__wide">
        <ColumnChart title="Enquiries per week" summary={said.weeks} points={weekPoints(d.perWeek)} valueHead="Enquiries" nowLabel="This week, so far" />
      </div>
      <div className="c-panel c-dash__wide">
        <ColumnChart title="WhatsApp clicks per week" summary={said.leads} points={weekPoints(d.whatsappPerWeek)} valueHead="WhatsApp clicks" nowLabel="This week, so far" />
      </div>
      <SafariClicks bySafari={d.bySafari} />
      <div className="c-panel c-dash__wide">
        <RateChart title="Conversion rate per month" summary={conversionSummary} points={monthPoints(d)} valueHead="Booked" noteHead="Booked of all but spam" />
      </div>
      <EnquiriesBy by="Status" summary={said.status} items={d.byStatus.map((s) => ({ label: STATUS_LABELS[s.status], value: s.count, tone: STATUS_TONES[s.status] }))} />
      <EnquiriesBy by="Source" summary={said.source} items={d.bySource.map((s) => ({ label: SOURCE_LABELS[s.source], value: s.count, tone: SOURCE_TONES[s.source] }))} />
    </div>
  );
}

export default function Dashboard() {
  const d = useLoaderData<typeof loader>();
  const session = useConsoleSession();
  const [params] = useSearchParams();
  const first = session?.staff.name.split(' ')[0] || session?.staff.email;
  const conversion = yearConversion(d);
  return (
    <>
      <PageHead
        title="Dashboard"
        lead={`Welcome, ${first}.`}
        actions={
          <Link className="btn btn--primary btn--sm" to="/admin/enquiries">
            Open the inbox
          </Link>
        }
      />
      {params.has('welcome') ? <Notice>Your owner account is ready. The set-up address no longer works.</Notice> : null}
      <NowFigures d={d} yearRate={conversion.rate} />
      <BookingFigures b={d.bookings} />
      <Charts d={d} conversionSummary={conversion.summary} />
    </>
  );
}
