// Birds: 8 per page, Prev/numbered/Next, and a fixed hero image.
import type { BirdsResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { BirdCard } from '../components/Cards.tsx';
import { CardListPage } from '../components/CardListPage.tsx';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import type { Route } from './+types/birds';
import { cachedList } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

/** The birds list keeps one hero image on every page: the birding safaris experience. */
const HERO_IMAGE = 'images/experiences/birding-safaris.jpg';
const HERO_ALT = 'Birdwatchers with binoculars on a forest trail at first light';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = requestPage(request);
  return api<BirdsResponse>(context, `/birds?page=${page}&limit=${PAGE_SIZE.birds}`);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: HERO_IMAGE }, { location, matches });
}

export default function Birds({ loaderData: data }: Route.ComponentProps) {
  return (
    <CardListPage
      title={data.title}
      image={HERO_IMAGE}
      imageAlt={HERO_ALT}
      eyebrow="Birding in East Africa"
      lead="Over 1,000 species recorded in Uganda alone, from the shoebill to the Albertine Rift endemics."
      crumb="Birds"
      items={data.birds}
      card={(b) => <BirdCard key={b.id} bird={b} headingLevel={2} />}
      cols={4}
      empty="No bird species listed yet."
      page={data.page}
      totalPages={data.totalPages}
    />
  );
}
