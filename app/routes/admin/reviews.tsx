// /admin/reviews: moderating the travellers' reviews (owners and agents). The reviews waiting for
// a moderator first (oldest first), or the approved or rejected ones; each with its safari, the
// traveller's name, country, stars, text, photo and date, and Approve / Reject buttons: plain form
// posts that work without JavaScript. An approved review is on its safari's page at once; a
// rejected one can be approved later, and an approved one taken back.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { isModerationStatus, MODERATION_LABELS, MODERATION_STATUSES, type ModeratedReview, type ModerationStatus, type ReviewList } from '../../../common/review-moderation.ts';
import { CsrfInput, FormOutcome, PageHead, Pager } from '../../components/admin/ConsoleUi.tsx';
import { plural } from '../../components/admin/NewsletterUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { dayOf, useOperatorZone } from '../../lib/console-time.ts';
import { formFields, formTexts } from '../../lib/read-form.ts';
import type { Route } from './+types/reviews';
import './reviews.css';

export function meta() {
  return [{ title: 'Reviews | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

function listQuery(status: ModerationStatus, page: number): string {
  const p = new URLSearchParams();
  if (status !== 'pending') p.set('status', status);
  if (page > 1) p.set('page', String(page));
  return p.size ? `?${p}` : '';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get('status');
  const status: ModerationStatus = isModerationStatus(raw) ? raw : 'pending';
  const page = Math.max(1, Math.min(1_000_000, Math.floor(Number(url.searchParams.get('page') ?? '1')) || 1));
  const list = await adminGet<ReviewList>(context, request, `/reviews${listQuery(status, page)}`);
  // A page past the end (the last review of it was just moderated): the last page there is.
  if (list.items.length === 0 && page > 1 && list.pageCount < page) throw redirect(`/admin/reviews${listQuery(status, list.pageCount)}`, { status: 303, headers: { 'cache-control': 'no-store' } });
  return list;
}

export async function action({ request, context }: Route.ActionArgs) {
  const texts = formTexts(await formFields(request));
  const { intent, id = '' } = texts;
  const csrf = texts[CSRF_FIELD];
  if (intent === 'reply' && /^[1-9][0-9]{0,9}$/.test(id)) {
    const reply = texts.reply ?? '';
    const sent = await adminSend<{ changed: boolean }>(context, request, `/reviews/${id}/reply`, { json: { reply }, csrf });
    if (!sent.ok) return { ok: false as const, message: sent.status === 404 ? 'That review no longer exists.' : sent.error! };
    const name = (texts.name ?? '').slice(0, 80) || 'the review';
    return {
      ok: true as const,
      message: !sent.data!.changed
        ? 'Nothing changed: the reply already said that.'
        : reply.trim()
          ? `Your reply to ${name} is saved; it is shown under the review on the site once the review is approved.`
          : `Your reply to ${name} is removed.`,
    };
  }
  if ((intent !== 'approve' && intent !== 'reject') || !/^[1-9][0-9]{0,9}$/.test(id)) return { ok: false as const, message: 'Choose a review and what to do with it.' };
  const name = (texts.name ?? '').slice(0, 80) || 'The review';
  const sent = await adminSend<{ status: ModerationStatus; shownChanged: boolean }>(context, request, `/reviews/${id}/${intent}`, { csrf });
  if (!sent.ok) return { ok: false as const, message: sent.status === 404 ? 'That review no longer exists.' : sent.error! };
  return {
    ok: true as const,
    message:
      intent === 'approve'
        ? `${name}’s review is approved and shown on its safari’s page.`
        : `${name}’s review is rejected${sent.data!.shownChanged ? ' and no longer shown on its safari’s page' : ''}.`,
  };
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="c-rv__stars" role="img" aria-label={`${rating} of 5 stars`}>
      <span aria-hidden="true">{'★'.repeat(rating)}</span>
      <span aria-hidden="true" className="c-rv__stars-off">
        {'★'.repeat(5 - rating)}
      </span>
    </span>
  );
}

function ReviewCard({ review, busy }: { review: ModeratedReview; busy: boolean }) {
  const zone = useOperatorZone();
  const titleId = `review-${review.id}-title`;
  const button = (intent: 'approve' | 'reject') => (
    <Form method="post" className="c-rv__form">
      <CsrfInput />
      <input type="hidden" name="id" value={review.id} />
      <input type="hidden" name="name" value={review.name} />
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={intent === 'approve' ? 'btn btn--primary btn--sm' : 'btn btn--ghost btn--sm c-danger'} disabled={busy} aria-describedby={titleId}>
        {intent === 'approve' ? (review.status === 'rejected' ? 'Approve after all' : 'Approve') : review.status === 'approved' ? 'Take back (reject)' : 'Reject'}
      </button>
    </Form>
  );
  return (
    <li className="c-rv">
      <article aria-labelledby={titleId} className="c-rv__body">
        <header className="c-rv__head">
          <h3 id={titleId} className="c-rv__who">
            {review.name}
            <span className="c-rv__country">, {review.country}</span>
          </h3>
          <Stars rating={review.rating} />
        </header>
        <p className="c-rv__meta">
          <span>
            On <Link to={`/safaris/${review.safari.slug}`}>{review.safari.title}</Link>
          </span>
          <span>
            Written <time dateTime={review.date}>{dayOf(review.date, zone)}</time>
          </span>
          {review.moderatedAt && review.status !== 'pending' ? (
            <span>
              {MODERATION_LABELS[review.status]} <time dateTime={review.moderatedAt}>{dayOf(review.moderatedAt, zone)}</time>
              {review.moderatedBy ? ` by ${review.moderatedBy}` : ''}
            </span>
          ) : null}
        </p>
        <p className="c-rv__text c-break">{review.text}</p>
        <Form method="post" className="c-rv__reply">
          <CsrfInput />
          <input type="hidden" name="id" value={review.id} />
          <input type="hidden" name="name" value={review.name} />
          <input type="hidden" name="intent" value="reply" />
          <div className="c-field">
            <label htmlFor={`review-${review.id}-reply`}>Your public reply (optional)</label>
            <p className="c-field__hint" id={`review-${review.id}-reply-hint`}>
              Shown under the review on the safari’s page, signed by the company. Leave it empty to remove it.
            </p>
            <textarea id={`review-${review.id}-reply`} name="reply" rows={3} maxLength={2000} defaultValue={review.reply?.text ?? ''} aria-describedby={`review-${review.id}-reply-hint`} />
          </div>
          <button type="submit" className="btn btn--ghost btn--sm" disabled={busy} aria-describedby={titleId}>
            {review.reply ? 'Save the reply' : 'Publish the reply'}
          </button>
        </Form>
      </article>
      {review.thumb && review.photo ? (
        <a className="c-rv__photo" href={review.thumb} target="_blank" rel="noopener">
          {/* biome-ignore lint/a11y/noRedundantAlt: the link's only content, so its text says whose photo it is and what activating it does */}
          <img src={review.thumb} alt={`Photo sent by ${review.name} (opens the picture)`} width={review.photo.width} height={review.photo.height} loading="lazy" decoding="async" />
        </a>
      ) : null}
      <div className="c-rv__actions">
        {review.status !== 'approved' ? button('approve') : null}
        {review.status !== 'rejected' ? button('reject') : null}
      </div>
    </li>
  );
}

const EMPTY: Record<ModerationStatus, string> = {
  pending: 'No review is waiting. New ones appear here as travellers send them.',
  approved: 'No review has been approved yet.',
  rejected: 'No review has been rejected.',
};

export default function Reviews() {
  const list = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { status, counts, page, pageCount } = list;
  return (
    <>
      <PageHead title="Reviews" lead="Travellers’ reviews from the safari pages. A review is shown on its safari’s page, and counted in its rating, once it is approved." />
      <FormOutcome result={result} />
      <nav className="c-rv-tabs" aria-label="Reviews by status">
        <ul>
          {MODERATION_STATUSES.map((s) => (
            <li key={s}>
              <Link to={`/admin/reviews${listQuery(s, 1)}`} aria-current={s === status ? 'page' : undefined} className="c-rv-tabs__link">
                {MODERATION_LABELS[s]} <span className="c-rv-tabs__n">{counts[s].toLocaleString('en')}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="sr-only">{MODERATION_LABELS[status]} reviews</h2>
      <p className="c-count" role="status">
        {counts[status] === 0
          ? EMPTY[status]
          : `${plural(counts[status], `${status === 'pending' ? 'review waiting' : `${status} review`}`, status === 'pending' ? 'reviews waiting' : `${status} reviews`)}, oldest first${pageCount > 1 ? ` · page ${page} of ${pageCount}` : ''}`}
      </p>
      {list.items.length ? (
        <ul className="c-rv-list" aria-label={`${MODERATION_LABELS[status]} reviews`}>
          {list.items.map((r) => (
            <ReviewCard key={r.id} review={r} busy={busy} />
          ))}
        </ul>
      ) : null}
      <Pager page={page} pages={pageCount} href={(p) => `/admin/reviews${listQuery(status, p)}`} />
    </>
  );
}
