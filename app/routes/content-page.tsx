// Why book with us and Sustainability: the content, Vision and Mission tabs (default Vision) where
// the page has them, and Popular Safaris and Recent news side lists.
import type { ContentWithListsResponse } from '../../common/api-types.ts';
import { Hero } from '../components/Hero.tsx';
import { RichText } from '../components/RichText.tsx';
import { SafariAndNewsAside } from '../components/SideList.tsx';
import { useT } from '../i18n/pages.ts';
import { Tabs } from '../components/Tabs.tsx';
import { pageHero } from '../lib/heroes.ts';
import { api, pageHeaders, requestPath } from '../lib/load.ts';
import { only, pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import type { Route } from './+types/content-page';
import { cachedPage } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, request }: Route.LoaderArgs) {
  const key = requestPath(request).slice(1);
  const page = await api<ContentWithListsResponse>(context, `/${key}`);
  return pageData(
    {
      ...page,
      key,
      safaris: only(page.safaris, 'id', 'safarititle', 'safarititleslug', 'safariday', 'safariprice', 'safariheaderimage', 'safariheaderimagealt'),
      blogs: only(page.blogs, 'id', 'blogtitle', 'blogtitleslug', 'blogheaderimage', 'blogheaderimagealt', 'created_at'),
    },
    page,
  );
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData ? pageHero(loaderData.key).image : undefined }, { location, matches });
}

export default function ContentPage({ loaderData: data }: Route.ComponentProps) {
  const hero = pageHero(data.key);
  const t = useT();
  const { vision, mission, ...rest } = data.blocks;
  const tabs = [
    ...(vision ? [{ id: 'vision', label: t('content.vision'), content: <RichText html={vision} /> }] : []),
    ...(mission ? [{ id: 'mission', label: t('content.mission'), content: <RichText html={mission} /> }] : []),
  ];
  return (
    <>
      <Hero title={data.title} image={hero.image} imageAlt={hero.alt} eyebrow={t('about.crumb')} crumbs={[{ label: data.title }]} />
      <div className="container page">
        <div className="page__grid">
          <div>
            {tabs.length > 0 && (
              <section className="vm" aria-labelledby="vm-title">
                <h2 id="vm-title" className="vm__title">
                  {t('content.drives')}
                </h2>
                <Tabs tabs={tabs} label={t('content.tabsLabel')} defaultId="vision" />
              </section>
            )}
            <RichText html={data.content} className="prose--lead" />
            {Object.entries(rest).map(([k, html]) => (
              <RichText key={k} html={html} />
            ))}
          </div>
          <SafariAndNewsAside safaris={data.safaris} blogs={data.blogs} />
        </div>
      </div>
    </>
  );
}
