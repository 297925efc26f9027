// Animals: 8 per page with Prev, numbered pages and Next (?page=N).
import type { AnimalsResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { AnimalCard } from '../components/Cards.tsx';
import { CardListPage } from '../components/CardListPage.tsx';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT } from '../i18n/pages.ts';
import type { Route } from './+types/animals';
import { cachedList } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = requestPage(request);
  return api<AnimalsResponse>(context, `/animals?page=${page}&limit=${PAGE_SIZE.animals}`);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.animals[0]?.animalheaderimage }, { location, matches });
}

export default function Animals({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const [lead] = data.animals;
  return (
    <CardListPage
      title={data.title}
      image={lead?.animalheaderimage}
      imageAlt={lead?.animalheaderimagealt}
      eyebrow={t('animals.eyebrow')}
      lead={t('animals.lead')}
      crumb={t('animals.crumb')}
      items={data.animals}
      card={(a) => <AnimalCard key={a.id} animal={a} headingLevel={2} />}
      cols={4}
      empty={t('animals.empty')}
      page={data.page}
      totalPages={data.totalPages}
    />
  );
}
