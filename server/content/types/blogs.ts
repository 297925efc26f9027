// Blog posts: news and stories, newest first, some listed in the navigation's Blogs panel.
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import * as t from '../../db/schema.ts';
import { image, isoDate, markdown, seo, text } from './fields.ts';
import { cardsById, contentType, named, pageColumns, upsert } from './type.ts';

const blogSchema = z.object({
  title: text,
  created: isoDate,
  /** Listed in the Blogs panel of the navigation bar. */
  nav: z.boolean().default(false),
  description: text,
  body: markdown,
  image,
  seo,
});

export default contentType({
  collection: 'blogs',
  schema: blogSchema,
  table: t.blogs,
  slugKey: 'blogtitleslug',
  images: 'art',
  search: {
    type: 'blog',
    results: cardsById(t.blogs, c.blogCard),
    document: { ...named('blog'), body: 'x.blogparagraph' },
  },
  // Newest first.
  cardList: { card: c.blogCard, order: [desc(t.blogs.created_at), desc(t.blogs.id)], title: 'News and updates' },
  async project(tx, items, p) {
    for (const b of items) {
      if (!p.want(b.slug)) continue;
      await upsert(tx, t.blogs, t.blogs.blogtitleslug, b.slug, {
        ...pageColumns('blog', 'blogs', b),
        blogparagraph: markdownToHtml(b.body),
        show_in_nav: b.nav,
        created_at: b.created,
      });
    }
  },
});
