// Review moderation in the console (/admin/reviews, server/api/admin/reviews.ts): the list's
// shape, shared by the console API and its screen. Owners and agents moderate.
import type { ApprovedReview } from './api-types.ts';

export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const MODERATION_LABELS: Record<ModerationStatus, string> = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected' };

export const REVIEWS_PAGE_SIZE = 20;

export function isModerationStatus(v: unknown): v is ModerationStatus {
  return typeof v === 'string' && (MODERATION_STATUSES as readonly string[]).includes(v);
}

export type ReviewCounts = Record<ModerationStatus, number>;

export interface ModeratedReview extends ApprovedReview {
  status: ModerationStatus;
  safari: { id: number; slug: string; title: string };
  /** Its photo's thumbnail for the console (any status), or null. */
  thumb: string | null;
  moderatedAt: string | null;
  /** The member of staff who approved or rejected it last (name or e-mail). */
  moderatedBy: string | null;
}

/** GET /api/admin/reviews */
export interface ReviewList {
  status: ModerationStatus;
  items: ModeratedReview[];
  counts: ReviewCounts;
  page: number;
  pageCount: number;
}
