// The media library's rules (issue 12 point 3), shared by the console's browser code and the
// server: what an upload may be, the alt text and caption every image carries, the answers of
// /api/admin/media, and the console setting that lets agents edit content.
import './zod-csp.ts';
import { z } from 'zod';
import { timeZoneSchema } from './operator-time.ts';

/** Largest accepted upload: 20 MB of file. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Largest accepted picture: 40 megapixels, read from the file's header before any decoding. */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** The formats accepted, recognised by their bytes, never by name or declared type. */
const UPLOAD_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];
/** For the file picker's `accept` (a hint to the browser; the server decides by content). */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';

export const ALT_MAX = 300;
export const CAPTION_MAX = 500;

export const MEDIA_MESSAGES = {
  noFile: 'Choose an image file to upload.',
  tooLarge: `The file is too large: at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB are accepted.`,
  notImage: 'This file is not a JPEG, PNG, WebP or AVIF image (its content was checked, not its name).',
  tooManyPixels: `The picture is too large: at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels are accepted. Resize it and try again.`,
  truncated: 'The image file is incomplete (it was cut off, perhaps during a download). Save it again and upload the whole file.',
  unreadable: 'The image could not be read: the file is damaged or not a supported image.',
  alt: 'Describe the image for people who cannot see it (alt text, at most 300 characters).',
  caption: `The caption is too long: at most ${CAPTION_MAX} characters.`,
  inUse: 'This image is used by content and cannot be deleted. Remove it from that content first.',
  notAllowed: 'Your role does not allow editing content. An owner can allow it under Settings.',
} as const;

// Control characters other than none: alt text and captions are single lines.
const CONTROL = /[\u0000-\u001f\u007f]/;

const altText = z
  .string({ error: MEDIA_MESSAGES.alt })
  .trim()
  .min(1, MEDIA_MESSAGES.alt)
  .max(ALT_MAX, MEDIA_MESSAGES.alt)
  .refine((v) => !CONTROL.test(v), MEDIA_MESSAGES.alt);

const captionText = z
  .string({ error: MEDIA_MESSAGES.caption })
  .trim()
  .max(CAPTION_MAX, MEDIA_MESSAGES.caption)
  .refine((v) => !CONTROL.test(v), 'The caption must be a single line of text.')
  .default('');

/** The text fields sent with an upload, and the edit of an image's text later. */
export const mediaTextSchema = z.object({ alt: altText, caption: captionText });

const MEDIA_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

export const MEDIA_PAGE_SIZE = 24;

/** One image of the library, as /api/admin/media answers it. */
export interface MediaImage {
  id: number;
  /** The stable path a content item stores (relative to the API base), like every content image: images/uploads/<name>.jpg */
  path: string;
  originalName: string;
  format: UploadFormat;
  bytes: number;
  /** Size of the original. */
  width: number;
  height: number;
  alt: string;
  caption: string;
  status: MediaStatus;
  variantsDone: number;
  variantsTotal: number;
  /** Why processing failed (status 'failed'). */
  error: string | null;
  /** Once done: what the Image component needs for hashed, immutable variant names (ImageMeta). */
  meta: { v: string; w: number; h: number; widths: number[]; p: string } | null;
  uploadedBy: string | null;
  createdAt: string;
}

export interface MediaList {
  items: MediaImage[];
  total: number;
  page: number;
  pageCount: number;
  q: string;
}

/** The console's settings an owner chooses. */
export interface ConsoleSettings {
  /** Agents may edit content: upload images now, edit content items later. */
  agentsEditContent: boolean;
  /** The operator's time zone (IANA name): campaign schedules, the operator's e-mails and the console's times. */
  timeZone: string;
  /** Agents may export the enquiries (a CSV file of personal data); owners always may. */
  agentsExport: boolean;
}

/** A change of settings: each field is optional, a missing one stays as it is. */
export const consoleSettingsSchema = z.object({
  agentsEditContent: z.boolean({ error: 'Choose yes or no.' }).optional(),
  timeZone: timeZoneSchema.optional(),
  agentsExport: z.boolean({ error: 'Choose yes or no.' }).optional(),
});

export const MEDIA_PROGRESS_LABEL: Record<MediaStatus, string> = {
  queued: 'Waiting to be processed',
  processing: 'Processing',
  done: 'Ready',
  failed: 'Failed',
};
