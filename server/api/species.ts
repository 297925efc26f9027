// Animals and birds, one module for both (their paginated lists, 8 per page, are read off the
// registry: server/api/card-list.ts): details with related and other species. Each kind is read off its description (common/content-types.ts: list
// address, page size, the prefix of its field names) and its table and columns; the answers keep
// the names of spec point 7 (`animals`, `animal`, `relatedAnimals`, `otherAnimals`, ...).
import { asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { contentTypeInfo } from '../../common/content-types.ts';
import * as c from '../db/columns.ts';
import { galleryOf, ringNeighbours, type GalleryOwner } from '../db/queries.ts';
import * as t from '../db/schema.ts';
import { cached } from './cache.ts';
import { deps, slugParam, type ApiEnv } from '../http/deps.ts';
import { notFound } from '../http/error.ts';
import { pageMeta } from './answers.ts';

interface Species {
  collection: 'animals' | 'birds';
  table: typeof t.animals | typeof t.birds;
  /** Card columns (lists, related and other species) and the detail's columns. */
  card: Record<string, PgColumn>;
  full: Record<string, PgColumn>;
  /** The error's name for an unknown slug. */
  notFoundName: string;
}

const ANIMALS: Species = { collection: 'animals', table: t.animals, card: c.animalCard, full: c.animalFull, notFoundName: 'Animal' };
const BIRDS: Species = { collection: 'birds', table: t.birds, card: c.birdCard, full: c.birdFull, notFoundName: 'Bird' };

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function speciesApi(kind: Species) {
  const info = contentTypeInfo(kind.collection)!;
  const { prefix, list } = info.page!;
  // Wire names: animals, animal, relatedAnimals, otherAnimals, animaltitleslug...
  const field = (name: string) => (kind.table as unknown as Record<string, PgColumn>)[`${prefix}${name}`]!;
  const names = { list: kind.collection, one: prefix, related: `related${capital(kind.collection)}`, other: `other${capital(kind.collection)}` };
  const table = kind.table as typeof t.animals;
  const order = [asc(table.sort_order), asc(table.id)];
  const app = new Hono<ApiEnv>();

  app.get(`${list}/:slug`, cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [row] = await db
      .select({ ...kind.full, metatitle: table.metatitle, metakeywords: table.metakeywords, metadescription: table.metadescription })
      .from(table)
      .where(eq(field('titleslug'), slugParam(ctx)));
    if (!row) throw notFound(kind.notFoundName);
    const { metatitle, metakeywords, metadescription, ...item } = row as Record<string, unknown> & { id: number; metatitle: string | null; metakeywords: string; metadescription: string };
    const [cards, galleryImages] = await Promise.all([
      db
        .select(kind.card)
        .from(table)
        .orderBy(...order),
      galleryOf(db, prefix as GalleryOwner, item.id),
    ]);
    const all = cards as unknown as { id: number }[];
    const related = ringNeighbours(all, item.id, 4);
    const other = all.filter((a) => a.id !== item.id && !related.some((r) => r.id === a.id)).slice(0, 5);
    const slug = item[`${prefix}titleslug`] as string;
    return ctx.json({
      ...pageMeta(siteUrl, `${list}/${slug}`, metatitle ?? (item[`${prefix}title`] as string), metakeywords, metadescription || (item[`${prefix}description`] as string)),
      [names.one]: item,
      [names.related]: related,
      [names.other]: other,
      galleryImages,
    });
  });

  return app;
}

export const animalsApi = () => speciesApi(ANIMALS);
export const birdsApi = () => speciesApi(BIRDS);
