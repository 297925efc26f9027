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
import { EMPTY_TRIP_VALUES, type TripField, type TripValues } from '../../common/enquiry-trip.ts';
import { hasRequiredEnquiryFields, LIMITS, validateEnquiry, type Enquiry } from '../../common/validation.ts';
import type { NotReached, SentBack } from '../lib/form-submit.ts';
import { useFetcherAnswer, useFormToken, useTokenPost } from '../lib/form-token.ts';
import { ErrorList, Field, HoneyPot } from './Field.tsx';
import { FormDialog } from './FormDialog.tsx';
import { TripFields, type SafariChoice } from './TripFields.tsx';
import { FIELD_KEYS, useFailure } from '../i18n/failure.ts';
import { useT } from '../i18n/pages.ts';
import { useLocalPath } from '../lib/languages.ts';

export type EnquiryVariant = 'contact' | 'plan' | 'quote' | 'home';

/** The form's fields: the checked enquiry's, but for the page address, which the post adds. */
export type EnquiryValues = Omit<Enquiry, 'currentUrl'>;

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
  /** plan and quote: the trip as typed (the safari of the page the visitor came from). */
  initialTrip?: Partial<TripValues>;
  /** plan: the safaris to choose from (quote: the safari is its page's). */
  safaris?: readonly SafariChoice[];
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

/** Seconds before the contact and plan pages move on to /blogs after a sent enquiry. */
const REDIRECT_SECONDS = 6;

const empty: EnquiryValues = { name: '', email: '', phone: '', country: '', message: '', preferredContactMethod: DEFAULT_CONTACT_METHOD };

/** The submit button's words per variant in the page's language (keys written whole, for the split of the catalogues per route). */
export const SUBMIT_KEYS: Record<EnquiryVariant, string> = { contact: 'enquiry.submit.contact', plan: 'enquiry.submit.plan', quote: 'enquiry.submit.quote', home: 'enquiry.submit.home' };
const METHOD_KEYS: Record<ContactMethod, string> = { Whatsapp: 'enquiry.method.Whatsapp', Email: 'enquiry.method.Email', Phone: 'enquiry.method.Phone' };

export const SUBMIT_LABEL: Record<EnquiryVariant, string> = {
  contact: 'Send message',
  plan: 'Send my enquiry',
  quote: 'Request my free quote',
  home: 'Start planning',
};

/** One text field of the form: its input's attributes, and whether it is required (its label, placeholder and hint: the catalogues' keys). */
interface TextFieldSpec {
  name: Exclude<keyof EnquiryValues, 'preferredContactMethod'>;
  required?: boolean;
  /** An input's type; a textarea when absent. */
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'email' | 'tel';
  placeholder?: string;
  hint?: string;
  wide?: boolean;
}

/** The form's text fields in their order: a new field is one more line here (and in EnquiryValues). */
const TEXT_FIELDS: readonly TextFieldSpec[] = [
  { name: 'name', required: true, type: 'text', autoComplete: 'name' },
  { name: 'email', required: true, type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', required: true, type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: 'enquiry.phonePlaceholder', hint: 'enquiry.phoneHint' },
  { name: 'country', type: 'text', autoComplete: 'country-name' },
  { name: 'message', required: true, placeholder: 'enquiry.messagePlaceholder', wide: true },
];

type FormError = { message: string; field?: string } | null;

export function EnquiryForm(props: EnquiryFormProps) {
  const { variant, currentUrl, safaris } = props;
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const enquiry = useEnquiry(props);
  const { token, values, error, sending } = enquiry;
  const errId = id('error');
  const t = useT();
  const localPath = useLocalPath();

  return (
    <>
      {token.engaged && <PrefetchPageLinks page={localPath('/enquiry')} />}
      <enquiry.fetcher.Form
        ref={enquiry.formRef}
        method="post"
        action={localPath('/enquiry')}
        noValidate
        onSubmit={enquiry.onSubmit}
        onFocus={token.engage}
        className={`enq-form enq-form--${variant}`}
        aria-label={t(variant === 'quote' ? 'enquiry.label.quote' : 'enquiry.label.plan')}
        aria-busy={sending}
      >
        <input type="hidden" name="variant" value={variant} />
        <input type="hidden" name="formToken" value={token.value ?? ''} />
        {currentUrl && <input type="hidden" name="currentUrl" value={currentUrl} />}
        <HoneyPot id={id('website')} />

        <p className="enq-form__legend-note">
          {t('enquiry.marked')}
          <span aria-hidden="true">*</span>
          <span className="sr-only">{t('enquiry.withStar')}</span>
          {t('enquiry.areRequired')}
        </p>

        <div className="enq-form__grid">
          {TEXT_FIELDS.map((spec) => (
            <EnquiryTextField
              key={spec.name}
              spec={spec}
              id={id(spec.name)}
              rows={variant === 'quote' ? 4 : 5}
              value={values[spec.name]}
              onChange={enquiry.set(spec.name)}
              invalid={error?.field === spec.name}
              errId={errId}
            />
          ))}
          <ContactMethods value={values.preferredContactMethod} onChange={(m) => enquiry.setValues((v) => ({ ...v, preferredContactMethod: m }))} />
          {(variant === 'plan' || variant === 'quote') && <TripFields id={id} values={enquiry.trip} onChange={enquiry.setTripField} safaris={safaris} errorField={error?.field} errId={errId} />}
        </div>

        <div className="enq-form__status">
          {error && (
            <ErrorList look="site" id={errId}>
              <ErrorIcon />
              {error.message}
            </ErrorList>
          )}
        </div>

        <div className="enq-form__actions">
          {/* aria-disabled rather than disabled: focus stays on the button while sending, so it can come back there. */}
          <button type="submit" className="btn btn--primary btn--lg enq-form__submit" aria-disabled={sending || undefined}>
            {sending ? t('enquiry.sending') : t(SUBMIT_KEYS[variant])}
          </button>
          <p className="enq-form__privacy">
            {t('enquiry.privacyBefore')}
            <a href={localPath('/privacy-policy')}>{t('enquiry.privacyLink')}</a>
            {t('enquiry.privacyAfter')}
          </p>
        </div>
      </enquiry.fetcher.Form>

      {(variant === 'contact' || variant === 'plan') && <OnItsWay open={enquiry.done} countdown={enquiry.countdown} onClose={enquiry.closeThanks} />}
      {variant === 'home' && <HomeThanks open={enquiry.done} onClose={enquiry.closeThanks} />}
    </>
  );
}

/**
 * The form's state and its way out: the values typed, the message shown, the check in the browser
 * (common/validation.ts) and the post through a fetcher with the form token, and what the
 * action's answer does (spec point 8).
 */
function useEnquiry({ variant, currentUrl, onSubmitted, initialValues, serverError, serverErrorField, initialToken, initialTrip, safaris }: EnquiryFormProps) {
  const navigate = useNavigate();
  const t = useT();
  const failureText = useFailure();
  const localPath = useLocalPath();
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<EnquiryResult>();
  const token = useFormToken(initialToken);
  const [values, setValues] = useState<EnquiryValues>({ ...empty, ...initialValues });
  const { trip, setTripField, resetTrip } = useTrip(initialTrip, safaris);
  const [error, setError] = useState<FormError>(serverError ? { message: serverError, field: serverErrorField } : null);
  const { sending, busy, answered, post } = useTokenPost(fetcher, token);
  const [done, setDone] = useState(false);
  const countdown = useCountdown(navigate, localPath('/blogs'));

  // The action's answer (spec point 8).
  useFetcherAnswer(fetcher, (r) => {
    answered();
    if (r.ok) {
      token.spent();
      setValues(empty);
      resetTrip();
      setError(null);
      if (variant === 'quote') {
        window.alert(t('enquiry.quoteSuccess'));
        onSubmitted?.();
        return;
      }
      setDone(true);
      if (variant === 'contact' || variant === 'plan') countdown.start(REDIRECT_SECONDS);
      onSubmitted?.();
      return;
    }
    if ('failure' in r) {
      window.alert(t(r.failure === 'network' ? 'enquiry.networkFailure' : 'enquiry.failureAlert'));
      return;
    }
    if (r.token) token.set(r.token);
    setError({ message: r.error, field: r.field });
    if (variant === 'home' && r.kind !== 'confirm') window.alert(t('enquiry.failureAlert'));
  });

  const set = (field: keyof EnquiryValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy()) return;
    if (variant === 'home' && !hasRequiredEnquiryFields(values)) return;
    const checked = validateEnquiry({ ...values, currentUrl: null });
    if (!checked.ok) {
      setError({ message: failureText(checked), field: checked.field });
      focusField(formRef.current, checked.field);
      return;
    }
    await post(e.currentTarget, localPath('/enquiry'), { more: { currentUrl: currentUrl || window.location.href } });
  }

  function closeThanks() {
    setDone(false);
    countdown.stop();
    if (variant === 'contact' || variant === 'plan') navigate(localPath('/blogs'));
  }

  return { formRef, fetcher, token, values, setValues, set, trip, setTripField, error, sending, done, countdown: countdown.left, onSubmit, closeThanks };
}

/** Moves the focus to the named field of the form, if there is one. */
function focusField(form: HTMLFormElement | null, field?: string) {
  const el = field ? form?.querySelector<HTMLElement>(`[name="${field}"]`) : null;
  el?.focus();
}

/** The trip as typed; after a sent enquiry, a quote form keeps its safari (its page's). */
function useTrip(initialTrip: Partial<TripValues> | undefined, safaris: EnquiryFormProps['safaris']) {
  const [trip, setTrip] = useState<TripValues>({ ...EMPTY_TRIP_VALUES, ...initialTrip });
  const setTripField = (field: TripField, value: string) => setTrip((t) => ({ ...t, [field]: value }));
  const resetTrip = () => setTrip({ ...EMPTY_TRIP_VALUES, ...(safaris ? {} : { safari: initialTrip?.safari ?? '' }) });
  return { trip, setTripField, resetTrip };
}

/** Contact and plan: the seconds left before the visitor is taken to /blogs (null: not counting). */
function useCountdown(navigate: ReturnType<typeof useNavigate>, blogs: string) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      navigate(blogs);
      return;
    }
    const t = setTimeout(() => setLeft((c) => (c === null ? null : c - 1)), 1000);
    return () => clearTimeout(t);
  }, [left, navigate, blogs]);
  return { left, start: (seconds: number) => setLeft(seconds), stop: () => setLeft(null) };
}

/** A field the form's message can be about: marked invalid and described by it then. */
function EnquiryTextField({
  spec,
  id,
  rows,
  value,
  onChange,
  invalid,
  errId,
}: {
  spec: TextFieldSpec;
  id: string;
  rows: number;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  invalid: boolean;
  errId: string;
}) {
  const t = useT();
  const text = t(FIELD_KEYS[spec.name]);
  // One text node before the star, as a label written out in full would have.
  const label = spec.required ? (
    <>
      {`${text} `}
      <Star />
    </>
  ) : (
    text
  );
  const common = { 'aria-required': spec.required ? ('true' as const) : undefined, maxLength: LIMITS[spec.name], placeholder: spec.placeholder && t(spec.placeholder), value, onChange };
  return (
    <Field
      look="site"
      className={spec.wide ? 'enq-field enq-field--wide' : 'enq-field'}
      id={id}
      name={spec.name}
      label={label}
      hint={spec.hint && t(spec.hint)}
      invalid={invalid}
      describedBy={invalid ? errId : undefined}
      control={(aria) =>
        spec.type ? (
          <input
            id={aria.id}
            name={spec.name}
            type={spec.type}
            autoComplete={spec.autoComplete}
            inputMode={spec.inputMode}
            {...common}
            aria-invalid={aria['aria-invalid']}
            aria-describedby={aria['aria-describedby']}
          />
        ) : (
          <textarea id={aria.id} name={spec.name} rows={rows} {...common} aria-invalid={aria['aria-invalid']} aria-describedby={aria['aria-describedby']} />
        )
      }
    />
  );
}

function ContactMethods({ value, onChange }: { value: ContactMethod; onChange: (m: ContactMethod) => void }) {
  const t = useT();
  return (
    <fieldset className="enq-field enq-field--wide enq-methods">
      <legend>{t('enquiry.contactMethod')}</legend>
      <div className="enq-methods__options">
        {CONTACT_METHODS.map((m) => (
          <label key={m} className="enq-methods__option">
            <input type="radio" name="preferredContactMethod" value={m} checked={value === m} onChange={() => onChange(m)} />
            <span>{t(METHOD_KEYS[m])}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Contact and plan, after a sent enquiry: the visitor is taken to /blogs when it counts down. */
function OnItsWay({ open, countdown, onClose }: { open: boolean; countdown: number | null; onClose: () => void }) {
  const t = useT();
  return (
    <FormDialog open={open} title={t('enquiry.thanksTitle')} onClose={onClose} closeLabel={t('enquiry.close')}>
      <p>{t('enquiry.thanksText')}</p>
      <p className="enq-dialog__muted">{countdown !== null && countdown > 0 ? t('enquiry.countdown', { count: countdown }) : t('enquiry.meanwhile')}</p>
    </FormDialog>
  );
}

function HomeThanks({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <FormDialog open={open} title={t('enquiry.homeTitle')} onClose={onClose} closeLabel={t('enquiry.close')}>
      <p>{t('enquiry.homeText')}</p>
    </FormDialog>
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
