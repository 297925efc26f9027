// Travellers' reviews of a safari as its page shows them (server/content/types/safaris.queries.ts):
// the approved ones, newest first, and their count and average. Writing and moderating them is
// server/reviews.ts's.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ApprovedReview, ReviewSummary } from '../../../common/reviews.ts';
import type { Db } from '../../db/index.ts';
import { travellerReviews } from '../../db/schema.ts';

/** The stable path of a review's photo (a gallery-sized image: 480 and 1280 px wide). */
export function reviewPhotoPath(id: number): string {
  return `images/reviews/visitors/${id}.jpg`;
}

export const publicFields = {
  id: travellerReviews.id,
  name: travellerReviews.name,
  country: travellerReviews.country,
  rating: travellerReviews.rating,
  text: travellerReviews.body,
  created_at: travellerReviews.created_at,
  photo_width: travellerReviews.photo_width,
  photo_height: travellerReviews.photo_height,
  reply: travellerReviews.reply,
  replied_at: travellerReviews.replied_at,
};

type PublicRow = { [K in keyof typeof publicFields]: unknown };

export function toApproved(r: PublicRow): ApprovedReview {
  const id = Number(r.id);
  const hasPhoto = r.photo_width !== null && r.photo_height !== null;
  return {
    id,
    name: String(r.name),
    country: String(r.country),
    rating: Number(r.rating),
    text: String(r.text),
    date: new Date(r.created_at as string).toISOString().slice(0, 10),
    photo: hasPhoto ? { src: reviewPhotoPath(id), width: Number(r.photo_width), height: Number(r.photo_height) } : null,
    reply: typeof r.reply === 'string' && r.reply ? { text: r.reply, date: new Date((r.replied_at ?? r.created_at) as string).toISOString().slice(0, 10) } : null,
  };
}

/** The approved reviews of a safari, newest first (what its page shows). */
export async function approvedReviews(db: Db, safariId: number, limit = 20): Promise<ApprovedReview[]> {
  const rows = await db
    .select(publicFields)
    .from(travellerReviews)
    .where(and(eq(travellerReviews.safari_id, safariId), eq(travellerReviews.status, 'approved')))
    .orderBy(desc(travellerReviews.created_at), desc(travellerReviews.id))
    .limit(limit);
  return rows.map(toApproved);
}

/** Count and average of a safari's approved reviews; null when it has none. */
export async function reviewSummary(db: Db, safariId: number): Promise<ReviewSummary | null> {
  const [row] = await db
    .select({ n: count(), avg: sql<string | null>`avg(${travellerReviews.rating})` })
    .from(travellerReviews)
    .where(and(eq(travellerReviews.safari_id, safariId), eq(travellerReviews.status, 'approved')));
  const n = Number(row?.n ?? 0);
  if (!n) return null;
  return { count: n, average: Math.round(Number(row!.avg) * 10) / 10 };
}
