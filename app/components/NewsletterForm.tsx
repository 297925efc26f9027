// The footer newsletter form (full name, email). It has one way out, the /newsletter page action
// (app/lib/form-submit.ts), which hands it to the API where every check is made. With JavaScript
// it posts there through a fetcher, with the form token it asked for when the visitor first went
// into the form, and answers with the alerts of spec point 8; without, it is a plain POST, and the
// page answers (the form again with a message and a token, or the thank-you view).
import { useId, useState, type FormEvent } from 'react';
import { PrefetchPageLinks, useFetcher } from 'react-router';
import { LIMITS, validateSubscriber } from '../../common/validation.ts';
import type { NotReached, SentBack } from '../lib/form-submit.ts';
import { useFetcherAnswer, useFormToken, useTokenPost } from '../lib/form-token.ts';
import { ErrorList, Field, HoneyPot } from './Field.tsx';
import { useFailure } from '../i18n/failure.ts';
import { useT } from '../i18n/pages.ts';
import { useLocalPath } from '../lib/languages.ts';

export const NEWSLETTER_ALERTS = {
  success: 'Subscription successful!',
  failure: (text: string) => `Subscription failed: ${text}`,
  exception: 'An error occurred. Please try again later.',
} as const;

export const SUBSCRIBE_LABEL = 'Subscribe';

export interface NewsletterFormProps {
  /** 'footer' sits on the dark footer; 'page' on a light page (the /newsletter answer page). */
  tone?: 'footer' | 'page';
  initialValues?: { fullName?: string; email?: string };
  serverError?: string;
  /** The field the server's message is about, to mark it invalid. */
  serverErrorField?: string;
  /** The form token to send the form back with (only on the no-store /newsletter page). */
  initialToken?: string | null;
}

/** What the /newsletter action answers an enhanced form (app/routes/newsletter.tsx). */
export type NewsletterResult = { ok: true } | SentBack | NotReached;

export function NewsletterForm({ tone = 'footer', initialValues, serverError, serverErrorField, initialToken }: NewsletterFormProps = {}) {
  const uid = useId();
  const { fetcher, token, fullName, setFullName, email, setEmail, note, sending, onSubmit } = useNewsletter({ serverError, serverErrorField, initialToken, initialValues });
  // Both fields point at the form's message while there is one; the one it is about is invalid.
  const described = (field: string) => ({ describedBy: note ? `${uid}-error` : undefined, invalid: note?.field === field });
  const t = useT();
  const localPath = useLocalPath();

  return (
    <>
      {token.engaged && <PrefetchPageLinks page={localPath('/newsletter')} />}
      <fetcher.Form
        method="post"
        action={localPath('/newsletter')}
        onSubmit={onSubmit}
        onFocus={token.engage}
        className={`news-form news-form--${tone}`}
        aria-label={t('newsletter.label')}
        aria-busy={sending}
      >
        <input type="hidden" name="formToken" value={token.value ?? ''} />
        <HoneyPot id={`${uid}-website`} />
        <Field
          look="site"
          className="news-form__field"
          id={`${uid}-name`}
          label={t('validation.field.fullName')}
          name="fullName"
          type="text"
          autoComplete="name"
          required
          maxLength={LIMITS.fullName}
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          {...described('fullName')}
        />
        <Field
          look="site"
          className="news-form__field"
          id={`${uid}-email`}
          label={t('validation.field.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={LIMITS.email}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          {...described('email')}
        />
        {note && (
          <ErrorList look="site" className="news-form__error" id={`${uid}-error`}>
            {note.text}
          </ErrorList>
        )}
        <button type="submit" className="btn btn--gold news-form__submit" aria-disabled={sending || undefined}>
          {sending ? t('newsletter.subscribing') : t('newsletter.subscribe')}
        </button>
      </fetcher.Form>
    </>
  );
}

/** The form's state and its way out: the check in the browser, the post with the form token, and the answer's alerts. */
function useNewsletter({ initialValues, serverError, serverErrorField, initialToken }: NewsletterFormProps) {
  const fetcher = useFetcher<NewsletterResult>();
  const token = useFormToken(initialToken);
  const t = useT();
  const failureText = useFailure();
  const localPath = useLocalPath();
  const failed = (text: string) => t('newsletter.failure', { text });
  const [fullName, setFullName] = useState(initialValues?.fullName ?? '');
  const [email, setEmail] = useState(initialValues?.email ?? '');
  /** A message shown in the form: the server's (no JavaScript), or a request to press Subscribe again. */
  const [note, setNote] = useState<{ text: string; field?: string } | null>(serverError ? { text: serverError, field: serverErrorField } : null);
  const { sending, busy, answered, post } = useTokenPost(fetcher, token);

  useFetcherAnswer(fetcher, (r) => {
    answered();
    if (r.ok) {
      token.spent();
      setFullName('');
      setEmail('');
      setNote(null);
      window.alert(t('newsletter.success'));
    } else if ('failure' in r) {
      window.alert(r.failure === 'network' ? t('newsletter.exception') : failed(`HTTP ${r.status}`));
    } else {
      if (r.token) token.set(r.token);
      if (r.kind === 'refused') {
        setNote(null);
        window.alert(failed(r.error));
      } else {
        setNote({ text: r.error });
      }
    }
  });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy()) return;
    // The browser has checked that both fields are filled in; the e-mail rule is the server's too.
    const checked = validateSubscriber({ fullName, email });
    if (!checked.ok) {
      window.alert(failed(failureText(checked)));
      return;
    }
    await post(e.currentTarget, localPath('/newsletter'));
  }

  return { fetcher, token, fullName, setFullName, email, setEmail, note, sending, onSubmit };
}
