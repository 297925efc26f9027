// Safaris of an experience: '{experience title} Safaris', 9 per page, duplicates removed.
import { useLocalLink } from '../lib/languages.ts';
import { Link } from 'react-router';
import type { SafarisByExperienceResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { Empty, Grid, SafariCard } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { only, pageData } from '../lib/page-data.ts';
import { metaInLanguage } from '../lib/country-page.ts';
import { usePageLanguage, useT, useTParts } from '../i18n/pages.ts';
import { dedupeById } from '../lib/safari.ts';
import type { Route } from './+types/safaris-experience';
import { cachedList } from '../lib/cache-policy.ts';
import { ListFailureBoundary } from '../components/ListFailure.tsx';
import { listFailureMeta, loadList, SAFARI_LIST_FAILURE } from '../lib/list-failure.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const page = requestPage(request);
  const r = await loadList(() => api<SafarisByExperienceResponse>(context, `/safaris/experiences/${encodeURIComponent(params.slug)}?page=${page}&limit=${PAGE_SIZE.safarisByExperience}`));
  return pageData({ ...r, safariexperiences: only(r.safariexperiences, 'id', 'experiencetitle', 'experiencetitleslug') }, r);
}

export const headers = pageHeaders;

/** Spec point 8: the server's error field, or 'Failed to fetch safaris'. */
export function ErrorBoundary() {
  return <ListFailureBoundary fallback={SAFARI_LIST_FAILURE} />;
}

export function meta({ loaderData, error, location, matches }: Route.MetaArgs) {
  if (error) return listFailureMeta(error, location.pathname);
  const words = loaderData && { title: 'experiencePage.title', description: 'experiencePage.description', values: { experience: loaderData.experienceTitle } };
  return metaInLanguage(loaderData, words, { image: loaderData?.experienceImage, imageAlt: loaderData?.experienceImageAlt }, { location, matches });
}

export default function SafarisByExperience({ loaderData: data }: Route.ComponentProps) {
  const local = useLocalLink();
  const safaris = dedupeById(data.safaris);
  const t = useT();
  const tParts = useTParts();
  // English says "About gorilla trekking"; the other languages keep the title's capitals (German nouns).
  const experienceName = usePageLanguage() === 'en' ? data.experienceTitle.toLowerCase() : data.experienceTitle;
  return (
    <>
      <Hero
        title={t('experiencePage.title', { experience: data.experienceTitle })}
        image={data.experienceImage}
        imageAlt={data.experienceImageAlt}
        eyebrow={t('experiencePage.eyebrow')}
        crumbs={[{ label: t('safaris.crumb'), to: '/safaris' }, { label: data.experienceTitle }]}
        actions={
          <Link to={local(`/experiences/${data.experienceTitleSlug}`)} className="btn btn--light btn--lg">
            {tParts('experiencePage.about', { experience: experienceName })}
          </Link>
        }
      />
      <div className="container page">
        <nav className="chip-nav" aria-label={t('experiencePage.others')}>
          {data.safariexperiences.map((x) => (
            <Link key={x.id} to={local(`/safaris/experiences/${x.experiencetitleslug}`)} className="chip" aria-current={x.experiencetitleslug === data.experienceTitleSlug ? 'page' : undefined}>
              {x.experiencetitle}
            </Link>
          ))}
        </nav>
        {safaris.length ? (
          <Grid>
            {safaris.map((s) => (
              <SafariCard key={s.id} safari={s} headingLevel={2} />
            ))}
          </Grid>
        ) : (
          <Empty>{t('experiences.noSafaris')}</Empty>
        )}
        <Pagination page={data.page} totalPages={data.totalPages} />
      </div>
    </>
  );
}
