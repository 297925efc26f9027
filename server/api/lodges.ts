// Lodges and camps (and town hotels): the paginated list (optionally of one park and of one tier) and the detail.
import { cached } from './cache.ts';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { LODGE_TIER_LABELS, LODGE_TIERS, PAGE_SIZE, type LodgeTier } from '../../common/constants.ts';
import type { LodgeResponse, LodgesResponse } from '../../common/api-types.ts';
import * as c from '../db/columns.ts';
import { galleryOf, lodgeOrder, pageRow } from '../db/queries.ts';
import * as t from '../db/schema.ts';
import { deps, parsePaging, SLUG, totalPagesFor, slugParam, type ApiEnv } from '../http/deps.ts';
import { HttpError, notFound } from '../http/error.ts';
import { pageMeta } from './answers.ts';

const TIER_LIST = LODGE_TIERS.join(', ');

/** ?tier: one of LODGE_TIERS, or none. */
function parseTier(raw: string | undefined): LodgeTier | null {
  if (raw === undefined || raw === '') return null;
  if (!(LODGE_TIERS as readonly string[]).includes(raw)) throw new HttpError(400, `Invalid tier: use ${TIER_LIST}`);
  return raw as LodgeTier;
}

export function lodgesApi() {
  const app = new Hono<ApiEnv>();

  // ?park must name a park (an unknown one is a 404), so only real filters are ever kept.
  app.get('/lodges', cached({ query: ['page', 'limit', 'park', 'tier'], values: { tier: LODGE_TIERS } }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const paging = parsePaging((k) => ctx.req.query(k), PAGE_SIZE.lodges);
    const tier = parseTier(ctx.req.query('tier'));
    const rawPark = ctx.req.query('park');
    let park: { id: number; parktitle: string; parktitleslug: string } | undefined;
    if (rawPark !== undefined && rawPark !== '') {
      if (rawPark.length > 200 || !SLUG.test(rawPark)) throw new HttpError(400, 'Invalid park: it must be a park slug');
      [park] = await db.select({ id: t.parks.id, parktitle: t.parks.parktitle, parktitleslug: t.parks.parktitleslug }).from(t.parks).where(eq(t.parks.parktitleslug, rawPark));
      if (!park) throw notFound('Park');
    }
    const parts: SQL[] = [];
    if (park) parts.push(eq(t.lodges.park_id, park.id));
    if (tier) parts.push(eq(t.lodges.lodgetier, tier));
    const where = parts.length ? and(...parts) : undefined;
    const [rows, page] = await Promise.all([
      db
        .select({ ...c.lodgeCard, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(t.lodges)
        .leftJoin(t.parks, eq(t.lodges.park_id, t.parks.id))
        .leftJoin(t.places, eq(t.lodges.place_id, t.places.id))
        .innerJoin(t.destinations, eq(t.lodges.destination_id, t.destinations.id))
        .where(where)
        .orderBy(...lodgeOrder)
        .limit(paging.limit)
        .offset(paging.offset),
      pageRow(db, 'lodges'),
    ]);
    // A page past the end has no rows to carry the total: count separately.
    let total = rows[0]?.total ?? 0;
    if (!rows.length && paging.offset > 0) total = (await db.select({ n: c.countAll }).from(t.lodges).where(where))[0]?.n ?? 0;
    const totalPages = totalPagesFor(total, paging);
    const filtered = park || tier;
    const kind = tier ? `${LODGE_TIER_LABELS[tier]} lodges and camps` : 'Lodges and camps';
    const title = park ? `${kind} in ${park.parktitle}` : tier ? kind : (page?.title ?? 'Where to stay on safari');
    const query = new URLSearchParams();
    if (park) query.set('park', park.parktitleslug);
    if (tier) query.set('tier', tier);
    const body: LodgesResponse = {
      ...pageMeta(
        siteUrl,
        filtered ? `/lodges?${query}` : '/lodges',
        title,
        page?.pagekeywords ?? '',
        filtered ? `${title}: the places we book for our guests, with what each offers.` : (page?.pagedescription ?? ''),
      ),
      lodges: rows.map(({ total: _t, ...l }) => l),
      page: paging.page,
      totalPages,
      park: park ? { parktitle: park.parktitle, parktitleslug: park.parktitleslug } : null,
      tier,
    };
    return ctx.json(body);
  });

  app.get('/lodges/:slug', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [row] = await db
      .select({
        ...c.lodgeFull,
        destination_id: t.lodges.destination_id,
        place_id: t.lodges.place_id,
        metatitle: t.lodges.metatitle,
        metakeywords: t.lodges.metakeywords,
        metadescription: t.lodges.metadescription,
      })
      .from(t.lodges)
      .leftJoin(t.parks, eq(t.lodges.park_id, t.parks.id))
      .leftJoin(t.places, eq(t.lodges.place_id, t.places.id))
      .innerJoin(t.destinations, eq(t.lodges.destination_id, t.destinations.id))
      .where(eq(t.lodges.lodgetitleslug, slugParam(ctx)));
    if (!row) throw notFound('Lodge');
    const { metatitle, metakeywords, metadescription, destination_id, place_id, ...lodge } = row;
    const [galleryImages, otherLodges, safaris] = await Promise.all([
      galleryOf(db, 'lodge', lodge.id),
      // The same park (or town) first, then the rest of the country.
      db
        .select(c.lodgeCard)
        .from(t.lodges)
        .leftJoin(t.parks, eq(t.lodges.park_id, t.parks.id))
        .leftJoin(t.places, eq(t.lodges.place_id, t.places.id))
        .innerJoin(t.destinations, eq(t.lodges.destination_id, t.destinations.id))
        .where(and(eq(t.lodges.destination_id, destination_id), ne(t.lodges.id, lodge.id)))
        .orderBy(
          desc(sql`coalesce(${t.lodges.park_id} = ${lodge.park_id} or ${t.lodges.place_id} = ${place_id}, false)`),
          asc(t.parks.sort_order),
          asc(t.parks.id),
          asc(t.lodges.sort_order),
          asc(t.lodges.id),
        )
        .limit(3),
      db
        .selectDistinct(c.safariCard)
        .from(t.safaris)
        .innerJoin(t.safariDays, eq(t.safariDays.safari_id, t.safaris.id))
        .where(eq(t.safariDays.lodge_id, lodge.id))
        .orderBy(asc(t.safaris.safariday), asc(t.safaris.id))
        .limit(3),
    ]);
    const body: LodgeResponse = {
      ...pageMeta(siteUrl, `/lodges/${lodge.lodgetitleslug}`, metatitle ?? lodge.lodgetitle, metakeywords, metadescription || lodge.lodgedescription),
      lodge,
      galleryImages,
      otherLodges,
      safaris,
    };
    return ctx.json(body);
  });

  return app;
}
