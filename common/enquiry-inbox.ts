// The enquiry inbox's rules, shared by the console's screens and its API: the pipeline's
// statuses, where an enquiry came from, the forms (status, assignment, note, reply, filters) and
// the shapes of the API's answers.
import { z } from 'zod';

export const ENQUIRY_STATUSES = ['new', 'contacted', 'quoted', 'booked', 'lost', 'spam'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  booked: 'Booked',
  lost: 'Lost',
  spam: 'Spam',
};

export const ENQUIRY_SOURCES = ['contact', 'plan-a-safari', 'safari', 'home', 'other'] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];

export const SOURCE_LABELS: Record<EnquirySource, string> = {
  contact: 'Contact page',
  'plan-a-safari': 'Plan-a-safari page',
  safari: 'Safari quote',
  home: 'Home page',
  other: 'Other',
};

/** Enquiries on one page of the inbox. */
export const INBOX_PAGE_SIZE = 25;

/**
 * Where an enquiry was sent from, by the address of its page: the source and, on a safari's page
 * (/safaris/{slug}), the safari's slug. The migration 0008 backfill reads old rows the same way.
 */
export function sourceOfPage(pageUrl: string | null | undefined): { source: EnquirySource; safariSlug: string | null } {
  if (!pageUrl) return { source: 'other', safariSlug: null };
  const path = pageUrl
    .replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]*/, '')
    .replace(/[?#].*$/s, '')
    .replace(/\/+$/, '');
  if (path === '') return { source: 'home', safariSlug: null };
  if (path === '/contact-us') return { source: 'contact', safariSlug: null };
  if (path === '/plan-a-safari') return { source: 'plan-a-safari', safariSlug: null };
  const m = /^\/safaris\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(path);
  // 'safari' once the slug is known to be a safari's (the caller looks it up).
  return { source: 'other', safariSlug: m ? m[1]! : null };
}

// ---- forms ----

export const NOTE_MAX = 5000;
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 20000;

export const INBOX_MESSAGES = {
  status: 'Choose a status.',
  assignee: 'Choose a member of staff.',
  note: `Write a note (at most ${NOTE_MAX} characters).`,
  subject: `Write a subject (one line, at most ${REPLY_SUBJECT_MAX} characters).`,
  body: `Write your reply (at most ${REPLY_BODY_MAX} characters).`,
} as const;

export const statusChangeSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: INBOX_MESSAGES.status }),
});

/** staffId null: nobody. */
export const assignSchema = z.object({
  staffId: z.union([z.null(), z.number({ error: INBOX_MESSAGES.assignee }).int(INBOX_MESSAGES.assignee).min(1, INBOX_MESSAGES.assignee).max(2147483647, INBOX_MESSAGES.assignee)], {
    error: INBOX_MESSAGES.assignee,
  }),
});

export const noteSchema = z.object({
  body: z.string({ error: INBOX_MESSAGES.note }).trim().min(1, INBOX_MESSAGES.note).max(NOTE_MAX, INBOX_MESSAGES.note),
});

export const replySchema = z.object({
  subject: z
    .string({ error: INBOX_MESSAGES.subject })
    .trim()
    .min(1, INBOX_MESSAGES.subject)
    .max(REPLY_SUBJECT_MAX, INBOX_MESSAGES.subject)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), INBOX_MESSAGES.subject),
  body: z.string({ error: INBOX_MESSAGES.body }).trim().min(1, INBOX_MESSAGES.body).max(REPLY_BODY_MAX, INBOX_MESSAGES.body),
});

export const replySubject = (siteName: string) => `Re: Your enquiry with ${siteName}`;

// ---- filters (the list's query string) ----

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (v: string) => isoDate.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export const inboxFilterSchema = z
  .object({
    status: z.enum(ENQUIRY_STATUSES, { error: 'Invalid status' }).optional(),
    from: z.string().refine(realDate, 'Invalid from: a date such as 2026-01-31').optional(),
    to: z.string().refine(realDate, 'Invalid to: a date such as 2026-01-31').optional(),
    safari: z
      .string()
      .regex(/^[1-9][0-9]{0,8}$/, 'Invalid safari: a safari id')
      .transform(Number)
      .optional(),
    country: z.string().trim().max(100, 'Invalid country: at most 100 characters').optional(),
    q: z.string().trim().max(200, 'Invalid q: at most 200 characters').optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'Invalid dates: from is after to', path: ['from'] });
export type InboxFilter = z.output<typeof inboxFilterSchema>;

export const FILTER_KEYS = ['status', 'from', 'to', 'safari', 'country', 'q'] as const;

/** The filters of a query string: empty values are no filter. */
export function filterParams(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v !== null && v.trim() !== '') out[k] = v;
  }
  return out;
}

// ---- answers ----

export interface StaffRef {
  id: number;
  name: string;
  email: string;
}

export interface InboxRow {
  id: number;
  receivedAt: string;
  name: string;
  email: string;
  country: string;
  status: EnquiryStatus;
  source: EnquirySource;
  safari: { id: number; title: string; slug: string } | null;
  assignee: StaffRef | null;
  /** The first words of the message. */
  excerpt: string;
}

export interface InboxResponse {
  enquiries: InboxRow[];
  page: number;
  totalPages: number;
  total: number;
  /** Choices of the filter form. */
  options: { safaris: { id: number; title: string }[]; countries: string[] };
}

export interface OutboxState {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  queuedAt: string;
  sentAt: string | null;
  failedAt: string | null;
  lastError: string | null;
}

export interface EnquiryDetail {
  id: number;
  receivedAt: string;
  name: string;
  email: string;
  phone: string;
  country: string;
  message: string;
  preferredContactMethod: string;
  pageUrl: string | null;
  clientIp: string | null;
  userAgent: string | null;
  status: EnquiryStatus;
  source: EnquirySource;
  safari: { id: number; title: string; slug: string } | null;
  assignee: StaffRef | null;
  mail: OutboxState[];
  notes: { id: number; body: string; at: string; staff: StaffRef | null }[];
  history: { from: EnquiryStatus; to: EnquiryStatus; at: string; staff: StaffRef | null }[];
  replies: { id: number; subject: string; body: string; at: string; staff: StaffRef | null; delivery: OutboxState['status'] | null }[];
  /** Who it may be assigned to (active staff). */
  staff: StaffRef[];
}

export interface DashboardData {
  /** The last 12 weeks (Monday starts, UTC), oldest first; spam not counted. */
  perWeek: { week: string; count: number }[];
  byStatus: { status: EnquiryStatus; count: number }[];
  /** Spam not counted. */
  bySource: { source: EnquirySource; count: number }[];
  /** The last 12 months, oldest first: booked / all but spam of the enquiries received that month. */
  conversion: { month: string; booked: number; total: number; rate: number | null }[];
  totals: { open: number; unassigned: number; mine: number; last12Weeks: number };
}
