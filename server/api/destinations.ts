// Destinations (countries): the grid. A country's detail, with previous/next in the set order, is
// read off the registry (server/api/card-list.ts, server/content/types/destinations.ts).
import { cached } from './cache.ts';
import { Hono } from 'hono';
import { allDestinations, pageRow } from '../db/queries.ts';
import { deps, type ApiEnv } from '../http/deps.ts';
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

  return app;
}
