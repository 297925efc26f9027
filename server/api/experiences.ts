// Experiences by country (nav and paginated forms). The paginated list and the detail are read off
// the registry (server/api/card-list.ts); the queries are the type's module's
// (server/content/types/experiences.ts).
import { cached } from './cache.ts';
import { Hono } from 'hono';
import { NAV_MAX_EXPERIENCES, PAGE_SIZE } from '../../common/constants.ts';
import { allDestinations, destinationBySlug } from '../db/queries.ts';
import { experiencesOfCountry } from '../content/types/experiences.ts';
import { deps, parsePaging, slugParam, totalPagesFor, type ApiEnv } from '../http/deps.ts';
import { notFound } from '../http/error.ts';
import { destinationHeader, pageMeta } from './answers.ts';

export function experiencesApi() {
  const app = new Hono<ApiEnv>();

  app.get('/experiences/in/:slug', cached({ query: ['navbar', 'page', 'limit'], values: { navbar: ['true', 'false'] } }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const navbar = ctx.req.query('navbar') === 'true';
    const paging = navbar ? { page: 1, limit: NAV_MAX_EXPERIENCES, offset: 0 } : parsePaging((k) => ctx.req.query(k), PAGE_SIZE.experiencesByCountry);
    const destination = await destinationBySlug(db, slugParam(ctx));
    if (!destination) throw notFound('Destination');
    const [{ total, experiences }, destinations] = await Promise.all([experiencesOfCountry(db, destination.id, paging.limit, paging.offset), allDestinations(db)]);
    return ctx.json({
      ...pageMeta(
        siteUrl,
        `/experiences/in/${destination.destinationtitleslug}`,
        `Experiences in ${destination.destinationtitle}`,
        `${destination.destinationtitle} experiences, things to do in ${destination.destinationtitle}`,
        `Things to do on safari in ${destination.destinationtitle}: ${destination.destinationdescription}`.slice(0, 300),
      ),
      experiences,
      page: paging.page,
      totalPages: totalPagesFor(total, paging),
      ...destinationHeader(destination),
      destinations,
    });
  });

  return app;
}
