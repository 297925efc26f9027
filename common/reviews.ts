// The review form of the safari pages: one schema for the browser (the form checks before it
// sends) and the server (the API checks whatever arrives), the photo rules, and the words both show.
// zod/mini keeps the form's lazily loaded code small.
import { z } from 'zod/mini';

export const REVIEW_LIMITS = {
  name: 80,
  country: 60,
  textMin: 20,
  text: 3000,
} as const;

export const REVIEW_MESSAGES = {
  name: 'Please enter your name.',
  nameLong: `Your name is too long (at most ${REVIEW_LIMITS.name} characters).`,
  country: 'Please enter the country you live in.',
  countryLong: `The country is too long (at most ${REVIEW_LIMITS.country} characters).`,
  rating: 'Please choose a rating from 1 to 5 stars.',
  text: `Please tell other travellers about your safari in at least ${REVIEW_LIMITS.textMin} characters.`,
  textLong: `Your review is too long (at most ${REVIEW_LIMITS.text.toLocaleString('en-GB')} characters).`,
  links: 'Please leave web addresses out of your review.',
  photoType: 'The photo must be a JPEG, PNG, WebP or AVIF picture.',
  photoSize: 'The photo is too large: please choose one of at most 6 MB.',
  photoUnreadable: 'The photo could not be read as a picture. Please choose another one, or send your review without it.',
  photoTooManyPixels: 'The photo is too large in pixels (at most 40 megapixels). Please choose a smaller one.',
  photoTooSmall: 'The photo is too small: please choose one at least 200 pixels wide and high.',
} as const;

/** The photo: at most this many bytes, these kinds (recognised by their first bytes, not their name). */
export const PHOTO_MAX_BYTES = 6 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTO_MIN_SIDE = 200;
const PHOTO_KINDS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
/** The file picker's accept list. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** The picture type a file's first bytes announce (JPEG, PNG, WebP, AVIF), or null for anything else. */
export function sniffPhoto(head: Uint8Array): PhotoKind | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  const ascii = (i: number, s: string) => at(i, ...[...s].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(4, 'ftyp')) {
    // ISO-BMFF: the major brand, then the compatible brands up to the box's end.
    const size = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
    const end = Math.min(size || head.length, head.length);
    const brands = [8, ...Array.from({ length: Math.max(0, Math.floor((end - 16) / 4)) }, (_, i) => 16 + 4 * i)];
    if (brands.some((i) => i + 4 <= end && (ascii(i, 'avif') || ascii(i, 'avis')))) return 'avif';
  }
  return null;
}

/** Bytes read from the start of a file to recognise it. */
export const PHOTO_SNIFF_BYTES = 64;

const WEB_ADDRESS = /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.[a-z]/i;

const text = (min: number, minMessage: string, max: number, maxMessage: string) => z.string({ error: minMessage }).check(z.trim(), z.minLength(min, minMessage), z.maxLength(max, maxMessage));

/** The review's fields as the form sends them (text), checked and normalised. */
const reviewSchema = z.object({
  name: text(1, REVIEW_MESSAGES.name, REVIEW_LIMITS.name, REVIEW_MESSAGES.nameLong),
  country: text(1, REVIEW_MESSAGES.country, REVIEW_LIMITS.country, REVIEW_MESSAGES.countryLong),
  rating: z.pipe(
    z.union([z.string(), z.number()], { error: REVIEW_MESSAGES.rating }),
    z.pipe(
      z.transform((v: string | number) => (typeof v === 'number' ? v : /^\s*[1-5]\s*$/.test(v) ? Number(v) : NaN)),
      z.number({ error: REVIEW_MESSAGES.rating }).check(z.int({ error: REVIEW_MESSAGES.rating }), z.gte(1, REVIEW_MESSAGES.rating), z.lte(5, REVIEW_MESSAGES.rating)),
    ),
  ),
  text: text(REVIEW_LIMITS.textMin, REVIEW_MESSAGES.text, REVIEW_LIMITS.text, REVIEW_MESSAGES.textLong).check(z.refine((v) => !WEB_ADDRESS.test(v), REVIEW_MESSAGES.links)),
});

export type ReviewFields = z.output<typeof reviewSchema>;
export type ReviewField = keyof ReviewFields;

/** The fields in the order the form shows them: the first that fails is the one reported. */
const ORDER: ReviewField[] = ['name', 'country', 'rating', 'text'];

export type ReviewCheck = { ok: true; value: ReviewFields } | { ok: false; error: string; field: ReviewField };

/** Checks the form's fields; the first problem (in the form's order) with its field. */
export function checkReview(input: Partial<Record<ReviewField, unknown>>): ReviewCheck {
  const r = reviewSchema.safeParse({ name: input.name ?? '', country: input.country ?? '', rating: input.rating ?? '', text: input.text ?? '' });
  if (r.success) return { ok: true, value: r.data };
  const issues = r.error.issues.map((i) => ({ field: i.path[0] as ReviewField, message: i.message }));
  const first = ORDER.map((f) => issues.find((i) => i.field === f)).find(Boolean)!;
  return { ok: false, error: first.message, field: first.field };
}

/** What the API answers a review it accepted (shown by the form). */
export const REVIEW_THANKS = 'Thank you for your review! We read every review before it appears, usually within a few days.';

/** A traveller's review of a safari, as shown on its page once a moderator approved it. */
export interface ApprovedReview {
  id: number;
  name: string;
  country: string;
  /** 1 to 5 stars. */
  rating: number;
  text: string;
  /** The day it was written (YYYY-MM-DD). */
  date: string;
  /** The photo that came with it: a stable image path (gallery sizes) and its intrinsic size. */
  photo: { src: string; width: number; height: number } | null;
  /** The operator's public reply under the review, and the day it was written (YYYY-MM-DD). */
  reply: { text: string; date: string } | null;
}

/** Count and average (one decimal) of a safari's approved reviews. */
export interface ReviewSummary {
  count: number;
  average: number;
}
