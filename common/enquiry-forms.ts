// The enquiry inbox's forms (status, assignment, note, reply) and its list's filters: one zod
// schema each, used by the console's actions and loaders and by the API.
import { z } from 'zod';
import { ENQUIRY_STATUSES, NOTE_MAX, REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from './enquiry-inbox.ts';

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
