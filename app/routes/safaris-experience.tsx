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
import { buildMeta } from '../lib/meta.ts';
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
  if (error) return listFailureMeta(error);
  return buildMeta(loaderData, { image: loaderData?.experienceImage, imageAlt: loaderData?.experienceImageAlt }, { location, matches });
}

export default function SafarisByExperience({ loaderData: data }: Route.ComponentProps) {
  const local = useLocalLink();
  const safaris = dedupeById(data.safaris);
  return (
    <>
      <Hero
        title={`${data.experienceTitle} Safaris`}
        image={data.experienceImage}
        imageAlt={data.experienceImageAlt}
        eyebrow="Safaris by experience"
        crumbs={[{ label: 'Safaris', to: '/safaris' }, { label: data.experienceTitle }]}
        actions={
          <Link to={local(`/experiences/${data.experienceTitleSlug}`)} className="btn btn--light btn--lg">
            About {data.experienceTitle.toLowerCase()}
          </Link>
        }
      />
      <div className="container page">
        <nav className="chip-nav" aria-label="Other experiences">
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
          <Empty>No safaris available for this experience.</Empty>
        )}
        <Pagination page={data.page} totalPages={data.totalPages} />
      </div>
    </>
  );
}
