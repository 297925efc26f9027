// Blog posts: news and stories, newest first, some listed in the navigation's Blogs panel. Its
// pages' queries: the panel's posts and a post's detail.
import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import type { Db } from '../../db/index.ts';
import { latestBlogs } from '../../db/queries.ts';
import * as t from '../../db/schema.ts';
import { image, isoDate, markdown, seo, text } from './fields.ts';
import { cardsById, contentType, itemPage, metaColumns, named, pageColumns, upsertEach } from './type.ts';

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

/** The posts of the navigation's Blogs panel, newest first (six). */
export const blogsInNav = (db: Db) => db.select(c.blogCard).from(t.blogs).where(eq(t.blogs.show_in_nav, true)).orderBy(desc(t.blogs.created_at), desc(t.blogs.id)).limit(6);

/** A post's page: the post, the one before (older) and after (newer), and the latest three others. */
async function blogDetail(db: Db, slug: string) {
  const [row] = await db
    .select({ ...c.blogFull, ...metaColumns(t.blogs) })
    .from(t.blogs)
    .where(eq(t.blogs.blogtitleslug, slug));
  if (!row) return null;
  const { item: blog, ...page } = itemPage(row, 'blog');
  const created = new Date(blog.created_at);
  const [[prevPost], [nextPost], relatedBlogs] = await Promise.all([
    db
      .select(c.blogCard)
      .from(t.blogs)
      .where(or(lt(t.blogs.created_at, created), and(eq(t.blogs.created_at, created), lt(t.blogs.id, blog.id))))
      .orderBy(desc(t.blogs.created_at), desc(t.blogs.id))
      .limit(1),
    db
      .select(c.blogCard)
      .from(t.blogs)
      .where(or(gt(t.blogs.created_at, created), and(eq(t.blogs.created_at, created), gt(t.blogs.id, blog.id))))
      .orderBy(asc(t.blogs.created_at), asc(t.blogs.id))
      .limit(1),
    latestBlogs(db, 3, blog.id),
  ]);
  return { ...page, body: { blog, prevPost: prevPost ?? null, nextPost: nextPost ?? null, relatedBlogs } };
}

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
  detail: { notFound: 'Blog', read: blogDetail },
  async project(tx, items, p) {
    await upsertEach(tx, items, p, t.blogs, t.blogs.blogtitleslug, (b) => ({
      ...pageColumns('blog', 'blogs', b),
      blogparagraph: markdownToHtml(b.body),
      show_in_nav: b.nav,
      created_at: b.created,
    }));
  },
});
