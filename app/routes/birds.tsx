// Birds: 8 per page, Prev/numbered/Next, and a fixed hero image.
import type { BirdsResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { BirdCard } from '../components/Cards.tsx';
import { CardListPage } from '../components/CardListPage.tsx';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT } from '../i18n/pages.ts';
import type { Route } from './+types/birds';
import { cachedList } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

/** The birds list keeps one hero image on every page: the birding safaris experience. */
const HERO_IMAGE = 'images/experiences/birding-safaris.jpg';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = requestPage(request);
  return api<BirdsResponse>(context, `/birds?page=${page}&limit=${PAGE_SIZE.birds}`);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: HERO_IMAGE }, { location, matches });
}

export default function Birds({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  return (
    <CardListPage
      title={data.title}
      image={HERO_IMAGE}
      imageAlt={t('birds.heroAlt')}
      eyebrow={t('birds.eyebrow')}
      lead={t('birds.lead')}
      crumb={t('birds.crumb')}
      items={data.birds}
      card={(b) => <BirdCard key={b.id} bird={b} headingLevel={2} />}
      cols={4}
      empty={t('birds.empty')}
      page={data.page}
      totalPages={data.totalPages}
    />
  );
}
