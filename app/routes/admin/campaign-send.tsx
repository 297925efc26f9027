// /admin/campaigns/:id/send (owners): the confirmation step. It says how many people will get the
// campaign; the button sends it, once (the API refuses a second send, from any tab or process).
// Or the owner schedules it for a date and time in the operator's time zone (any process sends it
// then, once), and can change or cancel that while it is still a draft.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { CampaignDetail } from '../../../common/newsletter-admin.ts';
import { toLocalInput } from '../../../common/operator-time.ts';
import { CsrfInput, Field, FormError, IntentForm, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { plural } from '../../components/admin/NewsletterUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formFields, formTexts } from '../../lib/read-form.ts';
import { when } from '../../lib/console-time.ts';
import type { Route } from './+types/campaign-send';

export function meta() {
  return [{ title: 'Send the campaign | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return adminGet<CampaignDetail>(context, request, `/campaigns/${encodeURIComponent(params.id)}`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const texts = formTexts(await formFields(request));
  const csrf = texts[CSRF_FIELD];
  const path = `/campaigns/${encodeURIComponent(params.id)}/schedule`;
  if (texts.intent === 'schedule') {
    const at = texts.at ?? '';
    const sent = await adminSend<{ scheduledFor: string; timeZone: string }>(context, request, path, { method: 'PUT', json: { at }, csrf });
    if (!sent.ok) return { message: sent.error!, code: sent.code, field: sent.field, at };
    return { scheduled: sent.data!.scheduledFor, zone: sent.data!.timeZone };
  }
  if (texts.intent === 'unschedule') {
    const sent = await adminSend(context, request, path, { method: 'DELETE', csrf });
    if (!sent.ok) return { message: sent.error!, code: sent.code };
    return { unscheduled: true };
  }
  const expected = Number(texts.expected ?? '');
  const sent = await adminSend<{ queued: number }>(context, request, `/campaigns/${encodeURIComponent(params.id)}/send`, {
    json: Number.isInteger(expected) && expected >= 0 ? { expected } : {},
    csrf,
  });
  if (!sent.ok) return { message: sent.error!, code: sent.code };
  throw redirect(`/admin/campaigns/${encodeURIComponent(params.id)}/preview?sent=${sent.data!.queued}`, { status: 303, headers: { 'cache-control': 'no-store' } });
}

/** Sending later: the time in the operator's zone, changed or cancelled. */
function ScheduleSend({ c, result, busy, atError }: { c: Awaited<ReturnType<typeof loader>>; result: Awaited<ReturnType<typeof action>> | undefined; busy: boolean; atError?: string }) {
  const zoneName = c.timeZone.replace(/_/g, ' ');
  return (
    <section className="c-panel" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Or send it later</h2>
      {result && 'scheduled' in result && result.scheduled ? (
        <Notice>
          Scheduled: it will be sent on {when(result.scheduled, { zone: c.timeZone })} ({zoneName}).
        </Notice>
      ) : null}
      {result && 'unscheduled' in result ? <Notice>The schedule is cancelled: the campaign stays a draft.</Notice> : null}
      {c.scheduledFor ? (
        <p>
          Scheduled for <strong>{when(c.scheduledFor, { zone: c.timeZone })}</strong> ({zoneName}). Until then it is a draft: you can still change it, send it now, or choose another time.
        </p>
      ) : (
        <p>Choose when it goes out, in the operator’s time zone ({zoneName}). It is sent then to everyone confirmed at that time.</p>
      )}
      <IntentForm intent="schedule" className="c-form" noValidate>
        <Field
          id="schedule-at"
          label={<>Date and time ({zoneName})</>}
          name="at"
          error={atError}
          control={({ id, ...links }) => (
            <input
              id={id}
              name="at"
              type="datetime-local"
              className="c-input"
              required
              defaultValue={result && 'at' in result ? result.at : c.scheduledFor ? toLocalInput(c.scheduledFor, c.timeZone) : ''}
              {...links}
            />
          )}
        />
        <div className="c-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {c.scheduledFor ? 'Change the time' : 'Schedule'}
          </button>
        </div>
      </IntentForm>
      {c.scheduledFor ? (
        <IntentForm intent="unschedule">
          <button type="submit" className="btn btn--ghost" disabled={busy}>
            Cancel the schedule
          </button>
        </IntentForm>
      ) : null}
    </section>
  );
}

export default function SendCampaign() {
  const c = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const draft = c.status === 'draft';
  const atError = result && 'field' in result && result.field === 'at' ? result.message : undefined;
  return (
    <>
      <PageHead title="Send the campaign" lead={<Link to={`/admin/campaigns/${c.id}/preview`}>Back to the preview</Link>} />
      <section className="c-panel" aria-labelledby="confirm-title">
        <FormError>{result && 'message' in result && !atError ? result.message : undefined}</FormError>
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
      {draft && result?.code !== 'already-sent' ? <ScheduleSend c={c} result={result} busy={busy} atError={atError} /> : null}
    </>
  );
}
