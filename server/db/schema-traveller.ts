// Tables of what travellers bring: currency rates for showing prices in their money, WhatsApp
// leads counted per page and day, and the reviews they write on safari pages (with their photos).
import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { safaris } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * How many units of a currency one US dollar buys. USD is the base every price is stored and
 * billed in; these rates only convert what the browser shows. A row set from the content file
 * (content/currency-rates.yaml) has no `updated_by`; once an owner sets a rate in the console
 * (`updated_by` = the staff account), the file no longer overrides it.
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    currency: text('currency').primaryKey(),
    per_usd: numeric('per_usd', { precision: 18, scale: 6, mode: 'number' }).notNull(),
    /** When the rate was set (the file's date, or the moment an owner saved it). */
    updated_at: at('updated_at').notNull().defaultNow(),
    /** The staff account that set it in the console; null: from the content file. */
    updated_by: integer('updated_by'),
  },
  (t) => [check('currency_rates_positive', sql`${t.per_usd} > 0`), check('currency_rates_code', sql`${t.currency} ~ '^[A-Z]{3}$'`)],
);

/** Clicks on a WhatsApp button, per page path and day (no visitor data at all). */
export const whatsappLeads = pgTable(
  'whatsapp_leads',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] }), index('whatsapp_leads_path_idx').on(t.path, t.day)],
);

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A review a traveller wrote on a safari page: held as pending until a moderator approves it. */
export const travellerReviews = pgTable(
  'traveller_reviews',
  {
    id: serial('id').primaryKey(),
    safari_id: integer('safari_id')
      .notNull()
      .references(() => safaris.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    country: text('country').notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    /** Intrinsic size of the photo's largest rendering, when a photo came with the review. */
    photo_width: integer('photo_width'),
    photo_height: integer('photo_height'),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    created_at: at('created_at').notNull().defaultNow(),
    moderated_at: at('moderated_at'),
    /** The staff account that approved or rejected it (the console); null until then. */
    moderated_by: integer('moderated_by'),
    /** The operator's public reply, shown under the review (migration 0019); null: none. */
    reply: text('reply'),
    replied_at: at('replied_at'),
    replied_by: integer('replied_by'),
  },
  (t) => [
    check('traveller_reviews_rating', sql`${t.rating} between 1 and 5`),
    check('traveller_reviews_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('traveller_reviews_safari_idx').on(t.safari_id, t.status, t.created_at),
    index('traveller_reviews_status_idx').on(t.status, t.created_at),
  ],
);

/** The renderings of a review's photo (server/media/pipeline.ts): each width in each format. */
export const travellerReviewPhotos = pgTable(
  'traveller_review_photos',
  {
    review_id: integer('review_id')
      .notNull()
      .references(() => travellerReviews.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    /** 'avif' | 'webp' | 'jpg' */
    format: text('format').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.review_id, t.width, t.format] })],
);
