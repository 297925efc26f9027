// Experiences: 12 per page (?page=N).
import type { ExperiencesResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { ExperienceCard } from '../components/Cards.tsx';
import { CardListPage } from '../components/CardListPage.tsx';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT } from '../i18n/pages.ts';
import type { Route } from './+types/experiences';
import { cachedList } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = requestPage(request);
  return api<ExperiencesResponse>(context, `/experiences?page=${page}&limit=${PAGE_SIZE.experiences}`);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.experiences[0]?.experienceheaderimage }, { location, matches });
}

export default function Experiences({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const [lead] = data.experiences;
  return (
    <CardListPage
      title={data.title}
      image={lead?.experienceheaderimage}
      imageAlt={lead?.experienceheaderimagealt}
      eyebrow={t('experiences.eyebrow')}
      lead={t('experiences.lead')}
      crumb={t('experiences.crumb')}
      items={data.experiences}
      card={(e) => <ExperienceCard key={e.id} experience={e} headingLevel={2} />}
      cols={4}
      empty={t('experiences.empty')}
      page={data.page}
      totalPages={data.totalPages}
    />
  );
}
