// Blogs: nav list and the post with previous (older) / next (newer).
import { cached } from './cache.ts';
import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import { Hono } from 'hono';
import * as c from '../db/columns.ts';
import { latestBlogs, pageRow } from '../db/queries.ts';
import * as t from '../db/schema.ts';
import { deps, slugParam, type ApiEnv } from '../http/deps.ts';
import { notFound } from '../http/error.ts';
import { pageMeta } from './answers.ts';

export function blogsApi() {
  const app = new Hono<ApiEnv>();

  // The Blogs panel of the navigation; its page metadata is the blog list's, the page it leads to.
  app.get('/blogs/nav', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [blogs, page] = await Promise.all([
      db.select(c.blogCard).from(t.blogs).where(eq(t.blogs.show_in_nav, true)).orderBy(desc(t.blogs.created_at), desc(t.blogs.id)).limit(6),
      pageRow(db, 'blogs'),
    ]);
    return ctx.json({
      ...pageMeta(siteUrl, '/blogs', page?.title ?? 'News and updates', page?.pagekeywords ?? '', page?.pagedescription ?? ''),
      blogs,
    });
  });

  app.get('/blogs/:slug', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [row] = await db
      .select({ ...c.blogFull, metatitle: t.blogs.metatitle, metakeywords: t.blogs.metakeywords, metadescription: t.blogs.metadescription })
      .from(t.blogs)
      .where(eq(t.blogs.blogtitleslug, slugParam(ctx)));
    if (!row) throw notFound('Blog');
    const { metatitle, metakeywords, metadescription, ...blog } = row;
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
    return ctx.json({
      ...pageMeta(siteUrl, `/blogs/${blog.blogtitleslug}`, metatitle ?? blog.blogtitle, metakeywords, metadescription || blog.blogdescription),
      blog,
      prevPost: prevPost ?? null,
      nextPost: nextPost ?? null,
      relatedBlogs,
    });
  });

  return app;
}
