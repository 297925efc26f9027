// Parks of a country: 9 per page, heading 'Destinations in {destination title}'.
import { useLocalLink } from '../lib/languages.ts';
import { Link } from 'react-router';
import type { ParksInResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { Empty, Grid, ParkCard } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { only, pageData } from '../lib/page-data.ts';
import { countryValues, metaInLanguage } from '../lib/country-page.ts';
import { useT, useTParts } from '../i18n/pages.ts';
import type { Route } from './+types/parks-in';
import { cachedList } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const page = requestPage(request);
  const r = await api<ParksInResponse>(context, `/parks/in/${encodeURIComponent(params.slug)}?page=${page}&limit=${PAGE_SIZE.parksByCountry}`);
  return pageData({ ...r, destinations: only(r.destinations, 'id', 'destinationtitle', 'destinationtitleslug') }, r);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const words = loaderData && { title: 'countryPage.parksTitle', description: 'countryPage.parksDescription', values: countryValues(loaderData.destinationTitleSlug, loaderData.destinationTitle) };
  return metaInLanguage(loaderData, words, { image: loaderData?.destinationImage, imageAlt: loaderData?.destinationImageAlt }, { location, matches });
}

export default function ParksIn({ loaderData: data }: Route.ComponentProps) {
  const local = useLocalLink();
  const t = useT();
  const tParts = useTParts();
  const country = countryValues(data.destinationTitleSlug, data.destinationTitle);
  return (
    <>
      <Hero
        title={t('countryPage.parksTitle', country)}
        image={data.destinationImage}
        imageAlt={data.destinationImageAlt}
        eyebrow={t('countryPage.parksEyebrow')}
        crumbs={[{ label: t('parks.crumb'), to: '/parks' }, { label: data.destinationTitle }]}
        actions={
          <Link to={local(`/destinations/${data.destinationTitleSlug}`)} className="btn btn--light btn--lg">
            {tParts('countryPage.about', { country: data.destinationTitle })}
          </Link>
        }
      />
      <div className="container page">
        <nav className="chip-nav" aria-label={t('countryPage.otherCountries')}>
          {data.destinations.map((d) => (
            <Link key={d.id} to={local(`/parks/in/${d.destinationtitleslug}`)} className="chip" aria-current={d.destinationtitleslug === data.destinationTitleSlug ? 'page' : undefined}>
              {d.destinationtitle}
            </Link>
          ))}
        </nav>
        {data.parks.length ? (
          <Grid>
            {data.parks.map((p) => (
              <ParkCard key={p.id} park={p} headingLevel={2} />
            ))}
          </Grid>
        ) : (
          <Empty>{t('countryPage.noParks')}</Empty>
        )}
        <Pagination page={data.page} totalPages={data.totalPages} />
      </div>
    </>
  );
}
