// Parks: national parks and reserves, each in a country, with a page, a gallery and a place on the maps.
// Its pages' queries: a page of parks (of one country or all), and a park's detail.
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import type { Db } from '../../db/index.ts';
import { findLodges, galleryOf, latestBlogs } from '../../db/queries.ts';
import * as t from '../../db/schema.ts';
import { galleryItem, image, isoDate, location, markdown, ref, seo, text } from './fields.ts';
import { contentType, itemPage, metaColumns, named, pageColumns, replaceGallery, upsert } from './type.ts';

const parkSchema = z.object({
  title: text,
  destination: ref('destinations'),
  order: z.number().int().default(100),
  created: isoDate,
  description: text,
  overview: markdown,
  details: markdown,
  /** Where the park is: its marker on the park's map and on the route of every safari that stops there. */
  location,
  image,
  gallery: z.array(galleryItem).default([]),
  seo,
});

/** Parks in the lists' order: by country, then each park's set order. */
const parkOrder = [asc(t.destinations.sort_order), asc(t.parks.sort_order), asc(t.parks.id)];

/** Park cards (with their country) matching a condition. */
const parkCards = (db: Db, where: SQL | undefined) => db.select(c.parkCard).from(t.parks).innerJoin(t.destinations, eq(t.parks.destination_id, t.destinations.id)).where(where).$dynamic();

/** One page of parks (those of one country, or all) with the total count, in one query. */
export async function parksPage(db: Db, destinationId: number | undefined, limit: number, offset: number) {
  const where = destinationId !== undefined ? eq(t.parks.destination_id, destinationId) : undefined;
  const rows = await db
    .select({ ...c.parkCard, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(t.parks)
    .innerJoin(t.destinations, eq(t.parks.destination_id, t.destinations.id))
    .where(where)
    .orderBy(...parkOrder)
    .limit(limit)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && offset > 0) total = (await db.select({ n: c.countAll }).from(t.parks).where(where))[0]?.n ?? 0;
  return { total, parks: rows.map(({ total: _t, ...p }) => p) };
}

/** A park's page: the park, three more of its country, five of others, the latest posts, its gallery and lodges. */
async function parkDetail(db: Db, slug: string) {
  const [row] = await db
    .select({ ...c.parkFull, ...metaColumns(t.parks) })
    .from(t.parks)
    .innerJoin(t.destinations, eq(t.parks.destination_id, t.destinations.id))
    .where(eq(t.parks.parktitleslug, slug));
  if (!row) return null;
  const { item: park, ...page } = itemPage(row, 'park');
  const [relatedParks, otherParks, blogs, galleryImages, lodges] = await Promise.all([
    parkCards(db, and(eq(t.parks.destination_id, park.destination_id), ne(t.parks.id, park.id)))
      .orderBy(...parkOrder)
      .limit(3),
    parkCards(db, ne(t.parks.destination_id, park.destination_id)).orderBy(asc(t.parks.sort_order), asc(t.parks.id)).limit(5),
    latestBlogs(db, 3),
    galleryOf(db, 'park', park.id),
    findLodges(db, eq(t.lodges.park_id, park.id)),
  ]);
  return { ...page, body: { park, relatedParks, otherParks, blogs, galleryImages, lodges } };
}

export default contentType({
  collection: 'parks',
  schema: parkSchema,
  table: t.parks,
  slugKey: 'parktitleslug',
  images: 'art',
  gallery: 'park',
  detail: { notFound: 'Park', read: parkDetail },
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
  async project(tx, items, p) {
    for (const park of items) {
      if (!p.want(park.slug)) continue;
      const destIds = await p.ids('destinations');
      const id = await upsert(tx, t.parks, t.parks.parktitleslug, park.slug, {
        ...pageColumns('park', 'parks', park),
        parkoverview: markdownToHtml(park.overview),
        parkdetails: markdownToHtml(park.details),
        destination_id: destIds.get(park.destination)!,
        sort_order: park.order,
        latitude: park.location.lat,
        longitude: park.location.lng,
        created_at: park.created,
      });
      await replaceGallery(tx, 'park', 'parks', id, park.slug, park.gallery);
    }
  },
});
