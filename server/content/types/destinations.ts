// Destinations: the countries, each with its page (/destinations/<slug>) and lists of its parks,
// safaris and experiences.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import type { Db } from '../../db/index.ts';
import { allDestinations, latestBlogs } from '../../db/queries.ts';
import * as t from '../../db/schema.ts';
import { image, markdown, seo, text } from './fields.ts';
import { contentType, itemPage, metaColumns, pageColumns, upsertEach } from './type.ts';

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

/** A country's page: the country, the others, the latest posts, and the previous and next in the set order. */
async function destinationDetail(db: Db, slug: string) {
  const [row] = await db
    .select({ ...c.destinationFull, ...metaColumns(t.destinations) })
    .from(t.destinations)
    .where(eq(t.destinations.destinationtitleslug, slug));
  if (!row) return null;
  const { item: destination, ...page } = itemPage(row, 'destination');
  const [all, blogs] = await Promise.all([allDestinations(db), latestBlogs(db, 3)]);
  const i = all.findIndex((d) => d.id === destination.id);
  return {
    ...page,
    body: {
      destination,
      otherDestinations: all.filter((d) => d.id !== destination.id),
      blogs,
      prevPost: i > 0 ? all[i - 1]! : null,
      nextPost: i >= 0 && i < all.length - 1 ? all[i + 1]! : null,
    },
  };
}

export default contentType({
  collection: 'destinations',
  schema: destinationSchema,
  table: t.destinations,
  slugKey: 'destinationtitleslug',
  images: 'art',
  detail: { notFound: 'Destination', read: destinationDetail },
  async project(tx, items, p) {
    await upsertEach(tx, items, p, t.destinations, t.destinations.destinationtitleslug, (d) => ({
      ...pageColumns('destination', 'destinations', d),
      destinationtag: d.tag,
      destinationparagraph: markdownToHtml(d.body),
      youtubeembedlink: d.video ?? null,
      sort_order: d.order,
    }));
  },
});
