// Destinations (countries): the grid and the detail with previous/next in the set order.
import { cached } from './cache.ts';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as c from '../db/columns.ts';
import { allDestinations, latestBlogs, pageRow } from '../db/queries.ts';
import * as t from '../db/schema.ts';
import { deps, slugParam, type ApiEnv } from '../http/deps.ts';
import { notFound } from '../http/error.ts';
import { pageMeta } from './answers.ts';

export function destinationsApi() {
  const app = new Hono<ApiEnv>();

  app.get('/destinations', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [page, destinations] = await Promise.all([pageRow(db, 'destinations'), allDestinations(db)]);
    return ctx.json({
      ...pageMeta(siteUrl, '/destinations', page?.title ?? 'Destinations', page?.pagekeywords ?? '', page?.pagedescription ?? ''),
      destinations,
    });
  });

  app.get('/destinations/:slug', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [row] = await db
      .select({ ...c.destinationFull, metatitle: t.destinations.metatitle, metakeywords: t.destinations.metakeywords, metadescription: t.destinations.metadescription })
      .from(t.destinations)
      .where(eq(t.destinations.destinationtitleslug, slugParam(ctx)));
    if (!row) throw notFound('Destination');
    const { metatitle, metakeywords, metadescription, ...destination } = row;
    const [all, blogs] = await Promise.all([allDestinations(db), latestBlogs(db, 3)]);
    const i = all.findIndex((d) => d.id === destination.id);
    return ctx.json({
      ...pageMeta(siteUrl, `/destinations/${destination.destinationtitleslug}`, metatitle ?? destination.destinationtitle, metakeywords, metadescription || destination.destinationdescription),
      destination,
      otherDestinations: all.filter((d) => d.id !== destination.id),
      blogs,
      prevPost: i > 0 ? all[i - 1]! : null,
      nextPost: i >= 0 && i < all.length - 1 ? all[i + 1]! : null,
    });
  });

  return app;
}
