// Tables of the enquiry inbox (migration 0008): notes on an enquiry, the history of its status
// and the replies sent from the console. The enquiry's own status, assignee, safari and source
// are columns of `enquiries` (schema-enquiries.ts).
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { enquiries, mailOutbox } from './schema-enquiries.ts';
import { staff } from './schema-staff.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const enquiryNotes = pgTable(
  'enquiry_notes',
  {
    id: serial('id').primaryKey(),
    enquiry_id: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('enquiry_notes_enquiry_idx').on(t.enquiry_id, t.created_at)],
);

export const enquiryStatusChanges = pgTable(
  'enquiry_status_changes',
  {
    id: serial('id').primaryKey(),
    enquiry_id: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    /** Who changed it; null when the account is gone. */
    staff_id: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    from_status: text('from_status').notNull(),
    to_status: text('to_status').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('enquiry_status_changes_enquiry_idx').on(t.enquiry_id, t.at)],
);

export const enquiryReplies = pgTable(
  'enquiry_replies',
  {
    id: serial('id').primaryKey(),
    enquiry_id: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The outbox row that carries it (its delivery state and Message-ID). */
    outbox_id: bigint('outbox_id', { mode: 'number' }).references(() => mailOutbox.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('enquiry_replies_enquiry_idx').on(t.enquiry_id, t.created_at)],
);
