// /admin/campaigns (owners): every newsletter campaign, newest first, with its delivery counts
// (queued / sent / failed, from the outbox).
import { Link, useLoaderData, useSearchParams } from 'react-router';
import type { CampaignSummary } from '../../../common/newsletter-admin.ts';
import { NewItemLink, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { Moment, plural, shownStatus, StatusBadge } from '../../components/admin/NewsletterUi.tsx';
import { ColumnHeads, num } from '../../components/ColumnHeads.tsx';
import { adminGet } from '../../lib/admin.ts';
import type { Route } from './+types/campaigns';
import './campaigns.css';

export function meta() {
  return [{ title: 'Campaigns | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminGet<{ items: CampaignSummary[]; confirmed: number; timeZone: string }>(context, request, '/campaigns');
}

export default function Campaigns() {
  const { items, confirmed, timeZone } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <PageHead title="Campaigns" lead={`Newsletters to your ${plural(confirmed, 'confirmed subscriber')}.`} actions={<NewItemLink to="/admin/campaigns/new">New campaign</NewItemLink>} />
      {params.has('deleted') ? <Notice>The draft was deleted.</Notice> : null}
      {items.length === 0 ? (
        <div className="c-panel c-empty">
          <p>No campaign yet. Write the first one: a subject and a few paragraphs in Markdown, a preview, a test to yourself, then send.</p>
        </div>
      ) : (
        <table className="c-table c-table--stack">
          <caption className="sr-only">Campaigns, newest first</caption>
          <ColumnHeads columns={['Subject', 'Status', 'Sent', num('Queued'), num('Delivered'), num('Failed')]} />
          <tbody>
            {items.map((c) => (
              <tr key={c.id}>
                <th scope="row" data-label="Subject">
                  <Link to={c.status === 'draft' ? `/admin/campaigns/${c.id}` : `/admin/campaigns/${c.id}/preview`}>{c.subject}</Link>
                </th>
                <td data-label="Status">
                  <StatusBadge status={shownStatus(c)} />
                </td>
                <td data-label="Sent">
                  {c.sentAt ? (
                    <Moment iso={c.sentAt} zone={timeZone} />
                  ) : c.scheduledFor ? (
                    <>
                      Scheduled for <Moment iso={c.scheduledFor} zone={timeZone} />
                    </>
                  ) : (
                    <span className="c-muted">Not yet</span>
                  )}
                </td>
                <td data-label="Queued" className="c-num">
                  {c.counts.queued.toLocaleString('en')}
                </td>
                <td data-label="Delivered" className="c-num">
                  {c.counts.sent.toLocaleString('en')}
                </td>
                <td data-label="Failed" className="c-num">
                  {c.counts.failed ? <strong className="c-bad">{c.counts.failed.toLocaleString('en')}</strong> : '0'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
