// The content as staff edit it (migration 0012): one document per item in the shape of its content
// file, its publication state and its revisions, and the redirects left by changed slugs. The
// content tables of schema.ts are the projection of the published documents (server/content/).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from './schema-staff.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What a document seeded from a file keeps beside it: the hash of the file this version came from
 * (null once it was changed in the console), the file it was made from (null for one made in the
 * console), and when and by whom it was made and last changed.
 */
const seededColumns = () => ({
  seed_hash: text('seed_hash'),
  origin: text('origin'),
  created_at: at('created_at').notNull().defaultNow(),
  updated_at: at('updated_at').notNull().defaultNow(),
  updated_by: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
});

export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    /** The collection of server/db/content.ts ('parks', 'safaris', ...). */
    collection: text('collection').notNull(),
    slug: text('slug').notNull(),
    /** The item as its content file writes it (Markdown fields as Markdown). */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** Moves on with every save; a save made on an older revision is a conflict. */
    revision: integer('revision').notNull().default(1),
    /** 'draft' (not on the site), 'published', 'scheduled' (published at publish_at). */
    status: text('status').notNull().default('published'),
    publish_at: at('publish_at'),
    published_at: at('published_at'),
    // seed_hash, origin: the content file, as "collection/file-slug" (migration 0015); it stays when
    // staff rename the item, so the file is matched to it again.
    ...seededColumns(),
  },
  (t) => [
    uniqueIndex('content_items_slug_idx').on(t.collection, t.slug),
    uniqueIndex('content_items_origin_idx').on(t.origin),
    index('content_items_due_idx').on(t.publish_at).where(sql`status = 'scheduled'`),
    check('content_items_status_check', sql`${t.status} in ('draft', 'published', 'scheduled')`),
    check('content_items_schedule_check', sql`(${t.status} = 'scheduled') = (${t.publish_at} is not null)`),
  ],
);

export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: serial('id').primaryKey(),
    /** Null once the item was deleted (its history stays). */
    item_id: integer('item_id').references(() => contentItems.id, { onDelete: 'set null' }),
    collection: text('collection').notNull(),
    slug: text('slug').notNull(),
    revision: integer('revision').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull(),
    /** 'import', 'create', 'save', 'publish', 'unpublish', 'schedule', 'restore', 'delete' */
    action: text('action').notNull(),
    saved_by: integer('saved_by').references(() => staff.id, { onDelete: 'set null' }),
    saved_at: at('saved_at').notNull().defaultNow(),
  },
  (t) => [index('content_revisions_item_idx').on(t.item_id, t.revision), index('content_revisions_slug_idx').on(t.collection, t.slug, t.saved_at)],
);

/** Permanent redirects left by changed slugs: /parks/old-name -> /parks/new-name. */
export const contentRedirects = pgTable('content_redirects', {
  from_path: text('from_path').primaryKey(),
  to_path: text('to_path').notNull(),
  created_at: at('created_at').notNull().defaultNow(),
});

/**
 * Items deleted in the console (migration 0015), by origin: the content file they were made from
 * ("collection/file-slug"), or for an item made in the console the address it had. A content file
 * with a tombstone is not imported again unless a re-import is asked to restore it.
 */
export const contentTombstones = pgTable('content_tombstones', {
  origin: text('origin').primaryKey(),
  /** The item's address when it was deleted. */
  slug: text('slug').notNull(),
  deleted_at: at('deleted_at').notNull().defaultNow(),
  deleted_by: integer('deleted_by').references(() => staff.id, { onDelete: 'set null' }),
});

/**
 * An item's translation into one of the site's other languages (migration 0037): the translatable
 * fields of its document in that language (content/translations/<lang>/<type>/<file-slug>.yaml
 * holds the same), keyed by the item's row, so a renamed English slug keeps its translations and a
 * deleted item takes them with it.
 */
export const contentTranslations = pgTable(
  'content_translations',
  {
    id: serial('id').primaryKey(),
    item_id: integer('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    /** 'de', 'fr', 'es' (common/languages.ts). */
    language: text('language').notNull(),
    /** The translatable fields only, in the shape of the English document. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** The item's address in this language, when staff gave it one (else the English slug). */
    slug: text('slug'),
    revision: integer('revision').notNull().default(1),
    /** 'current', or 'needs_review' once the English it was made from changed. */
    status: text('status').notNull().default('current'),
    /** Hash of the English translatable fields it was made from (or last reviewed against). */
    source_hash: text('source_hash').notNull(),
    // seed_hash, origin: the translation file, as "lang/collection/file-slug".
    ...seededColumns(),
  },
  (t) => [
    uniqueIndex('content_translations_item_idx').on(t.item_id, t.language),
    check('content_translations_language_check', sql`${t.language} in ('de', 'fr', 'es')`),
    check('content_translations_status_check', sql`${t.status} in ('current', 'needs_review')`),
  ],
);
