// Featured traveller reviews: three cards with five stars, the traveller's portrait (a photo, or
// an illustration drawn for the review) and a Read more popup with the full text (rendered when
// opened). The full text is not in the page's data: it is fetched (GET /api/reviews/{id}) with the
// popup's code, when the button is pointed at, focused or pressed.
import { lazy, Suspense, use, useState } from 'react';
import type { Review } from '../../common/api-types.ts';
import { site } from '../../common/site.ts';
import { useFormat } from '../lib/format.ts';
import { Image } from './Image.tsx';
import { QuoteIcon, StarIcon } from './Icons.tsx';
import { useT } from '../i18n/pages.ts';

// The popup's dialog code loads when a review is opened (or about to be).
const loadModal = () => import('./Modal.tsx');
const Modal = lazy(() => loadModal().then((m) => ({ default: m.Modal })));

/** A review's full text, fetched once (null when it could not be had: fetched again when asked again). */
const fullTexts = new Map<number, Promise<string | null>>();
const failed = new Set<number>();
function fullText(id: number): Promise<string | null> {
  let text = fullTexts.get(id);
  if (!text) {
    text = fetch(`/api/reviews/${id}`, { headers: { accept: 'application/json' } })
      .then(async (res) => (res.ok ? ((await res.json()) as { details: string }).details : null))
      .catch(() => null)
      .then((t) => {
        if (t === null) failed.add(id);
        return t;
      });
    fullTexts.set(id, text);
  }
  return text;
}

function prepare(id: number) {
  if (failed.delete(id)) fullTexts.delete(id);
  void loadModal();
  void fullText(id);
}

function FullText({ id }: { id: number }) {
  const text = use(fullText(id));
  const t = useT();
  return <p>{text ?? t('reviews.fullTextFailed')}</p>;
}

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
export type ReviewData = Omit<Review, 'rating' | 'details'>;

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
          onClick={() => {
            prepare(review.id);
            setOpen(true);
          }}
          onPointerEnter={() => prepare(review.id)}
          onFocus={() => prepare(review.id)}
          aria-haspopup="dialog"
        >
          Read more<span className="sr-only"> of the review by {review.name}</span>
        </button>
      </footer>
      {/* The full review is rendered when asked for (fetched, in neither the page's HTML nor its data). */}
      {open && (
        <Suspense>
          <Modal open onClose={() => setOpen(false)} labelledBy={titleId} className="modal--review">
            <Stars n={5} />
            <h2 id={titleId} className="modal__title">
              {review.title}
            </h2>
            <p className="review__overview review__overview--lead">{review.overview}</p>
            <FullText id={review.id} />
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
