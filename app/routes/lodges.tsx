// Lodges and camps: 12 per page (?page=N), optionally of one park (?park=<slug>, from a park's
// "Where to stay") and of one tier (?tier=budget|mid-range|luxury, the chips above the grid).
// Every filter is a plain link, so the page works without JavaScript.
import { useLocalLink } from '../lib/languages.ts';
import { Link } from 'react-router';
import type { LodgesResponse } from '../../common/api-types.ts';
import { LODGE_TIERS, PAGE_SIZE, type LodgeTier } from '../../common/constants.ts';
import { Empty, Grid, LodgeCard } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { Pagination } from '../components/Pagination.tsx';
import type { RouteHandle } from '../lib/cache-policy.ts';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { only, pageData } from '../lib/page-data.ts';
import { keyOf, TIER_KEYS, useT, useTParts } from '../i18n/pages.ts';
import type { Route } from './+types/lodges';

/** Rendered once per content version and served from memory: each valid page of each filter is
 * its own page (an unknown park or tier is a 404, never kept). */
export const handle = { cache: { query: ['page', 'park', 'tier'], values: { tier: LODGE_TIERS } } } as const satisfies RouteHandle;

/** The list's address with the given filters (page 1). */
export function lodgesHref(park: string | null, tier: LodgeTier | null): string {
  const q = new URLSearchParams();
  if (park) q.set('park', park);
  if (tier) q.set('tier', tier);
  const qs = q.toString();
  return qs ? `/lodges?${qs}` : '/lodges';
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = requestPage(request);
  const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE.lodges) });
  for (const key of ['park', 'tier']) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  const r = await api<LodgesResponse>(context, `/lodges?${query}`);
  return pageData(
    {
      ...r,
      lodges: only(r.lodges, 'id', 'lodgetitle', 'lodgetitleslug', 'lodgeheaderimage', 'lodgeheaderimagealt', 'lodgedescription', 'lodgetier', 'parktitle', 'placetitle', 'destinationtitle'),
    },
    r,
  );
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.lodges[0]?.lodgeheaderimage }, { location, matches });
}

export default function Lodges({ loaderData: data }: Route.ComponentProps) {
  const local = useLocalLink();
  const [lead] = data.lodges;
  const park = data.park;
  const t = useT();
  const tParts = useTParts();
  const what = t('lodges.what', { tier: data.tier === 'mid-range' ? 'midRange' : (data.tier ?? 'any') });
  return (
    <>
      <Hero
        title={data.title}
        image={lead?.lodgeheaderimage}
        imageAlt={lead?.lodgeheaderimagealt}
        eyebrow={t('lodges.eyebrow')}
        lead={<p>{park ? t('lodges.leadPark', { park: park.parktitle }) : t('lodges.lead')}</p>}
        crumbs={park ? [{ label: t('lodges.crumb'), to: '/lodges' }, { label: park.parktitle }] : [{ label: t('lodges.crumb') }]}
        actions={
          park ? (
            <Link to={local(`/parks/${park.parktitleslug}`)} className="btn btn--light btn--lg">
              {t('lodges.aboutPark')}
            </Link>
          ) : undefined
        }
      />
      <div className="container page">
        <nav className="chip-nav" aria-label={t('lodges.byStandard')}>
          <Link to={local(lodgesHref(park?.parktitleslug ?? null, null))} className="chip" aria-current={data.tier === null ? 'page' : undefined}>
            {t('lodges.everyStandard')}
          </Link>
          {LODGE_TIERS.map((tier) => (
            <Link key={tier} to={local(lodgesHref(park?.parktitleslug ?? null, tier))} className="chip" aria-current={data.tier === tier ? 'page' : undefined}>
              {t(keyOf(TIER_KEYS, tier))}
            </Link>
          ))}
          {park && (
            <Link to={local(lodgesHref(null, data.tier))} className="chip chip--clear">
              {t('lodges.everyPark')}
            </Link>
          )}
        </nav>
        <p className="result-count" role="status">
          {park ? t('lodges.inPark', { what: `${what[0]!.toUpperCase()}${what.slice(1)}`, park: park.parktitle }) : t('lodges.all', { what })}
          {tParts('list.pageOf', { page: String(data.page), total: String(Math.max(data.totalPages, 1)) })}
        </p>
        {data.lodges.length ? (
          <Grid>
            {data.lodges.map((l) => (
              <LodgeCard key={l.id} lodge={l} headingLevel={2} />
            ))}
          </Grid>
        ) : (
          <Empty>{tParts('lodges.empty', { what })}</Empty>
        )}
        <Pagination page={data.page} totalPages={data.totalPages} />
      </div>
    </>
  );
}
