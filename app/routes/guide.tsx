// A guide's page: the portrait in the hero, the facts (role, languages, years guiding,
// specialities), the biography, the safaris they usually lead, and others of the team.
import type { GuideResponse } from '../../common/api-types.ts';
import { SafariGrid } from '../components/Cards.tsx';
import { FactList } from '../components/FactList.tsx';
import { useSpoken } from '../components/GuideCards.tsx';
import { useT, useTParts } from '../i18n/pages.ts';
import { Hero } from '../components/Hero.tsx';
import { RichText } from '../components/RichText.tsx';
import { MoreLink, Section } from '../components/Section.tsx';
import { SideList } from '../components/SideList.tsx';
import { cachedPage } from '../lib/cache-policy.ts';
import { api, pageHeaders } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import type { Route } from './+types/guide';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, params }: Route.LoaderArgs) {
  return api<GuideResponse>(context, `/guides/${encodeURIComponent(params.slug)}`);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.guide.guideheaderimage, imageAlt: loaderData?.guide.guideheaderimagealt }, { location, matches });
}

export default function GuideDetail({ loaderData: data }: Route.ComponentProps) {
  const { guide } = data;
  const first = guide.guidetitle.split(' ')[0] ?? '';
  const t = useT();
  const tParts = useTParts();
  const spoken = useSpoken();
  return (
    <>
      <Hero
        title={guide.guidetitle}
        image={guide.guideheaderimage}
        imageAlt={guide.guideheaderimagealt}
        eyebrow={guide.guiderole}
        lead={<p>{guide.guidedescription}</p>}
        crumbs={[{ label: t('guides.crumb'), to: '/guides' }, { label: guide.guidetitle }]}
      />
      <div className="container page">
        <div className="page__grid">
          <article>
            <FactList
              className="guide-facts"
              facts={[
                [t('guides.role'), guide.guiderole],
                [t('guides.speaks'), spoken(guide.guidelanguages)],
                [t('guides.experience'), t('guides.years', { count: guide.guideyears })],
              ]}
            />
            <h2 className="guide-specialities__title">{tParts('guides.knowsBest', { name: first })}</h2>
            <ul className="chips guide-specialities">
              {guide.guidespecialities.map((s) => (
                <li key={s} className="chip">
                  {s}
                </li>
              ))}
            </ul>
            <h2>{tParts('guides.about', { name: first })}</h2>
            <RichText html={guide.guideparagraph} />
          </article>
          <aside className="page__aside">
            <SideList
              id="other-guides"
              title={t('guides.others')}
              items={data.otherGuides.map((g) => ({ key: g.id, to: `/guides/${g.guidetitleslug}`, image: g.guideheaderimage, alt: g.guideheaderimagealt, title: g.guidetitle }))}
              more={<MoreLink to="/guides">{t('guides.wholeTeam')}</MoreLink>}
            />
          </aside>
        </div>
      </div>
      {data.safaris.length > 0 && (
        <Section id="guide-safaris" tone="sand" eyebrow={t('guides.travelWith')} title={t('guides.leads', { name: first })} more={{ to: '/safaris', label: t('safaris.all') }}>
          <SafariGrid safaris={data.safaris} />
        </Section>
      )}
    </>
  );
}
