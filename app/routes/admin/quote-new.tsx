// /admin/quotes/new (?enquiry={id}, ?safari={slug}): a new quote for a traveller, from an enquiry
// (who, and the safari it came from), a safari of the site (its days, lodges, stops and price
// copied in) or a blank itinerary. Saved as a draft, then opened on its own screen.
import { Form, redirect, useActionData, useLoaderData } from 'react-router';
import type { SafariResponse } from '../../../common/api-types.ts';
import { blankQuote, quoteFromSafari, withEnquiryTrip } from '../../../common/quote-base.ts';
import type { QuoteChoices, QuoteStart } from '../../../common/quote-admin.ts';
import { documentFromForm } from '../../../common/quote-form.ts';
import { CsrfInput, FormError, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { apiContext } from '../../context.ts';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formEntries, formFields } from '../../lib/read-form.ts';
import { QuoteFields } from './quote-editor.tsx';
import type { Route } from './+types/quote-new';
import './quotes.css';

export function meta() {
  return [{ title: 'New quote | Console' }];
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const enquiry = url.searchParams.get('enquiry');
  const [start, choices] = await Promise.all([
    adminGet<QuoteStart>(context, request, `/quotes/new${enquiry ? `?enquiry=${encodeURIComponent(enquiry)}` : ''}`),
    adminGet<QuoteChoices>(context, request, '/quote-choices'),
  ]);
  const slug = url.searchParams.get('safari') ?? start.safariSlug;
  // The operator's day (their time zone), not UTC's.
  const today = choices.today;
  let safari: SafariResponse | null = null;
  if (slug && SLUG.test(slug)) {
    const res = await context.get(apiContext).fetch(`/safaris/${slug}`, { headers: { accept: 'application/json' } });
    if (res.ok) safari = (await res.json()) as SafariResponse;
  }
  return {
    start: { ...start, safariSlug: safari ? slug : null },
    document: withEnquiryTrip(safari ? quoteFromSafari(safari, today) : blankQuote(today), start.trip, today),
    safariTitle: safari?.safari.safarititle ?? null,
    choices,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await formFields(request);
  const f = Object.fromEntries(Object.entries(formEntries(form)).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  const json = {
    traveller: { name: f.travellerName ?? '', email: f.travellerEmail ?? '', phone: f.travellerPhone ?? '' },
    enquiryId: f.enquiryId ? Number(f.enquiryId) : null,
    safariSlug: f.safariSlug || null,
    document: documentFromForm(f, await adminGet<QuoteChoices>(context, request, '/quote-choices')),
  };
  const sent = await adminSend<{ id: number }>(context, request, '/quotes', { json, csrf: form.get(CSRF_FIELD) });
  if (sent.ok && sent.data) throw redirect(`/admin/quotes/${sent.data.id}`, { status: 303, headers: { 'cache-control': 'no-store' } });
  return { error: sent.error ?? 'The quote could not be saved.' };
}

export default function NewQuote() {
  const { start, document, safariTitle, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const lead = safariTitle ? `Based on the safari “${safariTitle}”: change anything before you send it.` : 'A blank itinerary: add the days and the price lines.';
  return (
    <>
      <PageHead title="New quote" lead={lead} />
      <Form method="post" className="q-form">
        <CsrfInput />
        <input type="hidden" name="enquiryId" value={start.enquiryId ?? ''} />
        <input type="hidden" name="safariSlug" value={start.safariSlug ?? ''} />
        <FormError>{result?.error}</FormError>
        <fieldset className="q-group">
          <legend>The traveller</legend>
          <label className="q-field">
            <span>Name</span>
            <input name="travellerName" defaultValue={start.traveller.name} required />
          </label>
          <label className="q-field">
            <span>E-mail</span>
            <input name="travellerEmail" type="email" defaultValue={start.traveller.email} required />
          </label>
          <label className="q-field">
            <span>Phone</span>
            <input name="travellerPhone" defaultValue={start.traveller.phone} />
          </label>
          {start.message && <p className="q-field--wide q-muted">Their enquiry: “{start.message}”</p>}
        </fieldset>
        <QuoteFields doc={document} choices={choices} />
        <button type="submit" className="btn btn--primary">
          Save the draft
        </button>
      </Form>
    </>
  );
}
