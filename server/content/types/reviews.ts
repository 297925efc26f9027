// Featured reviews: the travellers' words on the home page. Few, so they are replaced whole.
import { z } from 'zod';
import * as t from '../../db/schema.ts';
import { headerImagePath } from '../../media/paths.ts';
import { isoDate, text } from './fields.ts';
import { contentType } from './type.ts';

const reviewSchema = z.object({
  name: text,
  date: isoDate,
  title: text,
  overview: text,
  details: text,
  /** Optional profile image file under content/images/reviews/. */
  image: z.string().optional(),
  rating: z.number().int().min(1).max(5).default(5),
  featured: z.boolean().default(false),
});

export default contentType({
  collection: 'reviews',
  schema: reviewSchema,
  async project(tx, items, p) {
    if (p.only && p.only.collection !== 'reviews') return;
    await tx.delete(t.reviews);
    if (items.length)
      await tx.insert(t.reviews).values(
        items.map((r) => ({
          slug: r.slug,
          name: r.name,
          date: r.date.toISOString().slice(0, 10),
          title: r.title,
          overview: r.overview,
          details: r.details,
          // The photo when the review names one, else the portrait the image build draws (server/media/jobs.ts).
          profileimage: headerImagePath('reviews', r.slug, r.image),
          rating: r.rating,
          featured: r.featured,
        })),
      );
  },
});
