// /newsletter/confirm?token=...: the page the opt-in e-mail links to. Opening it changes nothing
// (mail scanners follow links); the button posts, and only that confirms the subscription.
import { data, Link, useActionData, useLoaderData } from 'react-router';
import { z } from 'zod';
import { site } from '../../common/site.ts';
import { apiContext } from '../context.ts';
import { linkAnswerText, postToApi } from '../lib/form-submit.ts';
import { languageOfPath } from '../../common/languages.ts';
import { useT } from '../i18n/pages.ts';
import { useLocalPath } from '../lib/languages.ts';
import { formText, readFields } from '../lib/read-form.ts';
import type { Route } from './+types/newsletter-confirm';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { token } = await readFields(request, z.object({ token: formText }));
  // The API makes the checks (the cross-site one with the browser's Origin, passed on).
  const answer = await postToApi(context.get(apiContext), request, '/newsletter/confirm', { token });
  // In the page's language (/de/newsletter/bestaetigen…: the e-mail links to its subscriber's).
  const text = linkAnswerText(answer, languageOfPath(new URL(request.url).pathname), 'newsletterLink.confirmed', 'newsletterLink.confirmInvalid');
  return data({ ok: answer.ok, text }, { status: answer.ok ? 200 : answer.status });
}

export function meta() {
  return [{ title: `Confirm your subscription | ${site.name}` }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function NewsletterConfirm() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  const local = useLocalPath();
  return (
    <section className="form-page" aria-labelledby="confirm-title">
      <div className="form-page__card">
        <p className="eyebrow">{t('newsletter.label')}</p>
        <h1 id="confirm-title">{t(result?.ok ? 'newsletterLink.subscribed' : 'newsletterLink.confirmTitle')}</h1>
        {result ? (
          <p className={result.ok ? 'form-page__lead' : 'enq-form__error'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </p>
        ) : (
          <p className="form-page__lead">{t('newsletterLink.confirmLead')}</p>
        )}
        {!result?.ok && (
          <form method="post" className="form-page__actions">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn btn--primary btn--lg">
              {t('newsletterLink.confirmButton')}
            </button>
          </form>
        )}
        {result?.ok && (
          <div className="form-page__actions">
            <Link className="btn btn--primary" to={local('/blogs')}>
              {t('newsletterLink.stories')}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
