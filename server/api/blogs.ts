// Blogs: the navigation's panel. The paginated list and a post (with previous, older, and next,
// newer) are read off the registry (server/api/card-list.ts, server/content/types/blogs.ts).
import { cached } from './cache.ts';
import { Hono } from 'hono';
import { pageRow } from '../db/queries.ts';
import { blogsInNav } from '../content/types/blogs.ts';
import { deps, type ApiEnv } from '../http/deps.ts';
import { pageMeta } from './answers.ts';

export function blogsApi() {
  const app = new Hono<ApiEnv>();

  // The Blogs panel of the navigation; its page metadata is the blog list's, the page it leads to.
  app.get('/blogs/nav', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [blogs, page] = await Promise.all([blogsInNav(db), pageRow(db, 'blogs')]);
    return ctx.json({
      ...pageMeta(siteUrl, '/blogs', page?.title ?? 'News and updates', page?.pagekeywords ?? '', page?.pagedescription ?? ''),
      blogs,
    });
  });

  return app;
}
