// /admin/content/:type/:id/revisions/:rev: one saved version of an item — who saved it, when, and
// how it differs from the current version, line by line — and "Restore this version", which saves
// it again as a new revision (with the current revision as its base, so a save made meanwhile by
// someone else is not overwritten unseen).
import { Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { ContentForm, ContentItem, ContentRevision } from '../../../common/content-editing.ts';
import { FormError, IntentForm, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { At, ContentStatusBadge, DiffView, statusText } from '../../components/admin/ContentUi.tsx';
import { adminGet, CSRF_FIELD } from '../../lib/admin.ts';
import { contentSend } from '../../lib/content-api.ts';
import { formFields, formTexts } from '../../lib/read-form.ts';
import type { Route } from './+types/content-revision';
import { ACTION_TEXT } from './content-revisions.tsx';

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Revision ${loaderData?.revision.revision ?? ''} of ${loaderData?.item.title ?? 'an item'} | Console` }, { name: 'robots', content: 'noindex, nofollow' }];
}

const TYPE = /^[a-z][a-z0-9-]{0,40}$/;
const ID = /^[1-9][0-9]{0,9}$/;

function check(params: { type: string; id: string; rev: string }) {
  if (!TYPE.test(params.type) || !ID.test(params.id) || !ID.test(params.rev)) throw new Response(null, { status: 404 });
  return `/content/${params.type}/${params.id}`;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = check(params);
  const [detail, revision] = await Promise.all([
    adminGet<{ item: ContentItem; form: ContentForm }>(context, request, base),
    adminGet<ContentRevision>(context, request, `${base}/revisions/${params.rev}`),
  ]);
  return { item: detail.item, type: detail.form.type, revision };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const base = check(params);
  const texts = formTexts(await formFields(request));
  if (texts.intent !== 'restore') return { error: 'Choose what to do.' };
  const baseRevision = Number.parseInt(texts.baseRevision ?? '', 10);
  const sent = await contentSend(context, request, `${base}/revisions/${params.rev}/restore`, { json: { baseRevision }, csrf: texts[CSRF_FIELD] ?? null });
  if (!sent.ok) {
    if (sent.kind === 'conflict')
      return { error: 'Someone saved this item while you were looking: the differences below are now against their version. Check them, then restore again if you still want to.' };
    return { error: sent.error };
  }
  throw redirect(`/admin/content/${params.type}/${sent.data.item.id}?done=restored`, { status: 303, headers: { 'cache-control': 'no-store' } });
}

/** What the revision was: who, when, its state and address, beside the current version. */
function RevisionFacts({ item, revision }: { item: ContentItem; revision: ContentRevision }) {
  return (
    <section className="c-panel" aria-labelledby="rev-title">
      <h2 id="rev-title">This revision</h2>
      <dl className="c-facts">
        <div>
          <dt>What happened</dt>
          <dd>{ACTION_TEXT[revision.action] ?? revision.action}</dd>
        </div>
        <div>
          <dt>By</dt>
          <dd className="c-break">{revision.savedBy || 'The content files'}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            <At iso={revision.savedAt} />
          </dd>
        </div>
        <div>
          <dt>State after</dt>
          <dd>{statusText(revision.status)}</dd>
        </div>
        <div className="c-facts__wide">
          <dt>Address then</dt>
          <dd>
            <code className="c-mono c-break">{revision.slug}</code>
          </dd>
        </div>
        <div className="c-facts__wide">
          <dt>The current version</dt>
          <dd>
            Revision {item.revision}, <ContentStatusBadge item={item} />, address <code className="c-mono c-break">{item.slug}</code>
          </dd>
        </div>
      </dl>
    </section>
  );
}

export default function ContentRevisionScreen() {
  const { item, type, revision } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const editPath = `/admin/content/${type.name}/${item.id}`;
  const isCurrent = revision.revision === item.revision;
  return (
    <>
      <PageHead
        title={`Revision ${revision.revision} of “${item.title}”`}
        lead={
          <>
            <Link to={`${editPath}/revisions`}>Back to the history</Link> · <Link to={editPath}>Edit the current version</Link>
          </>
        }
      />
      <FormError>{result?.error}</FormError>
      <RevisionFacts item={item} revision={revision} />

      <section className="c-panel" aria-labelledby="diff-title">
        <h2 id="diff-title">{isCurrent ? 'This is the current version' : `How revision ${revision.revision} differs from the current version`}</h2>
        {isCurrent ? (
          <p>Nothing to restore: the item is at this revision now.</p>
        ) : (
          <DiffView
            lines={revision.diff}
            title={`Revision ${revision.revision} against the current version (${item.revision})`}
            labels={{ minus: `Only in revision ${revision.revision}`, plus: 'Only in the current version' }}
          />
        )}
      </section>

      {!isCurrent ? (
        <section className="c-panel" aria-labelledby="restore-title">
          <h2 id="restore-title">Restore this version</h2>
          <p>
            The {type.singular}’s content becomes what it was at revision {revision.revision}; its address and its state ({statusText(item.status).toLowerCase()}) stay as they are now. This is saved
            as a new revision, so the current version stays in the history.
          </p>
          <IntentForm intent="restore">
            <input type="hidden" name="baseRevision" value={item.revision} />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Restore this version
            </button>
          </IntentForm>
        </section>
      ) : null}
    </>
  );
}
