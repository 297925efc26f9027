// /review: the action every review form posts to, with or without JavaScript (the enhanced form
// through a fetcher). It hands the fields and the photo to the API (POST
// /api/safaris/{slug}/reviews), where every check is made. Without JavaScript the page answers
// with the form again (the message, the visitor's values, a form token) or redirects to the thank-
// you view. Never kept in a cache (no-store); cached safari pages carry no token.
import { data, Link, redirect, useActionData, useSearchParams } from 'react-router';
import { z } from 'zod';
import { site } from '../../common/site.ts';
import { ReviewForm, type ReviewValues } from '../components/ReviewForm.tsx';
import { languageOfPath } from '../../common/languages.ts';
import { i18nFor } from '../i18n/index.ts';
import { useT } from '../i18n/pages.ts';
import { pathIn, useLocalPath } from '../lib/languages.ts';
import { apiContext } from '../context.ts';
import { postToApi, reachServer, sentBack } from '../lib/form-submit.ts';
import { formText, readFields } from '../lib/read-form.ts';
import type { Route } from './+types/review';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The review form's fields as posted (the photo a file, or nothing): every check is the API's (common/reviews.ts). */
const REVIEW_FORM = z.object({
  slug: formText,
  name: formText,
  country: formText,
  rating: formText,
  text: formText,
  formToken: formText,
  website: formText,
  enhanced: formText,
  photo: z.instanceof(File).optional().catch(undefined),
});

export async function action({ request, context }: Route.ActionArgs) {
  const f = await readFields(request, REVIEW_FORM);
  const slug = f.slug;
  const values: ReviewValues = { name: f.name, country: f.country, rating: f.rating, text: f.text };
  const formToken = f.formToken;
  const api = context.get(apiContext);
  // The language of this page (/review, /fr/avis…): the API's words, the answer's and the thank-you page's address.
  const language = languageOfPath(new URL(request.url).pathname);
  const i18n = i18nFor(language);
  if (!SLUG.test(slug) || slug.length > 200) {
    return data({ ok: false as const, error: i18n._('review.noSafari'), token: null, kind: 'refused' as const, values, slug: '', hadPhoto: false }, { status: 400 });
  }
  const out = new FormData();
  for (const [k, v] of Object.entries(values)) out.set(k, v);
  out.set('website', f.website);
  out.set('formToken', formToken);
  out.set('language', language);
  const photo = f.photo;
  const hadPhoto = photo !== undefined && photo.size > 0;
  if (hadPhoto) out.set('photo', photo, photo.name || 'photo');
  const answer = await postToApi(api, request, `/safaris/${slug}/reviews`, out);
  if (answer.ok) {
    if (f.enhanced === '1') return { ok: true as const, message: answer.text ?? i18n._('review.thanks') };
    throw redirect(`${pathIn('/review', language)}?sent=${slug}`, 303);
  }
  const { result, status, headers } = await sentBack(api, answer, formToken, { button: i18n._('review.submit'), failure: i18n._('review.failure'), language });
  return data({ ...result, values, slug, hadPhoto }, { status, headers });
}

/** The enhanced form's post: a network or server failure becomes the form's message, not an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reachServer(serverAction);
}

export function meta({ location }: Route.MetaArgs) {
  const sent = new URLSearchParams(location.search).has('sent');
  return [{ title: `${sent ? 'Thank you for your review' : 'Your review'} | ${site.name}` }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function Review() {
  const [params] = useSearchParams();
  const sent = params.get('sent');
  const answer = useActionData<typeof action>();
  const result = answer && 'values' in answer ? answer : undefined;
  const t = useT();
  const local = useLocalPath();
  const back = local(sent && SLUG.test(sent) ? `/safaris/${sent}` : result?.slug ? `/safaris/${result.slug}` : '/safaris');

  if (sent !== null && !result) {
    return (
      <section className="form-page form-page--thanks" aria-labelledby="review-title">
        <div className="form-page__card">
          <h1 id="review-title">{t('review.pageTitleThanks')}</h1>
          <p className="form-page__lead">{t('review.thanks')}</p>
          <div className="form-page__actions">
            <Link className="btn btn--primary" to={back}>
              {t('review.backToSafari')}
            </Link>
            <Link className="btn btn--ghost" to={local('/safaris')}>
              {t('review.browseSafaris')}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="form-page" aria-labelledby="review-title">
      <div className="form-page__card form-page__card--wide">
        <p className="eyebrow">{t('review.eyebrow')}</p>
        <h1 id="review-title">{t(result?.kind === 'confirm' ? 'review.confirmTitle' : 'review.checkTitle')}</h1>
        {result?.hadPhoto && <p className="form-page__lead">{t('review.photoAgain')}</p>}
        {result?.slug ? (
          <ReviewForm
            key={JSON.stringify(result.values) + result.error + result.token}
            slug={result.slug}
            safariTitle={result.slug.replace(/-/g, ' ')}
            initialValues={result.values}
            serverError={result.error}
            serverErrorField={'field' in result ? result.field : undefined}
            initialToken={result.token}
          />
        ) : (
          <p className="form-page__lead">
            {t('review.writtenOnPage')}
            <Link to={local('/safaris')}>{t('review.chooseSafari')}</Link>
            {t('review.writtenOnPageEnd')}
          </p>
        )}
        <p>
          <Link to={back}>{t('review.backToSafari')}</Link>
        </p>
      </div>
    </section>
  );
}
