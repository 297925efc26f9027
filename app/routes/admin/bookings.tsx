// /admin/bookings: the bookings (owners and agents). Three views of one list: every booking with
// filters (state, departing month, balance due or overdue) and a search by reference or name; the
// departures as a calendar by month (a table with a heading per weekday, a list on phones); and the
// balances overdue and falling due. Plain links and GET forms: it works without JavaScript.
import { Form, Link, useLoaderData, useNavigation } from 'react-router';
import { type BookingList, type BookingListItem, DUE_SOON_DAYS, isBookingState, isMonth, MONEY_FILTERS } from '../../../common/booking-console.ts';
import { BOOKING_STATE_LABELS, BOOKING_STATES, formatMinor } from '../../../common/booking-money.ts';
import { NewItemLink, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { ConsoleTable } from '../../components/admin/ConsoleTable.tsx';
import { FilterActions, FilterPanel, FilterSearch, FilterSelect } from '../../components/admin/Filters.tsx';
import { num } from '../../components/ColumnHeads.tsx';
import { adminGet } from '../../lib/admin.ts';
import { dayText, MonthCalendar, StateBadge, ViewTabs } from '../../lib/booking-format.tsx';
import { AttentionList, type AttentionItem } from './bookings-attention.tsx';
import type { Route } from './+types/bookings';
import './bookings.css';

export function meta() {
  return [{ title: 'Bookings | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

type View = 'list' | 'calendar' | 'balances' | 'attention';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get('view');
  const view: View = raw === 'calendar' || raw === 'balances' || raw === 'attention' ? raw : 'list';
  if (view === 'attention') {
    const { items } = await adminGet<{ items: AttentionItem[] }>(context, request, '/payments/attention');
    return { view, list: { today: '', filters: {}, items: [], more: false } as BookingList, due: undefined, attention: items };
  }
  if (view === 'balances') {
    const [overdue, due] = await Promise.all([adminGet<BookingList>(context, request, '/bookings?money=overdue'), adminGet<BookingList>(context, request, '/bookings?money=due')]);
    return { view, list: overdue, due };
  }
  const q = new URLSearchParams();
  const state = url.searchParams.get('state');
  const month = url.searchParams.get('month');
  const money = url.searchParams.get('money');
  if (isBookingState(state)) q.set('state', state);
  if (isMonth(month)) q.set('month', month);
  if (money && (MONEY_FILTERS as readonly string[]).includes(money)) q.set('money', money);
  const search = url.searchParams.get('q')?.trim();
  if (search) q.set('q', search.slice(0, 100));
  if (view === 'calendar' && !q.has('month')) {
    // This month: the operator's (the API's day), which differs from UTC's only around midnight.
    q.set('month', new Date().toISOString().slice(0, 7));
    const list = await adminGet<BookingList>(context, request, `/bookings?${q}`);
    if (list.today.slice(0, 7) === q.get('month')) return { view, list, due: null };
    q.set('month', list.today.slice(0, 7));
  }
  return { view, list: await adminGet<BookingList>(context, request, `/bookings${q.size ? `?${q}` : ''}`), due: null };
}

const money = (n: number, b: BookingListItem) => formatMinor(n, b.currency);

function Views({ view }: { view: View }) {
  const tabs: [View, string, string][] = [
    ['list', 'All bookings', '/admin/bookings'],
    ['calendar', 'Departures calendar', '/admin/bookings?view=calendar'],
    ['balances', 'Balances due', '/admin/bookings?view=balances'],
    ['attention', 'Needs attention', '/admin/bookings?view=attention'],
  ];
  return <ViewTabs label="Views of the bookings" view={view} tabs={tabs} />;
}

function Filters({ list }: { list: BookingList }) {
  const f = list.filters;
  const filtered = Boolean(f.state || f.month || f.money || f.q);
  return (
    <FilterPanel titleId="filters-title">
      <Form method="get" className="c-filters__form" role="search" aria-label="Bookings">
        <FilterSearch id="f-q" label="Search" value={f.q} placeholder="Reference (B-2026-0017) or traveller’s name" maxLength={100} className="c-filters__q" />
        <FilterSelect id="f-state" name="state" label="State" value={f.state} any="Any state" options={BOOKING_STATES.map((s) => [s, BOOKING_STATE_LABELS[s]])} />
        <div className="c-field">
          <label htmlFor="f-month">Departing in</label>
          <input id="f-month" name="month" type="month" defaultValue={f.month ?? ''} />
        </div>
        <FilterSelect id="f-money" name="money" label="Money" value={f.money} any="Any">
          <option value="due">Balance due within {DUE_SOON_DAYS} days</option>
          <option value="overdue">Overdue</option>
        </FilterSelect>
        <FilterActions submit="Show bookings" clearTo="/admin/bookings" clear="Clear the filters" filtered={filtered} />
      </Form>
    </FilterPanel>
  );
}

function BookingTable({ items, caption, empty }: { items: BookingListItem[]; caption: string; empty: string }) {
  if (!items.length) return <p className="c-empty c-muted">{empty}</p>;
  return (
    <ConsoleTable label={caption} className="c-table c-bk-table" columns={['Booking', 'Lead traveller', 'Departs', 'State', num('Total'), num('Paid'), num('Outstanding'), 'Next payment']}>
      {items.map((b) => (
        <tr key={b.id}>
          <th scope="row">
            <Link to={`/admin/bookings/${b.id}`}>{b.reference}</Link>
            <span className="c-bk-sub">{b.title}</span>
          </th>
          <td>
            {b.leadName}
            <span className="c-bk-sub">{b.travellers === 1 ? '1 traveller' : `${b.travellers} travellers`}</span>
          </td>
          <td>{dayText(b.travelFrom)}</td>
          <td>
            <StateBadge state={b.state} />
          </td>
          <td className="c-num">{money(b.account.totalMinor, b)}</td>
          <td className="c-num">{money(b.account.paidMinor, b)}</td>
          <td className="c-num">{money(b.account.outstandingMinor, b)}</td>
          <td>
            {b.account.next ? (
              <span className={b.account.overdue ? 'c-bk-overdue' : undefined}>
                {b.account.next.what === 'deposit' ? 'Deposit' : 'Balance'} {money(b.account.next.amountMinor, b)} by {dayText(b.account.next.by)}
                {b.account.overdue ? ' (overdue)' : ''}
              </span>
            ) : (
              '—'
            )}
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

export default function Bookings() {
  const data = useLoaderData<typeof loader>();
  const { view, list, due } = data;
  const busy = useNavigation().state === 'loading';
  return (
    <>
      <PageHead
        title="Bookings"
        lead="Booked trips, their money and their departures. A booking is made when a traveller accepts a quote, or by hand for a trip booked on the phone."
        actions={<NewItemLink to="/admin/bookings/new">New booking</NewItemLink>}
      />
      <Views view={view} />
      {view === 'list' ? <Filters list={list} /> : null}
      <section aria-labelledby="results-title" aria-busy={busy || undefined} className="c-results">
        {view === 'calendar' ? <Calendar list={list} /> : null}
        {view === 'attention' && 'attention' in data ? <AttentionList items={data.attention} /> : null}
        {view === 'list' ? (
          <>
            <h2 id="results-title" className="c-subhead">
              {list.items.length === 1 ? '1 booking' : `${list.items.length} bookings`}
              {list.more ? ' (the first ones; narrow the filters)' : ''}
            </h2>
            <BookingTable items={list.items} caption="Bookings, soonest departure first" empty="No bookings match these filters." />
          </>
        ) : null}
        {view === 'balances' ? (
          <>
            <h2 id="results-title" className="c-subhead">
              Overdue
            </h2>
            <BookingTable items={list.items} caption="Bookings with a payment overdue" empty="Nothing is overdue." />
            <h2 className="c-subhead">Falling due within {DUE_SOON_DAYS} days</h2>
            <BookingTable items={due?.items ?? []} caption={`Bookings with a payment due within ${DUE_SOON_DAYS} days`} empty={`Nothing falls due in the next ${DUE_SOON_DAYS} days.`} />
          </>
        ) : null}
      </section>
    </>
  );
}

function Calendar({ list }: { list: BookingList }) {
  const month = list.filters.month ?? list.today.slice(0, 7);
  return (
    <MonthCalendar
      month={month}
      today={list.today}
      items={list.items}
      dayOf={(b) => b.travelFrom}
      keyOf={(b) => b.id}
      chip={(b) => (
        <Link to={`/admin/bookings/${b.id}`} className={`c-cal__trip c-cal__trip--${b.state}`}>
          {b.reference} · {b.leadName} ({b.travellers})
        </Link>
      )}
      after={(b) => <StateBadge state={b.state} />}
      hrefOf={(m) => `/admin/bookings?view=calendar&month=${m}`}
    />
  );
}
