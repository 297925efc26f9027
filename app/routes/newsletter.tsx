// /newsletter: where the footer newsletter form posts without JavaScript. The action subscribes
// through the API (POST /api/admin/clients) and answers with a page.
import { data, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { CROSS_SITE_MESSAGE, isCrossSite } from '../../common/origin.ts';
import { site } from '../../common/site.ts';
import { NEWSLETTER_ALERTS, NewsletterForm } from '../components/NewsletterForm.tsx';
import { apiContext } from '../context.ts';
import type { Route } from './+types/newsletter';

const text = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '');

export function loader({ request }: Route.LoaderArgs) {
  const done = new URL(request.url).searchParams.get('subscribed');
  return { subscribed: done === '1' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { fullName: text(form.get('fullName')), email: text(form.get('email')) };
  if (isCrossSite(request.headers, request.url)) return data({ error: CROSS_SITE_MESSAGE, values }, { status: 403 });
  const res = await context.get(apiContext).fetch('/admin/clients', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...values, website: text(form.get('website')) }),
  });
  if (res.ok) throw redirect('/newsletter?subscribed=1', 303);
  const raw = await res.text();
  let error = raw;
  try {
    error = (JSON.parse(raw) as { error?: string }).error || raw;
  } catch {
    /* plain text */
  }
  return data({ error: NEWSLETTER_ALERTS.failure(error || `HTTP ${res.status}`), values }, { status: res.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.subscribed ? 'Subscription successful' : 'Newsletter'} | ${site.name}` }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function Newsletter() {
  const { subscribed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (subscribed && !result) {
    return (
      <section className="form-page form-page--thanks" aria-labelledby="newsletter-title">
        <div className="form-page__card">
          <h1 id="newsletter-title">{NEWSLETTER_ALERTS.success}</h1>
          <p className="form-page__lead">
            Please check your inbox: we have sent you an e-mail with a link to confirm your subscription. Nothing is sent until you confirm.
          </p>
          <div className="form-page__actions">
            <Link className="btn btn--primary" to="/blogs">
              Read our safari stories
            </Link>
            <Link className="btn btn--ghost" to="/">
              Back to the home page
            </Link>
          </div>
        </div>
      </section>
    );
  }
  return (
    <section className="form-page" aria-labelledby="newsletter-title">
      <div className="form-page__card">
        <p className="eyebrow">Newsletter</p>
        <h1 id="newsletter-title">Safari news, a few times a year</h1>
        <p className="form-page__lead">Seasonal permit news, new itineraries and stories from the field. Unsubscribe at any time.</p>
        <NewsletterForm key={result?.error ?? 'empty'} tone="page" initialValues={result?.values} serverError={result?.error} />
      </div>
    </section>
  );
}
