// The detail of a species, animal or bird: the species, the four after it in the guide's order
// (wrapping round), five others, and its gallery. The wire names are the type's (`animal`,
// `relatedAnimals`, `otherAnimals`; spec point 7): each module names them.
import { asc, eq, type InferColumnsDataTypes } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PagePrefix } from '../../../common/content-types.ts';
import type { Db } from '../../db/index.ts';
import { galleryOf, ringNeighbours } from '../../db/queries.ts';
import type * as t from '../../db/schema.ts';
import { itemPage, metaColumns } from './type.ts';

type SpeciesTable = typeof t.animals | typeof t.birds;

/** A species' row (its detail's columns), the cards of the related and other species and its gallery; null for no such species. */
export async function speciesDetail<F extends Record<string, PgColumn>, K extends Record<string, PgColumn>>(
  db: Db,
  kind: { table: SpeciesTable; prefix: PagePrefix; slugColumn: PgColumn; full: F; card: K },
  slug: string,
) {
  const table = kind.table as typeof t.animals;
  const [row] = (await db
    .select({ ...kind.full, ...metaColumns(table) })
    .from(table)
    .where(eq(kind.slugColumn, slug))) as unknown as (InferColumnsDataTypes<F> & { id: number; metatitle: string | null; metakeywords: string; metadescription: string })[];
  if (!row) return null;
  const { item, ...page } = itemPage(row, kind.prefix);
  const [cards, galleryImages] = await Promise.all([
    db.select(kind.card).from(table).orderBy(asc(table.sort_order), asc(table.id)) as unknown as Promise<(InferColumnsDataTypes<K> & { id: number })[]>,
    galleryOf(db, kind.prefix, row.id),
  ]);
  const related = ringNeighbours(cards, row.id, 4);
  const other = cards.filter((a) => a.id !== row.id && !related.some((r) => r.id === a.id)).slice(0, 5);
  return { page, item, related, other, galleryImages };
}
