// /admin/subscribers (owners): the newsletter list, searched by name or e-mail and filtered by
// status, 25 a page; export of what is shown as CSV, import, unsubscribe and erase one person.
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { SUBSCRIBER_STATUSES, type SubscriberList } from '../../../common/newsletter-admin.ts';
import { FormError, IntentForm, Notice, PageHead, Pager } from '../../components/admin/ConsoleUi.tsx';
import { FilterActions, FilterSearch, FilterSelect } from '../../components/admin/Filters.tsx';
import { Day, plural, STATUS_LABEL, StatusBadge } from '../../components/admin/NewsletterUi.tsx';
import { ColumnHeads, hidden } from '../../components/ColumnHeads.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formFields, formTexts } from '../../lib/read-form.ts';
import type { Route } from './+types/subscribers';
import './subscribers.css';

export function meta() {
  return [{ title: 'Subscribers | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

function filterQuery(url: URL, page?: number): string {
  const p = new URLSearchParams();
  const q = url.searchParams.get('q')?.trim();
  const status = url.searchParams.get('status');
  if (q) p.set('q', q);
  if (status) p.set('status', status);
  if (page && page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = Number(url.searchParams.get('page') ?? '1') || 1;
  const list = await adminGet<SubscriberList>(context, request, `/subscribers${filterQuery(url, page)}`);
  return { list, q: url.searchParams.get('q') ?? '', status: url.searchParams.get('status') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const texts = formTexts(await formFields(request));
  const id = texts.id ?? '';
  if (texts.intent !== 'unsubscribe' || !/^[1-9][0-9]{0,8}$/.test(id)) return { ok: false as const, message: 'Choose a subscriber.' };
  const sent = await adminSend(context, request, `/subscribers/${id}/unsubscribe`, { csrf: texts[CSRF_FIELD] });
  if (!sent.ok) return { ok: false as const, message: sent.error! };
  return { ok: true as const, email: texts.email ?? '' };
}

/** One subscriber: name, address, state, and unsubscribing or erasing them. */
function SubscriberRow({ s, busy }: { s: SubscriberList['items'][number]; busy: boolean }) {
  return (
    <tr>
      <th scope="row" data-label="Name">
        {s.name || <span className="c-muted">(no name)</span>}
      </th>
      <td data-label="E-mail" className="c-break">
        {s.email}
      </td>
      <td data-label="Status">
        <StatusBadge status={s.status} />
        {s.consent ? (
          <p className="c-consent">
            Consent: {s.consent.source}, <Day iso={s.consent.date} /> (imported)
          </p>
        ) : null}
      </td>
      <td data-label="Subscribed">
        <Day iso={s.createdAt} />
      </td>
      <td className="c-table__actions">
        <div className="c-rowactions">
          {s.status !== 'unsubscribed' ? (
            <IntentForm intent="unsubscribe">
              <input type="hidden" name="id" value={s.id} />
              <input type="hidden" name="email" value={s.email} />
              <button type="submit" className="btn btn--ghost btn--sm" disabled={busy} aria-label={`Unsubscribe ${s.email}`}>
                Unsubscribe
              </button>
            </IntentForm>
          ) : null}
          <Link to={`/admin/subscribers/${s.id}/erase`} className="btn btn--ghost btn--sm c-danger" aria-label={`Erase ${s.email}`}>
            Erase
          </Link>
        </div>
      </td>
    </tr>
  );
}

/** Searching by name or address, and one state. */
function SubscriberFilters({ q, status, filtered }: { q: string; status: string; filtered: boolean }) {
  return (
    <Form method="get" className="c-filters" role="search" aria-label="Subscribers">
      <FilterSearch id="sub-q" label="Search name or e-mail" value={q} maxLength={200} autoComplete="off" />
      <FilterSelect id="sub-status" name="status" label="Status" value={status} any="All" options={SUBSCRIBER_STATUSES.map((s) => [s, STATUS_LABEL[s]])} />
      <FilterActions submit="Show" clearTo="/admin/subscribers" filtered={filtered} />
    </Form>
  );
}

export default function Subscribers() {
  const { list, q, status } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== 'idle';
  const url = new URL(`http://x/?${params.toString()}`);
  const filtered = Boolean(q || status);
  const exportHref = `/admin/subscribers/export.csv${filterQuery(url)}`;
  return (
    <>
      <PageHead
        title="Subscribers"
        lead={`${plural(list.counts.confirmed, 'confirmed subscriber')} · ${list.counts.pending.toLocaleString('en')} waiting for confirmation · ${list.counts.unsubscribed.toLocaleString('en')} unsubscribed`}
        actions={
          <>
            <Link className="btn btn--ghost" to="/admin/subscribers/import">
              Import CSV
            </Link>
            <a className="btn btn--ghost" href={exportHref} download>
              Export {filtered ? 'these' : 'all'} as CSV
            </a>
            <Link className="btn btn--ghost c-danger" to="/admin/erase">
              Erase a person
            </Link>
          </>
        }
      />
      {params.has('erased') ? (
        <Notice>The person was erased: their subscription, enquiries and e-mails are gone. Only a one-way fingerprint of the address is kept, so an import cannot add them again.</Notice>
      ) : null}
      {result?.ok ? <Notice>{result.email || 'The subscriber'} is unsubscribed and will get no more newsletters.</Notice> : null}
      <FormError>{result && !result.ok ? result.message : undefined}</FormError>

      <SubscriberFilters q={q} status={status} filtered={filtered} />

      <p className="c-count" role="status">
        {list.total === 0
          ? filtered
            ? 'No subscriber matches.'
            : 'No one has subscribed yet.'
          : `${plural(list.total, 'subscriber')}${filtered ? ' match' : ''}${list.totalPages > 1 ? ` · page ${list.page} of ${list.totalPages}` : ''}`}
      </p>

      {list.items.length ? (
        <table className="c-table c-table--stack">
          <caption className="sr-only">Subscribers{filtered ? ' matching the filter' : ''}</caption>
          <ColumnHeads columns={['Name', 'E-mail', 'Status', 'Subscribed', hidden('Actions')]} />
          <tbody>
            {list.items.map((s) => (
              <SubscriberRow key={s.id} s={s} busy={busy} />
            ))}
          </tbody>
        </table>
      ) : null}

      <Pager page={list.page} pages={list.totalPages} href={(p) => `/admin/subscribers${filterQuery(url, p)}`} />
    </>
  );
}
