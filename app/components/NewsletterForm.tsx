// The footer newsletter form (full name, email). With JavaScript it posts JSON to
// /api/admin/clients and answers with the alerts of spec point 8; without, it is a plain POST to
// /newsletter, which answers with a page.
import { useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '../../common/validation.ts';

export const NEWSLETTER_ALERTS = {
  success: 'Subscription successful!',
  failure: (text: string) => `Subscription failed: ${text}`,
  exception: 'An error occurred. Please try again later.',
} as const;

export interface NewsletterFormProps {
  /** 'footer' sits on the dark footer; 'page' on a light page (the /newsletter answer page). */
  tone?: 'footer' | 'page';
  initialValues?: { fullName?: string; email?: string };
  serverError?: string;
}

/** The server's words for a refusal: the error field of a JSON answer, else the answer's text. */
async function failureText(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    /* not JSON */
  }
  return text.trim() || `HTTP ${res.status}`;
}

export function NewsletterForm({ tone = 'footer', initialValues, serverError }: NewsletterFormProps = {}) {
  const uid = useId();
  const [fullName, setFullName] = useState(initialValues?.fullName ?? '');
  const [email, setEmail] = useState(initialValues?.email ?? '');
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight.current) return;
    const honeypot = new FormData(e.currentTarget).get('website');
    inFlight.current = true;
    setSending(true);
    try {
      const res = await fetch('/api/admin/clients', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fullName, email, ...(honeypot ? { website: String(honeypot) } : {}) }),
      });
      if (res.ok) {
        setFullName('');
        setEmail('');
        window.alert(NEWSLETTER_ALERTS.success);
      } else {
        window.alert(NEWSLETTER_ALERTS.failure(await failureText(res)));
      }
    } catch {
      window.alert(NEWSLETTER_ALERTS.exception);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form method="post" action="/newsletter" onSubmit={onSubmit} className={`news-form news-form--${tone}`} aria-label="Newsletter" aria-busy={sending}>
      <div className="enq-form__hp" aria-hidden="true">
        <label htmlFor={`${uid}-website`}>Website (leave this empty)</label>
        <input id={`${uid}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="news-form__field">
        <label htmlFor={`${uid}-name`}>Full name</label>
        <input
          id={`${uid}-name`}
          name="fullName"
          type="text"
          autoComplete="name"
          required
          maxLength={LIMITS.fullName}
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
        />
      </div>
      <div className="news-form__field">
        <label htmlFor={`${uid}-email`}>Email</label>
        <input
          id={`${uid}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={LIMITS.email}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          {...(serverError ? { 'aria-describedby': `${uid}-error`, 'aria-invalid': true } : {})}
        />
      </div>
      {serverError && (
        <p className="news-form__error" id={`${uid}-error`} role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="btn btn--gold news-form__submit" aria-disabled={sending || undefined}>
        {sending ? 'Subscribing…' : 'Subscribe'}
      </button>
    </form>
  );
}
