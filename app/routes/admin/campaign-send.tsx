// /admin/campaigns/:id/send (owners): the confirmation step. It says how many people will get the
// campaign; the button sends it, once (the API refuses a second send, from any tab or process).
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { CampaignDetail } from '../../../common/newsletter-admin.ts';
import { CsrfInput, FormError, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { plural } from '../../components/admin/NewsletterUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import type { Route } from './+types/campaign-send';

export function meta() {
  return [{ title: 'Send the campaign | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return adminGet<CampaignDetail>(context, request, `/campaigns/${encodeURIComponent(params.id)}`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const expected = Number(form.get('expected') ?? '');
  const sent = await adminSend<{ queued: number }>(context, request, `/campaigns/${encodeURIComponent(params.id)}/send`, {
    json: Number.isInteger(expected) && expected >= 0 ? { expected } : {},
    csrf: form.get(CSRF_FIELD),
  });
  if (!sent.ok) return { message: sent.error!, code: sent.code };
  throw redirect(`/admin/campaigns/${encodeURIComponent(params.id)}/preview?sent=${sent.data!.queued}`, { status: 303, headers: { 'cache-control': 'no-store' } });
}

export default function SendCampaign() {
  const c = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const draft = c.status === 'draft';
  return (
    <>
      <PageHead title="Send the campaign" lead={<Link to={`/admin/campaigns/${c.id}/preview`}>Back to the preview</Link>} />
      <section className="c-panel" aria-labelledby="confirm-title">
        <FormError>{result?.message}</FormError>
        {draft && result?.code !== 'already-sent' ? (
          <>
            <h2 id="confirm-title">
              Send “{c.subject}” to {plural(c.confirmed, 'confirmed subscriber')}?
            </h2>
            <p>Each person gets their own copy with a one-click unsubscribe link. Pending and unsubscribed people get nothing. A campaign is sent once; it cannot be changed afterwards.</p>
            {c.confirmed > 0 ? (
              <Form method="post" className="c-actions">
                <CsrfInput />
                <input type="hidden" name="expected" value={c.confirmed} />
                <button type="submit" className="btn btn--primary" disabled={busy}>
                  Send to {plural(c.confirmed, 'confirmed subscriber')}
                </button>
                <Link to={`/admin/campaigns/${c.id}/preview`} className="c-textlink">
                  Not now
                </Link>
              </Form>
            ) : (
              <p className="c-muted">There are no confirmed subscribers to send to yet.</p>
            )}
          </>
        ) : (
          <>
            <h2 id="confirm-title">Already sent</h2>
            <p>
              “{c.subject}” has already been sent. <Link to={`/admin/campaigns/${c.id}/preview`}>See its delivery</Link>, or write a new campaign.
            </p>
          </>
        )}
      </section>
    </>
  );
}
