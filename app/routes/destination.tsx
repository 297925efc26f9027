// Destination detail: title and tag, optional video (a facade: YouTube loads on play), the HTML text, Previous/Next Post,
// Other destinations (with a link to all) and blogs.
import { useLocalLink } from '../lib/languages.ts';
import { Link } from 'react-router';
import type { DestinationResponse } from '../../common/api-types.ts';
import { DestinationCard, Grid } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { RichText } from '../components/RichText.tsx';
import { NewsSection } from '../components/NewsSection.tsx';
import { Section } from '../components/Section.tsx';
import { PostNav } from '../components/PostNav.tsx';
import { api, pageHeaders } from '../lib/load.ts';
import { pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import { youtubeId } from '../lib/video.ts';
import { VideoFacade } from '../components/VideoFacade.tsx';
import type { Route } from './+types/destination';
import { cachedPage } from '../lib/cache-policy.ts';
import { useT, useTParts } from '../i18n/pages.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, params }: Route.LoaderArgs) {
  const r = await api<DestinationResponse>(context, `/destinations/${encodeURIComponent(params.slug)}`);
  const link = (d: DestinationResponse['prevPost']) => (d ? { destinationtitle: d.destinationtitle, destinationtitleslug: d.destinationtitleslug } : null);
  return pageData({ ...r, prevPost: link(r.prevPost), nextPost: link(r.nextPost) }, r);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.destination.destinationheaderimage, imageAlt: loaderData?.destination.destinationheaderimagealt }, { location, matches });
}

export default function DestinationDetail({ loaderData: data }: Route.ComponentProps) {
  const local = useLocalLink();
  const { destination } = data;
  const video = youtubeId(destination.youtubeembedlink);
  const t = useT();
  const tParts = useTParts();
  return (
    <>
      <Hero
        title={destination.destinationtitle}
        image={destination.destinationheaderimage}
        imageAlt={destination.destinationheaderimagealt}
        eyebrow={destination.destinationtag}
        lead={<p>{destination.destinationdescription}</p>}
        crumbs={[{ label: t('destinations.crumb'), to: '/destinations' }, { label: destination.destinationtitle }]}
        actions={
          <Link to={local(`/safaris/in/${destination.destinationtitleslug}`)} className="btn btn--light btn--lg">
            {tParts('destinations.safarisOf', { country: destination.destinationtitle })}
          </Link>
        }
      />
      <div className="container container--narrow page">
        {video && <VideoFacade id={video} subject={destination.destinationtitle} poster={destination.destinationheaderimage} />}
        <RichText html={destination.destinationparagraph} />
        <div className="quick-links">
          <Link to={local(`/parks/in/${destination.destinationtitleslug}`)} className="btn btn--ghost">
            {tParts('destinations.attractionsIn', { country: destination.destinationtitle })}
          </Link>
          <Link to={local(`/experiences/in/${destination.destinationtitleslug}`)} className="btn btn--ghost">
            {tParts('destinations.experiencesIn', { country: destination.destinationtitle })}
          </Link>
        </div>
        <PostNav
          prev={data.prevPost ? { to: `/destinations/${data.prevPost.destinationtitleslug}`, title: data.prevPost.destinationtitle } : null}
          next={data.nextPost ? { to: `/destinations/${data.nextPost.destinationtitleslug}`, title: data.nextPost.destinationtitle } : null}
        />
      </div>
      {data.otherDestinations.length > 0 && (
        <Section id="others" tone="sand" eyebrow={t('detail.keepExploring')} title={t('destinations.others')} more={{ to: '/destinations', label: t('destinations.all') }}>
          <Grid cols={4}>
            {data.otherDestinations.map((d) => (
              <DestinationCard key={d.id} destination={d} />
            ))}
          </Grid>
        </Section>
      )}
      <NewsSection blogs={data.blogs} />
    </>
  );
}
