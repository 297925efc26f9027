// Featured traveller reviews: three cards with five stars, the traveller's portrait (a photo, or
// an illustration drawn for the review) and a Read more popup with the full text (rendered when
// opened).
import { lazy, Suspense, useState } from 'react';
import type { Review } from '../../common/api-types.ts';
import { site } from '../../common/site.ts';
import { useFormat } from '../lib/format.ts';
import { Image } from './Image.tsx';
import { QuoteIcon, StarIcon } from './Icons.tsx';
import { useT } from '../i18n/pages.ts';

// The popup's dialog code loads when a review is opened (or about to be).
const loadModal = () => import('./Modal.tsx');
const Modal = lazy(() => loadModal().then((m) => ({ default: m.Modal })));

function Stars({ n = 5 }: { n?: number }) {
  const t = useT();
  return (
    <span className="stars" role="img" aria-label={t('reviews.stars', { rating: n })}>
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} size={16} className={i < n ? 'is-on' : undefined} />
      ))}
    </span>
  );
}

/** The fields a review card shows (the rating is not: every featured review has five stars). */
export type ReviewData = Omit<Review, 'rating'>;

/** The traveller's photo, or the portrait drawn for them (content/artwork/portrait.ts); initials for a review with neither. */
function Avatar({ review }: { review: ReviewData }) {
  if (review.profileimage) {
    return (
      <span className="avatar avatar--portrait">
        <Image src={review.profileimage} alt={`Portrait of ${review.name}`} width={128} height={128} sizes="64px" />
      </span>
    );
  }
  const initials = review.name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className="avatar avatar--initials" role="img" aria-label={`Profile of ${review.name}`}>
      {initials}
    </span>
  );
}

function ReviewCard({ review }: { review: ReviewData }) {
  const [open, setOpen] = useState(false);
  const d = useFormat().date(review.date);
  const titleId = `review-${review.id}-title`;
  return (
    <article className="review">
      <QuoteIcon className="review__mark" size={36} />
      <Stars n={5} />
      <h3 className="review__title">{review.title}</h3>
      <p className="review__overview">{review.overview}</p>
      <footer className="review__foot">
        <Avatar review={review} />
        <span>
          <strong className="review__name">{review.name}</strong>
          <time className="review__date" dateTime={d.iso}>
            {d.text}
          </time>
        </span>
        <button
          type="button"
          className="btn btn--ghost btn--sm review__more"
          onClick={() => setOpen(true)}
          onPointerEnter={() => void loadModal()}
          onFocus={() => void loadModal()}
          aria-haspopup="dialog"
        >
          Read more<span className="sr-only"> of the review by {review.name}</span>
        </button>
      </footer>
      {/* The full review is rendered when asked for (it is in the page's data, not its HTML). */}
      {open && (
        <Suspense>
          <Modal open onClose={() => setOpen(false)} labelledBy={titleId} className="modal--review">
            <Stars n={5} />
            <h2 id={titleId} className="modal__title">
              {review.title}
            </h2>
            <p className="review__overview review__overview--lead">{review.overview}</p>
            <p>{review.details}</p>
            <p className="review__byline">
              <Avatar review={review} /> <strong>{review.name}</strong> · <time dateTime={d.iso}>{d.text}</time>
            </p>
          </Modal>
        </Suspense>
      )}
    </article>
  );
}

export function Reviews({ reviews }: { reviews: ReviewData[] }) {
  return (
    <>
      <div className="reviews">
        {reviews.slice(0, 3).map((r) => (
          <ReviewCard key={r.id} review={r} />
        ))}
      </div>
      <p className="reviews__note">
        <Stars n={5} /> {site.reviewSite.reviews} reviews on {site.reviewSite.name} · ranked #{site.reviewSite.rank} in our region
      </p>
    </>
  );
}
