// The enquiry inbox's forms (status, assignment, note, reply) and its list's filters, and the
// trip an enquiry may carry: one zod schema each, used by the console's actions and loaders and
// by the API.
import { LANGUAGE_CODES } from './languages.ts';
import { z } from 'zod';
import { ENQUIRY_STATUSES, NOTE_MAX, REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from './enquiry-inbox.ts';
import { BUDGETS, TRIP_LIMITS, TRIP_MESSAGES, type Trip } from './enquiry-trip.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A NUL cannot be stored in a text column. */
const NUL = /\u0000/;

const INBOX_MESSAGES = {
  status: 'Choose a status.',
  assignee: 'Choose a member of staff.',
  note: `Write a note (at most ${NOTE_MAX} characters).`,
  subject: `Write a subject (one line, at most ${REPLY_SUBJECT_MAX} characters).`,
  body: `Write your reply (at most ${REPLY_BODY_MAX} characters).`,
  selection: 'Tick at least one enquiry (at most 100).',
  bulk: 'Choose what to do with the enquiries you ticked.',
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

/** One change for several enquiries of the inbox: a status (spam is one), or an assignment. */
export const bulkSchema = z.object({
  ids: z
    .array(z.number({ error: INBOX_MESSAGES.selection }).int(INBOX_MESSAGES.selection).min(1, INBOX_MESSAGES.selection).max(2147483647, INBOX_MESSAGES.selection), {
      error: INBOX_MESSAGES.selection,
    })
    .min(1, INBOX_MESSAGES.selection)
    .max(100, INBOX_MESSAGES.selection),
  change: z.union([statusChangeSchema, assignSchema], { error: INBOX_MESSAGES.bulk }),
});

export const noteSchema = z.object({
  body: z
    .string({ error: INBOX_MESSAGES.note })
    .trim()
    .min(1, INBOX_MESSAGES.note)
    .max(NOTE_MAX, INBOX_MESSAGES.note)
    .refine((v) => !NUL.test(v), INBOX_MESSAGES.note),
});

export const replySchema = z.object({
  subject: z
    .string({ error: INBOX_MESSAGES.subject })
    .trim()
    .min(1, INBOX_MESSAGES.subject)
    .max(REPLY_SUBJECT_MAX, INBOX_MESSAGES.subject)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), INBOX_MESSAGES.subject),
  body: z
    .string({ error: INBOX_MESSAGES.body })
    .trim()
    .min(1, INBOX_MESSAGES.body)
    .max(REPLY_BODY_MAX, INBOX_MESSAGES.body)
    .refine((v) => !NUL.test(v), INBOX_MESSAGES.body),
  /** The PDF itinerary of the enquiry's safari goes with the reply. */
  attachItinerary: z.boolean({ error: 'Say whether the itinerary goes with the reply.' }).default(false),
  /** A sent quote of the enquiry whose PDF and trip link go with the reply; null: none. */
  quoteId: z.number({ error: 'Choose a quote of this enquiry, or none.' }).int().positive().max(2147483647).nullable().default(null),
});

// ---- filters (the list's query string) ----

/** Control characters (a NUL cannot even be sent to the database). */
const CONTROL = /[\u0000-\u001f\u007f]/;

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
    travelMonth: z.string().regex(MONTH, 'Invalid travelMonth: a month such as 2027-07').optional(),
    budget: z.enum(BUDGETS, { error: `Invalid budget: one of ${BUDGETS.join(', ')}` }).optional(),
    /** The language of the page it was sent from. */
    language: z.enum(LANGUAGE_CODES, { error: `Invalid language: one of ${LANGUAGE_CODES.join(', ')}` }).optional(),
    country: z
      .string()
      .trim()
      .max(100, 'Invalid country: at most 100 characters')
      .refine((v) => !CONTROL.test(v), 'Invalid country: letters, not control characters')
      .optional(),
    q: z
      .string()
      .trim()
      .max(200, 'Invalid q: at most 200 characters')
      .refine((v) => !CONTROL.test(v), 'Invalid q: words, not control characters')
      .optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'Invalid dates: from is after to', path: ['from'] });
export type InboxFilter = z.output<typeof inboxFilterSchema>;

// ---- the trip an enquiry carries (every field optional) ----

/** Empty text, or null, is a field left out. */
const given = (v: unknown) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? v.trim() : v);

/** A whole number, typed (text of digits) or sent as a number. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v), z.number({ error: message }).int(message).min(min, message).max(max, message));

/** The children's ages: a list of numbers, or the text '4, 9' of the form. */
const agesSchema = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(/[,;\s]+/)
          .filter(Boolean)
          .map((a) => (/^\d{1,3}$/.test(a) ? Number(a) : a))
      : v,
  z
    .array(z.number({ error: TRIP_MESSAGES.childAges }).int(TRIP_MESSAGES.childAges).min(0, TRIP_MESSAGES.childAges).max(TRIP_LIMITS.childAgeMax, TRIP_MESSAGES.childAges), {
      error: TRIP_MESSAGES.childAges,
    })
    .max(TRIP_LIMITS.childrenMax, TRIP_MESSAGES.childAges),
);

/**
 * The earliest day that is still today somewhere on earth (UTC−12): a traveller may choose their
 * own today wherever they are.
 */
function earliestToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

/** The trip's rules: dates real and not in the past (to on or after from), a month YYYY-MM, travellers and ages in range, a budget from the list. */
export function tripSchema(today: string = earliestToday()) {
  const day = (message: string) =>
    z
      .string({ error: message })
      .refine(realDate, message)
      .refine((v) => v >= today, message);
  return z
    .object({
      safari: z.preprocess(given, z.string({ error: TRIP_MESSAGES.safari }).max(200, TRIP_MESSAGES.unknownSafari).regex(SLUG, TRIP_MESSAGES.unknownSafari).optional()),
      travelFrom: z.preprocess(given, day(TRIP_MESSAGES.travelFrom).optional()),
      travelTo: z.preprocess(given, day(TRIP_MESSAGES.travelTo).optional()),
      travelMonth: z.preprocess(
        given,
        z
          .string({ error: TRIP_MESSAGES.travelMonth })
          .regex(MONTH, TRIP_MESSAGES.travelMonth)
          .refine((v) => v >= today.slice(0, 7), TRIP_MESSAGES.travelMonth)
          .optional(),
      ),
      adults: z.preprocess(given, wholeNumber(1, TRIP_LIMITS.adultsMax, TRIP_MESSAGES.adults).optional()),
      children: z.preprocess(given, wholeNumber(0, TRIP_LIMITS.childrenMax, TRIP_MESSAGES.children).optional()),
      childAges: z.preprocess(given, agesSchema.optional()),
      budget: z.preprocess(given, z.enum(BUDGETS, { error: TRIP_MESSAGES.budget }).optional()),
    })
    .check((ctx) => {
      const t = ctx.value;
      if (t.travelTo && !t.travelFrom) ctx.issues.push({ code: 'custom', message: TRIP_MESSAGES.travelToAlone, path: ['travelTo'], input: t.travelTo });
      else if (t.travelTo && t.travelFrom && t.travelTo < t.travelFrom) ctx.issues.push({ code: 'custom', message: TRIP_MESSAGES.travelTo, path: ['travelTo'], input: t.travelTo });
      // One age for each child: the number of ages is the number of children.
      const ages = t.childAges?.length ?? 0;
      if ((t.children ?? ages) !== ages) ctx.issues.push({ code: 'custom', message: TRIP_MESSAGES.childAges, path: ['childAges'], input: t.childAges });
    })
    .transform(
      (t): Trip => ({
        safari: t.safari ?? null,
        travelFrom: t.travelFrom ?? null,
        travelTo: t.travelTo ?? null,
        travelMonth: t.travelMonth ?? null,
        adults: t.adults ?? null,
        children: t.children ?? (t.childAges?.length ? t.childAges.length : null),
        childAges: t.childAges?.length ? t.childAges : null,
        budget: t.budget ?? null,
      }),
    );
}
