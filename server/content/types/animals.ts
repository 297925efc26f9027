// Animals: the wildlife guide's species, each with a page and a gallery.
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import type { Db } from '../../db/index.ts';
import * as t from '../../db/schema.ts';
import { speciesDetail } from './species.ts';
import { galleryItem, image, markdown, seo, text } from './fields.ts';
import { cardsById, contentType, inOrder, named, pageColumns, replaceGallery, upsert } from './type.ts';

const animalSchema = z.object({
  title: text,
  order: z.number().int().default(100),
  description: text,
  body: markdown,
  image,
  gallery: z.array(galleryItem).default([]),
  seo,
});

/** An animal's page: the animal, the four after it, five others and its gallery. */
async function animalDetail(db: Db, slug: string) {
  const found = await speciesDetail(db, { table: t.animals, prefix: 'animal', slugColumn: t.animals.animaltitleslug, full: c.animalFull, card: c.animalCard }, slug);
  if (!found) return null;
  return { ...found.page, body: { animal: found.item, relatedAnimals: found.related, otherAnimals: found.other, galleryImages: found.galleryImages } };
}

export default contentType({
  collection: 'animals',
  schema: animalSchema,
  table: t.animals,
  slugKey: 'animaltitleslug',
  images: 'art',
  gallery: 'animal',
  search: {
    type: 'animal',
    titleBoost: 0.35,
    results: cardsById(t.animals, c.animalCard),
    document: { ...named('animal'), body: 'x.animalparagraph' },
  },
  detail: { notFound: 'Animal', read: animalDetail },
  cardList: inOrder(t.animals, c.animalCard, 'Animals of East Africa'),
  async project(tx, items, p) {
    for (const a of items) {
      if (!p.want(a.slug)) continue;
      const id = await upsert(tx, t.animals, t.animals.animaltitleslug, a.slug, {
        ...pageColumns('animal', 'animals', a),
        animalparagraph: markdownToHtml(a.body),
        sort_order: a.order,
      });
      await replaceGallery(tx, 'animal', 'animals', id, a.slug, a.gallery);
    }
  },
});
