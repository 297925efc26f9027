// Destinations: the countries, each with its page (/destinations/<slug>) and lists of its parks,
// safaris and experiences.
import { z } from 'zod';
import { markdownToHtml } from '../../db/html.ts';
import * as t from '../../db/schema.ts';
import { image, markdown, seo, text } from './fields.ts';
import { contentType, pageColumns, upsert } from './type.ts';

const destinationSchema = z.object({
  title: text,
  tag: text,
  order: z.number().int(),
  description: text,
  body: markdown,
  video: z.url().optional(),
  image,
  seo,
});

export default contentType({
  collection: 'destinations',
  schema: destinationSchema,
  table: t.destinations,
  slugKey: 'destinationtitleslug',
  images: 'art',
  async project(tx, items, p) {
    for (const d of items) {
      if (!p.want(d.slug)) continue;
      await upsert(tx, t.destinations, t.destinations.destinationtitleslug, d.slug, {
        ...pageColumns('destination', 'destinations', d),
        destinationtag: d.tag,
        destinationparagraph: markdownToHtml(d.body),
        youtubeembedlink: d.video ?? null,
        sort_order: d.order,
      });
    }
  },
});
