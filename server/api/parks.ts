// Parks and attractions: the paginated list (optionally of one country), by country, and the detail.
import { cached } from './cache.ts';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { Hono } from 'hono';
import { NAV_MAX_PARKS, PAGE_SIZE } from '../../common/constants.ts';
import * as c from '../db/columns.ts';
import { allDestinations, destinationBySlug, findLodges, galleryOf, latestBlogs, pageRow } from '../db/queries.ts';
import * as t from '../db/schema.ts';
import { deps, parsePaging, slugParam, totalPagesFor, type ApiEnv } from '../http/deps.ts';
import { HttpError, notFound } from '../http/error.ts';
import { destinationHeader, pageMeta } from './answers.ts';

const parkOrder = [asc(t.destinations.sort_order), asc(t.parks.sort_order), asc(t.parks.id)];

/** One page of parks with the total count, in one query. */
async function parksPage(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({ ...c.parkCard, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(t.parks)
    .innerJoin(t.destinations, eq(t.parks.destination_id, t.destinations.id))
    .where(where)
    .orderBy(...parkOrder)
    .limit(limit)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && offset > 0) total = (await db.select({ n: c.countAll }).from(t.parks).where(where))[0]?.n ?? 0;
  return { total, parks: rows.map(({ total: _t, ...p }) => p) };
}

export function parksApi() {
  const app = new Hono<ApiEnv>();

  app.get('/parks', cached({ query: ['page', 'limit'] }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const paging = parsePaging((k) => ctx.req.query(k), PAGE_SIZE.parks);
    const rawDest = ctx.req.query('destination_id');
    let destinationId: number | undefined;
    if (rawDest !== undefined && rawDest !== '') {
      if (!/^[1-9][0-9]{0,8}$/.test(rawDest)) throw new HttpError(400, 'Invalid destination_id: it must be a destination id');
      destinationId = Number(rawDest);
    }
    const where = destinationId !== undefined ? eq(t.parks.destination_id, destinationId) : undefined;
    const [{ total, parks }, page] = await Promise.all([parksPage(db, where, paging.limit, paging.offset), pageRow(db, 'parks')]);
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
    const where = eq(t.parks.destination_id, destination.id);
    const [{ total, parks }, destinations] = await Promise.all([parksPage(db, where, paging.limit, paging.offset), allDestinations(db)]);
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

  app.get('/parks/:slug', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [row] = await db
      .select({ ...c.parkFull, metatitle: t.parks.metatitle, metakeywords: t.parks.metakeywords, metadescription: t.parks.metadescription })
      .from(t.parks)
      .innerJoin(t.destinations, eq(t.parks.destination_id, t.destinations.id))
      .where(eq(t.parks.parktitleslug, slugParam(ctx)));
    if (!row) throw notFound('Park');
    const { metatitle, metakeywords, metadescription, ...park } = row;
    const [relatedParks, otherParks, blogs, galleryImages, lodges] = await Promise.all([
      db
        .select(c.parkCard)
        .from(t.parks)
        .innerJoin(t.destinations, eq(t.parks.destination_id, t.destinations.id))
        .where(and(eq(t.parks.destination_id, park.destination_id), ne(t.parks.id, park.id)))
        .orderBy(...parkOrder)
        .limit(3),
      db
        .select(c.parkCard)
        .from(t.parks)
        .innerJoin(t.destinations, eq(t.parks.destination_id, t.destinations.id))
        .where(ne(t.parks.destination_id, park.destination_id))
        .orderBy(asc(t.parks.sort_order), asc(t.parks.id))
        .limit(5),
      latestBlogs(db, 3),
      galleryOf(db, 'park', park.id),
      findLodges(db, eq(t.lodges.park_id, park.id)),
    ]);
    return ctx.json({
      ...pageMeta(siteUrl, `/parks/${park.parktitleslug}`, metatitle ?? park.parktitle, metakeywords, metadescription || park.parkdescription),
      park,
      relatedParks,
      otherParks,
      blogs,
      galleryImages,
      lodges,
    });
  });

  return app;
}
