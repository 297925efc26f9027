// Parks: national parks and reserves, each in a country, with a page, a gallery and a place on the maps.
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import * as t from '../../db/schema.ts';
import { galleryItem, image, isoDate, location, markdown, ref, seo, text } from './fields.ts';
import { contentType, named, pageColumns, replaceGallery, upsert } from './type.ts';

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

export default contentType({
  collection: 'parks',
  schema: parkSchema,
  table: t.parks,
  slugKey: 'parktitleslug',
  images: 'art',
  gallery: 'park',
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
