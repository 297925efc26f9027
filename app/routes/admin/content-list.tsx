// /admin/content/:type: the items of one content type, searched by title or address, filtered by
// state (draft, published, scheduled), 25 a page; each with its state (a scheduled one with its
// time), its last change, a link to edit it and, once published, to its page on the site.
import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import { CONTENT_STATUSES, type ContentList } from '../../../common/content-editing.ts';
import { NewItemLink, Notice, PageHead, Pager } from '../../components/admin/ConsoleUi.tsx';
import { FilterActions, FilterSearch, FilterSelect } from '../../components/admin/Filters.tsx';
import { ContentStatusBadge, listQuery, SavedBy, statusText } from '../../components/admin/ContentUi.tsx';
import { plural } from '../../components/admin/NewsletterUi.tsx';
import { ColumnHeads, hidden } from '../../components/ColumnHeads.tsx';
import { adminGet } from '../../lib/admin.ts';
import type { Route } from './+types/content-list';
import { countsText } from './content.tsx';
import './content-list.css';

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.list.type.label ?? 'Content'} | Console` }, { name: 'robots', content: 'noindex, nofollow' }];
}

const TYPE = /^[a-z][a-z0-9-]{0,40}$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!TYPE.test(params.type)) throw new Response(null, { status: 404 });
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const raw = url.searchParams.get('status') ?? '';
  const status = (CONTENT_STATUSES as readonly string[]).includes(raw) ? raw : '';
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const list = await adminGet<ContentList>(context, request, `/content/${params.type}${listQuery(q, status, page)}`);
  return { list, q, status };
}

type Type = ContentList['type'];

export default function ContentListScreen() {
  const { list, q, status } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const type = list.type;
  const base = `/admin/content/${type.name}`;
  const filtered = Boolean(q || status);
  const deleted = params.get('deleted');
  return (
    <>
      <PageHead
        title={type.label}
        lead={
          <>
            <Link to="/admin/content">All content</Link> · {countsText(type)}
          </>
        }
        actions={type.fixed ? null : <NewItemLink to={`${base}/new`}>New {type.singular}</NewItemLink>}
      />
      {deleted !== null ? <Notice>{deleted ? `“${deleted}” was deleted.` : 'The item was deleted.'}</Notice> : null}
      {type.fixed ? <p className="c-muted c-content-note">These pages are part of the site: they can be edited but not added, renamed or deleted.</p> : null}

      <ContentFilters type={type} q={q} status={status} base={base} />

      <p className="c-count" role="status">
        {list.total === 0
          ? filtered
            ? `No ${type.singular} matches.`
            : `There is no ${type.singular} yet.`
          : `${plural(list.total, type.singular)}${filtered ? ' match' : ''}${list.totalPages > 1 ? ` · page ${list.page} of ${list.totalPages}` : ''}`}
      </p>

      {list.items.length ? <ContentTable type={type} items={list.items} base={base} filtered={filtered} /> : null}

      <Pager page={list.page} pages={list.totalPages} href={(p) => `${base}${listQuery(q, status, p)}`} />
    </>
  );
}

/** The search by title or address and the state filter (a plain GET form), with a way back to everything. */
function ContentFilters({ type, q, status, base }: { type: Type; q: string; status: string; base: string }) {
  return (
    <Form method="get" className="c-filters" role="search" aria-label={type.label}>
      <FilterSearch id="content-q" label="Search title or address" value={q} maxLength={200} autoComplete="off" />
      <FilterSelect id="content-status" name="status" label="State" value={status} any="All" options={CONTENT_STATUSES.map((s) => [s, statusText(s)])} />
      <FilterActions submit="Show" clearTo={base} filtered={Boolean(q || status)} />
    </Form>
  );
}

/** The page's items: title (to edit it), address, state, last change, and its page on the site once published. */
function ContentTable({ type, items, base, filtered }: { type: Type; items: ContentList['items']; base: string; filtered: boolean }) {
  return (
    <table className="c-table c-table--stack c-ctable">
      <caption className="sr-only">
        {type.label}
        {filtered ? ' matching the filter' : ''}
      </caption>
      <ColumnHeads columns={['Title', 'Address', 'State', 'Last change', hidden('Actions')]} />
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <th scope="row" data-label="Title" className="c-break">
              <Link to={`${base}/${item.id}`}>{item.title}</Link>
            </th>
            <td data-label="Address" className="c-break c-ctable__slug">
              <code className="c-mono">{item.slug}</code>
            </td>
            <td data-label="State">
              <ContentStatusBadge item={item} />
            </td>
            <td data-label="Last change" className="c-ctable__when">
              <span>
                <SavedBy by={item.updatedBy} at={item.updatedAt} />
              </span>
            </td>
            <td className="c-table__actions">
              <div className="c-rowactions">
                <Link to={`${base}/${item.id}`} className="btn btn--ghost btn--sm" aria-label={`Edit ${item.title}`}>
                  Edit
                </Link>
                {item.status === 'published' && item.publicPath ? (
                  <a href={item.publicPath} className="btn btn--ghost btn--sm" aria-label={`View on site: ${item.title}`}>
                    View on site
                  </a>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
