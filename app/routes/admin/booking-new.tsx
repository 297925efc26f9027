// /admin/bookings/new (owners and agents): a booking made by hand, for a trip booked on the phone:
// the safari (or a title), the dates, the travellers, the lead traveller's contact and the price
// lines (common/booking-manual.ts reads the form back; the API prices it with the one money
// function). A plain form: it works without JavaScript, and a refusal shows the values sent.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { MANUAL_LINE_ROWS, manualBookingFromForm } from '../../../common/booking-manual.ts';
import { lineOf } from '../../../common/quote-form.ts';
import { CsrfInput, Field, FormError, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formEntries, formFields } from '../../lib/read-form.ts';
import { PriceLines } from './quote-editor.tsx';
import type { Route } from './+types/booking-new';
import './quotes.css';

export function meta() {
  return [{ title: 'New booking | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminGet<{ safaris: { slug: string; title: string }[] }>(context, request, '/bookings/new');
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await formFields(request);
  const f = Object.fromEntries(Object.entries(formEntries(form)).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  const sent = await adminSend<{ id: number }>(context, request, '/bookings', { json: manualBookingFromForm(f), csrf: form.get(CSRF_FIELD) });
  if (sent.ok && sent.data) throw redirect(`/admin/bookings/${sent.data.id}?made=1`, { status: 303, headers: { 'cache-control': 'no-store' } });
  return { error: sent.error ?? 'The booking could not be made.', field: sent.field ?? null, values: f };
}

type Values = Record<string, string>;

/** The field an error is shown at, by the form's names (the lead's and the lines' are in the form's message alone). */
const FIELD_OF: Record<string, string> = { safariSlug: 'title' };

function Trip({ v, safaris, err }: { v: Values; safaris: { slug: string; title: string }[]; err: (name: string) => string | undefined }) {
  return (
    <fieldset className="q-group">
      <legend>The trip</legend>
      <Field
        name="safariSlug"
        label="Safari"
        hint="Or none: give the trip a title."
        className="q-field"
        control={(aria) => (
          <select {...aria} name="safariSlug" defaultValue={v.safariSlug ?? ''}>
            <option value="">None (a trip of its own)</option>
            {safaris.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.title}
              </option>
            ))}
          </select>
        )}
      />
      <Field name="title" label="Title" hint="Empty: the safari’s title." className="q-field" defaultValue={v.title ?? ''} error={err('title')} maxLength={200} />
      <Field name="travelFrom" label="First day" type="date" className="q-field" defaultValue={v.travelFrom ?? ''} error={err('travelFrom')} required />
      <Field name="travelTo" label="Last day" type="date" className="q-field" defaultValue={v.travelTo ?? ''} error={err('travelTo')} required />
    </fieldset>
  );
}

function People({ v, err }: { v: Values; err: (name: string) => string | undefined }) {
  return (
    <fieldset className="q-group">
      <legend>Who travels</legend>
      <Field name="leadName" label="Lead traveller’s name" className="q-field" defaultValue={v.leadName ?? ''} autoComplete="off" required />
      <Field name="leadEmail" label="Lead traveller’s e-mail" type="email" className="q-field" defaultValue={v.leadEmail ?? ''} autoComplete="off" required />
      <Field name="leadPhone" label="Lead traveller’s phone" type="tel" className="q-field" defaultValue={v.leadPhone ?? ''} autoComplete="off" />
      <Field
        name="travellers"
        label="Travellers"
        hint="Every traveller’s full name, one a line, the lead traveller first. A child’s age after a comma: “Amina Okello, 9”."
        className="q-field q-field--wide"
        error={err('travellers')}
        control={(aria) => <textarea {...aria} name="travellers" rows={5} defaultValue={v.travellers ?? ''} required />}
      />
    </fieldset>
  );
}

function Terms({ v, err }: { v: Values; err: (name: string) => string | undefined }) {
  return (
    <fieldset className="q-group">
      <legend>Deposit, balance and notes</legend>
      <Field name="depositPercent" label="Deposit (%)" type="number" min={0} max={100} className="q-field" defaultValue={v.depositPercent ?? '30'} error={err('depositPercent')} />
      <Field name="balanceDueOn" label="Balance due on" hint="Empty: 60 days before travel." type="date" className="q-field" defaultValue={v.balanceDueOn ?? ''} error={err('balanceDueOn')} />
      <Field
        name="notes"
        label="Notes (staff only)"
        className="q-field q-field--wide"
        error={err('notes')}
        control={(aria) => <textarea {...aria} name="notes" rows={3} defaultValue={v.notes ?? ''} />}
      />
    </fieldset>
  );
}

export default function NewBooking() {
  const { safaris } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const v: Values = result?.values ?? {};
  const field = result?.field ? (FIELD_OF[result.field] ?? result.field) : null;
  const err = (name: string) => (field === name ? result?.error : undefined);
  // Lines sent back after a refusal (a unit that is not an amount is left empty to enter again).
  const lines = Array.from({ length: MANUAL_LINE_ROWS }, (_, i) => lineOf(v, i)).flatMap((l) => (l && Number.isFinite(l.unitMinor) ? [l] : []));
  return (
    <>
      <PageHead
        title="New booking"
        lead={
          <>
            A trip booked on the phone or in person, without a quote. <Link to="/admin/bookings">Back to the bookings</Link>
          </>
        }
      />
      <Form method="post" className="q-form" noValidate>
        <CsrfInput />
        <FormError>{result ? `The booking was not made: ${result.error}` : undefined}</FormError>
        <Trip v={v} safaris={safaris} err={err} />
        <People v={v} err={err} />
        <PriceLines lines={lines} extra={MANUAL_LINE_ROWS - lines.length} />
        <Terms v={v} err={err} />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Make the booking
        </button>
      </Form>
    </>
  );
}
