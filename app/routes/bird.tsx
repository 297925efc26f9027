// Bird detail: overview and details, gallery, More bird species cards and a Popular bird species
// side list.
import type { BirdResponse } from '../../common/api-types.ts';
import { BirdCard, Grid } from '../components/Cards.tsx';
import { Gallery } from '../components/Gallery.tsx';
import { Hero } from '../components/Hero.tsx';
import { RichText } from '../components/RichText.tsx';
import { MoreLink, Section } from '../components/Section.tsx';
import { ShareBlock } from '../components/ShareBlock.tsx';
import { SideList } from '../components/SideList.tsx';
import { api, pageHeaders } from '../lib/load.ts';
import { only, pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import type { Route } from './+types/bird';
import { cachedPage } from '../lib/cache-policy.ts';
import { useT } from '../i18n/pages.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, params }: Route.LoaderArgs) {
  const r = await api<BirdResponse>(context, `/birds/${encodeURIComponent(params.slug)}`);
  return pageData({ ...r, otherBirds: only(r.otherBirds, 'id', 'birdtitle', 'birdtitleslug', 'birdheaderimage', 'birdheaderimagealt') }, r);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.bird.birdheaderimage, imageAlt: loaderData?.bird.birdheaderimagealt, type: 'article' }, { location, matches });
}

export default function BirdDetail({ loaderData: data }: Route.ComponentProps) {
  const { bird } = data;
  const t = useT();
  return (
    <>
      <Hero
        title={bird.birdtitle}
        image={bird.birdheaderimage}
        imageAlt={bird.birdheaderimagealt}
        eyebrow={t('birds.eyebrowOne')}
        lead={<p>{bird.birddescription}</p>}
        crumbs={[{ label: t('birds.crumb'), to: '/birds' }, { label: bird.birdtitle }]}
      />
      <div className="container page">
        <div className="page__grid">
          <article>
            <RichText html={bird.birdoverview} className="prose--lead" />
            <RichText html={bird.birddetails} />
            <Gallery images={data.galleryImages} title={t('detail.inPictures', { title: bird.birdtitle })} />
            <ShareBlock url={data.pageUrl} />
          </article>
          <aside className="page__aside">
            <SideList
              id="popular-birds"
              title={t('birds.popular')}
              items={data.otherBirds.map((b) => ({ key: b.id, to: `/birds/${b.birdtitleslug}`, image: b.birdheaderimage, alt: b.birdheaderimagealt, title: b.birdtitle }))}
              more={<MoreLink to="/birds">{t('birds.all')}</MoreLink>}
            />
          </aside>
        </div>
      </div>
      {data.relatedBirds.length > 0 && (
        <Section id="more-birds" tone="sand" eyebrow={t('birds.keepBirding')} title={t('birds.more')} more={{ to: '/birds', label: t('birds.all') }}>
          <Grid cols={4}>
            {data.relatedBirds.map((b) => (
              <BirdCard key={b.id} bird={b} />
            ))}
          </Grid>
        </Section>
      )}
    </>
  );
}
