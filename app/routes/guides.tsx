// Guides: the team the operator sends out, 12 per page (?page=N), in the console's order.
import type { GuidesResponse } from '../../common/api-types.ts';
import { contentTypeInfo } from '../../common/content-types.ts';
import { CardListPage } from '../components/CardListPage.tsx';
import { GuideCard } from '../components/GuideCards.tsx';
import { cachedList } from '../lib/cache-policy.ts';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT } from '../i18n/pages.ts';
import type { Route } from './+types/guides';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = requestPage(request);
  return api<GuidesResponse>(context, `/guides?page=${page}&limit=${contentTypeInfo('guides')!.page!.pageSize}`);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.guides[0]?.guideheaderimage }, { location, matches });
}

export default function Guides({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  return (
    <CardListPage
      title={data.title}
      image="images/pages/guides.jpg"
      imageAlt=""
      eyebrow={t('guides.eyebrow')}
      lead={t('guides.lead')}
      crumb={t('guides.crumb')}
      items={data.guides}
      card={(g) => <GuideCard key={g.id} guide={g} headingLevel={2} />}
      cols={4}
      empty={t('guides.empty')}
      page={data.page}
      totalPages={data.totalPages}
    />
  );
}
