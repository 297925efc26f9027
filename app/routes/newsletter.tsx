// /newsletter: the action every newsletter form posts to, with or without JavaScript (the footer
// form through a fetcher). It hands the fields to the API (POST /api/admin/clients), where every
// check is made (app/lib/form-submit.ts). Without JavaScript it answers with a page: the form
// again (a message, the visitor's values, a form token) or, after a redirect, the thank-you
// view. A post without a good token comes back with a fresh one and a "press Subscribe to
// confirm" message. Never kept in a cache (no-store).
import { data, Link, redirect, useActionData, useSearchParams } from 'react-router';
import { z } from 'zod';
import { site } from '../../common/site.ts';
import { NewsletterForm } from '../components/NewsletterForm.tsx';
import { languageOfPath } from '../../common/languages.ts';
import { i18nFor } from '../i18n/index.ts';
import { useT } from '../i18n/pages.ts';
import { apiContext } from '../context.ts';
import { postToApi, reachServer, sentBack } from '../lib/form-submit.ts';
import { formText, readFields } from '../lib/read-form.ts';
import type { Route } from './+types/newsletter';
import { languageOfForm, pathIn, useLocalPath } from '../lib/languages.ts';

/** The newsletter form's fields as posted: every check is the API's (common/validation.ts). */
const NEWSLETTER_FORM = z.object({ fullName: formText, email: formText, formToken: formText, website: formText, enhanced: formText });

export async function action({ request, context }: Route.ActionArgs) {
  const f = await readFields(request, NEWSLETTER_FORM);
  const values = { fullName: f.fullName, email: f.email };
  const language = languageOfPath(new URL(request.url).pathname);
  const formToken = f.formToken;
  const api = context.get(apiContext);
  const answer = await postToApi(api, request, '/admin/clients', { ...values, website: f.website, formToken, language: languageOfForm(request) });
  if (answer.ok) {
    if (f.enhanced === '1') return { ok: true as const };
    throw redirect(`${pathIn('/newsletter', language)}?subscribed=1`, 303);
  }
  const { result, status, headers } = await sentBack(api, answer, formToken, { button: i18nFor(language)._('newsletter.subscribe'), failure: `HTTP ${answer.status}`, language });
  return data({ ...result, values }, { status, headers });
}

/** The enhanced form's post: a network or server failure becomes the form's alert, not an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reachServer(serverAction);
}

export function meta({ location }: Route.MetaArgs) {
  const subscribed = new URLSearchParams(location.search).get('subscribed') === '1';
  return [{ title: `${subscribed ? 'Subscription successful' : 'Newsletter'} | ${site.name}` }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function Newsletter() {
  const [params] = useSearchParams();
  const subscribed = params.get('subscribed') === '1';
  const answer = useActionData<typeof action>();
  // The answer to a post made without JavaScript (an enhanced form keeps its answer to itself).
  const result = answer && 'values' in answer ? answer : undefined;
  const t = useT();
  const localPath = useLocalPath();
  if (subscribed && !result) {
    return (
      <section className="form-page form-page--thanks" aria-labelledby="newsletter-title">
        <div className="form-page__card">
          <h1 id="newsletter-title">{t('newsletter.success')}</h1>
          <p className="form-page__lead">{t('newsletter.checkInbox')}</p>
          <div className="form-page__actions">
            <Link className="btn btn--primary" to={localPath('/blogs')}>
              {t('enquiry.readStories')}
            </Link>
            <Link className="btn btn--ghost" to={localPath('/')}>
              {t('newsletter.home')}
            </Link>
          </div>
        </div>
      </section>
    );
  }
  return (
    <section className="form-page" aria-labelledby="newsletter-title">
      <div className="form-page__card">
        <p className="eyebrow">{t('newsletter.label')}</p>
        <h1 id="newsletter-title">{t('newsletter.title')}</h1>
        <p className="form-page__lead">{t('newsletter.lead')}</p>
        <NewsletterForm
          key={result ? result.error + result.token : 'empty'}
          tone="page"
          initialValues={result?.values}
          serverError={result ? (result.kind === 'refused' ? t('newsletter.failure', { text: result.error }) : result.error) : undefined}
          serverErrorField={result?.field}
          initialToken={result?.token}
        />
      </div>
    </section>
  );
}
