// /admin/quotes/{id}: one quote. Its versions (sent, superseded), the draft to change and save,
// sending it (the traveller's e-mail with the private trip link; a new version supersedes the one
// sent before), and revoking its private links. Once accepted, the booking's reference and state.
import { Form, useActionData, useLoaderData } from 'react-router';
import { BOOKING_STATE_LABELS, formatMinor } from '../../../common/booking-money.ts';
import { LANGUAGES } from '../../../common/languages.ts';
import { QUOTE_STATUS_LABELS, type QuoteChoices, type QuoteDetail } from '../../../common/quote-admin.ts';
import { documentFromForm } from '../../../common/quote-form.ts';
import { CsrfInput, FormError, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formEntries, formFields } from '../../lib/read-form.ts';
import { QuoteFields } from './quote-editor.tsx';
import type { Route } from './+types/quote';
import './quotes.css';

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.reference ?? 'Quote'} | Console` }];
}

const ID = /^[1-9][0-9]{0,8}$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = ID.test(params.id) ? params.id : '0';
  const [quote, choices] = await Promise.all([adminGet<QuoteDetail>(context, request, `/quotes/${id}`), adminGet<QuoteChoices>(context, request, '/quote-choices')]);
  return { ...quote, choices };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await formFields(request);
  const f = Object.fromEntries(Object.entries(formEntries(form)).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  const csrf = form.get(CSRF_FIELD);
  const id = ID.test(params.id) ? params.id : '0';
  if (f.intent === 'send') {
    const sent = await adminSend<{ version: number }>(context, request, `/quotes/${id}/send`, { csrf });
    return sent.ok ? { ok: `Version ${sent.data?.version} sent to the traveller, with the private trip link.` } : { error: sent.error };
  }
  if (f.intent === 'revoke') {
    const sent = await adminSend<{ revoked: number }>(context, request, `/quotes/${id}/revoke`, { csrf });
    return sent.ok ? { ok: `${sent.data?.revoked ?? 0} private link(s) revoked: they no longer open the trip.` } : { error: sent.error };
  }
  const sent = await adminSend<{ version: number }>(context, request, `/quotes/${id}`, {
    method: 'PUT',
    json: { document: documentFromForm(f, await adminGet<QuoteChoices>(context, request, '/quote-choices')) },
    csrf,
  });
  return sent.ok ? { ok: `Saved as version ${sent.data?.version} (a draft until you send it).` } : { error: sent.error };
}

function Versions({ q }: { q: QuoteDetail }) {
  return (
    <ul className="q-versions">
      {q.versions.map((v) => (
        <li key={v.version}>
          Version {v.version}: {formatMinor(v.totalMinor, 'USD')}, {v.sentAt ? `sent ${v.sentAt.slice(0, 10)}` : 'draft'}
          {v.supersededAt ? ', superseded' : ''}
        </li>
      ))}
    </ul>
  );
}

export default function Quote() {
  const q = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const state = q.booking ? `Booked: ${q.booking.reference}, ${BOOKING_STATE_LABELS[q.booking.state]}` : QUOTE_STATUS_LABELS[q.status];
  return (
    <>
      <PageHead
        title={`${q.reference}: ${q.title}`}
        lead={`${q.travellerName} <${q.travellerEmail}> · ${state} · ${formatMinor(q.price.totalMinor, 'USD')}, deposit ${formatMinor(q.price.depositMinor, 'USD')}`}
      />
      <Notice>{result && 'ok' in result ? result.ok : null}</Notice>
      <FormError>{result && 'error' in result ? result.error : null}</FormError>
      <section aria-labelledby="q-versions" className="q-panel">
        <h2 id="q-versions">Versions</h2>
        <Versions q={q} />
        <p className="q-muted">
          Written in <strong>{LANGUAGES[q.language].name}</strong> (the e-mail, the PDF and the trip page too). {q.openLinks} private link(s) open. {q.enquiryId ? `From enquiry #${q.enquiryId}.` : ''}{' '}
          <a href={`/admin/quotes/${q.id}/quote.pdf`}>Download version {q.version} (PDF)</a>
        </p>
        {!q.booking && (
          <div className="q-actions">
            {q.draft && (
              <Form method="post">
                <CsrfInput />
                <button type="submit" name="intent" value="send" className="btn btn--primary">
                  Send version {q.version} to {q.travellerName}
                </button>
              </Form>
            )}
            {q.openLinks > 0 && (
              <Form method="post">
                <CsrfInput />
                <button type="submit" name="intent" value="revoke" className="btn btn--ghost">
                  Revoke the private links
                </button>
              </Form>
            )}
          </div>
        )}
      </section>
      {!q.booking && (
        <Form method="post" className="q-form">
          <CsrfInput />
          <QuoteFields key={q.version} doc={q.document} choices={q.choices} />
          <button type="submit" name="intent" value="save" className="btn btn--primary">
            {q.draft ? 'Save the draft' : 'Save as a new version'}
          </button>
        </Form>
      )}
    </>
  );
}
