// Destinations: the grid of countries.
import type { DestinationsResponse } from '../../common/api-types.ts';
import { DestinationCard, Empty, Grid } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { api, pageHeaders } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT } from '../i18n/pages.ts';
import type { Route } from './+types/destinations';
import { cachedPage } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return api<DestinationsResponse>(context, '/destinations');
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.destinations[0]?.destinationheaderimage }, { location, matches });
}

export default function Destinations({ loaderData: data }: Route.ComponentProps) {
  const [lead] = data.destinations;
  const t = useT();
  return (
    <>
      <Hero
        title={data.title}
        image={lead?.destinationheaderimage}
        imageAlt={lead?.destinationheaderimagealt}
        eyebrow={t('destinations.eyebrow')}
        lead={<p>{t('destinations.lead')}</p>}
        crumbs={[{ label: t('destinations.crumb') }]}
      />
      <div className="container page">
        {data.destinations.length ? (
          <Grid cols={3} className="grid--destinations">
            {data.destinations.map((d) => (
              <DestinationCard key={d.id} destination={d} headingLevel={2} />
            ))}
          </Grid>
        ) : (
          <Empty>{t('destinations.empty')}</Empty>
        )}
      </div>
    </>
  );
}
