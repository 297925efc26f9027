// /newsletter/unsubscribe?token=...: the unsubscribe link of every newsletter e-mail. Opening it
// changes nothing; the button posts. The same address is the List-Unsubscribe header of every
// newsletter e-mail: a mail client's one-click POST (body List-Unsubscribe=One-Click) unsubscribes.
import { data, Link, useActionData, useLoaderData } from 'react-router';
import { z } from 'zod';
import { site } from '../../common/site.ts';
import { apiContext } from '../context.ts';
import { linkAnswerText, postToApi } from '../lib/form-submit.ts';
import { languageOfPath } from '../../common/languages.ts';
import { useT, useTParts } from '../i18n/pages.ts';
import { useLocalPath } from '../lib/languages.ts';
import { formText, readFields } from '../lib/read-form.ts';
import type { Route } from './+types/newsletter-unsubscribe';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readFields(request, z.object({ token: formText }));
  // The button sends the token in the form; a mail client's one-click POST (RFC 8058) has it in the address.
  const token = posted.token || (new URL(request.url).searchParams.get('token') ?? '');
  // The token is the authority: mail providers post here from no site at all (no cross-site check).
  const answer = await postToApi(context.get(apiContext), request, '/newsletter/unsubscribe', { token });
  const text = linkAnswerText(answer, languageOfPath(new URL(request.url).pathname), 'newsletterLink.unsubscribed', 'newsletterLink.unsubscribeInvalid');
  return data({ ok: answer.ok, text }, { status: answer.ok ? 200 : answer.status });
}

export function meta() {
  return [{ title: `Unsubscribe | ${site.name}` }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function NewsletterUnsubscribe() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  const tParts = useTParts();
  const local = useLocalPath();
  return (
    <section className="form-page" aria-labelledby="unsubscribe-title">
      <div className="form-page__card">
        <p className="eyebrow">{t('newsletter.label')}</p>
        <h1 id="unsubscribe-title">{t(result?.ok ? 'newsletterLink.unsubscribedTitle' : 'newsletterLink.unsubscribeTitle')}</h1>
        {result ? (
          <p className={result.ok ? 'form-page__lead' : 'enq-form__error'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </p>
        ) : (
          <p className="form-page__lead">{tParts('newsletterLink.unsubscribeLead', { name: site.name })}</p>
        )}
        {!result?.ok && (
          <form method="post" className="form-page__actions">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn btn--primary btn--lg">
              {t('newsletterLink.unsubscribeButton')}
            </button>
          </form>
        )}
        {result?.ok && (
          <div className="form-page__actions">
            <Link className="btn btn--ghost" to={local('/')}>
              {t('newsletterLink.home')}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
