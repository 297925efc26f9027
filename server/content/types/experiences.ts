// Experiences: things to do on safari (gorilla trekking, game drives...), each in one or more
// countries, with a page and a gallery.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import * as t from '../../db/schema.ts';
import { galleryItem, image, markdown, ref, seo, text } from './fields.ts';
import { cardsById, contentType, inOrder, named, pageColumns, replaceGallery, upsert } from './type.ts';

const experienceSchema = z.object({
  title: text,
  order: z.number().int().default(100),
  destinations: z.array(ref('destinations')).min(1),
  description: text,
  body: markdown,
  image,
  gallery: z.array(galleryItem).default([]),
  seo,
});

export default contentType({
  collection: 'experiences',
  schema: experienceSchema,
  table: t.experiences,
  slugKey: 'experiencetitleslug',
  images: 'art',
  gallery: 'experience',
  search: {
    type: 'experience',
    titleBoost: 0.3,
    results: cardsById(t.experiences, c.experienceCard),
    document: { ...named('experience'), body: 'x.experienceparagraph' },
  },
  cardList: inOrder(t.experiences, c.experienceCard, 'Safari experiences'),
  async project(tx, items, p) {
    for (const e of items) {
      if (!p.want(e.slug)) continue;
      const destIds = await p.ids('destinations');
      const id = await upsert(tx, t.experiences, t.experiences.experiencetitleslug, e.slug, {
        ...pageColumns('experience', 'experiences', e),
        experienceparagraph: markdownToHtml(e.body),
        sort_order: e.order,
      });
      await tx.delete(t.experienceDestinations).where(eq(t.experienceDestinations.experience_id, id));
      await tx.insert(t.experienceDestinations).values([...new Set(e.destinations)].map((d) => ({ experience_id: id, destination_id: destIds.get(d)! })));
      await replaceGallery(tx, 'experience', 'experiences', id, e.slug, e.gallery);
    }
  },
});
