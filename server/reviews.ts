// Travellers' reviews of a safari: written on the safari's page (POST /api/safaris/{slug}/reviews,
// server/api/reviews.ts), held as pending until a moderator approves them, and only then shown on
// the page and counted in its AggregateRating. A photo goes through the image pipeline
// (server/media/pipeline.ts) and its renderings are kept in the database, served like any image
// (/api/images/reviews/visitors/{id}.jpg) once the review is approved.
//
// The console (added later) calls: listReviews / listPendingReviews, approveReview, rejectReview,
// and reviewPhotoFile for a pending review's photo. Approving (or taking back an approved review)
// moves the content version on, so the safari's kept page and API answer are produced again.
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { type ApprovedReview, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MIN_SIDE, REVIEW_MESSAGES, sniffPhoto, type ReviewFields } from '../common/reviews.ts';
import { publicFields, toApproved } from './content/types/safari-reviews.ts';
import type { Db, Tx } from './db/index.ts';
import { safaris, travellerReviewPhotos, travellerReviews, type ReviewStatus } from './db/schema.ts';
import { bumpContentVersion } from './db/version.ts';
import { renderImage, type RenderedImage } from './media/pipeline.ts';
import type { ImageFormat } from './media/variants.ts';

/** A review's photo request: images/reviews/visitors/{id}.jpg or one of its variants. */
export const REVIEW_PHOTO_FILE = /^reviews\/visitors\/([1-9][0-9]{0,9})(?:\.w(\d{2,4})\.(avif|webp|jpg)|\.jpg)$/;

export class PhotoRefused extends Error {}

/**
 * Checks a photo sent with a review without decoding it (its size, first bytes and header): a
 * JPEG, PNG, WebP or AVIF (whatever its name or declared type), at most PHOTO_MAX_BYTES and
 * PHOTO_MAX_PIXELS, at least PHOTO_MIN_SIDE on each side. Throws PhotoRefused with the words the
 * form shows.
 */
export async function checkReviewPhoto(bytes: Buffer): Promise<void> {
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new PhotoRefused(REVIEW_MESSAGES.photoSize);
  if (!sniffPhoto(bytes.subarray(0, 64))) throw new PhotoRefused(REVIEW_MESSAGES.photoType);
  let info: Metadata;
  try {
    info = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused(REVIEW_MESSAGES.photoUnreadable);
  }
  if (!info.width || !info.height || !['jpeg', 'png', 'webp', 'heif'].includes(info.format ?? '')) throw new PhotoRefused(REVIEW_MESSAGES.photoUnreadable);
  if (info.width * info.height > PHOTO_MAX_PIXELS) throw new PhotoRefused(REVIEW_MESSAGES.photoTooManyPixels);
  if (Math.min(info.width, info.height) < PHOTO_MIN_SIDE) throw new PhotoRefused(REVIEW_MESSAGES.photoTooSmall);
}

/** Checks a review's photo (checkReviewPhoto) and renders it (about a core-second). Throws PhotoRefused. */
export async function renderReviewPhoto(bytes: Buffer): Promise<RenderedImage> {
  await checkReviewPhoto(bytes);
  try {
    return await renderImage('gallery', bytes, { maxPixels: PHOTO_MAX_PIXELS });
  } catch {
    throw new PhotoRefused(REVIEW_MESSAGES.photoUnreadable);
  }
}

/** Stores a review (pending) with its photo's renderings, in the submission's transaction. */
export async function insertReview(tx: Tx, safariId: number, fields: ReviewFields, photo?: RenderedImage): Promise<{ id: number; created_at: Date }> {
  const [row] = await tx
    .insert(travellerReviews)
    .values({
      safari_id: safariId,
      name: fields.name,
      country: fields.country,
      rating: fields.rating,
      body: fields.text,
      photo_width: photo?.meta.w ?? null,
      photo_height: photo?.meta.h ?? null,
    })
    .returning({ id: travellerReviews.id, created_at: travellerReviews.created_at });
  if (photo) await tx.insert(travellerReviewPhotos).values(photo.files.map((f) => ({ review_id: row!.id, width: f.width, format: f.format, bytes: f.bytes })));
  return { id: row!.id, created_at: new Date(row!.created_at) };
}

/** The longest public reply. */
export const REPLY_MAX = 2000;

/**
 * Sets (or, with '', removes) the operator's public reply under a review. Shown on the safari's
 * page with the review once it is approved (the content version moves when it is shown).
 */
export async function setReviewReply(db: Db, id: number, reply: string, opts: { by?: number | null } = {}): Promise<{ changed: boolean; contentVersion: number | null }> {
  const text = reply.replace(/\r\n?/g, '\n').trim();
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select({ status: travellerReviews.status, reply: travellerReviews.reply }).from(travellerReviews).where(eq(travellerReviews.id, id)).for('update');
    if (!before) throw new ReviewNotFound(`There is no review ${id}.`);
    if ((before.reply ?? '') === text) return { changed: false, contentVersion: null };
    await tx
      .update(travellerReviews)
      .set(text ? { reply: text, replied_at: new Date(), replied_by: opts.by ?? null } : { reply: null, replied_at: null, replied_by: null })
      .where(eq(travellerReviews.id, id));
    const contentVersion = before.status === 'approved' ? await bumpContentVersion(tx, [travellerReviews]) : null;
    return { changed: true, contentVersion };
  });
}

// ---- moderation (the console) ----

export interface ReviewForModeration extends ApprovedReview {
  status: ReviewStatus;
  safari: { id: number; slug: string; title: string };
  moderatedAt: string | null;
  moderatedBy: number | null;
}

/** Reviews with a given status (pending by default), oldest first, with their safari. */
export async function listReviews(db: Db, opts: { status?: ReviewStatus; limit?: number; offset?: number } = {}): Promise<ReviewForModeration[]> {
  const status = opts.status ?? 'pending';
  const rows = await db
    .select({
      ...publicFields,
      status: travellerReviews.status,
      moderated_at: travellerReviews.moderated_at,
      moderated_by: travellerReviews.moderated_by,
      safariId: safaris.id,
      safariSlug: safaris.safarititleslug,
      safariTitle: safaris.safarititle,
    })
    .from(travellerReviews)
    .innerJoin(safaris, eq(safaris.id, travellerReviews.safari_id))
    .where(eq(travellerReviews.status, status))
    .orderBy(asc(travellerReviews.created_at), asc(travellerReviews.id))
    .limit(Math.min(Math.max(opts.limit ?? 50, 1), 500))
    .offset(Math.max(opts.offset ?? 0, 0));
  return rows.map((r) => ({
    ...toApproved(r),
    status: r.status,
    safari: { id: r.safariId, slug: r.safariSlug, title: r.safariTitle },
    moderatedAt: r.moderated_at ? new Date(r.moderated_at).toISOString() : null,
    moderatedBy: r.moderated_by,
  }));
}

/** The reviews waiting for a moderator, oldest first. */
export function listPendingReviews(db: Db, opts: { limit?: number; offset?: number } = {}): Promise<ReviewForModeration[]> {
  return listReviews(db, { ...opts, status: 'pending' });
}

export class ReviewNotFound extends Error {}

async function moderate(db: Db, id: number, status: 'approved' | 'rejected', by: number | null): Promise<{ id: number; status: ReviewStatus; contentVersion: number | null }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select({ status: travellerReviews.status }).from(travellerReviews).where(eq(travellerReviews.id, id)).for('update');
    if (!before) throw new ReviewNotFound(`There is no review ${id}.`);
    await tx.update(travellerReviews).set({ status, moderated_at: new Date(), moderated_by: by }).where(eq(travellerReviews.id, id));
    // What the public sees changes when a review is shown or stops being shown.
    const visible = before.status === 'approved' || status === 'approved';
    const contentVersion = visible && before.status !== status ? await bumpContentVersion(tx, [travellerReviews]) : null;
    return { id, status, contentVersion };
  });
}

/**
 * Approves a review: it is shown on its safari's page and counted in its rating from the next
 * request on (the content version moves, so every process drops the kept page). `by` is the
 * moderator's staff account.
 */
export function approveReview(db: Db, id: number, opts: { by?: number | null } = {}) {
  return moderate(db, id, 'approved', opts.by ?? null);
}

/** Rejects a review (also takes back one approved before: it leaves the page at once). */
export function rejectReview(db: Db, id: number, opts: { by?: number | null } = {}) {
  return moderate(db, id, 'rejected', opts.by ?? null);
}

/** One rendering of a review's photo; public requests get only approved reviews' photos. */
export async function reviewPhotoFile(db: Db, id: number, width: number, format: ImageFormat, opts: { approvedOnly: boolean }): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: travellerReviewPhotos.bytes, status: travellerReviews.status })
    .from(travellerReviewPhotos)
    .innerJoin(travellerReviews, eq(travellerReviews.id, travellerReviewPhotos.review_id))
    .where(and(eq(travellerReviewPhotos.review_id, id), eq(travellerReviewPhotos.width, width), eq(travellerReviewPhotos.format, format)));
  if (!row || (opts.approvedOnly && row.status !== 'approved')) return null;
  return row.bytes;
}

/** The largest width a review's photo was rendered at (its stable .jpg). */
export async function reviewPhotoLargest(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ w: sql<number | null>`max(${travellerReviewPhotos.width})` })
    .from(travellerReviewPhotos)
    .where(eq(travellerReviewPhotos.review_id, id));
  return row?.w === null || row?.w === undefined ? null : Number(row.w);
}
