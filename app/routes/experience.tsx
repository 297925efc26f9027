// Experience detail: text, gallery, related safaris (duplicates removed, empty message) with a
// More link to /safaris/experiences/{slug}, Other experiences (observed singular
// /experience/{slug} links, which redirect) and blogs.
import type { ExperienceResponse } from '../../common/api-types.ts';
import { Empty, ExperienceCard, Grid, SafariGrid } from '../components/Cards.tsx';
import { Gallery } from '../components/Gallery.tsx';
import { Hero } from '../components/Hero.tsx';
import { RichText } from '../components/RichText.tsx';
import { NewsSection } from '../components/NewsSection.tsx';
import { Section } from '../components/Section.tsx';
import { ShareBlock } from '../components/ShareBlock.tsx';
import { api, pageHeaders } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { dedupeById } from '../lib/safari.ts';
import type { Route } from './+types/experience';
import { cachedPage } from '../lib/cache-policy.ts';
import { useT } from '../i18n/pages.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, params }: Route.LoaderArgs) {
  return api<ExperienceResponse>(context, `/experiences/${encodeURIComponent(params.slug)}`);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.experience.experienceheaderimage, imageAlt: loaderData?.experience.experienceheaderimagealt, type: 'article' }, { location, matches });
}

export default function ExperienceDetail({ loaderData: data }: Route.ComponentProps) {
  const { experience } = data;
  const safaris = dedupeById(data.relatedSafaris);
  const t = useT();
  return (
    <>
      <Hero
        title={experience.experiencetitle}
        image={experience.experienceheaderimage}
        imageAlt={experience.experienceheaderimagealt}
        eyebrow={t('experiences.eyebrowOne')}
        lead={<p>{experience.experiencedescription}</p>}
        crumbs={[{ label: t('experiences.crumb'), to: '/experiences' }, { label: experience.experiencetitle }]}
      />
      <div className="container container--narrow page">
        <RichText html={experience.experienceparagraph} />
        <Gallery images={data.galleryImages} title={t('detail.inPictures', { title: experience.experiencetitle })} />
        <ShareBlock url={data.pageUrl} />
      </div>
      <Section
        id="safaris"
        tone="sand"
        eyebrow={t('experiences.tripsInclude')}
        title={t('experiences.safarisOf', { name: experience.experiencetitle })}
        more={{ to: `/safaris/experiences/${experience.experiencetitleslug}`, label: t('safari.moreSafaris') }}
      >
        {safaris.length ? <SafariGrid safaris={safaris} /> : <Empty>{t('experiences.noSafaris')}</Empty>}
      </Section>
      {data.relatedExperiences.length > 0 && (
        <Section id="other-experiences" eyebrow={t('detail.keepExploring')} title={t('experiences.others')} more={{ to: '/experiences', label: t('experiences.all') }}>
          <Grid cols={4}>
            {data.relatedExperiences.map((x) => (
              <ExperienceCard key={x.id} experience={x} to={`/experience/${x.experiencetitleslug}`} />
            ))}
          </Grid>
        </Section>
      )}
      <NewsSection blogs={data.blogs} tone="sand" />
    </>
  );
}
