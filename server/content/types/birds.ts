// Birds: the birding guide's species, each with a page and a gallery.
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import type { Db } from '../../db/index.ts';
import * as t from '../../db/schema.ts';
import { speciesDetail } from './species.ts';
import { galleryItem, image, markdown, seo, text } from './fields.ts';
import { cardsById, contentType, inOrder, named, pageColumns, replaceGallery, upsert } from './type.ts';

const birdSchema = z.object({
  title: text,
  order: z.number().int().default(100),
  description: text,
  overview: markdown,
  details: markdown,
  image,
  gallery: z.array(galleryItem).default([]),
  seo,
});

/** A bird's page: the bird, the four after it, five others and its gallery. */
async function birdDetail(db: Db, slug: string) {
  const found = await speciesDetail(db, { table: t.birds, prefix: 'bird', slugColumn: t.birds.birdtitleslug, full: c.birdFull, card: c.birdCard }, slug);
  if (!found) return null;
  return { ...found.page, body: { bird: found.item, relatedBirds: found.related, otherBirds: found.other, galleryImages: found.galleryImages } };
}

export default contentType({
  collection: 'birds',
  schema: birdSchema,
  table: t.birds,
  slugKey: 'birdtitleslug',
  images: 'art',
  gallery: 'bird',
  search: {
    type: 'bird',
    titleBoost: 0.35,
    results: cardsById(t.birds, c.birdCard),
    document: { ...named('bird'), body: `x.birdoverview || ' ' || x.birddetails` },
  },
  detail: { notFound: 'Bird', read: birdDetail },
  cardList: inOrder(t.birds, c.birdCard, 'Birds of East Africa'),
  async project(tx, items, p) {
    for (const b of items) {
      if (!p.want(b.slug)) continue;
      const id = await upsert(tx, t.birds, t.birds.birdtitleslug, b.slug, {
        ...pageColumns('bird', 'birds', b),
        birdoverview: markdownToHtml(b.overview),
        birddetails: markdownToHtml(b.details),
        sort_order: b.order,
      });
      await replaceGallery(tx, 'bird', 'birds', id, b.slug, b.gallery);
    }
  },
});
