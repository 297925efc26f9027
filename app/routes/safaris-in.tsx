// Safaris of a country: 9 per page, duplicates removed.
import { useLocalLink } from '../lib/languages.ts';
import type { SafarisInResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { Empty, Grid, SafariCard } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { MoreLink } from '../components/Section.tsx';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { countryValues, metaInLanguage } from '../lib/country-page.ts';
import { useT, useTParts } from '../i18n/pages.ts';
import { dedupeById } from '../lib/safari.ts';
import type { Route } from './+types/safaris-in';
import { cachedList } from '../lib/cache-policy.ts';
import { ListFailureBoundary } from '../components/ListFailure.tsx';
import { listFailureMeta, loadList, SAFARI_LIST_FAILURE } from '../lib/list-failure.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const page = requestPage(request);
  return loadList(() => api<SafarisInResponse>(context, `/safaris/in/${encodeURIComponent(params.slug)}?page=${page}&limit=${PAGE_SIZE.safarisByCountry}`));
}

export const headers = pageHeaders;

/** Spec point 8: the server's error field, or 'Failed to fetch safaris'. */
export function ErrorBoundary() {
  return <ListFailureBoundary fallback={SAFARI_LIST_FAILURE} />;
}

export function meta({ loaderData, error, location, matches }: Route.MetaArgs) {
  if (error) return listFailureMeta(error, location.pathname);
  const words = loaderData && { title: 'countryPage.safarisTitle', description: 'countryPage.safarisDescription', values: countryValues(loaderData.destinationTitleSlug, loaderData.destinationTitle) };
  return metaInLanguage(loaderData, words, { image: loaderData?.destinationImage, imageAlt: loaderData?.destinationImageAlt }, { location, matches });
}

export default function SafarisIn({ loaderData: data }: Route.ComponentProps) {
  const local = useLocalLink();
  const safaris = dedupeById(data.safaris);
  const t = useT();
  const tParts = useTParts();
  const country = countryValues(data.destinationTitleSlug, data.destinationTitle);
  return (
    <>
      <Hero
        title={t('countryPage.safarisTitle', country)}
        image={data.destinationImage}
        imageAlt={data.destinationImageAlt}
        eyebrow={t('countryPage.safarisEyebrow', country)}
        crumbs={[{ label: t('safaris.crumb'), to: '/safaris' }, { label: data.destinationTitle }]}
      />
      <div className="container page">
        {safaris.length ? (
          <Grid>
            {safaris.map((s) => (
              <SafariCard key={s.id} safari={s} headingLevel={2} />
            ))}
          </Grid>
        ) : (
          <Empty>{t('countryPage.noSafaris')}</Empty>
        )}
        <Pagination page={data.page} totalPages={data.totalPages} />
        <p className="page__more">
          <MoreLink to={local(`/destinations/${data.destinationTitleSlug}`)}>{tParts('countryPage.guide', { country: data.destinationTitle })}</MoreLink>
        </p>
      </div>
    </>
  );
}
