// /admin/campaigns/:id/preview (owners): the campaign as the e-mail its subscribers get — the HTML
// part in the e-mails' look beside the text part — with "Send a test to me" and the way to send.
import { Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import type { CampaignDetail, CampaignPreview } from '../../../common/newsletter-admin.ts';
import { FormError, IntentForm, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { Moment, plural, shownStatus, StatusBadge } from '../../components/admin/NewsletterUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formFields, formTexts } from '../../lib/read-form.ts';
import type { Route } from './+types/campaign-preview';
import './campaign-preview.css';

export function meta() {
  return [{ title: 'Campaign preview | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = encodeURIComponent(params.id);
  const campaign = await adminGet<CampaignDetail>(context, request, `/campaigns/${id}`);
  const preview = await adminGet<CampaignPreview>(context, request, `/campaigns/${id}/preview`);
  const body = /<body(?:\s+style="([^"]*)")?[^>]*>([\s\S]*)<\/body>/i.exec(preview.html);
  // The e-mail's library pictures are at the site's public address; the console shows them from its
  // own origin (the same files), which its Content-Security-Policy allows.
  const bodyHtml = (body?.[2] ?? '').replace(/ src="https?:\/\/[^"/]+\/images\/uploads\//g, ' src="/images/uploads/');
  return { campaign, preview: { ...preview, bodyStyle: body?.[1] ?? '', bodyHtml } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const texts = formTexts(await formFields(request));
  if (texts.intent !== 'test') return { ok: false as const, message: 'Choose what to do.' };
  const sent = await adminSend<{ to: string }>(context, request, `/campaigns/${encodeURIComponent(params.id)}/test`, { csrf: texts[CSRF_FIELD] });
  if (!sent.ok) return { ok: false as const, message: sent.error! };
  return { ok: true as const, to: sent.data!.to };
}

/** An inline style attribute ("a:b;c:d") as a React style object. */
function styleOf(css: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of css.split(';')) {
    const i = part.indexOf(':');
    if (i > 0)
      out[
        part
          .slice(0, i)
          .trim()
          .replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase())
      ] = part.slice(i + 1).trim();
  }
  return out;
}

/** The message as subscribers get it: the HTML e-mail and its text part. */
function MailPreview({ preview }: { preview: Awaited<ReturnType<typeof loader>>['preview'] }) {
  return (
    <div className="c-preview">
      <section className="c-preview__part" aria-labelledby="html-title">
        <h2 id="html-title">HTML e-mail</h2>
        <p className="c-preview__meta">
          <span>Subject:</span> {preview.subject}
        </p>
        <div className="c-preview__mail" role="region" aria-label="The HTML e-mail" tabIndex={0}>
          <div style={styleOf(preview.bodyStyle)} dangerouslySetInnerHTML={{ __html: preview.bodyHtml }} />
        </div>
      </section>
      <section className="c-preview__part" aria-labelledby="text-title">
        <h2 id="text-title">Text part</h2>
        <p className="c-preview__meta">
          <span>List-Unsubscribe-Post:</span> {preview.headers['List-Unsubscribe-Post']}
        </p>
        <pre className="c-preview__text" role="region" aria-label="The text part" tabIndex={0}>
          {preview.text}
        </pre>
      </section>
    </div>
  );
}

export default function CampaignPreviewPage() {
  const { campaign, preview } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const draft = campaign.status === 'draft';
  const sentNow = params.get('sent');
  return (
    <>
      <PageHead
        title={campaign.subject}
        lead={
          <>
            <StatusBadge status={shownStatus(campaign)} /> <Link to="/admin/campaigns">Back to the campaigns</Link>
          </>
        }
        actions={
          draft ? (
            <Link className="btn btn--ghost" to={`/admin/campaigns/${campaign.id}`}>
              Edit
            </Link>
          ) : null
        }
      />
      {params.has('saved') ? <Notice>Saved. This is how the e-mail will look.</Notice> : null}
      {sentNow ? <Notice>The campaign is on its way: {plural(Number(sentNow) || 0, 'message')} queued.</Notice> : null}
      {result?.ok ? <Notice>A test is on its way to {result.to}. Its subject starts with [Test].</Notice> : null}
      <FormError>{result && !result.ok ? result.message : undefined}</FormError>

      <section className="c-panel" aria-labelledby="send-title">
        <h2 id="send-title">{draft ? 'Send' : 'Delivery'}</h2>
        {draft ? (
          <div className="c-actions">
            <IntentForm intent="test">
              <button type="submit" className="btn btn--ghost" disabled={busy}>
                Send a test to me
              </button>
            </IntentForm>
            {campaign.confirmed > 0 ? (
              <Link className="btn btn--primary" to={`/admin/campaigns/${campaign.id}/send`}>
                Send to {plural(campaign.confirmed, 'confirmed subscriber')}
              </Link>
            ) : (
              <p className="c-muted">There are no confirmed subscribers to send to yet.</p>
            )}
          </div>
        ) : (
          <dl className="c-stats">
            <div>
              <dt>Sent on</dt>
              <dd className="c-stats__small">
                <Moment iso={campaign.sentAt} />
              </dd>
            </div>
            <div>
              <dt>Recipients</dt>
              <dd>{campaign.counts.recipients.toLocaleString('en')}</dd>
            </div>
            <div>
              <dt>Queued</dt>
              <dd>{campaign.counts.queued.toLocaleString('en')}</dd>
            </div>
            <div>
              <dt>Delivered</dt>
              <dd>{campaign.counts.sent.toLocaleString('en')}</dd>
            </div>
            <div>
              <dt>Failed</dt>
              <dd>{campaign.counts.failed.toLocaleString('en')}</dd>
            </div>
          </dl>
        )}
      </section>

      <MailPreview preview={preview} />
    </>
  );
}
