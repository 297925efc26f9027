// /api/admin/reviews: moderating the travellers' reviews (server/reviews.ts). Owners and agents:
// reviews are customer-facing work, like the enquiries.
//
//   GET  /reviews?status=&page=    a page of reviews with one status (pending by default, oldest
//                                  first), with the count of each status
//   GET  /reviews/counts           the count of each status (the console's menu and dashboard)
//   POST /reviews/:id/approve      shows it on its safari's page from the next request on
//   POST /reviews/:id/reject       hides it (or takes back an approved one at once)
//   GET  /reviews/:id/photo        its photo's smallest JPEG, whatever its status (the thumbnail)
//
// Approving or rejecting again is allowed (a rejected review can be approved, and back). Every
// change is in the audit log.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { isModerationStatus, MODERATION_STATUSES, REVIEWS_PAGE_SIZE, type ReviewCounts, type ReviewList } from '../../../common/review-moderation.ts';
import { audit } from '../../auth/audit.ts';
import { requireStaff, sessionOf, type AdminContext, type AdminEnv } from '../../auth/guard.ts';
import type { Db } from '../../db/index.ts';
import { safaris, staff, travellerReviewPhotos, travellerReviews } from '../../db/schema.ts';
import { approveReview, listReviews, rejectReview, REPLY_MAX, ReviewNotFound, setReviewReply } from '../../reviews.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps, parsePaging } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { idParam } from './body.ts';

/** How many reviews have each status (one grouped count over the status index). */
async function reviewCounts(db: Db): Promise<ReviewCounts> {
  const rows = await db.select({ status: travellerReviews.status, n: count() }).from(travellerReviews).groupBy(travellerReviews.status);
  const counts: ReviewCounts = { pending: 0, approved: 0, rejected: 0 };
  for (const r of rows) if (isModerationStatus(r.status)) counts[r.status] = Number(r.n);
  return counts;
}

export interface ReviewsAdminOptions {
  trust: ProxyTrust;
  /** This process reads the new content version before answering (its kept safari page is dropped at once). */
  contentChanged?: () => Promise<unknown>;
}

/** A page of the reviews in one state (pending by default), with who moderated each. */
async function reviewList(c: AdminContext) {
  const db = deps(c).db;
  const raw = c.req.query('status');
  if (raw !== undefined && !isModerationStatus(raw)) throw new HttpError(400, `Invalid status: use ${MODERATION_STATUSES.join(', ')}.`, undefined, 'invalid-status');
  const status = raw ?? 'pending';
  const paging = parsePaging((k) => c.req.query(k), REVIEWS_PAGE_SIZE);
  const counts = await reviewCounts(db);
  const rows = await listReviews(db, { status, limit: paging.limit, offset: paging.offset });
  const by = [...new Set(rows.map((r) => r.moderatedBy).filter((v): v is number => v !== null))];
  const names = new Map<number, string>();
  if (by.length) for (const s of await db.select({ id: staff.id, name: staff.name, email: staff.email }).from(staff).where(inArray(staff.id, by))) names.set(s.id, s.name || s.email);
  const answer: ReviewList = {
    status,
    counts,
    page: paging.page,
    pageCount: Math.max(1, Math.ceil(counts[status] / paging.limit)),
    items: rows.map((r) => ({
      ...r,
      status: r.status,
      thumb: r.photo ? `/admin/reviews/${r.id}/photo` : null,
      moderatedBy: r.moderatedBy === null ? null : (names.get(r.moderatedBy) ?? `#${r.moderatedBy}`),
    })),
  };
  return c.json(answer);
}

/** Approves or rejects a review; a change to what the safari's page shows is read at once. */
async function moderate(c: AdminContext, opts: ReviewsAdminOptions, verb: 'approve' | 'reject') {
  const apply = verb === 'approve' ? approveReview : rejectReview;
  const id = idParam(c, 'Review');
  const db = deps(c).db;
  const s = sessionOf(c);
  const [before] = await db
    .select({ status: travellerReviews.status, safari: safaris.safarititleslug })
    .from(travellerReviews)
    .innerJoin(safaris, eq(safaris.id, travellerReviews.safari_id))
    .where(eq(travellerReviews.id, id));
  if (!before) throw new HttpError(404, 'Review not found');
  let done: Awaited<ReturnType<typeof apply>>;
  try {
    done = await apply(db, id, { by: s.staff.id });
  } catch (err) {
    if (err instanceof ReviewNotFound) throw new HttpError(404, 'Review not found');
    throw err;
  }
  if (done.contentVersion !== null) await opts.contentChanged?.().catch(() => undefined);
  await audit(db, {
    staffId: s.staff.id,
    actor: s.staff.email,
    action: `review.${verb}`,
    target: `review:${id}`,
    detail: { safari: before.safari, from: before.status },
    ip: sourceOf(c, opts.trust).address ?? null,
  });
  return c.json({ id, status: done.status, shownChanged: done.contentVersion !== null, counts: await reviewCounts(db) });
}

/** The operator's public reply under a review ('' removes it). */
async function reply(c: AdminContext, opts: ReviewsAdminOptions) {
  const id = idParam(c, 'Review');
  const db = deps(c).db;
  const s = sessionOf(c);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  const reply = (body as { reply?: unknown } | null)?.reply;
  if (typeof reply !== 'string' || reply.length > REPLY_MAX || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(reply))
    throw new HttpError(400, `Write the reply as text, at most ${REPLY_MAX} characters (empty removes it).`, undefined, 'invalid-reply');
  let done: Awaited<ReturnType<typeof setReviewReply>>;
  try {
    done = await setReviewReply(db, id, reply, { by: s.staff.id });
  } catch (err) {
    if (err instanceof ReviewNotFound) throw new HttpError(404, 'Review not found');
    throw err;
  }
  if (done.contentVersion !== null) await opts.contentChanged?.().catch(() => undefined);
  if (done.changed)
    await audit(db, {
      staffId: s.staff.id,
      actor: s.staff.email,
      action: reply.trim() ? 'review.reply' : 'review.reply-removed',
      target: `review:${id}`,
      ip: sourceOf(c, opts.trust).address ?? null,
    });
  return c.json({ id, changed: done.changed, shownChanged: done.contentVersion !== null });
}

/** The review's photo, its smallest JPEG, for the moderation list. */
async function photo(c: AdminContext) {
  const id = idParam(c, 'Review');
  const [row] = await deps(c)
    .db.select({ bytes: travellerReviewPhotos.bytes })
    .from(travellerReviewPhotos)
    .where(and(eq(travellerReviewPhotos.review_id, id), eq(travellerReviewPhotos.format, 'jpg')))
    .orderBy(asc(travellerReviewPhotos.width))
    .limit(1);
  if (!row) throw new HttpError(404, 'Photo not found');
  return c.body(new Uint8Array(row.bytes), 200, { 'content-type': 'image/jpeg', 'x-content-type-options': 'nosniff' });
}

export function reviewsAdminApi(opts: ReviewsAdminOptions) {
  const app = new Hono<AdminEnv>();
  const moderator = requireStaff({ roles: ['owner', 'agent'] });
  app.get('/reviews', moderator, reviewList);
  app.get('/reviews/counts', moderator, async (c) => c.json(await reviewCounts(deps(c).db)));
  app.post('/reviews/:id/approve', moderator, (c) => moderate(c, opts, 'approve'));
  app.post('/reviews/:id/reject', moderator, (c) => moderate(c, opts, 'reject'));
  app.post('/reviews/:id/reply', moderator, (c) => reply(c, opts));
  app.get('/reviews/:id/photo', moderator, photo);
  return app;
}
