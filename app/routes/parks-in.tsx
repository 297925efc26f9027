// Parks of a country: 9 per page, heading 'Destinations in {destination title}'.
import { useLocalLink } from '../lib/languages.ts';
import { Link } from 'react-router';
import type { ParksInResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { Empty, Grid, ParkCard } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { only, pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import type { Route } from './+types/parks-in';
import { cachedList } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const page = requestPage(request);
  const r = await api<ParksInResponse>(context, `/parks/in/${encodeURIComponent(params.slug)}?page=${page}&limit=${PAGE_SIZE.parksByCountry}`);
  return pageData({ ...r, destinations: only(r.destinations, 'id', 'destinationtitle', 'destinationtitleslug') }, r);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.destinationImage, imageAlt: loaderData?.destinationImageAlt }, { location, matches });
}

export default function ParksIn({ loaderData: data }: Route.ComponentProps) {
  const local = useLocalLink();
  return (
    <>
      <Hero
        title={`Destinations in ${data.destinationTitle}`}
        image={data.destinationImage}
        imageAlt={data.destinationImageAlt}
        eyebrow="Top tourist attractions"
        crumbs={[{ label: 'Parks and attractions', to: '/parks' }, { label: data.destinationTitle }]}
        actions={
          <Link to={local(`/destinations/${data.destinationTitleSlug}`)} className="btn btn--light btn--lg">
            About {data.destinationTitle}
          </Link>
        }
      />
      <div className="container page">
        <nav className="chip-nav" aria-label="Other countries">
          {data.destinations.map((d) => (
            <Link key={d.id} to={local(`/parks/in/${d.destinationtitleslug}`)} className="chip" aria-current={d.destinationtitleslug === data.destinationTitleSlug ? 'page' : undefined}>
              {d.destinationtitle}
            </Link>
          ))}
        </nav>
        {data.parks.length ? (
          <Grid>
            {data.parks.map((p) => (
              <ParkCard key={p.id} park={p} headingLevel={2} />
            ))}
          </Grid>
        ) : (
          <Empty>No attractions listed for this destination yet.</Empty>
        )}
        <Pagination page={data.page} totalPages={data.totalPages} />
      </div>
    </>
  );
}
