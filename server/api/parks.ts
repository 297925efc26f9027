// Parks and attractions: the paginated list (optionally of one country) and the lists by country.
// Their queries and the detail (read off the registry, server/api/card-list.ts) are the type's
// module's (server/content/types/parks.ts).
import { cached } from './cache.ts';
import { Hono } from 'hono';
import { NAV_MAX_PARKS, PAGE_SIZE } from '../../common/constants.ts';
import { allDestinations, destinationBySlug, pageRow } from '../db/queries.ts';
import { parksPage } from '../content/types/parks.ts';
import { deps, parsePaging, slugParam, totalPagesFor, type ApiEnv } from '../http/deps.ts';
import { HttpError, notFound } from '../http/error.ts';
import { destinationHeader, pageMeta } from './answers.ts';

/** ?destination_id: a destination's id, or none. */
function parseDestinationId(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw new HttpError(400, 'Invalid destination_id: it must be a destination id');
  return Number(raw);
}

export function parksApi() {
  const app = new Hono<ApiEnv>();

  app.get('/parks', cached({ query: ['page', 'limit'] }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const paging = parsePaging((k) => ctx.req.query(k), PAGE_SIZE.parks);
    const destinationId = parseDestinationId(ctx.req.query('destination_id'));
    const [{ total, parks }, page] = await Promise.all([parksPage(db, destinationId, paging.limit, paging.offset), pageRow(db, 'parks')]);
    const totalPages = totalPagesFor(total, paging);
    return ctx.json({
      ...pageMeta(siteUrl, '/parks', page?.title ?? 'Top tourist attractions', page?.pagekeywords ?? '', page?.pagedescription ?? ''),
      parks,
      page: paging.page,
      totalPages,
    });
  });

  app.get('/parks/in/:slug', cached({ query: ['navbar', 'page', 'limit'], values: { navbar: ['true', 'false'] } }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const navbar = ctx.req.query('navbar') === 'true';
    const paging = navbar ? { page: 1, limit: NAV_MAX_PARKS, offset: 0 } : parsePaging((k) => ctx.req.query(k), PAGE_SIZE.parksByCountry);
    const destination = await destinationBySlug(db, slugParam(ctx));
    if (!destination) throw notFound('Destination');
    const [{ total, parks }, destinations] = await Promise.all([parksPage(db, destination.id, paging.limit, paging.offset), allDestinations(db)]);
    const totalPages = totalPagesFor(total, paging);
    return ctx.json({
      ...pageMeta(
        siteUrl,
        `/parks/in/${destination.destinationtitleslug}`,
        `Destinations in ${destination.destinationtitle}`,
        `${destination.destinationtitle} national parks, tourist attractions in ${destination.destinationtitle}`,
        `National parks and tourist attractions in ${destination.destinationtitle}: ${destination.destinationdescription}`.slice(0, 300),
      ),
      parks,
      page: paging.page,
      totalPages,
      ...destinationHeader(destination),
      destinations,
    });
  });

  return app;
}
