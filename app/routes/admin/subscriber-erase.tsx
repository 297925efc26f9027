// /admin/subscribers/:id/erase (owners): erases one person at their request, after a confirmation:
// their subscription, their enquiries, quotes and bookings' personal data (server/bookings/erasure.ts)
// and every e-mail to or about them. Only a one-way
// fingerprint (HMAC) of the address is kept, so that an import cannot add them again.
import { Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { SubscriberRow } from '../../../common/newsletter-admin.ts';
import { FormError, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { EraseConfirm, UNTICKED } from '../../components/admin/EraseConfirm.tsx';
import { plural, StatusBadge } from '../../components/admin/NewsletterUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formFields, formTexts } from '../../lib/read-form.ts';
import type { Route } from './+types/subscriber-erase';
import './subscriber-erase.css';

export function meta() {
  return [{ title: 'Erase a subscriber | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return adminGet<SubscriberRow & { enquiries: number }>(context, request, `/subscribers/${encodeURIComponent(params.id)}`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const texts = formTexts(await formFields(request));
  // Without the tick nothing is erased, and the page says so beside the box.
  if (texts.confirm !== 'yes') return UNTICKED;
  const sent = await adminSend(context, request, `/subscribers/${encodeURIComponent(params.id)}/erase`, { json: { confirm: true }, csrf: texts[CSRF_FIELD] });
  if (!sent.ok) return { message: sent.error! };
  throw redirect('/admin/subscribers?erased=1', { status: 303, headers: { 'cache-control': 'no-store' } });
}

export default function EraseSubscriber() {
  const s = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageHead title="Erase a subscriber" lead={<Link to="/admin/subscribers">Back to the subscribers</Link>} />
      <section className="c-panel c-panel--danger" aria-labelledby="erase-title">
        <h2 id="erase-title" className="c-break">
          {s.name || s.email}
        </h2>
        <p className="c-erase__who">
          {s.name ? <span className="c-break">{s.email}</span> : null}
          <StatusBadge status={s.status} />
        </p>
        <p>Erasing removes, for good and everywhere:</p>
        <ul>
          <li>their subscription and their place in past campaigns,</li>
          <li>{s.enquiries ? `their ${plural(s.enquiries, 'enquiry', 'enquiries')}, with notes and replies,` : 'any enquiry they sent (there is none now),'}</li>
          <li>their quotes and private trip links,</li>
          <li>on their bookings: their names, contacts, the manifest and the notes (the amounts, dates and payments stay, without a name, so that the accounts still balance),</li>
          <li>every e-mail to or about them still in the outbox.</li>
        </ul>
        <p className="c-muted">
          Only a one-way fingerprint of the address is kept, so an import cannot add them again. If they sign up again themselves on the site, that is their new consent and they are added as pending.
        </p>
        <FormError>{result && !('field' in result) ? result.message : undefined}</FormError>
        <EraseConfirm unticked={result && 'field' in result ? result.message : undefined} busy={busy} button={`Erase ${s.email}`} />
      </section>
    </>
  );
}
