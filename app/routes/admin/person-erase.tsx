// /admin/erase (owners): erases any person at their request, whether they subscribed, enquired,
// were quoted or booked (server/bookings/erasure.ts). Reached from an enquiry (?enquiry=), a
// booking (?booking=) or the subscribers screen (an address typed in). The confirmation counts what
// is removed and what is kept without a name for the accounts. Plain forms: it works without
// JavaScript. The address is sent in form bodies only, never in the page's address.
import { Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { nothingStored, type PersonFootprint, type PersonLookup } from '../../../common/person-erasure.ts';
import { Field, FormError, IntentForm, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { EraseConfirm, UNTICKED } from '../../components/admin/EraseConfirm.tsx';
import { plural } from '../../components/admin/NewsletterUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formFields, formTexts } from '../../lib/read-form.ts';
import type { Route } from './+types/person-erase';
import './subscriber-erase.css';

export function meta() {
  return [{ title: 'Erase a person | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const from = url.searchParams.get('enquiry') !== null ? 'enquiry' : url.searchParams.get('booking') !== null ? 'booking' : null;
  const path = from ? `/erasure?${from}=${encodeURIComponent(url.searchParams.get(from)!)}` : '/erasure';
  return { lookup: await adminGet<PersonLookup | null>(context, request, path) };
}

type Answer = { lookup?: PersonLookup; email?: string; message?: string; field?: string };

export async function action({ request, context }: Route.ActionArgs): Promise<Answer> {
  const texts = formTexts(await formFields(request));
  const email = texts.email ?? '';
  const csrf = texts[CSRF_FIELD];
  if (texts.intent === 'erase' && texts.confirm === 'yes') {
    const sent = await adminSend(context, request, '/erasure', { json: { email, confirm: true }, csrf });
    if (!sent.ok) return { message: sent.error!, email };
    throw redirect('/admin/erase?erased=1', { status: 303, headers: { 'cache-control': 'no-store' } });
  }
  // A look-up, or an erase not ticked: the confirmation again, counted afresh.
  const found = await adminSend<PersonLookup>(context, request, '/erasure/look-up', { json: { email }, csrf });
  if (!found.ok) return { message: found.error!, field: found.field, email };
  return texts.intent === 'erase' ? { lookup: found.data!, ...UNTICKED } : { lookup: found.data! };
}

/** What erasing removes and keeps, counted. */
function Footprint({ f }: { f: PersonFootprint }) {
  const removed = [
    f.subscribed ? 'their newsletter subscription and their place in past campaigns' : null,
    f.enquiries ? `${plural(f.enquiries, 'enquiry', 'enquiries')}, with notes, history and replies` : null,
    f.quotes ? `${plural(f.quotes, 'quote')} never booked, with every version` : null,
    f.tripLinks ? plural(f.tripLinks, 'private trip link') : null,
    f.mail ? `${plural(f.mail, 'e-mail')} to or about them in the outbox` : null,
    f.bookings
      ? `on ${plural(f.bookings, 'booking')}: the lead traveller’s name, e-mail and phone, the notes, and the manifest (${plural(f.travellers, 'traveller')}: names, ages, diet, medical notes)`
      : null,
  ].filter((x): x is string => x !== null);
  return (
    <>
      <h3>Removed for good</h3>
      <ul>
        {removed.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <h3>Kept without a name, so that the accounts still balance</h3>
      <p>
        {f.bookings
          ? `${plural(f.bookings, 'booking')} (reference, dates, price and state) and ${plural(f.ledgerEntries, 'payment record')} (payments, refunds and corrections, as they are).`
          : 'Nothing: they have no booking.'}
      </p>
      <p className="c-muted">Only a one-way fingerprint of the address is kept, so an import cannot add them to the newsletter again.</p>
    </>
  );
}

function Confirmation({ lookup, answer, busy }: { lookup: PersonLookup; answer?: Answer; busy: boolean }) {
  const empty = nothingStored(lookup.footprint);
  return (
    <section className="c-panel c-panel--danger" aria-labelledby="erase-title">
      <h2 id="erase-title" className="c-break">
        {lookup.email}
      </h2>
      {empty ? (
        <p>Nothing is stored about this address: there is nothing to erase.</p>
      ) : (
        <>
          <Footprint f={lookup.footprint} />
          <FormError>{answer?.message && !answer.field ? answer.message : undefined}</FormError>
          <EraseConfirm unticked={answer?.field === 'confirm' ? answer.message : undefined} busy={busy} button={`Erase ${lookup.email}`}>
            <input type="hidden" name="intent" value="erase" />
            <input type="hidden" name="email" value={lookup.email} />
          </EraseConfirm>
        </>
      )}
      <p>
        <Link to="/admin/erase">Erase someone else</Link>
      </p>
    </section>
  );
}

function LookUp({ answer, busy }: { answer?: Answer; busy: boolean }) {
  return (
    <section className="c-panel" aria-labelledby="look-up-title">
      <h2 id="look-up-title">Who asked to be erased?</h2>
      <p>Their enquiries, quotes, bookings and subscription are found by their e-mail address. You will see what is removed before anything is.</p>
      <FormError>{answer?.message && answer.field !== 'email' ? answer.message : undefined}</FormError>
      <IntentForm intent="look-up" className="c-form" noValidate>
        <Field name="email" type="email" label="Their e-mail address" autoComplete="off" required defaultValue={answer?.email ?? ''} error={answer?.field === 'email' ? answer.message : undefined} />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Show what will be erased
        </button>
      </IntentForm>
    </section>
  );
}

export default function ErasePerson() {
  const { lookup: fromRecord } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const erased = useSearchParams()[0].has('erased');
  const lookup = answer?.lookup ?? (answer ? undefined : fromRecord);
  return (
    <>
      <PageHead title="Erase a person" lead={<Link to="/admin/subscribers">Back to the subscribers</Link>} />
      {erased && !answer ? <Notice>The person was erased: their enquiries, quotes, subscription and e-mails are gone, and their bookings are kept for the accounts without their name.</Notice> : null}
      {lookup ? <Confirmation lookup={lookup} answer={answer} busy={busy} /> : <LookUp answer={answer} busy={busy} />}
    </>
  );
}
