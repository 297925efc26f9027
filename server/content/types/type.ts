// What one content type module says (server/content/types/<collection>.ts): its document schema,
// the table its items are projected into, how an item is written there, its search document, its
// pictures and its gallery. The registry (./index.ts) lists the modules; everything kept per type
// (the projection, removals, the search index and triggers, the sitemap, the image build, the
// galleries' owners) is derived from it.
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { PagePrefix, SearchType } from '../../../common/content-types.ts';
import type { Db } from '../../db/index.ts';
import * as t from '../../db/schema.ts';
import { galleryImagePath, headerImagePath, type ImageCollection } from '../../media/paths.ts';

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

export interface SearchDefinition {
  type: SearchType;
  document: SearchDocumentSource;
  /** The results' rows of items found (the type's card on the wire, spec point 7). */
  results: (db: Db, ids: number[]) => Promise<{ id: number }[]>;
  /** On a title hit, how much further up an item comes: pages dedicated to a subject first. */
  titleBoost?: number;
}

/** Projects only this item (a console edit) instead of the whole content. */
export interface ProjectOnly {
  collection: string;
  slug: string;
}

/** What a type's projection is given beside its items. */
interface Projection {
  /** Whether this item of the type is written (all of them, or the one item of a console edit). */
  want(slug: string): boolean;
  /** The one item written, when it is a console edit. */
  only?: ProjectOnly;
  /** Ids by slug of the items of a type written before (types are written in the registry's order). */
  ids(collection: string): Promise<Map<string, number>>;
}

export type ContentItem<S extends z.ZodType> = z.output<S> & { slug: string };

export interface ContentTypeModule<C extends string = string, S extends z.ZodType = z.ZodType, G extends string = string> {
  /** content/<collection>/*.yaml; the description the browser shares is common/content-types.ts's entry. */
  collection: C;
  /** The document an item's file holds (and the console's form, server/content/describe.ts). */
  schema: S;
  /** The table its items are projected into and its slug column (its key on the wire); none for a type replaced whole. */
  table?: PgTable;
  slugKey?: string;
  /** Writes the items into the tables (the set-up's load, or the one item of a console edit). */
  project(tx: Db, items: ContentItem<S>[], p: Projection): Promise<void>;
  /** Found by the site search. */
  search?: SearchDefinition;
  /**
   * The pictures the image build draws for each item when it has no photo: 'art' a scene from the
   * artwork generator (and its gallery's), 'portrait' a drawn head and shoulders.
   */
  images?: 'art' | 'portrait';
  /** The owner type of its gallery rows (gallery_images.owner_type), when its items have galleries. */
  gallery?: G;
  /** The API's paginated list of its cards (GET <list>, server/api/card-list.ts). */
  cardList?: CardList;
  /** GET <list>/<slug>, when the type's detail answer is read off the registry. */
  detail?: Detail;
  /** Problems with its references that the schema cannot see (added to the load's own checks). */
  problems?(content: Record<string, { slug: string }[]>): string[];
}

/** A type's paginated list: its card's columns (the card on the wire is their values), its order. */
export interface CardList<K extends Record<string, PgColumn> = Record<string, PgColumn>> {
  card: K;
  order: SQL[];
  /** The list's title when its row of the pages table has none. */
  title: string;
}

/**
 * A type's detail answer read off the registry: the item's page metadata and the answer's fields
 * (`body`, whose type is the answer's type on the wire), or null for no such item (a 404 naming
 * `notFound`).
 */
export interface Detail<B extends Record<string, unknown> = Record<string, unknown>> {
  notFound: string;
  read(db: Db, slug: string): Promise<{ title: string; keywords: string; description: string; body: B } | null>;
}

/**
 * A type module, its collection's name and schema kept as types, and the types of its card and
 * detail answer (common/api-types.ts reads the wire types off them).
 */
export function contentType<
  const C extends string,
  S extends z.ZodType,
  const G extends PagePrefix = never,
  K extends Record<string, PgColumn> = Record<string, PgColumn>,
  B extends Record<string, unknown> = Record<string, unknown>,
>(m: TypedModule<C, S, G, K, B>): TypedModule<C, S, G, K, B> {
  return m;
}

type TypedModule<C extends string, S extends z.ZodType, G extends string, K extends Record<string, PgColumn>, B extends Record<string, unknown>> = Omit<
  ContentTypeModule<C, S, G>,
  'cardList' | 'detail'
> & {
  cardList?: CardList<K>;
  detail?: Detail<B>;
};

/** Keeps ids stable: update the row with this slug, or insert it. Returns the id. */
export async function upsert(tx: Db, table: PgTable & { id: PgColumn }, slugColumn: PgColumn, slug: string, values: Record<string, unknown>): Promise<number> {
  const updated = await tx
    .update(table)
    .set({ ...values, updated_at: new Date() } as never)
    .where(eq(slugColumn, slug))
    .returning({ id: table.id });
  if (updated[0]) return updated[0].id as number;
  const inserted = await tx
    .insert(table)
    .values(values as never)
    .returning({ id: table.id });
  return inserted[0]!.id as number;
}

/** A type's projection when an item is one row: each wanted item upserted by its slug, `row` giving its columns. */
export async function upsertEach<T extends { slug: string }>(
  tx: Db,
  items: readonly T[],
  p: Projection,
  table: PgTable & { id: PgColumn },
  slugColumn: PgColumn,
  row: (item: T) => Record<string, unknown>,
): Promise<void> {
  for (const item of items) {
    if (p.want(item.slug)) await upsert(tx, table, slugColumn, item.slug, row(item));
  }
}

export type GalleryEntry = { file?: string; upload?: string; alt: string; caption: string };

/** Replaces an item's gallery rows. */
export async function replaceGallery(tx: Db, ownerType: string, collection: string, ownerId: number, slug: string, gallery: GalleryEntry[]) {
  await tx.delete(t.galleryImages).where(and(eq(t.galleryImages.owner_type, ownerType), eq(t.galleryImages.owner_id, ownerId)));
  if (gallery.length)
    await tx.insert(t.galleryImages).values(
      gallery.map((g, position) => ({
        owner_type: ownerType,
        owner_id: ownerId,
        filepath: g.upload ?? galleryImagePath(collection as ImageCollection, slug, g.file!),
        filename: g.alt,
        caption: g.caption,
        position,
      })),
    );
}

/** The header image of an item: a library upload when it names one, else its content image. */
export function headerImage(collection: string, slug: string, image: { file?: string; upload?: string }): string {
  return image.upload ?? headerImagePath(collection as ImageCollection, slug, image.file);
}

/**
 * The columns every page-backed type shares, named after its prefix ("park" -> parktitle,
 * parktitleslug, parkdescription, parkheaderimage, parkheaderimagealt) and its search-engine
 * metadata.
 */
export function pageColumns(
  prefix: string,
  collection: string,
  item: { slug: string; title: string; description: string; image: { alt: string; file?: string; upload?: string }; seo: { title?: string; keywords: string; description: string } },
): Record<string, unknown> {
  return {
    [`${prefix}title`]: item.title,
    [`${prefix}titleslug`]: item.slug,
    [`${prefix}description`]: item.description,
    [`${prefix}headerimage`]: headerImage(collection, item.slug, item.image),
    [`${prefix}headerimagealt`]: item.image.alt,
    metatitle: item.seo.title ?? null,
    metakeywords: item.seo.keywords,
    metadescription: item.seo.description,
  };
}

/** Columns every page-backed type's search document shares: <prefix>title, <prefix>titleslug, <prefix>description. */
export const named = (prefix: string) => ({ slug: `x.${prefix}titleslug`, title: `x.${prefix}title`, description: `x.${prefix}description`, keywords: 'x.metakeywords' });

type Listed = PgTable & { id: PgColumn; sort_order: PgColumn };

/** A type's cards by id: its search results' rows. */
export const cardsById =
  (table: PgTable & { id: PgColumn }, card: Record<string, PgColumn>) =>
  (db: Db, ids: number[]): Promise<{ id: number }[]> =>
    db.select(card).from(table).where(inArray(table.id, ids)) as unknown as Promise<{ id: number }[]>;

type MetaRow = { metatitle: string | null; metakeywords: string; metadescription: string };

/** A page-backed table's search-engine metadata columns, read beside an item's own. */
export const metaColumns = <T extends { [K in keyof MetaRow]: PgColumn }>(table: T): Pick<T, keyof MetaRow> => ({
  metatitle: table.metatitle,
  metakeywords: table.metakeywords,
  metadescription: table.metadescription,
});

/**
 * An item's row read with its metadata columns, split: the item on the wire, and its page's title,
 * keywords and description (the item's own <prefix>title and <prefix>description unless its
 * metadata names others).
 */
export function itemPage<R extends MetaRow>(row: R, prefix: string): { item: Omit<R, keyof MetaRow>; title: string; keywords: string; description: string } {
  const { metatitle, metakeywords, metadescription, ...item } = row;
  const own = item as unknown as Record<string, string>;
  return { item, title: metatitle ?? own[`${prefix}title`]!, keywords: metakeywords, description: metadescription || own[`${prefix}description`]! };
}

/** The card list of a type kept in its items' `order` (then as added). */
export const inOrder = <K extends Record<string, PgColumn>>(table: Listed, card: K, title: string): CardList<K> => ({ card, order: [asc(table.sort_order), asc(table.id)], title });
