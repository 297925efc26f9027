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
import { useFetcherAnswer, useFormToken, useTokenPost } from '../lib/form-token.ts';
import { ErrorList, Field, HoneyPot } from './Field.tsx';
import { StarIcon } from './Icons.tsx';
import { useT } from '../i18n/pages.ts';
import { reviewMessageText } from '../i18n/review-messages.ts';
import { useLocalPath } from '../lib/languages.ts';

export interface ReviewValues {
  name: string;
  country: string;
  rating: string;
  text: string;
}

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

/** The photo's problem, if it has one, told before anything is sent (the spec's English words). */
async function photoProblem(file: File): Promise<string | null> {
  if (file.size > PHOTO_MAX_BYTES) return REVIEW_MESSAGES.photoSize;
  const head = new Uint8Array(await file.slice(0, PHOTO_SNIFF_BYTES).arrayBuffer());
  return sniffPhoto(head) ? null : REVIEW_MESSAGES.photoType;
}

type FormError = { message: string; field?: string } | null;

export function ReviewForm({ slug, safariTitle, initialValues, serverError, serverErrorField, initialToken }: ReviewFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const review = useReview({ initialValues, serverError, serverErrorField, initialToken });
  const { token, error, sending } = review;
  const errId = id('error');
  const t = useT();

  if (review.thanks) return <ReviewThanks text={review.thanks} />;

  return (
    <review.fetcher.Form
      ref={review.formRef}
      method="post"
      action={review.action}
      encType="multipart/form-data"
      noValidate
      onSubmit={review.onSubmit}
      onFocus={token.engage}
      className="enq-form review-form"
      aria-label={t('review.formLabel', { title: safariTitle })}
      aria-busy={sending}
    >
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="formToken" value={token.value ?? ''} />
      <HoneyPot id={id('website')} />

      <p className="enq-form__legend-note">{t('review.legendNote')}</p>

      <ReviewFields review={review} id={id} errId={errId} />

      <div className="enq-form__status">
        {error && (
          <ErrorList look="site" id={errId}>
            {error.message}
          </ErrorList>
        )}
      </div>

      <div className="enq-form__actions">
        <button type="submit" className="btn btn--primary btn--lg enq-form__submit" aria-disabled={sending || undefined}>
          {sending ? t('review.sending') : t('review.submit')}
        </button>
      </div>
    </review.fetcher.Form>
  );
}

/** The review's fields: name, country, stars, the text and the photo; the one the message is about is marked and described by it. */
function ReviewFields({ review, id, errId }: { review: ReturnType<typeof useReview>; id: (name: string) => string; errId: string }) {
  const { values, error } = review;
  const t = useT();
  const invalid = (field: FieldName) => error?.field === field;
  const linked = (field: FieldName) => ({ invalid: invalid(field), describedBy: invalid(field) ? errId : undefined });
  return (
    <div className="enq-form__grid">
      <Field
        look="site"
        id={id('name')}
        label={t('review.name')}
        name="name"
        type="text"
        autoComplete="name"
        aria-required="true"
        maxLength={REVIEW_LIMITS.name}
        value={values.name}
        onChange={review.set('name')}
        {...linked('name')}
      />
      <Field
        look="site"
        id={id('country')}
        label={t('review.country')}
        name="country"
        type="text"
        autoComplete="country-name"
        aria-required="true"
        maxLength={REVIEW_LIMITS.country}
        value={values.country}
        onChange={review.set('country')}
        {...linked('country')}
      />
      <StarRating value={values.rating} onChange={(rating) => review.setValues((v) => ({ ...v, rating }))} invalid={invalid('rating')} errId={errId} />
      <Field
        look="site"
        className="enq-field enq-field--wide"
        id={id('text')}
        label={t('review.text')}
        name="text"
        {...linked('text')}
        control={(aria) => (
          <textarea
            id={aria.id}
            name="text"
            rows={6}
            aria-required="true"
            maxLength={REVIEW_LIMITS.text}
            placeholder={t('review.textPlaceholder')}
            value={values.text}
            onChange={review.set('text')}
            aria-invalid={aria['aria-invalid']}
            aria-describedby={aria['aria-describedby']}
          />
        )}
      />
      <Field
        look="site"
        className="enq-field enq-field--wide"
        id={id('photo')}
        label={t('review.photo')}
        name="photo"
        type="file"
        accept={PHOTO_ACCEPT}
        hint={t('review.photoHint')}
        {...linked('photo')}
      />
    </div>
  );
}

/**
 * The form's state and its way out: the values typed, the message shown, the check in the browser
 * (the server's schema, the photo's size and first bytes), the post through a fetcher with the
 * form token, and what the action's answer does.
 */
function useReview({ initialValues, serverError, serverErrorField, initialToken }: Omit<ReviewFormProps, 'slug' | 'safariTitle'>) {
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<ReviewResult>();
  const token = useFormToken(initialToken);
  const [values, setValues] = useState<ReviewValues>({ ...empty, ...initialValues });
  const [error, setError] = useState<FormError>(serverError ? { message: serverError, field: serverErrorField } : null);
  const [thanks, setThanks] = useState<string | null>(null);
  const { sending, busy, answered, post } = useTokenPost(fetcher, token);
  const t = useT();
  const action = useLocalPath()('/review');
  // The checks' words (the spec's English) in the page's language.
  const say = (english: string) => reviewMessageText(t, english);

  useFetcherAnswer(fetcher, (r) => {
    answered();
    if (r.ok) {
      token.spent();
      setValues(empty);
      formRef.current?.reset();
      setError(null);
      setThanks(r.message);
      return;
    }
    if ('failure' in r) {
      setError({ message: t('review.failure') });
      return;
    }
    if (r.token) token.set(r.token);
    setError({ message: r.error, field: r.field });
    focusField(r.field);
  });

  const set = (field: keyof ReviewValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function focusField(field?: string) {
    const el = field ? formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`) : null;
    el?.focus();
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy()) return;
    const form = e.currentTarget;
    const checked = checkReview(values);
    if (!checked.ok) {
      setError({ message: say(checked.error), field: checked.field });
      focusField(checked.field);
      return;
    }
    const fields = new FormData(form);
    const photo = fields.get('photo');
    if (photo instanceof File && photo.size > 0) {
      const problem = await photoProblem(photo);
      if (problem) {
        setError({ message: say(problem), field: 'photo' });
        focusField('photo');
        return;
      }
    } else fields.delete('photo');
    setError(null);
    await post(fields, action, { encType: 'multipart/form-data' });
  }

  return { formRef, fetcher, token, values, setValues, set, error, sending, thanks, onSubmit, action };
}

/** The five stars, radio buttons under one legend; described by the form's message when it is about them. */
function StarRating({ value, onChange, invalid, errId }: { value: string; onChange: (rating: string) => void; invalid: boolean; errId: string }) {
  const t = useT();
  return (
    <fieldset className="enq-field enq-field--wide star-input" {...(invalid ? { 'aria-describedby': errId } : {})}>
      <legend>{t('review.rating')}</legend>
      <div className="star-input__options">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`star-input__option${Number(value) >= n ? ' is-on' : ''}`}>
            <input type="radio" name="rating" value={String(n)} checked={value === String(n)} onChange={() => onChange(String(n))} {...(invalid ? { 'aria-invalid': true as const } : {})} />
            <StarIcon size={30} />
            <span className="sr-only">
              {n} {t('review.starWord', { n })}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Sent: the thanks take the form's place and get the focus, so that they are read out. */
function ReviewThanks({ text }: { text: string }) {
  const statusRef = useRef<HTMLDivElement>(null);
  const t = useT();
  useEffect(() => {
    statusRef.current?.focus();
  }, []);
  return (
    <div className="review-form__thanks" role="status" tabIndex={-1} ref={statusRef}>
      <p className="review-form__thanks-title">{t('review.thanksTitle')}</p>
      <p>{text}</p>
    </div>
  );
}
