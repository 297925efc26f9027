// Tables of the media library (issue 12 point 3) and of the console's settings: images staff
// upload, each processed in the background by the content image pipeline (a row is its job:
// queued, processing, done or failed, so a restart loses nothing), and owner-chosen switches such
// as whether agents may edit content.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from './schema-staff.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One uploaded image. The original is kept under DATA_DIR/uploads/originals; variants under DATA_DIR/uploads/images. */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: serial('id').primaryKey(),
    /** The file name stem of every variant: a slug of the uploaded name and a random suffix. Unique, never reused. */
    name: text('name').notNull(),
    /** The name the file had on the uploader's computer (shown, never used as a path). */
    original_name: text('original_name').notNull().default(''),
    /** Detected from the bytes: 'jpeg' | 'png' | 'webp' | 'avif'. */
    format: text('format').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** SHA-256 of the original file. */
    sha256: text('sha256').notNull(),
    /** Size of the original as its header declares it. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
    caption: text('caption').notNull().default(''),
    /** 'queued' | 'processing' | 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    /** Variants written so far, of variants_total. */
    variants_done: integer('variants_done').notNull().default(0),
    variants_total: integer('variants_total').notNull().default(0),
    /** Processing attempts; also the fencing token of the claim. */
    attempts: integer('attempts').notNull().default(0),
    /** While processing: when the claim lapses and another worker may take the job again. */
    locked_until: at('locked_until'),
    error: text('error'),
    /** Once done: the token in the hashed variant names, the rendered size, widths and placeholder. */
    token: text('token'),
    rendered_width: integer('rendered_width'),
    rendered_height: integer('rendered_height'),
    widths: jsonb('widths').$type<number[]>(),
    placeholder: text('placeholder'),
    uploaded_by: integer('uploaded_by').references(() => staff.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
    processed_at: at('processed_at'),
  },
  (t) => [
    uniqueIndex('media_uploads_name_idx').on(t.name),
    index('media_uploads_status_idx').on(t.status, t.id),
    check('media_uploads_status_check', sql`status in ('queued', 'processing', 'done', 'failed')`),
    check('media_uploads_format_check', sql`format in ('jpeg', 'png', 'webp', 'avif')`),
  ],
);

/** Console settings chosen by an owner: one row per key, the value as JSON. */
export const consoleSettings = pgTable('console_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_by: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  updated_at: at('updated_at').notNull().defaultNow(),
});
