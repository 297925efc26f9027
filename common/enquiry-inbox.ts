// The enquiry inbox's words, shared by the console's screens and its API: the pipeline's
// statuses, where an enquiry came from, and the shapes of the API's answers. The forms' rules
// are in enquiry-forms.ts (zod builds its schemas when loaded: kept out of the browser's bundle).
import type { Trip } from './enquiry-trip.ts';
import type { Language } from './languages.ts';

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

/** Why an agent may not export the enquiries (the API's 403, the inbox's note by its disabled button). */
export const EXPORT_REFUSED = 'Only owners may export enquiries, unless an owner allows agents to in Settings.';

/** Enquiries on one page of the inbox. */
export const INBOX_PAGE_SIZE = 25;

/**
 * A place in the inbox's newest-first order, for its pages' addresses (?before= older rows,
 * ?after= newer ones): an enquiry's time received, in microseconds since 1970 as the database
 * keeps it, and its id (which orders enquiries received in the same microsecond).
 */
export interface InboxCursor {
  /** Microseconds since 1970-01-01 UTC, as decimal digits (beyond a JavaScript number's exact range). */
  us: string;
  id: number;
}

/** The cursor's form in an address: "<microseconds>-<id>". */
export const formatInboxCursor = (c: InboxCursor) => `${c.us}-${c.id}`;

/** An address's cursor, or null when it is not one (16 digits reach the year 2286). */
export function parseInboxCursor(raw: string): InboxCursor | null {
  const m = /^([0-9]{1,16})-([1-9][0-9]{0,9})$/.exec(raw);
  if (!m || Number(m[2]) > 2147483647) return null;
  return { us: m[1]!.replace(/^0+(?=.)/, ''), id: Number(m[2]) };
}

/**
 * Where an enquiry was sent from, by the address of its page: the source and, on a safari's page
 * (/safaris/{slug}) or the plan-a-safari page a safari's quote link opens (?safari={slug}), the
 * safari's slug. The migration 0008 backfill reads old rows the same way.
 */
export function sourceOfPage(pageUrl: string | null | undefined): { source: EnquirySource; safariSlug: string | null } {
  if (!pageUrl) return { source: 'other', safariSlug: null };
  const local = pageUrl.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]*/, '');
  const path = local.replace(/[?#].*$/s, '').replace(/\/+$/, '');
  if (path === '') return { source: 'home', safariSlug: null };
  if (path === '/contact-us') return { source: 'contact', safariSlug: null };
  // A safari's "Get a free quote" link opens /plan-a-safari?safari={slug}.
  const quoted = /^[^?#]*\?(?:[^#]*&)?safari=([a-z0-9]+(?:-[a-z0-9]+)*)(?:[&#]|$)/.exec(local);
  if (path === '/plan-a-safari') return { source: 'plan-a-safari', safariSlug: quoted ? quoted[1]! : null };
  const m = /^\/safaris\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(path);
  // 'safari' once the slug is known to be a safari's (the caller looks it up).
  return { source: 'other', safariSlug: m ? m[1]! : null };
}

export const NOTE_MAX = 5000;
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 20000;

/** The reply form's first subject. */
export const replySubject = (siteName: string) => `Re: Your enquiry with ${siteName}`;

export const FILTER_KEYS = ['status', 'from', 'to', 'safari', 'travelMonth', 'budget', 'country', 'language', 'q'] as const;

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

interface InboxRow {
  id: number;
  receivedAt: string;
  name: string;
  email: string;
  country: string;
  /** The language of the page it was sent from. */
  language: Language;
  status: EnquiryStatus;
  source: EnquirySource;
  safari: { id: number; title: string; slug: string } | null;
  assignee: StaffRef | null;
  /** The first words of the message. */
  excerpt: string;
}

export interface InboxResponse {
  enquiries: InboxRow[];
  /** The matches of the filters in all: exact, except a search's beyond a thousand (totalCapped). */
  total: number;
  /** True when a search matches more than `total` (counting stops there). */
  totalCapped: boolean;
  /** The cursors of the pages before and after this one (?after= / ?before=), null at either end. */
  newer: string | null;
  older: string | null;
  /** Choices of the filter form. */
  /** staff: the active members, for the bulk assignment. */
  options: { safaris: { id: number; title: string }[]; countries: string[]; staff: StaffRef[] };
  /** The operator's time zone, the times are shown in. */
  timeZone: string;
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
  /** The language of the page it was sent from (common/languages.ts). */
  language: Language;
  clientIp: string | null;
  userAgent: string | null;
  status: EnquiryStatus;
  source: EnquirySource;
  safari: { id: number; title: string; slug: string } | null;
  /** The trip the visitor described (common/enquiry-trip.ts); every field null when none was given. */
  trip: Trip;
  assignee: StaffRef | null;
  mail: OutboxState[];
  notes: { id: number; body: string; at: string; staff: StaffRef | null }[];
  history: { from: EnquiryStatus; to: EnquiryStatus; at: string; staff: StaffRef | null }[];
  replies: { id: number; subject: string; body: string; at: string; staff: StaffRef | null; delivery: OutboxState['status'] | null }[];
  /** Who it may be assigned to (active staff). */
  staff: StaffRef[];
  /** The operator's time zone, the times are shown in. */
  timeZone: string;
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
  /** WhatsApp clicks in the same 12 weeks (days in the operator's time zone), oldest first. */
  whatsappPerWeek: { week: string; count: number }[];
  /** The safaris with WhatsApp clicks or enquiries in those 12 weeks (spam not counted), most clicks first, at most 10. */
  bySafari: { slug: string; title: string; days: number; clicks: number; enquiries: number }[];
}
