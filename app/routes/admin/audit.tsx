// /admin/audit (owners): the audit log, newest first, 50 a page, filtered by action and by member:
// when, who ("system (scheduled)" for what the scheduler did), what in words, to what (a link to it),
// from which address (common/audit-labels.ts).
import { Form, Link, useLoaderData } from 'react-router';
import { auditActionLabel, auditActorLabel, auditTarget } from '../../../common/audit-labels.ts';
import { AUDIT_PAGE_SIZE, type AuditPage } from '../../../common/staff-access.ts';
import { PageHead } from '../../components/admin/ConsoleUi.tsx';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { adminGet } from '../../lib/admin.ts';
import { useOperatorZone, when } from '../../lib/console-time.ts';
import type { Route } from './+types/audit';
import './audit.css';

export function meta() {
  return [{ title: 'Audit log | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = new URLSearchParams();
  for (const k of ['page', 'action', 'staff']) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  const page = await adminGet<AuditPage>(context, request, `/audit${q.size ? `?${q}` : ''}`);
  return { ...page, action: q.get('action') ?? '', staff: q.get('staff') ?? '' };
}

const label = auditActionLabel;

function detailText(detail: Record<string, unknown> | null): string {
  if (!detail) return '';
  return Object.entries(detail)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ');
}

function AuditTarget({ target, action }: { target: string | null; action: string }) {
  const t = auditTarget(target, action);
  if (!t) return <>—</>;
  if (!t.href) return <>{t.text}</>;
  // The console's pages are its own; a content item's public page is the site's.
  return t.href.startsWith('/admin') ? <Link to={t.href}>{t.text}</Link> : <a href={t.href}>{t.text}</a>;
}

/** The filters: one action, one member. */
function AuditFilters({ actions, members, action, staff }: Pick<AuditPage, 'actions' | 'members'> & { action: string; staff: string }) {
  return (
    <Form method="get" className="c-filters" aria-label="Filter the audit log">
      <div className="c-field">
        <label htmlFor="audit-action">Action</label>
        <select id="audit-action" name="action" defaultValue={action}>
          <option value="">All actions</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {label(a)}
            </option>
          ))}
        </select>
      </div>
      <div className="c-field">
        <label htmlFor="audit-staff">Member</label>
        <select id="audit-staff" name="staff" defaultValue={staff}>
          <option value="">Everyone</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.email}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn--primary">
        Filter
      </button>
      {action || staff ? (
        <Link to="/admin/audit" className="c-filters__clear">
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}

export default function Audit() {
  const { entries, page, pages, total, actions, members, action, staff } = useLoaderData<typeof loader>();
  const zone = useOperatorZone();
  const link = (p: number) => {
    const q = new URLSearchParams();
    if (action) q.set('action', action);
    if (staff) q.set('staff', staff);
    if (p > 1) q.set('page', String(p));
    return `/admin/audit${q.size ? `?${q}` : ''}`;
  };
  const first = total === 0 ? 0 : (page - 1) * AUDIT_PAGE_SIZE + 1;
  const last = Math.min(total, page * AUDIT_PAGE_SIZE);
  return (
    <>
      <PageHead title="Audit log" lead={`Sign-ins, failed attempts and every change made in the console, newest first. Times are in the operator’s time zone (${zone.replace(/_/g, ' ')}).`} />
      <AuditFilters actions={actions} members={members} action={action} staff={staff} />
      <section className="c-panel" aria-labelledby="audit-title">
        <h2 id="audit-title" aria-live="polite">
          {total === 0 ? 'No entries' : `Entries ${first}–${last} of ${total}`}
        </h2>
        {entries.length > 0 ? (
          <table className="c-ltable c-ltable--audit">
            <ColumnHeads columns={['When', 'Who', 'Action', 'Target', 'Address']} />
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td data-label="When">
                    <time dateTime={e.at}>{when(e.at, { seconds: true, zone })}</time>
                  </td>
                  <td data-label="Who">{e.actor ? e.actor : <span className="c-muted">{auditActorLabel(e.actor, e.action)}</span>}</td>
                  <th scope="row" data-label="Action">
                    {label(e.action)}
                    {detailText(e.detail) ? <span className="c-ltable__sub">{detailText(e.detail)}</span> : null}
                  </th>
                  <td data-label="Target">
                    <AuditTarget target={e.target} action={e.action} />
                  </td>
                  <td data-label="Address" className="c-ltable__mono">
                    {e.ip ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="c-muted">Nothing matches these filters.</p>
        )}
        {pages > 1 ? (
          <nav className="c-pager" aria-label="Audit log pages">
            {page > 1 ? <Link to={link(page - 1)}>← Newer</Link> : <span aria-hidden="true" />}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? <Link to={link(page + 1)}>Older →</Link> : <span aria-hidden="true" />}
          </nav>
        ) : null}
      </section>
    </>
  );
}
