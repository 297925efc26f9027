// The owner's newsletter screens (subscribers and campaigns), shared by the console pages and the
// console API: the forms' zod schemas, the limits and the answers' shapes.
import './zod-csp.ts';
import { z } from 'zod';

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBERS_PAGE_SIZE = 25;

/** The CSV import: at most this many bytes and data rows. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

export const SUBJECT_MAX = 200;
export const BODY_MAX = 50_000;

export const CAMPAIGN_MESSAGES = {
  subject: `Write a subject (at most ${SUBJECT_MAX} characters).`,
  body: `Write the newsletter (at most ${BODY_MAX.toLocaleString('en')} characters).`,
  alreadySent: 'This campaign has already been sent. A campaign is sent only once: make a new one to send again.',
  noRecipients: 'There are no confirmed subscribers to send to.',
  notDraft: 'This campaign has been sent and can no longer be changed.',
  scheduleAt: 'Choose a date and a time.',
  scheduleFuture: 'Choose a time at least a few minutes from now.',
  scheduleFar: 'Choose a time within the next year.',
  pictures: 'Pictures come from the media library: use “Insert a picture from the library” under the newsletter. Pictures from other addresses are not sent.',
} as const;

/** The stable path of a media library picture, as a content item stores it: images/uploads/<name>.<ext>. */
export const LIBRARY_PICTURE = /^\/?images\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*\.(?:jpe?g|png|webp|avif)$/;

/** The addresses of the pictures a Markdown body shows (Markdown images and any <img> written in it). */
export function picturesOf(md: string): string[] {
  const out: string[] = [];
  for (const m of md.matchAll(/!\[[^\]]*\]\(\s*<?([^\s)>]*)>?/g)) out.push(m[1] ?? '');
  for (const m of md.matchAll(/<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  for (const m of md.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) if (/\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#]|$)/i.test(m[1] ?? '')) out.push(m[1] ?? '');
  return out;
}

/** Markdown of a library picture, ready to insert: ![alt](images/uploads/x.jpg). */
export function pictureMarkdown(path: string, alt: string): string {
  return `![${alt
    .replace(/[[\]\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()}](${path.replace(/^\//, '')})`;
}

export const campaignSchema = z.object({
  subject: z
    .string({ error: CAMPAIGN_MESSAGES.subject })
    .trim()
    .min(1, CAMPAIGN_MESSAGES.subject)
    .max(SUBJECT_MAX, CAMPAIGN_MESSAGES.subject)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), CAMPAIGN_MESSAGES.subject),
  body: z
    .string({ error: CAMPAIGN_MESSAGES.body })
    .min(1, CAMPAIGN_MESSAGES.body)
    .max(BODY_MAX, CAMPAIGN_MESSAGES.body)
    .refine((v) => v.trim().length > 0 && !v.includes('\u0000'), CAMPAIGN_MESSAGES.body)
    .refine((v) => picturesOf(v).every((src) => LIBRARY_PICTURE.test(src)), CAMPAIGN_MESSAGES.pictures),
});

/** Sending: the owner confirms the number of people they saw on the confirmation screen. */
export const campaignSendSchema = z.object({ expected: z.number().int().min(0).max(10_000_000).optional() });

/** Scheduling: a date and time in the operator's time zone, as a datetime-local field sends it. */
export const SCHEDULE_MAX_DAYS = 366;
export const campaignScheduleSchema = z.object({ at: z.string({ error: 'Choose a date and a time.' }).trim().min(1, 'Choose a date and a time.').max(40, 'Choose a date and a time.') });

export const CONSENT_MESSAGES = {
  source: 'Say where these people agreed to receive the newsletter (for example “sign-up form on our old website”), in at most 200 characters.',
  date: 'Give the day they agreed, as a date that is not in the future.',
} as const;

/**
 * Importing people as already confirmed: only with the proof of their consent, for the whole file:
 * where they agreed and on which day. Recorded on every person added.
 */
export const importConsentSchema = z.object({
  source: z
    .string({ error: CONSENT_MESSAGES.source })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .refine((v) => v.length >= 3 && v.length <= 200 && !/[\u0000-\u001f\u007f]/.test(v), CONSENT_MESSAGES.source),
  date: z
    .string({ error: CONSENT_MESSAGES.date })
    .trim()
    .refine((v) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (!m) return false;
      const d = new Date(`${v}T00:00:00Z`);
      // Not in the future anywhere on Earth (a day's grace for the time zones ahead of UTC).
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && Number(m[1]) >= 1990 && d.getTime() <= Date.now() + 86_400_000;
    }, CONSENT_MESSAGES.date),
});
export type ImportConsent = z.infer<typeof importConsentSchema>;

/** Erasing someone: the owner types nothing, but says it is meant. */
export const eraseSchema = z.object({ confirm: z.literal(true, { error: 'Tick the box to confirm the erasure.' }) });

export interface SubscriberRow {
  id: number;
  name: string;
  email: string;
  status: SubscriberStatus;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** Proof of consent of someone imported as confirmed: where and on which day (YYYY-MM-DD) they agreed. */
  consent: { source: string; date: string } | null;
}

export interface SubscriberList {
  items: SubscriberRow[];
  total: number;
  page: number;
  totalPages: number;
  /** Everyone on the list by status (whatever the filter). */
  counts: Record<SubscriberStatus, number>;
}

export type ImportOutcome = 'added' | 'existing' | 'invalid' | 'erased';

export interface ImportReport {
  added: number;
  existing: number;
  invalid: number;
  erased: number;
  /** Confirmation e-mails queued (only when the owner asked for them). */
  mailed: number;
  /** The proof of consent recorded on everyone added as confirmed, or null (added as pending). */
  consent: ImportConsent | null;
  /** One entry per data row, in the file's order (line: the line of the CSV file). */
  rows: { line: number; email: string; outcome: ImportOutcome; reason?: string }[];
}

export interface CampaignCounts {
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
}

export interface CampaignSummary {
  id: number;
  subject: string;
  status: 'draft' | 'sending';
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** A draft's scheduled send time (an instant), or null. */
  scheduledFor: string | null;
  counts: CampaignCounts;
}

export interface CampaignDetail extends CampaignSummary {
  body: string;
  /** Confirmed subscribers now: who a send would reach. */
  confirmed: number;
  /** The operator's time zone: the schedule is entered and shown in it. */
  timeZone: string;
}

export interface CampaignPreview {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}
