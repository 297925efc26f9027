// Lodges and camps we book, in or beside a park, and the hotels of the towns a safari starts, ends
// or breaks in (a place, with its country): a page, a gallery, a marker on the maps, and the nights
// of the itineraries. Its pages' queries: a page of lodges (of a park, of a tier), and a lodge's
// detail.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { LODGE_TIERS, type LodgeTier } from '../../../common/constants.ts';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import type { Db } from '../../db/index.ts';
import { findLodges, galleryOf } from '../../db/queries.ts';
import * as t from '../../db/schema.ts';
import { galleryItem, image, location, markdown, ref, seo, text } from './fields.ts';
import { contentType, itemPage, metaColumns, named, pageColumns, replaceGallery, upsert } from './type.ts';

/** A lodge or camp we book, in or beside a park, or a hotel in a town. */
const lodgeSchema = z
  .object({
    /** The lodge's name. */
    title: text,
    /** The park (slug) it is in or beside; none for a lodge at a place. */
    park: ref('parks').optional(),
    /** The town or place (a place's slug) of a hotel or camp outside the parks, instead of a park. */
    place: ref('places').optional(),
    /** The country (a destination's slug) of a lodge at a place (a park's lodge is in its park's). */
    destination: ref('destinations').optional(),
    tier: z.enum(LODGE_TIERS),
    order: z.number().int().default(100),
    /** Short plain text, for cards and meta. */
    description: text,
    body: markdown,
    /** Short facts shown as a list ("Hot showers", "Wi-Fi in the main lodge"). */
    amenities: z.array(text.max(80)).min(1),
    /** Where the lodge is: its marker on its map. */
    location,
    image,
    gallery: z.array(galleryItem).default([]),
    seo,
  })
  .superRefine((l, ctx) => {
    if ((l.park === undefined) === (l.place === undefined)) ctx.addIssue({ code: 'custom', path: ['park'], message: 'Choose either the park the lodge is in or the town or place it is at.' });
    if (l.place !== undefined && l.destination === undefined) ctx.addIssue({ code: 'custom', path: ['destination'], message: 'Choose the country of the town or place.' });
    if (l.park !== undefined && l.destination !== undefined) ctx.addIssue({ code: 'custom', path: ['destination'], message: 'A park’s lodge is in its park’s country: leave the country empty.' });
  });

/** A lodge's country: its own (a lodge at a place), or its park's. */
async function destinationOf(tx: Db, parkId: number | null, own: number | undefined): Promise<number> {
  if (own !== undefined) return own;
  const [park] = await tx.select({ id: t.parks.destination_id }).from(t.parks).where(eq(t.parks.id, parkId!));
  return park!.id;
}

/** The park a list of lodges is of, by its slug, or undefined. */
export async function parkOfLodges(db: Db, slug: string) {
  const [park] = await db.select({ id: t.parks.id, parktitle: t.parks.parktitle, parktitleslug: t.parks.parktitleslug }).from(t.parks).where(eq(t.parks.parktitleslug, slug));
  return park;
}

/** One page of lodges (of a park, of a tier, or all) in the list's order, with the total count. */
export async function lodgesPage(db: Db, filter: { parkId?: number; tier: LodgeTier | null }, limit: number, offset: number) {
  const parts: SQL[] = [];
  if (filter.parkId !== undefined) parts.push(eq(t.lodges.park_id, filter.parkId));
  if (filter.tier) parts.push(eq(t.lodges.lodgetier, filter.tier));
  const where = parts.length ? and(...parts) : undefined;
  const rows = await findLodges(db, where, { total: sql<number>`count(*) over ()`.mapWith(Number) })
    .limit(limit)
    .offset(offset);
  // A page past the end has no rows to carry the total: count separately.
  let total = rows[0]?.total ?? 0;
  if (!rows.length && offset > 0) total = (await db.select({ n: c.countAll }).from(t.lodges).where(where))[0]?.n ?? 0;
  return { total, lodges: rows.map(({ total: _t, ...l }) => l) };
}

/** A lodge's page: the lodge, its gallery, three more of its country (its park's first) and three safaris that stay there. */
async function lodgeDetail(db: Db, slug: string) {
  const [row] = await db
    .select({ ...c.lodgeFull, destination_id: t.lodges.destination_id, place_id: t.lodges.place_id, ...metaColumns(t.lodges) })
    .from(t.lodges)
    .leftJoin(t.parks, eq(t.lodges.park_id, t.parks.id))
    .leftJoin(t.places, eq(t.lodges.place_id, t.places.id))
    .innerJoin(t.destinations, eq(t.lodges.destination_id, t.destinations.id))
    .where(eq(t.lodges.lodgetitleslug, slug));
  if (!row) return null;
  const { item, ...page } = itemPage(row, 'lodge');
  const { destination_id, place_id, ...lodge } = item;
  const [galleryImages, otherLodges, safaris] = await Promise.all([
    galleryOf(db, 'lodge', lodge.id),
    // The same park (or town) first, then the rest of the country.
    db
      .select(c.lodgeCard)
      .from(t.lodges)
      .leftJoin(t.parks, eq(t.lodges.park_id, t.parks.id))
      .leftJoin(t.places, eq(t.lodges.place_id, t.places.id))
      .innerJoin(t.destinations, eq(t.lodges.destination_id, t.destinations.id))
      .where(and(eq(t.lodges.destination_id, destination_id), ne(t.lodges.id, lodge.id)))
      .orderBy(
        desc(sql`coalesce(${t.lodges.park_id} = ${lodge.park_id} or ${t.lodges.place_id} = ${place_id}, false)`),
        asc(t.parks.sort_order),
        asc(t.parks.id),
        asc(t.lodges.sort_order),
        asc(t.lodges.id),
      )
      .limit(3),
    db
      .selectDistinct(c.safariCard)
      .from(t.safaris)
      .innerJoin(t.safariDays, eq(t.safariDays.safari_id, t.safaris.id))
      .where(eq(t.safariDays.lodge_id, lodge.id))
      .orderBy(asc(t.safaris.safariday), asc(t.safaris.id))
      .limit(3),
  ]);
  return { ...page, body: { lodge, galleryImages, otherLodges, safaris } };
}

export default contentType({
  collection: 'lodges',
  schema: lodgeSchema,
  table: t.lodges,
  slugKey: 'lodgetitleslug',
  images: 'art',
  gallery: 'lodge',
  detail: { notFound: 'Lodge', read: lodgeDetail },
  search: {
    type: 'lodge',
    titleBoost: 0.3,
    results: (db, ids) =>
      db
        .select(c.lodgeCard)
        .from(t.lodges)
        .leftJoin(t.parks, eq(t.lodges.park_id, t.parks.id))
        .leftJoin(t.places, eq(t.lodges.place_id, t.places.id))
        .innerJoin(t.destinations, eq(t.lodges.destination_id, t.destinations.id))
        .where(inArray(t.lodges.id, ids)),
    document: {
      ...named('lodge'),
      // Its tier, its amenities and its park's or place's name.
      body: `x.lodgeparagraph || ' ' || x.lodgetier || ' '
             || coalesce((SELECT string_agg(a, ' ') FROM jsonb_array_elements_text(x.amenities) AS a), '') || ' '
             || coalesce(p.parktitle, pl.placetitle, '')`,
      joins: 'LEFT JOIN parks p ON p.id = x.park_id LEFT JOIN places pl ON pl.id = x.place_id',
      alsoFrom: [{ table: 'parks', column: 'parktitle', items: 'SELECT l.id FROM lodges l WHERE l.park_id = NEW.id' }],
    },
  },
  async project(tx, items, p) {
    for (const l of items) {
      if (!p.want(l.slug)) continue;
      const parkId = l.park === undefined ? null : (await p.ids('parks')).get(l.park)!;
      const placeId = l.place === undefined ? null : (await p.ids('places')).get(l.place)!;
      const destinationId = await destinationOf(tx, parkId, l.destination === undefined ? undefined : (await p.ids('destinations')).get(l.destination));
      const id = await upsert(tx, t.lodges, t.lodges.lodgetitleslug, l.slug, {
        ...pageColumns('lodge', 'lodges', l),
        lodgeparagraph: markdownToHtml(l.body),
        lodgetier: l.tier,
        amenities: l.amenities,
        park_id: parkId,
        place_id: placeId,
        destination_id: destinationId,
        sort_order: l.order,
        latitude: l.location.lat,
        longitude: l.location.lng,
      });
      await replaceGallery(tx, 'lodge', 'lodges', id, l.slug, l.gallery);
    }
  },
});
