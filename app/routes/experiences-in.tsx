// Experiences of a country: 'Experiences in {destination title}' (?page=N).
import type { ExperiencesInResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { Empty, ExperienceCard, Grid } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { pageData } from '../lib/page-data.ts';
import { countryValues, metaInLanguage } from '../lib/country-page.ts';
import { useT } from '../i18n/pages.ts';
import { dedupeById } from '../lib/safari.ts';
import type { Route } from './+types/experiences-in';
import { cachedList } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const page = requestPage(request);
  const r = await api<ExperiencesInResponse>(context, `/experiences/in/${encodeURIComponent(params.slug)}?page=${page}&limit=${PAGE_SIZE.experiencesByCountry}`);
  const { destinations: _destinations, ...rest } = r;
  return pageData(rest, r);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const words = loaderData && {
    title: 'countryPage.experiencesTitle',
    description: 'countryPage.experiencesDescription',
    values: countryValues(loaderData.destinationTitleSlug, loaderData.destinationTitle),
  };
  return metaInLanguage(loaderData, words, { image: loaderData?.destinationImage, imageAlt: loaderData?.destinationImageAlt }, { location, matches });
}

export default function ExperiencesIn({ loaderData: data }: Route.ComponentProps) {
  const experiences = dedupeById(data.experiences);
  const t = useT();
  return (
    <>
      <Hero
        title={t('countryPage.experiencesTitle', countryValues(data.destinationTitleSlug, data.destinationTitle))}
        image={data.destinationImage}
        imageAlt={data.destinationImageAlt}
        eyebrow={data.destinationTitle}
        crumbs={[{ label: t('experiences.crumb'), to: '/experiences' }, { label: data.destinationTitle }]}
      />
      <div className="container page">
        {experiences.length ? (
          <Grid cols={4}>
            {experiences.map((e) => (
              <ExperienceCard key={e.id} experience={e} headingLevel={2} />
            ))}
          </Grid>
        ) : (
          <Empty>{t('countryPage.noExperiences')}</Empty>
        )}
        <Pagination page={data.page} totalPages={data.totalPages} />
      </div>
    </>
  );
}
