// The review form of a safari's page: name, country, stars, the review and an optional photo.
// Like the enquiry form it has one way out, the /review page action (app/routes/review.tsx),
// which hands it to the API where every check is made (server/api/reviews.ts). Without JavaScript
// it is a plain multipart POST there. With JavaScript it checks the rules first in the browser
// (common/reviews.ts, the same schema the server uses; the photo's size and first bytes), then
// posts through a fetcher with the form token it asked for when the visitor first went into the
// form. A review is held for moderation: the form says so, and it does not appear at once.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { checkReview, PHOTO_ACCEPT, PHOTO_MAX_BYTES, PHOTO_SNIFF_BYTES, REVIEW_LIMITS, REVIEW_MESSAGES, sniffPhoto, type ReviewField } from '../../common/reviews.ts';
import type { NotReached, SentBack } from '../lib/form-submit.ts';
import { useFormToken } from '../lib/form-token.ts';
import { StarIcon } from './Icons.tsx';

export interface ReviewValues {
  name: string;
  country: string;
  rating: string;
  text: string;
}

export const REVIEW_SUBMIT_LABEL = 'Send my review';
export const REVIEW_FAILURE = 'Your review could not be sent. Please try again in a moment.';

/** What the /review action answers an enhanced form. */
export type ReviewResult = { ok: true; message: string } | SentBack | NotReached;

type FieldName = ReviewField | 'photo';

const empty: ReviewValues = { name: '', country: '', rating: '', text: '' };

export interface ReviewFormProps {
  /** The safari reviewed. */
  slug: string;
  safariTitle: string;
  initialValues?: Partial<ReviewValues>;
  serverError?: string;
  serverErrorField?: string;
  initialToken?: string | null;
}

/** The photo's problem, if it has one, told before anything is sent. */
async function photoProblem(file: File): Promise<string | null> {
  if (file.size > PHOTO_MAX_BYTES) return REVIEW_MESSAGES.photoSize;
  const head = new Uint8Array(await file.slice(0, PHOTO_SNIFF_BYTES).arrayBuffer());
  return sniffPhoto(head) ? null : REVIEW_MESSAGES.photoType;
}

export function ReviewForm({ slug, safariTitle, initialValues, serverError, serverErrorField, initialToken }: ReviewFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<ReviewResult>();
  const token = useFormToken(initialToken);
  const [values, setValues] = useState<ReviewValues>({ ...empty, ...initialValues });
  const [error, setError] = useState<{ message: string; field?: string } | null>(serverError ? { message: serverError, field: serverErrorField } : null);
  const [thanks, setThanks] = useState<string | null>(null);
  const inFlight = useRef(false);
  const [waiting, setWaiting] = useState(false);
  const sending = waiting || fetcher.state !== 'idle';
  const statusRef = useRef<HTMLDivElement>(null);

  const answered = useRef<ReviewResult | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer of the action; focusField only reads the DOM
  useEffect(() => {
    const r = fetcher.data;
    if (!r || fetcher.state !== 'idle' || answered.current === r) return;
    answered.current = r;
    inFlight.current = false;
    if (r.ok) {
      token.spent();
      setValues(empty);
      formRef.current?.reset();
      setError(null);
      setThanks(r.message);
      return;
    }
    if ('failure' in r) {
      setError({ message: REVIEW_FAILURE });
      return;
    }
    if (r.token) token.set(r.token);
    setError({ message: r.error, field: r.field });
    focusField(r.field);
  }, [fetcher.data, fetcher.state, token]);

  useEffect(() => {
    if (thanks) statusRef.current?.focus();
  }, [thanks]);

  const set = (field: keyof ReviewValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function focusField(field?: string) {
    const el = field ? formRef.current?.querySelector<HTMLElement>(field === 'rating' ? '[name="rating"]' : `[name="${field}"]`) : null;
    el?.focus();
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight.current) return;
    const form = e.currentTarget;
    const checked = checkReview(values);
    if (!checked.ok) {
      setError({ message: checked.error, field: checked.field });
      focusField(checked.field);
      return;
    }
    const fields = new FormData(form);
    const photo = fields.get('photo');
    if (photo instanceof File && photo.size > 0) {
      const problem = await photoProblem(photo);
      if (problem) {
        setError({ message: problem, field: 'photo' });
        focusField('photo');
        return;
      }
    } else fields.delete('photo');
    inFlight.current = true;
    setError(null);
    setWaiting(true);
    const formToken = await token.get();
    setWaiting(false);
    fields.set('formToken', formToken ?? '');
    fields.set('enhanced', '1');
    void fetcher.submit(fields, { method: 'post', action: '/review', encType: 'multipart/form-data', defaultShouldRevalidate: false });
  }

  const errId = id('error');
  const invalid = (field: FieldName) => (error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': errId } : {});

  if (thanks) {
    return (
      <div className="review-form__thanks" role="status" tabIndex={-1} ref={statusRef}>
        <p className="review-form__thanks-title">Thank you!</p>
        <p>{thanks}</p>
      </div>
    );
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/review"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      onFocus={token.engage}
      className="enq-form review-form"
      aria-label={`Review the ${safariTitle} safari`}
      aria-busy={sending}
    >
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="formToken" value={token.value ?? ''} />
      <div className="enq-form__hp" aria-hidden="true">
        <label htmlFor={id('website')}>Website (leave this empty)</label>
        <input id={id('website')} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <p className="enq-form__legend-note">
        All fields but the photo are required. Reviews appear once our team has read them.
      </p>

      <div className="enq-form__grid">
        <div className="enq-field">
          <label htmlFor={id('name')}>Your name</label>
          <input
            id={id('name')}
            name="name"
            type="text"
            autoComplete="name"
            aria-required="true"
            maxLength={REVIEW_LIMITS.name}
            value={values.name}
            onChange={set('name')}
            {...invalid('name')}
          />
        </div>
        <div className="enq-field">
          <label htmlFor={id('country')}>Country you live in</label>
          <input
            id={id('country')}
            name="country"
            type="text"
            autoComplete="country-name"
            aria-required="true"
            maxLength={REVIEW_LIMITS.country}
            value={values.country}
            onChange={set('country')}
            {...invalid('country')}
          />
        </div>
        <fieldset className="enq-field enq-field--wide star-input" {...(error?.field === 'rating' ? { 'aria-describedby': errId } : {})}>
          <legend>Your rating</legend>
          <div className="star-input__options">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={`star-input__option${Number(values.rating) >= n ? ' is-on' : ''}`}>
                <input
                  type="radio"
                  name="rating"
                  value={String(n)}
                  checked={values.rating === String(n)}
                  onChange={() => setValues((v) => ({ ...v, rating: String(n) }))}
                  {...(error?.field === 'rating' ? { 'aria-invalid': true as const } : {})}
                />
                <StarIcon size={30} />
                <span className="sr-only">
                  {n} {n === 1 ? 'star' : 'stars'}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="enq-field enq-field--wide">
          <label htmlFor={id('text')}>Your review</label>
          <textarea
            id={id('text')}
            name="text"
            rows={6}
            aria-required="true"
            maxLength={REVIEW_LIMITS.text}
            placeholder="What made the trip for you: the trek, the guide, the lodges…"
            value={values.text}
            onChange={set('text')}
            {...invalid('text')}
          />
        </div>
        <div className="enq-field enq-field--wide">
          <label htmlFor={id('photo')}>A photo from your safari (optional)</label>
          <input
            id={id('photo')}
            name="photo"
            type="file"
            accept={PHOTO_ACCEPT}
            {...(error?.field === 'photo' ? { 'aria-invalid': true as const } : {})}
            aria-describedby={[id('photo-hint'), error?.field === 'photo' ? errId : ''].filter(Boolean).join(' ')}
          />
          <span className="enq-field__hint" id={id('photo-hint')}>
            JPEG, PNG, WebP or AVIF, up to 6 MB. Shown with your review.
          </span>
        </div>
      </div>

      <div className="enq-form__status">
        {error && (
          <p className="enq-form__error" id={errId} role="alert">
            {error.message}
          </p>
        )}
      </div>

      <div className="enq-form__actions">
        <button type="submit" className="btn btn--primary btn--lg enq-form__submit" aria-disabled={sending || undefined}>
          {sending ? 'Sending…' : REVIEW_SUBMIT_LABEL}
        </button>
      </div>
    </fetcher.Form>
  );
}

