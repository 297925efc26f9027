// The reviews of a safari's page: the approved reviews of travellers (newest first) with their
// average, and the form to write one. The form is a lazy island: its HTML is in the page (a plain
// multipart POST to /review without JavaScript) and its code loads once the browser is idle.
import { lazy, Suspense } from 'react';
import type { ApprovedReview, ReviewSummary } from '../../common/api-types.ts';
import { site } from '../../common/site.ts';
import { apiAsset } from '../../common/api-client.ts';
import { whenIdle } from '../lib/idle.ts';
import { useFormat } from '../lib/format.ts';
import { useT, useTParts } from '../i18n/pages.ts';
import { Image } from './Image.tsx';
import { StarIcon } from './Icons.tsx';

const ReviewForm = lazy(() =>
  whenIdle()
    .then(() => import('./ReviewForm.tsx'))
    .then((m) => ({ default: m.ReviewForm })),
);

function StarRating({ value, label }: { value: number; label?: string }) {
  const on = Math.round(value);
  const t = useT();
  return (
    <span className="stars" role="img" aria-label={label ?? t('reviews.stars', { rating: value })}>
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} size={16} className={i < on ? 'is-on' : 'is-off'} />
      ))}
    </span>
  );
}

function TravellerReview({ review }: { review: ApprovedReview }) {
  const { date } = useFormat();
  const t = useT();
  const tParts = useTParts();
  const d = date(review.date);
  return (
    <li className="t-review">
      <article aria-labelledby={`t-review-${review.id}`}>
        <header className="t-review__head">
          <StarRating value={review.rating} label={t('reviews.stars', { rating: review.rating })} />
          <h3 id={`t-review-${review.id}`} className="t-review__name">
            {review.name}
            <span className="t-review__country">, {review.country}</span>
          </h3>
          <time className="t-review__date" dateTime={d.iso}>
            {d.text}
          </time>
        </header>
        <p className="t-review__text">{review.text}</p>
        {review.photo && (
          <a className="t-review__photo" href={apiAsset(review.photo.src)} target="_blank" rel="noopener">
            <Image src={review.photo.src} alt={t('reviews.photoAlt', { name: review.name })} width={review.photo.width} height={review.photo.height} sizes="(min-width: 700px) 240px, 60vw" />
            <span className="sr-only">{t('reviews.opensPhoto')}</span>
          </a>
        )}
        {review.reply ? (
          <div className="t-review__reply">
            <p className="t-review__reply-head">
              {tParts('reviews.replyFrom', { name: site.name })}
              <time dateTime={review.reply.date}>{date(review.reply.date).text}</time>
            </p>
            <p className="t-review__text">{review.reply.text}</p>
          </div>
        ) : null}
      </article>
    </li>
  );
}

export function SafariReviews({ slug, title, reviews, rating }: { slug: string; title: string; reviews: ApprovedReview[]; rating: ReviewSummary | null }) {
  const t = useT();
  const tParts = useTParts();
  return (
    <section id="reviews" className="section section--mist t-reviews" aria-labelledby="reviews-title">
      <div className="container t-reviews__grid">
        <div>
          <p className="eyebrow">{t('reviews.eyebrow')}</p>
          <h2 id="reviews-title" className="section__title">
            {t('reviews.title')}
          </h2>
          {rating ? (
            <p className="t-reviews__summary">
              <StarRating value={rating.average} label={t('reviews.rated', { rating: rating.average })} />
              <strong>{rating.average.toFixed(1)}</strong>
              {tParts('reviews.outOf', { count: String(rating.count), unit: t('reviews.unit', { count: rating.count }) })}
            </p>
          ) : (
            <p className="t-reviews__summary">{t('reviews.none')}</p>
          )}
          {reviews.length > 0 && (
            <ul className="t-reviews__list">
              {reviews.map((r) => (
                <TravellerReview key={r.id} review={r} />
              ))}
            </ul>
          )}
        </div>
        <div className="t-reviews__write">
          <h3 className="t-reviews__write-title">{t('reviews.write')}</h3>
          <Suspense>
            <ReviewForm slug={slug} safariTitle={title} />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
