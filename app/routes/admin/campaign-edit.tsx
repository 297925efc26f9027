// /admin/campaigns/new and /admin/campaigns/:id (owners): a draft's subject and its body in
// Markdown. Saving leads to the preview, where the test and the send are.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { BODY_MAX, campaignSchema, SUBJECT_MAX, type CampaignDetail } from '../../../common/newsletter-admin.ts';
import { firstIssue } from '../../../common/staff.ts';
import { CsrfInput, Field, FormError, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { requireOwner } from '../../lib/owner.ts';
import type { Route } from './+types/campaign-edit';

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.campaign ? 'Edit campaign' : 'New campaign'} | Console` }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.id) {
    await requireOwner(context, request);
    return { campaign: null };
  }
  const campaign = await adminGet<CampaignDetail>(context, request, `/campaigns/${encodeURIComponent(params.id)}`);
  // A sent campaign is not edited: its preview shows what went out.
  if (campaign.status !== 'draft') throw redirect(`/admin/campaigns/${campaign.id}/preview`, { status: 303, headers: { 'cache-control': 'no-store' } });
  return { campaign };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const csrf = form.get(CSRF_FIELD);
  if (params.id && form.get('intent') === 'delete') {
    const sent = await adminSend(context, request, `/campaigns/${encodeURIComponent(params.id)}`, { method: 'DELETE', csrf });
    if (!sent.ok) return { ok: false as const, message: sent.error!, field: undefined, values: null };
    throw redirect('/admin/campaigns?deleted=1', { status: 303, headers: { 'cache-control': 'no-store' } });
  }
  const values = { subject: String(form.get('subject') ?? ''), body: String(form.get('body') ?? '') };
  const parsed = campaignSchema.safeParse(values);
  if (!parsed.success) return { ok: false as const, ...firstIssue(parsed.error), values };
  const sent = params.id
    ? await adminSend(context, request, `/campaigns/${encodeURIComponent(params.id)}`, { method: 'PUT', json: parsed.data, csrf })
    : await adminSend<{ id: number }>(context, request, '/campaigns', { json: parsed.data, csrf });
  if (!sent.ok) return { ok: false as const, message: sent.error!, field: sent.field, values };
  const id = params.id ?? String((sent.data as { id: number }).id);
  throw redirect(`/admin/campaigns/${id}/preview?saved=1`, { status: 303, headers: { 'cache-control': 'no-store' } });
}

export default function EditCampaign() {
  const { campaign } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const values = result?.values ?? { subject: campaign?.subject ?? '', body: campaign?.body ?? '' };
  const err = (f: string) => (result && !result.ok && result.field === f ? result.message : undefined);
  const bodyError = err('body');
  return (
    <>
      <PageHead title={campaign ? 'Edit campaign' : 'New campaign'} lead={<Link to="/admin/campaigns">Back to the campaigns</Link>} />
      <section className="c-panel">
        <FormError>{result && !result.ok && !['subject', 'body'].includes(result.field ?? '') ? result.message : undefined}</FormError>
        <Form method="post" className="c-form c-form--wide" noValidate>
          <CsrfInput />
          <Field label="Subject" name="subject" defaultValue={values.subject} required maxLength={SUBJECT_MAX} error={err('subject')} autoComplete="off" />
          <div className={`c-field${bodyError ? ' c-field--error' : ''}`}>
            <label htmlFor="campaign-body">Newsletter (Markdown)</label>
            <p className="c-field__hint" id="campaign-body-hint">
              Paragraphs are separated by an empty line. <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>, <code>[link text](https://…)</code>, <code>- list item</code>. The
              unsubscribe link and the company's details are added under it.
            </p>
            {bodyError ? (
              <p className="c-field__error" id="campaign-body-error">
                {bodyError}
              </p>
            ) : null}
            <textarea
              id="campaign-body"
              name="body"
              rows={18}
              defaultValue={values.body}
              required
              maxLength={BODY_MAX}
              aria-invalid={bodyError ? true : undefined}
              aria-describedby={`campaign-body-hint${bodyError ? ' campaign-body-error' : ''}`}
              className="c-mono"
            />
          </div>
          <div className="c-actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Save and preview
            </button>
            <Link to="/admin/campaigns" className="c-textlink">
              Cancel
            </Link>
          </div>
        </Form>
      </section>
      {campaign ? (
        <section className="c-panel" aria-labelledby="delete-title">
          <h2 id="delete-title">Delete this draft</h2>
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="btn btn--ghost c-danger" disabled={busy}>
              Delete draft
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
