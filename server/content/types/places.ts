// Places on routes: towns, airports and sanctuaries a safari passes through that have no park page
// of their own (the stops of the route maps).
import { z } from 'zod';
import * as t from '../../db/schema.ts';
import { location, text } from './fields.ts';
import { contentType, upsertEach } from './type.ts';

/** A town, airport or sanctuary on a safari's route that has no park page of its own. */
const placeSchema = z.object({
  title: text,
  location,
});

export default contentType({
  collection: 'places',
  schema: placeSchema,
  table: t.places,
  slugKey: 'placetitleslug',
  async project(tx, items, p) {
    await upsertEach(tx, items, p, t.places, t.places.placetitleslug, (place) => ({
      placetitle: place.title,
      placetitleslug: place.slug,
      latitude: place.location.lat,
      longitude: place.location.lng,
    }));
  },
});
