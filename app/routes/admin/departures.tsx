// /admin/departures: group departures (owners and agents). Two views of one list: the departures
// from today on, filtered by safari, with their seats (booked, held waiting for a deposit, left);
// and a month's calendar (a table with a heading per weekday, a list on phones). Below them, the
// form that adds a departure. Plain links and forms: it works without JavaScript.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { isMonth } from '../../../common/booking-console.ts';
import { formatMinor } from '../../../common/booking-money.ts';
import { type ConsoleDeparture, DEPARTURE_STATUS_LABELS, type DepartureList } from '../../../common/departures.ts';
import { CsrfInput, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { FilterActions, FilterPanel, FilterSelect } from '../../components/admin/Filters.tsx';
import { DepartureFields, departureJson, DepartureStatusBadge, type FormResult } from '../../components/admin/DepartureForm.tsx';
import { ConsoleTable } from '../../components/admin/ConsoleTable.tsx';
import { num } from '../../components/ColumnHeads.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { dayText, MonthCalendar, ViewTabs } from '../../lib/booking-format.tsx';
import type { Route } from './+types/departures';
import './bookings.css';
import './departures.css';

export function meta() {
  return [{ title: 'Departures | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = url.searchParams.get('view') === 'calendar' ? 'calendar' : 'list';
  const safari = url.searchParams.get('safari')?.trim() ?? '';
  const asked = url.searchParams.get('month');
  const q = new URLSearchParams();
  if (safari) q.set('safari', safari);
  if (view === 'calendar') q.set('month', isMonth(asked) ? asked : new Date().toISOString().slice(0, 7));
  let list = await adminGet<DepartureList>(context, request, `/departures${q.size ? `?${q}` : ''}`);
  if (view === 'calendar' && !isMonth(asked) && list.today.slice(0, 7) !== q.get('month')) {
    // This month is the operator's (the API's day), which differs from UTC's only around midnight.
    q.set('month', list.today.slice(0, 7));
    list = await adminGet<DepartureList>(context, request, `/departures?${q}`);
  }
  const items = view === 'list' ? list.items.filter((d) => d.startsOn >= list.today) : list.items;
  return { view, safari, month: q.get('month') ?? list.today.slice(0, 7), list: { ...list, items } };
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult | Response> {
  const form = await request.formData();
  const built = departureJson(form);
  if (!built.ok) return built;
  const sent = await adminSend<{ id: number }>(context, request, '/departures', { json: built.json, csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) return { ok: false, message: sent.error!, field: sent.field, typed: built.typed };
  return redirect(`/admin/departures/${sent.data!.id}?made=1`);
}

function Views({ view, safari }: { view: string; safari: string }) {
  const s = safari ? `safari=${encodeURIComponent(safari)}` : '';
  const tabs: [string, string, string][] = [
    ['list', 'Upcoming departures', `/admin/departures${s ? `?${s}` : ''}`],
    ['calendar', 'Calendar', `/admin/departures?view=calendar${s ? `&${s}` : ''}`],
  ];
  return <ViewTabs label="Views of the departures" view={view} tabs={tabs} />;
}

function SeatsText({ d }: { d: ConsoleDeparture }) {
  return (
    <>
      {d.booked} booked{d.held ? `, ${d.held} held` : ''} · <strong>{d.seatsLeft}</strong> of {d.seats} left
    </>
  );
}

function DepartureTable({ items }: { items: ConsoleDeparture[] }) {
  if (!items.length) return <p className="c-empty c-muted">No departures yet. Add one with the form below.</p>;
  return (
    <ConsoleTable label="Departures, soonest first" className="c-table c-bk-table" columns={['Departs', 'Safari', 'Status', 'Seats', num('Per person'), 'Guide']}>
      {items.map((d) => (
        <tr key={d.id}>
          <th scope="row">
            <Link to={`/admin/departures/${d.id}`}>{dayText(d.startsOn)}</Link>
            <span className="c-bk-sub">to {dayText(d.endsOn)}</span>
          </th>
          <td>{d.safariTitle}</td>
          <td>
            <DepartureStatusBadge d={d} />
          </td>
          <td>
            <SeatsText d={d} />
          </td>
          <td className="c-num">{formatMinor(d.priceMinor, d.currency)}</td>
          <td>{d.guide?.name ?? '—'}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

function Calendar({ items, month, today, safari }: { items: ConsoleDeparture[]; month: string; today: string; safari: string }) {
  return (
    <MonthCalendar
      month={month}
      today={today}
      items={items}
      dayOf={(d) => d.startsOn}
      keyOf={(d) => d.id}
      chip={(d) => (
        <Link to={`/admin/departures/${d.id}`} className={`c-cal__trip c-dep-chip c-dep-chip--${d.status}`}>
          {d.safariTitle} · {d.seatsLeft}/{d.seats} left
        </Link>
      )}
      after={(d) => DEPARTURE_STATUS_LABELS[d.status]}
      hrefOf={(m) => `/admin/departures?view=calendar&month=${m}${safari ? `&safari=${encodeURIComponent(safari)}` : ''}`}
    />
  );
}

export default function Departures() {
  const { view, safari, month, list } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const busy = useNavigation().state !== 'idle';
  return (
    <>
      <PageHead title="Departures" lead="Fixed-date group departures that travellers book seat by seat from the safari’s page. Unpaid seats are held for 30 minutes." />
      <Views view={view} safari={safari} />
      <FilterPanel titleId="dep-filters-title">
        <Form method="get" className="c-filters__form" aria-label="Departures">
          {view === 'calendar' ? <input type="hidden" name="view" value="calendar" /> : null}
          {view === 'calendar' ? <input type="hidden" name="month" value={month} /> : null}
          <FilterSelect id="f-safari" name="safari" label="Safari" value={safari} any="Every safari" options={list.safaris.map((s) => [s.slug, s.title])} />
          <FilterActions submit="Show departures" />
        </Form>
      </FilterPanel>
      <section aria-labelledby="results-title" aria-busy={busy || undefined} className="c-results">
        {view === 'calendar' ? (
          <Calendar items={list.items} month={month} today={list.today} safari={safari} />
        ) : (
          <>
            <h2 id="results-title" className="c-subhead">
              {list.items.length === 1 ? '1 departure' : `${list.items.length} departures`} from today
            </h2>
            <DepartureTable items={list.items} />
          </>
        )}
      </section>
      <section className="c-panel c-dep-new" aria-labelledby="new-departure-title">
        <h2 id="new-departure-title">Add a departure</h2>
        <Form method="post" className="c-form c-dep-form" noValidate>
          <CsrfInput />
          <DepartureFields safaris={list.safaris} guides={list.guides} result={result} initial={{ safariSlug: safari }} />
          <button type="submit" className="btn btn--primary c-form__submit" aria-disabled={busy}>
            Add the departure
          </button>
        </Form>
      </section>
    </>
  );
}
