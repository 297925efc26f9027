// /admin/content/:type/:id/revisions: every saved version of an item, newest first — what was done
// (created, saved, published, restored...), by whom and when — each leading to its differences
// from the current version and the way to restore it.
import { Link, useLoaderData } from 'react-router';
import type { ContentForm, ContentItem, ContentRevisionSummary } from '../../../common/content-editing.ts';
import { PageHead } from '../../components/admin/ConsoleUi.tsx';
import { At, ContentStatusBadge, statusText } from '../../components/admin/ContentUi.tsx';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { adminGet } from '../../lib/admin.ts';
import type { Route } from './+types/content-revisions';

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `History of ${loaderData?.item.title ?? 'an item'} | Console` }, { name: 'robots', content: 'noindex, nofollow' }];
}

const TYPE = /^[a-z][a-z0-9-]{0,40}$/;
const ID = /^[1-9][0-9]{0,9}$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!TYPE.test(params.type) || !ID.test(params.id)) throw new Response(null, { status: 404 });
  const base = `/content/${params.type}/${params.id}`;
  const [detail, list] = await Promise.all([
    adminGet<{ item: ContentItem; form: ContentForm }>(context, request, base),
    adminGet<{ revisions: ContentRevisionSummary[] }>(context, request, `${base}/revisions`),
  ]);
  return { item: detail.item, type: detail.form.type, revisions: [...list.revisions].sort((a, b) => b.revision - a.revision) };
}

/** What a revision's action was, in words. */
export const ACTION_TEXT: Record<string, string> = {
  import: 'Loaded from the content files',
  create: 'Created',
  save: 'Saved',
  publish: 'Published',
  unpublish: 'Unpublished',
  schedule: 'Scheduled',
  restore: 'Restored an earlier version',
  delete: 'Deleted',
};

export default function ContentRevisions() {
  const { item, type, revisions } = useLoaderData<typeof loader>();
  const editPath = `/admin/content/${type.name}/${item.id}`;
  return (
    <>
      <PageHead
        title={`History of “${item.title}”`}
        lead={
          <>
            <Link to={editPath}>Back to the {type.singular}</Link> · <ContentStatusBadge item={item} />
          </>
        }
      />
      <p className="c-count">
        {revisions.length === 1 ? 'One revision.' : `${revisions.length.toLocaleString('en')} revisions, newest first.`} Open one to see how it differs from the current version and to restore it.
      </p>
      <table className="c-table c-table--stack c-ctable">
        <caption className="sr-only">Revisions of {item.title}</caption>
        <ColumnHeads columns={['Revision', 'What happened', 'State after', 'By', 'When']} />
        <tbody>
          {revisions.map((r) => (
            <tr key={r.revision}>
              <th scope="row" data-label="Revision">
                <Link to={`${editPath}/revisions/${r.revision}`} aria-label={`Revision ${r.revision}${r.revision === item.revision ? ' (current)' : ''}: see the changes`}>
                  Revision {r.revision}
                </Link>
                {r.revision === item.revision ? <span className="c-muted"> (current)</span> : null}
              </th>
              <td data-label="What happened">{ACTION_TEXT[r.action] ?? r.action}</td>
              <td data-label="State after">{statusText(r.status)}</td>
              <td data-label="By" className="c-break">
                {r.savedBy || <span className="c-muted">The content files</span>}
              </td>
              <td data-label="When">
                <At iso={r.savedAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
