// /enquiry: where the enquiry form posts without JavaScript. The action applies the same rules
// through the API (POST /api/plan-a-safari) and either shows the form again with the message
// or redirects to the thank-you view (so reloading does not send the enquiry twice).
import { data, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { CONTACT_METHODS, DEFAULT_CONTACT_METHOD, type ContactMethod } from '../../common/constants.ts';
import { CROSS_SITE_MESSAGE, isCrossSite } from '../../common/origin.ts';
import { site } from '../../common/site.ts';
import { validateEnquiry } from '../../common/validation.ts';
import { ENQUIRY_ALERTS, EnquiryForm, HOME_THANKS, type EnquiryValues, type EnquiryVariant } from '../components/EnquiryForm.tsx';
import { apiContext } from '../context.ts';
import type { Route } from './+types/enquiry';

const VARIANTS: EnquiryVariant[] = ['contact', 'plan', 'quote', 'home'];
const variantOf = (v: unknown): EnquiryVariant => (VARIANTS.includes(v as EnquiryVariant) ? (v as EnquiryVariant) : 'plan');
const text = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '');

export function loader({ request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get('sent');
  return { sent: sent === null ? null : variantOf(sent) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const variant = variantOf(form.get('variant'));
  const method = text(form.get('preferredContactMethod'));
  const values: EnquiryValues = {
    name: text(form.get('name')),
    email: text(form.get('email')),
    phone: text(form.get('phone')),
    country: text(form.get('country')),
    message: text(form.get('message')),
    preferredContactMethod: CONTACT_METHODS.includes(method as ContactMethod) ? (method as ContactMethod) : DEFAULT_CONTACT_METHOD,
  };
  if (isCrossSite(request.headers, request.url)) return data({ error: CROSS_SITE_MESSAGE, field: undefined, values, variant }, { status: 403 });

  const currentUrl = text(form.get('currentUrl')) || request.headers.get('referer') || '';
  const res = await context.get(apiContext).fetch('/plan-a-safari', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...values, currentUrl: currentUrl.length <= 2048 ? currentUrl : '', website: text(form.get('website')) }),
  });
  if (res.ok) throw redirect(`/enquiry?sent=${variant}`, 303);

  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  const error = body?.error || ENQUIRY_ALERTS.serverFailure;
  const local = validateEnquiry(values);
  const field = !local.ok && local.error === error ? local.field : undefined;
  return data({ error, field, values, variant }, { status: res.status >= 400 && res.status < 600 ? res.status : 400 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.sent ? 'Thank you' : 'Plan your safari'} | ${site.name}` }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function Enquiry() {
  const { sent } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();

  if (sent && !result) {
    const home = sent === 'home';
    return (
      <section className="form-page form-page--thanks" aria-labelledby="enquiry-title">
        <div className="form-page__card">
          <div className="enq-dialog__mark" aria-hidden="true">
            <svg width="30" height="30" viewBox="0 0 24 24">
              <path d="M5 12.5l4.2 4.2L19 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </div>
          <h1 id="enquiry-title">{home ? HOME_THANKS.title : 'Thank you, your enquiry is on its way'}</h1>
          <p className="form-page__lead">
            {home ? HOME_THANKS.text : 'A safari planner will get back to you shortly, usually within one working day.'}
          </p>
          <p>We have also sent you an e-mail to confirm that your enquiry arrived.</p>
          <div className="form-page__actions">
            <Link className="btn btn--primary" to="/blogs">
              Read our safari stories
            </Link>
            <Link className="btn btn--ghost" to="/safaris">
              Browse safaris
            </Link>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="form-page" aria-labelledby="enquiry-title">
      <div className="form-page__card form-page__card--wide">
        <p className="eyebrow">Plan your safari</p>
        <h1 id="enquiry-title">{result ? 'Please check your enquiry' : 'Tell us about the safari you have in mind'}</h1>
        <p className="form-page__lead">
          Our planners in Kabale answer every enquiry personally, usually within one working day. You can also call or WhatsApp us on{' '}
          <a href={site.phoneHref}>{site.phone}</a>.
        </p>
        <EnquiryForm
          key={result ? JSON.stringify(result.values) + result.error : 'empty'}
          variant={result?.variant === 'home' ? 'home' : (result?.variant ?? 'plan')}
          initialValues={result?.values}
          serverError={result?.error}
          serverErrorField={result?.field}
        />
      </div>
    </section>
  );
}
