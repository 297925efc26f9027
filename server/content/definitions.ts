// The server's side of each content type's one description (common/content-types.ts holds what
// the browser shares): the table its items are projected into with their slug column, and, for a
// searchable type, how its search document is made. The projection's removals and renames
// (server/db/seed.ts, server/content/store.ts), the sitemap (server/search/sitemap.ts) and the
// search index (server/search/indexing.ts: the function and triggers that keep search_documents)
// are derived from here, so a new type is searchable, renamable and in the sitemap once it is
// described here and in common/content-types.ts.
import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SearchType } from '../../common/content-types.ts';
import * as c from '../db/columns.ts';
import type { CollectionName } from '../db/content.ts';
import { sanitize } from '../db/html.ts';
import type { Db } from '../db/index.ts';
import * as t from '../db/schema.ts';

/**
 * How a type's search document is read from the database, as SQL over its table (aliased `x`,
 * the item's row `x.id = p_id`): its slug, title, description (weighted B), body (C) and keywords
 * (D); HTML is reduced to its text.
 */
export interface SearchDocumentSource {
  slug: string;
  title: string;
  description: string;
  body: string;
  keywords: string;
  /** Further FROM clauses (joins to what the document names, such as a park's country). */
  joins?: string;
  /**
   * Other tables whose changes change the document: when a row of `table` changes (its `column`,
   * when named), the documents of the items that `items` selects are made again. `items` is a
   * query of item ids over NEW (a row trigger), or over `changed_rows` (a statement trigger, for
   * tables written many rows at a time).
   */
  alsoFrom?: { table: string; column?: string; items: string; perStatement?: boolean }[];
}

export interface ContentTypeDefinition {
  collection: CollectionName;
  /** The table its items are projected into, and the slug column (its key on the wire). */
  table: PgTable;
  slugKey: string;
  search?: {
    type: SearchType;
    document: SearchDocumentSource;
    /** The results' rows of items found (the type's card on the wire, spec point 7). */
    results: (db: Db, ids: number[]) => Promise<{ id: number }[]>;
    /** On a title hit, how much further up an item comes: pages dedicated to a subject first. */
    titleBoost?: number;
  };
}

/** Columns every page-backed type shares: <prefix>title, <prefix>titleslug, <prefix>description. */
const named = (prefix: string) => ({ slug: `x.${prefix}titleslug`, title: `x.${prefix}title`, description: `x.${prefix}description`, keywords: 'x.metakeywords' });

export const DEFINITIONS: ContentTypeDefinition[] = [
  {
    collection: 'destinations',
    table: t.destinations,
    slugKey: 'destinationtitleslug',
  },
  {
    collection: 'parks',
    table: t.parks,
    slugKey: 'parktitleslug',
    search: {
      type: 'park',
      titleBoost: 0.35,
      results: (db, ids) => db.select(c.parkCard).from(t.parks).innerJoin(t.destinations, eq(t.parks.destination_id, t.destinations.id)).where(inArray(t.parks.id, ids)),
      document: {
        ...named('park'),
        body: `x.parkoverview || ' ' || x.parkdetails || ' ' || coalesce(d.destinationtitle, '')`,
        joins: 'LEFT JOIN destinations d ON d.id = x.destination_id',
        // A park's document names its country.
        alsoFrom: [{ table: 'destinations', column: 'destinationtitle', items: 'SELECT p.id FROM parks p WHERE p.destination_id = NEW.id' }],
      },
    },
  },
  {
    collection: 'lodges',
    table: t.lodges,
    slugKey: 'lodgetitleslug',
    search: {
      type: 'lodge',
      titleBoost: 0.3,
      results: (db, ids) =>
        db
          .select(c.lodgeCard)
          .from(t.lodges)
          .innerJoin(t.parks, eq(t.lodges.park_id, t.parks.id))
          .innerJoin(t.destinations, eq(t.parks.destination_id, t.destinations.id))
          .where(inArray(t.lodges.id, ids)),
      document: {
        ...named('lodge'),
        // Its tier, its amenities and its park's name.
        body: `x.lodgeparagraph || ' ' || x.lodgetier || ' '
             || coalesce((SELECT string_agg(a, ' ') FROM jsonb_array_elements_text(x.amenities) AS a), '') || ' '
             || coalesce(p.parktitle, '')`,
        joins: 'LEFT JOIN parks p ON p.id = x.park_id',
        alsoFrom: [{ table: 'parks', column: 'parktitle', items: 'SELECT l.id FROM lodges l WHERE l.park_id = NEW.id' }],
      },
    },
  },
  { collection: 'places', table: t.places, slugKey: 'placetitleslug' },
  {
    collection: 'experiences',
    table: t.experiences,
    slugKey: 'experiencetitleslug',
    search: {
      type: 'experience',
      titleBoost: 0.3,
      results: (db, ids) => db.select(c.experienceCard).from(t.experiences).where(inArray(t.experiences.id, ids)),
      document: { ...named('experience'), body: 'x.experienceparagraph' },
    },
  },
  {
    collection: 'safaris',
    table: t.safaris,
    slugKey: 'safarititleslug',
    search: {
      type: 'safari',
      titleBoost: 0.1,
      results: (db, ids) => db.select(c.safariCard).from(t.safaris).where(inArray(t.safaris.id, ids)),
      document: {
        ...named('safari'),
        description: 'x.safarimetadescription',
        // Every day's title and text, in order.
        body: `x.safaridescription || ' ' || coalesce((SELECT string_agg(sd.title || ' ' || sd.description, ' ' ORDER BY sd.day_number)
                                                   FROM safari_days sd WHERE sd.safari_id = x.id), '')`,
        alsoFrom: [{ table: 'safari_days', items: 'SELECT DISTINCT safari_id FROM changed_rows', perStatement: true }],
      },
    },
  },
  {
    collection: 'blogs',
    table: t.blogs,
    slugKey: 'blogtitleslug',
    search: {
      type: 'blog',
      results: (db, ids) => db.select(c.blogCard).from(t.blogs).where(inArray(t.blogs.id, ids)),
      document: { ...named('blog'), body: 'x.blogparagraph' },
    },
  },
  {
    collection: 'animals',
    table: t.animals,
    slugKey: 'animaltitleslug',
    search: {
      type: 'animal',
      titleBoost: 0.35,
      results: (db, ids) => db.select(c.animalCard).from(t.animals).where(inArray(t.animals.id, ids)),
      document: { ...named('animal'), body: 'x.animalparagraph' },
    },
  },
  {
    collection: 'birds',
    table: t.birds,
    slugKey: 'birdtitleslug',
    search: {
      type: 'bird',
      titleBoost: 0.35,
      results: (db, ids) => db.select(c.birdCard).from(t.birds).where(inArray(t.birds.id, ids)),
      document: { ...named('bird'), body: `x.birdoverview || ' ' || x.birddetails` },
    },
  },
  {
    collection: 'faqs',
    table: t.faqs,
    slugKey: 'faqslug',
    search: {
      type: 'faq',
      // Answers are shown as sanitised HTML.
      results: async (db, ids) => (await db.select(c.faqFields).from(t.faqs).where(inArray(t.faqs.id, ids))).map((f) => ({ ...f, answer: sanitize(f.answer) })),
      document: { slug: 'x.faqslug', title: 'x.question', description: `''`, body: 'x.answer', keywords: `''` },
    },
  },
  { collection: 'pages', table: t.pages, slugKey: 'slug' },
];

/** A type's table and slug column (reviews have none: they are replaced whole). */
export function slugTableOf(collection: CollectionName): { table: PgTable; slug: PgColumn; slugKey: string } | undefined {
  const d = DEFINITIONS.find((x) => x.collection === collection);
  return d && { table: d.table, slug: (d.table as unknown as Record<string, PgColumn>)[d.slugKey]!, slugKey: d.slugKey };
}
