// Animal detail: hero, text, optional gallery, share prompt, Other animals (View details), a link
// to /animals and a Popular posts side list.
import type { AnimalResponse } from '../../common/api-types.ts';
import { AnimalCard, Grid } from '../components/Cards.tsx';
import { Gallery } from '../components/Gallery.tsx';
import { Hero } from '../components/Hero.tsx';
import { RichText } from '../components/RichText.tsx';
import { MoreLink, Section } from '../components/Section.tsx';
import { ShareBlock } from '../components/ShareBlock.tsx';
import { SideList } from '../components/SideList.tsx';
import { api, pageHeaders } from '../lib/load.ts';
import { only, pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import type { Route } from './+types/animal';
import { cachedPage } from '../lib/cache-policy.ts';
import { useT } from '../i18n/pages.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, params }: Route.LoaderArgs) {
  const r = await api<AnimalResponse>(context, `/animals/${encodeURIComponent(params.slug)}`);
  return pageData({ ...r, otherAnimals: only(r.otherAnimals, 'id', 'animaltitle', 'animaltitleslug', 'animalheaderimage', 'animalheaderimagealt') }, r);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.animal.animalheaderimage, imageAlt: loaderData?.animal.animalheaderimagealt, type: 'article' }, { location, matches });
}

export default function AnimalDetail({ loaderData: data }: Route.ComponentProps) {
  const { animal } = data;
  const t = useT();
  return (
    <>
      <Hero
        title={animal.animaltitle}
        image={animal.animalheaderimage}
        imageAlt={animal.animalheaderimagealt}
        eyebrow={t('animals.eyebrow')}
        lead={<p>{animal.animaldescription}</p>}
        crumbs={[{ label: t('animals.crumb'), to: '/animals' }, { label: animal.animaltitle }]}
      />
      <div className="container page">
        <div className="page__grid">
          <article>
            <RichText html={animal.animalparagraph} />
            <Gallery images={data.galleryImages} title={t('detail.inPictures', { title: animal.animaltitle })} />
            <ShareBlock url={data.pageUrl} />
          </article>
          <aside className="page__aside">
            <SideList
              id="popular-posts"
              title={t('animals.popular')}
              items={data.otherAnimals.map((a) => ({ key: a.id, to: `/animals/${a.animaltitleslug}`, image: a.animalheaderimage, alt: a.animalheaderimagealt, title: a.animaltitle }))}
              more={<MoreLink to="/animals">{t('animals.all')}</MoreLink>}
            />
          </aside>
        </div>
      </div>
      {data.relatedAnimals.length > 0 && (
        <Section id="other-animals" tone="sand" eyebrow={t('detail.keepExploring')} title={t('animals.others')} more={{ to: '/animals', label: t('animals.all') }}>
          <Grid cols={4}>
            {data.relatedAnimals.map((a) => (
              <AnimalCard key={a.id} animal={a} />
            ))}
          </Grid>
        </Section>
      )}
    </>
  );
}
