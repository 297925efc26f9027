// Lodges and camps we book, in or beside a park: a page, a gallery, a marker on the maps, and the
// nights of the itineraries.
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { LODGE_TIERS } from '../../../common/constants.ts';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import * as t from '../../db/schema.ts';
import { galleryItem, image, location, markdown, ref, seo, text } from './fields.ts';
import { contentType, named, pageColumns, replaceGallery, upsert } from './type.ts';

/** A lodge or camp we book, in or beside a park. */
const lodgeSchema = z.object({
  /** The lodge's name. */
  title: text,
  /** The park (slug) it is in or beside. */
  park: ref('parks'),
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
});

export default contentType({
  collection: 'lodges',
  schema: lodgeSchema,
  table: t.lodges,
  slugKey: 'lodgetitleslug',
  images: 'art',
  gallery: 'lodge',
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
  async project(tx, items, p) {
    for (const l of items) {
      if (!p.want(l.slug)) continue;
      const parkIds = await p.ids('parks');
      const id = await upsert(tx, t.lodges, t.lodges.lodgetitleslug, l.slug, {
        ...pageColumns('lodge', 'lodges', l),
        lodgeparagraph: markdownToHtml(l.body),
        lodgetier: l.tier,
        amenities: l.amenities,
        park_id: parkIds.get(l.park)!,
        sort_order: l.order,
        latitude: l.location.lat,
        longitude: l.location.lng,
      });
      await replaceGallery(tx, 'lodge', 'lodges', id, l.slug, l.gallery);
    }
  },
});
