// /admin/enquiries: the inbox. Newest first, 25 a page; filters and the search are a plain GET
// form, so every filtered list has its own address (and works without JavaScript). Pages go
// "Newer" / "Older" by a cursor in the address (?before= / ?after=), which can be bookmarked. A table on
// wide screens, stacked cards on phones; "Export CSV" downloads the same filtered list. Ticked
// rows take one change at once (a status, spam included, or an assignment): all or none.
import { LANGUAGE_CODES, LANGUAGES } from '../../../common/languages.ts';
import { Form, Link, redirect, useActionData, useLoaderData, useLocation, useNavigation } from 'react-router';
import { bulkSchema, inboxFilterSchema } from '../../../common/enquiry-forms.ts';
import { ENQUIRY_STATUSES, EXPORT_REFUSED, FILTER_KEYS, filterParams, parseInboxCursor, SOURCE_LABELS, STATUS_LABELS, type InboxResponse } from '../../../common/enquiry-inbox.ts';
import { BUDGET_LABELS, BUDGETS } from '../../../common/enquiry-trip.ts';
import type { StaffSession } from '../../../common/staff.ts';
import { firstIssue } from '../../../common/staff.ts';
import { CsrfInput, FormError, Notice, PageHead, useConsoleSession } from '../../components/admin/ConsoleUi.tsx';
import { FilterActions, FilterPanel, FilterSearch, FilterSelect } from '../../components/admin/Filters.tsx';
import { StatusBadge, StatusOptions, staffName, When } from '../../components/admin/InboxUi.tsx';
import { ColumnHeads, hidden } from '../../components/ColumnHeads.tsx';
import { ChevronLeft, ChevronRight } from '../../components/Icons.tsx';
import { OperatorZone } from '../../lib/console-time.ts';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import type { Route } from './+types/enquiries';
import './enquiries.css';

export function meta() {
  return [{ title: 'Enquiries | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = filterParams(url.searchParams);
  // The filter form sends its empty fields too: one tidy address per list.
  const cursor = pageCursor(url.searchParams);
  const firstPage = () => redirect(`/admin/enquiries${Object.keys(filters).length ? `?${new URLSearchParams(filters)}` : ''}`, { status: 303 });
  // A page number (the pages' old addresses) or a cursor that is not one: the first page.
  if (cursor === 'bad' || url.searchParams.has('page')) throw firstPage();
  if (FILTER_KEYS.some((k) => url.searchParams.has(k) && !(k in filters))) {
    const tidy = new URLSearchParams(filters);
    if (cursor) tidy.set(cursor.side, cursor.raw);
    throw redirect(`/admin/enquiries${tidy.size ? `?${tidy}` : ''}`, { status: 303 });
  }
  const checked = inboxFilterSchema.safeParse(filters);
  const error = checked.success ? null : firstIssue(checked.error).message.replace(/^Invalid (\w+): /, (_m, f: string) => `${f === 'q' ? 'Search' : f[0]!.toUpperCase() + f.slice(1)}: `);
  const query = new URLSearchParams(checked.success ? filters : {});
  if (cursor) query.set(cursor.side, cursor.raw);
  const [list, mayExport] = await Promise.all([adminGet<InboxResponse>(context, request, `/enquiries?${query}`), mayExportEnquiries(context, request)]);
  // Past the end (the list got shorter since the address was made): the first page.
  if (cursor && list.enquiries.length === 0) throw firstPage();
  return { list, filters, error, mayExport };
}

/** The address's page: ?before= (older) or ?after= (newer) and its cursor; 'bad' when it is not one. */
function pageCursor(params: URLSearchParams): { side: 'before' | 'after'; raw: string } | null | 'bad' {
  const before = params.get('before');
  const after = params.get('after');
  if (before === null && after === null) return null;
  const side = before !== null ? 'before' : 'after';
  const raw = (before ?? after)!;
  return (before !== null && after !== null) || !parseInboxCursor(raw) ? 'bad' : { side, raw };
}

/** Owners may export; agents when an owner allows it (the API checks again). */
async function mayExportEnquiries(context: Route.LoaderArgs['context'], request: Request): Promise<boolean> {
  const session = await adminGet<StaffSession>(context, request, '/session');
  if (session.staff.role === 'owner') return true;
  return (await adminGet<{ export: boolean }>(context, request, '/settings/access')).export;
}

/** The bulk form's choice: "status:<status>" or "assign:<staff id>" / "assign:none". */
function readChange(value: string): unknown {
  const [kind, arg] = value.split(':');
  if (kind === 'status') return { status: arg };
  if (kind === 'assign') return { staffId: arg === 'none' ? null : /^\d{1,10}$/.test(arg ?? '') ? Number(arg) : arg };
  return undefined;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const ids = form.getAll('ids').map((v) => (/^\d{1,10}$/.test(String(v)) ? Number(v) : NaN));
  const parsed = bulkSchema.safeParse({ ids, change: readChange(String(form.get('change') ?? '')) });
  if (!parsed.success) return { error: firstIssue(parsed.error).message, done: null };
  const sent = await adminSend<{ count: number; changed: number }>(context, request, '/enquiries/bulk', { json: parsed.data, csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) return { error: sent.error!, done: null };
  const { count, changed } = sent.data!;
  const what = `${changed} of the ${count === 1 ? 'enquiry' : `${count} enquiries`} ticked ${changed === 1 ? 'was' : 'were'} changed`;
  return { error: null, done: changed === count ? `${count === 1 ? 'The enquiry is' : `The ${count} enquiries are`} changed.` : `${what}; the others already were so.` };
}

export default function Enquiries() {
  const { list, filters, error, mayExport } = useLoaderData<typeof loader>();
  const filtered = Object.keys(filters).length > 0;
  const exportQuery = new URLSearchParams(error ? {} : filters).toString();
  const count = list.totalCapped ? `More than ${list.total.toLocaleString('en-GB')} enquiries` : `${list.total} ${list.total === 1 ? 'enquiry' : 'enquiries'}`;
  const lead = filtered && !error ? `${count} ${list.total === 1 ? 'matches' : 'match'} these filters` : filters.status ? count : `${count}, not counting spam`;
  return (
    <OperatorZone.Provider value={list.timeZone}>
      <PageHead title="Enquiries" lead={lead} actions={<ExportButton query={exportQuery} allowed={mayExport} />} />
      <InboxFilters list={list} filters={filters} error={error} />

      <InboxResults list={list} filters={filters} />
    </OperatorZone.Provider>
  );
}

/** Export CSV: the filtered list; shown disabled, with the reason, to an agent an owner has not allowed. */
function ExportButton({ query, allowed }: { query: string; allowed: boolean }) {
  if (!allowed) {
    return (
      <span className="c-export">
        <button type="button" className="btn btn--ghost btn--sm" disabled aria-describedby="export-refused">
          Export CSV
        </button>
        <span id="export-refused" className="c-field__hint">
          {EXPORT_REFUSED}
        </span>
      </span>
    );
  }
  return (
    <a className="btn btn--ghost btn--sm" href={`/admin/enquiries/export.csv${query ? `?${query}` : ''}`} download>
      Export CSV
    </a>
  );
}

/** The filters and the search: a plain GET form, so every filtered list has its own address. */
function InboxFilters({ list, filters, error }: { list: InboxResponse; filters: Record<string, string>; error: string | null }) {
  const filtered = Object.keys(filters).length > 0;
  return (
    <FilterPanel titleId="filters-title">
      <FormError>{error}</FormError>
      <Form method="get" className="c-filters__form" role="search" aria-label="Enquiries">
        <FilterSearch id="f-q" label="Search" value={filters.q} placeholder="Name, email or words of the message" maxLength={200} className="c-filters__q" />
        <FilterSelect id="f-status" name="status" label="Status" value={filters.status} any="All but spam">
          <StatusOptions />
        </FilterSelect>
        <FilterSelect id="f-safari" name="safari" label="Safari" value={filters.safari} any="Any safari" options={list.options.safaris.map((s) => [s.id, s.title])} />
        <div className="c-field">
          <label htmlFor="f-month">Travel month</label>
          <input id="f-month" name="travelMonth" type="month" defaultValue={filters.travelMonth ?? ''} placeholder="2027-07" />
        </div>
        <FilterSelect id="f-budget" name="budget" label="Budget per person" value={filters.budget} any="Any budget" options={BUDGETS.map((b) => [b, BUDGET_LABELS[b]])} />
        <FilterSelect id="f-country" name="country" label="Country" value={filters.country} any="Any country" options={list.options.countries.map((c) => [c, c])} />
        {/* The language of the page an enquiry was sent from. */}
        <FilterSelect id="f-language" name="language" label="Language" value={filters.language} any="Any language" options={LANGUAGE_CODES.map((l) => [l, LANGUAGES[l].name])} />
        <div className="c-field">
          <label htmlFor="f-from">Received from</label>
          <input id="f-from" name="from" type="date" defaultValue={filters.from ?? ''} />
        </div>
        <div className="c-field">
          <label htmlFor="f-to">Received until</label>
          <input id="f-to" name="to" type="date" defaultValue={filters.to ?? ''} />
        </div>
        <FilterActions submit="Apply filters" clearTo="/admin/enquiries" clear="Clear filters" filtered={filtered} />
      </Form>
    </FilterPanel>
  );
}

/** The list: a table on wide screens, cards on phones, the ticked rows' change, and the pages. */
function InboxResults({ list, filters }: { list: InboxResponse; filters: Record<string, string> }) {
  const session = useConsoleSession();
  const busy = useNavigation().state === 'loading';
  const filtered = Object.keys(filters).length > 0;
  const me = session?.staff.id;
  return (
    <section aria-labelledby="results-title" aria-busy={busy || undefined} className="c-results">
      <h2 id="results-title" className="sr-only">
        Results
      </h2>
      {list.enquiries.length === 0 ? (
        <div className="c-empty">
          <p className="c-empty__title">{filtered ? 'No enquiries match these filters.' : 'No enquiries yet.'}</p>
          <p className="c-muted">{filtered ? 'Try fewer filters or other words.' : 'Enquiries sent from the site’s forms appear here.'}</p>
        </div>
      ) : (
        <>
          <BulkChange list={list} />
          <InboxTable list={list} me={me} />
          <InboxCards list={list} me={me} />
        </>
      )}
      <InboxPager list={list} />
      <p className="c-field__hint">
        Enquiry numbers are unique and follow the order enquiries arrived in, but are not consecutive: the database hands numbers out in batches of 32 ahead of use, so after the server stopped
        abruptly, or after a restore, the next enquiry may be up to 32 higher than the last; an enquiry that could not be saved (its sender was asked to send it again) also uses up a number. No
        enquiry is missing when numbers jump.
      </p>
    </section>
  );
}

/** "Newer" and "Older": links to the pages beside this one, the filters kept; dimmed at either end. */
function InboxPager({ list }: { list: InboxResponse }) {
  const location = useLocation();
  if (!list.newer && !list.older) return null;
  const href = (side: 'before' | 'after', cursor: string) => {
    const params = new URLSearchParams(location.search);
    params.delete('before');
    params.delete('after');
    params.set(side, cursor);
    return `${location.pathname}?${params}`;
  };
  const step = (cursor: string | null, side: 'before' | 'after', rel: 'prev' | 'next', text: React.ReactNode) =>
    cursor ? (
      <Link className="pagination__step" to={href(side, cursor)} rel={rel}>
        {text}
      </Link>
    ) : (
      <span className="pagination__step is-disabled" aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav className="pagination" aria-label="Pages of enquiries">
      {step(
        list.newer,
        'after',
        'prev',
        <>
          <ChevronLeft size={18} /> Newer
        </>,
      )}
      {step(
        list.older,
        'before',
        'next',
        <>
          Older <ChevronRight size={18} />
        </>,
      )}
    </nav>
  );
}

/** The change applied to the ticked enquiries: a status, spam, or who they are assigned to. */
function BulkChange({ list }: { list: InboxResponse }) {
  const result = useActionData<typeof action>();
  const session = useConsoleSession();
  const me = session?.staff.id;
  const owner = session?.staff.role === 'owner';
  const assignable = owner ? list.options.staff : list.options.staff.filter((m) => m.id === me);
  return (
    <Form method="post" id="bulk" className="c-bulk" aria-labelledby="bulk-title">
      <h3 id="bulk-title" className="c-bulk__title">
        With the ticked enquiries
      </h3>
      <CsrfInput />
      {result?.error ? <FormError>{result.error}</FormError> : null}
      {result?.done ? <Notice>{result.done}</Notice> : null}
      <div className="c-field">
        <label htmlFor="bulk-change">Change</label>
        <select id="bulk-change" name="change" defaultValue="">
          <option value="" disabled>
            Choose a change
          </option>
          <option value="status:spam">Mark as spam</option>
          <optgroup label="Set the status">
            {ENQUIRY_STATUSES.filter((st) => st !== 'spam').map((st) => (
              <option key={st} value={`status:${st}`}>
                {STATUS_LABELS[st]}
              </option>
            ))}
          </optgroup>
          <optgroup label="Assign to">
            {assignable.map((m) => (
              <option key={m.id} value={`assign:${m.id}`}>
                {m.id === me ? `${m.name || m.email} (you)` : m.name || m.email}
              </option>
            ))}
            <option value="assign:none">Nobody</option>
          </optgroup>
        </select>
      </div>
      <button type="submit" className="btn btn--primary btn--sm">
        Apply to ticked
      </button>
    </Form>
  );
}

/** The list on wide screens: a row for each enquiry, with its tick box. */
function InboxTable({ list, me }: { list: InboxResponse; me: number | undefined }) {
  return (
    <table className="c-table c-etable">
      <ColumnHeads columns={[hidden('Tick'), 'Received', 'From', 'About', 'Status', 'Assigned to']} />
      <tbody>
        {list.enquiries.map((e) => (
          <tr key={e.id} className={e.status === 'new' ? 'is-new' : undefined}>
            <td className="c-etable__tick">
              <input type="checkbox" name="ids" value={e.id} form="bulk" aria-label={`Tick #${e.id}, ${e.name}`} />
            </td>
            <td className="c-etable__when">
              <When iso={e.receivedAt} />
              <span className="c-etable__ref">#{e.id}</span>
            </td>
            <td>
              <Link to={`/admin/enquiries/${e.id}`} className="c-etable__name">
                {e.name}
              </Link>
              <span className="c-etable__sub">
                {e.email}
                {e.country ? ` · ${e.country}` : ''}
                {` · ${LANGUAGES[e.language]?.name ?? e.language}`}
              </span>
            </td>
            <td>
              <span className="c-etable__about">{e.safari ? e.safari.title : SOURCE_LABELS[e.source]}</span>
              <span className="c-etable__sub">{e.excerpt}</span>
            </td>
            <td>
              <StatusBadge status={e.status} />
            </td>
            <td className={e.assignee ? undefined : 'c-muted'}>{staffName(e.assignee, me)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The list on phones: a card for each enquiry. */
function InboxCards({ list, me }: { list: InboxResponse; me: number | undefined }) {
  return (
    <ul className="c-ecards">
      {list.enquiries.map((e) => (
        <li key={e.id} className={`c-ecard${e.status === 'new' ? ' is-new' : ''}`}>
          <div className="c-ecard__top">
            <input type="checkbox" name="ids" value={e.id} form="bulk" aria-label={`Tick #${e.id}, ${e.name}`} className="c-ecard__tick" />
            <Link to={`/admin/enquiries/${e.id}`} className="c-ecard__name">
              {e.name}
            </Link>
            <StatusBadge status={e.status} />
          </div>
          <p className="c-ecard__meta">
            <When iso={e.receivedAt} /> · #{e.id}
          </p>
          <p className="c-ecard__meta">
            {e.email}
            {e.country ? ` · ${e.country}` : ''}
            {` · ${LANGUAGES[e.language]?.name ?? e.language}`}
          </p>
          <p className="c-ecard__about">{e.safari ? e.safari.title : SOURCE_LABELS[e.source]}</p>
          <p className="c-ecard__excerpt">{e.excerpt}</p>
          <p className="c-ecard__meta">Assigned to: {staffName(e.assignee, me)}</p>
        </li>
      ))}
    </ul>
  );
}
