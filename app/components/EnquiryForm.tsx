// The plan-a-safari enquiry form (spec points 2, 4, 5 and 8), in four variants:
//   contact, plan  success modal, then the visitor is taken to /blogs;
//   quote          a browser alert that the form was submitted (safari quote overlay);
//   home           the 'Thank You!' modal; an empty required field sends nothing.
// It has one way out, the /enquiry page action (app/lib/form-submit.ts), which hands it to the
// API where every check is made. Without JavaScript it is a plain POST there, answered with the
// form again (a message, the visitor's values and a form token) or a thank-you page. With
// JavaScript it checks the rules in the browser first (common/validation.ts), then posts through
// a fetcher, with the form token it asked for when the visitor first went into the form.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PrefetchPageLinks, useFetcher, useNavigate } from 'react-router';
import { CONTACT_METHODS, DEFAULT_CONTACT_METHOD, type ContactMethod } from '../../common/constants.ts';
import { hasRequiredEnquiryFields, LIMITS, validateEnquiry } from '../../common/validation.ts';
import type { NotReached, SentBack } from '../lib/form-submit.ts';
import { useFormToken } from '../lib/form-token.ts';
import { FormDialog } from './FormDialog.tsx';

export type EnquiryVariant = 'contact' | 'plan' | 'quote' | 'home';

export interface EnquiryValues {
  name: string;
  email: string;
  phone: string;
  country: string;
  message: string;
  preferredContactMethod: ContactMethod;
}

export interface EnquiryFormProps {
  /** contact and plan: success modal then /blogs; quote: browser alert; home: 'Thank You!' modal. */
  variant: 'contact' | 'plan' | 'quote' | 'home';
  /** Page address sent with the enquiry (the quote overlay sends it). */
  currentUrl?: string;
  /** Called after a successful quote submission (e.g. to close the overlay). */
  onSubmitted?: () => void;
  /** Values and message to show again, when the server refused a submission made without JavaScript. */
  initialValues?: Partial<EnquiryValues>;
  serverError?: string;
  /** Field the server's message is about, to mark it invalid. */
  serverErrorField?: string;
  /** The form token to send the form back with (only on the no-store /enquiry page). */
  initialToken?: string | null;
}

/** What the /enquiry action answers an enhanced form (app/routes/enquiry.tsx). */
export type EnquiryResult = { ok: true } | SentBack | NotReached;

export const ENQUIRY_ALERTS = {
  quoteSuccess: 'Your form has been submitted successfully!',
  serverFailure: 'Failed to submit the form.',
  failureAlert: 'Error submitting the form.',
  networkFailure: 'An error occurred while submitting the form.',
} as const;

export const HOME_THANKS = {
  title: 'Thank You!',
  text: 'Thank you for choosing the product. We will get back to you shortly.',
} as const;

const METHOD_LABELS: Record<ContactMethod, string> = { Whatsapp: 'Whatsapp', Email: 'Email', Phone: 'Phone call' };
/** Seconds before the contact and plan pages move on to /blogs after a sent enquiry. */
const REDIRECT_SECONDS = 6;

const empty: EnquiryValues = { name: '', email: '', phone: '', country: '', message: '', preferredContactMethod: DEFAULT_CONTACT_METHOD };

export const SUBMIT_LABEL: Record<EnquiryVariant, string> = {
  contact: 'Send message',
  plan: 'Send my enquiry',
  quote: 'Request my free quote',
  home: 'Start planning',
};

export function EnquiryForm({ variant, currentUrl, onSubmitted, initialValues, serverError, serverErrorField, initialToken }: EnquiryFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<EnquiryResult>();
  const token = useFormToken(initialToken);
  const [values, setValues] = useState<EnquiryValues>({ ...empty, ...initialValues });
  const [error, setError] = useState<{ message: string; field?: string } | null>(serverError ? { message: serverError, field: serverErrorField } : null);
  // A second click before the answer must not send a second enquiry.
  const inFlight = useRef(false);
  const [waiting, setWaiting] = useState(false);
  const sending = waiting || fetcher.state !== 'idle';
  const [done, setDone] = useState(false);
  const [countdown, setCountdown] = useState<number | null>(null);

  // Contact and plan: count down to /blogs while the success modal is open.
  useEffect(() => {
    if (countdown === null) return;
    if (countdown <= 0) {
      navigate('/blogs');
      return;
    }
    const t = setTimeout(() => setCountdown((c) => (c === null ? null : c - 1)), 1000);
    return () => clearTimeout(t);
  }, [countdown, navigate]);

  // The action's answer (spec point 8).
  const answered = useRef<EnquiryResult | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigate is listed so that the effect follows the router's own navigate function
  useEffect(() => {
    const r = fetcher.data;
    if (!r || fetcher.state !== 'idle' || answered.current === r) return;
    answered.current = r;
    inFlight.current = false;
    if (r.ok) {
      token.spent();
      setValues(empty);
      setError(null);
      if (variant === 'quote') {
        window.alert(ENQUIRY_ALERTS.quoteSuccess);
        onSubmitted?.();
        return;
      }
      setDone(true);
      if (variant === 'contact' || variant === 'plan') setCountdown(REDIRECT_SECONDS);
      onSubmitted?.();
      return;
    }
    if ('failure' in r) {
      window.alert(r.failure === 'network' ? ENQUIRY_ALERTS.networkFailure : ENQUIRY_ALERTS.failureAlert);
      return;
    }
    if (r.token) token.set(r.token);
    setError({ message: r.error, field: r.field });
    if (variant === 'home' && r.kind !== 'confirm') window.alert(ENQUIRY_ALERTS.failureAlert);
  }, [fetcher.data, fetcher.state, navigate, onSubmitted, token, variant]);

  const set = (field: keyof EnquiryValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function focusField(field?: string) {
    const el = field ? formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`) : null;
    el?.focus();
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight.current) return;
    if (variant === 'home' && !hasRequiredEnquiryFields(values)) return;
    const checked = validateEnquiry({ ...values, currentUrl: null });
    if (!checked.ok) {
      setError({ message: checked.error, field: checked.field });
      focusField(checked.field);
      return;
    }
    const form = e.currentTarget;
    inFlight.current = true;
    setWaiting(true);
    // Sent without a token when none could be had: the action then asks to press the button again.
    const formToken = await token.get();
    setWaiting(false);
    const fields = new FormData(form);
    fields.set('formToken', formToken ?? '');
    fields.set('currentUrl', currentUrl || window.location.href);
    fields.set('enhanced', '1');
    // Nothing on the page depends on an enquiry: no loader runs again.
    void fetcher.submit(fields, { method: 'post', action: '/enquiry', defaultShouldRevalidate: false });
  }

  const errId = id('error');
  const invalid = (field: string) => (error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': errId } : {});
  const describe = (field: string, hint?: string) => {
    const ids = [hint, error?.field === field ? errId : undefined].filter(Boolean).join(' ');
    return ids ? { 'aria-describedby': ids } : {};
  };

  return (
    <>
      {token.engaged && <PrefetchPageLinks page="/enquiry" />}
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/enquiry"
        noValidate
        onSubmit={onSubmit}
        onFocus={token.engage}
        className={`enq-form enq-form--${variant}`}
        aria-label={variant === 'quote' ? 'Request a free quote' : 'Plan your safari'}
        aria-busy={sending}
      >
        <input type="hidden" name="variant" value={variant} />
        <input type="hidden" name="formToken" value={token.value ?? ''} />
        {currentUrl && <input type="hidden" name="currentUrl" value={currentUrl} />}
        <div className="enq-form__hp" aria-hidden="true">
          <label htmlFor={id('website')}>Website (leave this empty)</label>
          <input id={id('website')} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <p className="enq-form__legend-note">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with a star</span> are required.
        </p>

        <div className="enq-form__grid">
          <div className="enq-field">
            <label htmlFor={id('name')}>
              Name <Star />
            </label>
            <input
              id={id('name')}
              name="name"
              type="text"
              autoComplete="name"
              aria-required="true"
              maxLength={LIMITS.name}
              value={values.name}
              onChange={set('name')}
              {...invalid('name')}
            />
          </div>
          <div className="enq-field">
            <label htmlFor={id('email')}>
              Email <Star />
            </label>
            <input
              id={id('email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-required="true"
              maxLength={LIMITS.email}
              value={values.email}
              onChange={set('email')}
              {...invalid('email')}
            />
          </div>
          <div className="enq-field">
            <label htmlFor={id('phone')}>Phone</label>
            <input
              id={id('phone')}
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={LIMITS.phone}
              placeholder="e.g. +256 772 418 260"
              value={values.phone}
              onChange={set('phone')}
              {...(error?.field === 'phone' ? { 'aria-invalid': true as const } : {})}
              {...describe('phone', id('phone-hint'))}
            />
            <span className="enq-field__hint" id={id('phone-hint')}>
              With country code, 7 to 15 digits
            </span>
          </div>
          <div className="enq-field">
            <label htmlFor={id('country')}>Country</label>
            <input
              id={id('country')}
              name="country"
              type="text"
              autoComplete="country-name"
              maxLength={LIMITS.country}
              value={values.country}
              onChange={set('country')}
            />
          </div>
          <div className="enq-field enq-field--wide">
            <label htmlFor={id('message')}>
              Message <Star />
            </label>
            <textarea
              id={id('message')}
              name="message"
              rows={variant === 'quote' ? 4 : 5}
              aria-required="true"
              maxLength={LIMITS.message}
              placeholder="Travel dates, group size, parks or animals you dream of…"
              value={values.message}
              onChange={set('message')}
              {...invalid('message')}
            />
          </div>
          <fieldset className="enq-field enq-field--wide enq-methods">
            <legend>Preferred contact method</legend>
            <div className="enq-methods__options">
              {CONTACT_METHODS.map((m) => (
                <label key={m} className="enq-methods__option">
                  <input
                    type="radio"
                    name="preferredContactMethod"
                    value={m}
                    checked={values.preferredContactMethod === m}
                    onChange={() => setValues((v) => ({ ...v, preferredContactMethod: m }))}
                  />
                  <span>{METHOD_LABELS[m]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        <div className="enq-form__status">
          {error && (
            <p className="enq-form__error" id={errId} role="alert">
              <ErrorIcon />
              {error.message}
            </p>
          )}
        </div>

        <div className="enq-form__actions">
          {/* aria-disabled rather than disabled: focus stays on the button while sending, so it can come back there. */}
          <button type="submit" className="btn btn--primary btn--lg enq-form__submit" aria-disabled={sending || undefined}>
            {sending ? 'Sending…' : SUBMIT_LABEL[variant]}
          </button>
          <p className="enq-form__privacy">
            By submitting this form you agree to our <a href="/privacy-policy">privacy policy</a>.
          </p>
        </div>
      </fetcher.Form>

      {(variant === 'contact' || variant === 'plan') && (
        <FormDialog
          open={done}
          title="Thank you, your enquiry is on its way"
          onClose={() => {
            setDone(false);
            setCountdown(null);
            navigate('/blogs');
          }}
          closeLabel="Close"
        >
          <p>A safari planner will get back to you shortly, usually within one working day.</p>
          <p className="enq-dialog__muted">
            {countdown !== null && countdown > 0
              ? `Meanwhile, we are taking you to our safari stories in ${countdown} second${countdown === 1 ? '' : 's'}.`
              : 'Meanwhile, enjoy our safari stories.'}
          </p>
        </FormDialog>
      )}
      {variant === 'home' && (
        <FormDialog open={done} title={HOME_THANKS.title} onClose={() => setDone(false)} closeLabel="Close">
          <p>{HOME_THANKS.text}</p>
        </FormDialog>
      )}
    </>
  );
}

function Star() {
  return (
    <span className="enq-star" aria-hidden="true">
      *
    </span>
  );
}

function ErrorIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
