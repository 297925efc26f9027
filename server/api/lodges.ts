// Lodges and camps: the paginated list, optionally of one park and of one tier. Its queries and the
// detail (read off the registry, server/api/card-list.ts) are the type's module's
// (server/content/types/lodges.ts).
import { cached } from './cache.ts';
import { Hono } from 'hono';
import { LODGE_TIER_LABELS, LODGE_TIERS, PAGE_SIZE, type LodgeTier } from '../../common/constants.ts';
import type { LodgesResponse } from '../../common/api-types.ts';
import { pageRow } from '../db/queries.ts';
import { lodgesPage, parkOfLodges } from '../content/types/lodges.ts';
import { deps, parsePaging, SLUG, totalPagesFor, type ApiEnv } from '../http/deps.ts';
import { HttpError, notFound } from '../http/error.ts';
import { pageMeta } from './answers.ts';

const TIER_LIST = LODGE_TIERS.join(', ');

/** ?tier: one of LODGE_TIERS, or none. */
function parseTier(raw: string | undefined): LodgeTier | null {
  if (raw === undefined || raw === '') return null;
  if (!(LODGE_TIERS as readonly string[]).includes(raw)) throw new HttpError(400, `Invalid tier: use ${TIER_LIST}`);
  return raw as LodgeTier;
}

/** ?park: a park's slug (an unknown one is a 404), or none. */
async function parsePark(db: Parameters<typeof parkOfLodges>[0], raw: string | undefined) {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length > 200 || !SLUG.test(raw)) throw new HttpError(400, 'Invalid park: it must be a park slug');
  const park = await parkOfLodges(db, raw);
  if (!park) throw notFound('Park');
  return park;
}

/** The list's title, address and description: its page's, or those of its park and tier. */
function listPage(park: { parktitle: string; parktitleslug: string } | undefined, tier: LodgeTier | null, page: { title: string | null; pagedescription: string } | undefined) {
  const kind = tier ? `${LODGE_TIER_LABELS[tier]} lodges and camps` : 'Lodges and camps';
  const title = park ? `${kind} in ${park.parktitle}` : tier ? kind : (page?.title ?? 'Where to stay on safari');
  if (!park && !tier) return { title, path: '/lodges', description: page?.pagedescription ?? '' };
  const query = new URLSearchParams();
  if (park) query.set('park', park.parktitleslug);
  if (tier) query.set('tier', tier);
  return { title, path: `/lodges?${query}`, description: `${title}: the places we book for our guests, with what each offers.` };
}

export function lodgesApi() {
  const app = new Hono<ApiEnv>();

  // ?park must name a park (an unknown one is a 404), so only real filters are ever kept.
  app.get('/lodges', cached({ query: ['page', 'limit', 'park', 'tier'], values: { tier: LODGE_TIERS } }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const paging = parsePaging((k) => ctx.req.query(k), PAGE_SIZE.lodges);
    const tier = parseTier(ctx.req.query('tier'));
    const park = await parsePark(db, ctx.req.query('park'));
    const [{ total, lodges }, page] = await Promise.all([lodgesPage(db, { parkId: park?.id, tier }, paging.limit, paging.offset), pageRow(db, 'lodges')]);
    const list = listPage(park, tier, page);
    const body: LodgesResponse = {
      ...pageMeta(siteUrl, list.path, list.title, page?.pagekeywords ?? '', list.description),
      lodges,
      page: paging.page,
      totalPages: totalPagesFor(total, paging),
      park: park ? { parktitle: park.parktitle, parktitleslug: park.parktitleslug } : null,
      tier,
    };
    return ctx.json(body);
  });

  return app;
}
