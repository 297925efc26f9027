// Experiences: things to do on safari (gorilla trekking, game drives...), each in one or more
// countries, with a page and a gallery. Its pages' queries: a page of a country's experiences, and
// an experience's detail.
import { and, eq, exists, sql } from 'drizzle-orm';
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import type { Db } from '../../db/index.ts';
import { allExperiences, dedupeById, featuredSafaris, galleryOf, latestBlogs, ringNeighbours } from '../../db/queries.ts';
import * as t from '../../db/schema.ts';
import { galleryItem, image, markdown, ref, seo, text } from './fields.ts';
import { cardsById, contentType, inOrder, itemPage, metaColumns, named, pageColumns, replaceGallery, upsert } from './type.ts';

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

const list = inOrder(t.experiences, c.experienceCard, 'Safari experiences');

/** One page of a country's experiences, in their order, with the total count. */
export async function experiencesOfCountry(db: Db, destinationId: number, limit: number, offset: number) {
  const where = exists(
    db
      .select({ x: sql`1` })
      .from(t.experienceDestinations)
      .where(and(eq(t.experienceDestinations.experience_id, t.experiences.id), eq(t.experienceDestinations.destination_id, destinationId))),
  );
  const [count] = await db.select({ n: c.countAll }).from(t.experiences).where(where);
  const experiences = await db
    .select(c.experienceCard)
    .from(t.experiences)
    .where(where)
    .orderBy(...list.order)
    .limit(limit)
    .offset(offset);
  return { total: count?.n ?? 0, experiences: dedupeById(experiences) };
}

/** An experience's page: the experience, the four after it, six safaris that offer it, the latest posts and its gallery. */
async function experienceDetail(db: Db, slug: string) {
  const [row] = await db
    .select({ ...c.experienceFull, ...metaColumns(t.experiences) })
    .from(t.experiences)
    .where(eq(t.experiences.experiencetitleslug, slug));
  if (!row) return null;
  const { item: experience, ...page } = itemPage(row, 'experience');
  const [all, relatedSafaris, blogs, galleryImages] = await Promise.all([
    allExperiences(db),
    featuredSafaris(db, { experienceId: experience.id }, 6),
    latestBlogs(db, 3),
    galleryOf(db, 'experience', experience.id),
  ]);
  return {
    ...page,
    body: { experience, relatedExperiences: ringNeighbours(all, experience.id, 4), relatedSafaris: dedupeById(relatedSafaris), blogs, galleryImages },
  };
}

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
  cardList: list,
  detail: { notFound: 'Experience', read: experienceDetail },
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
