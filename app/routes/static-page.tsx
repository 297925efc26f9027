// Text pages served by one module (terms, privacy, travel advice, impact, conservation promise):
// the API path is the page's own path.
import type { StaticPageResponse } from '../../common/api-types.ts';
import { Hero } from '../components/Hero.tsx';
import { RichText } from '../components/RichText.tsx';
import { pageHero } from '../lib/heroes.ts';
import { api, pageHeaders, requestPath } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import type { Route } from './+types/static-page';
import { cachedPage } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, request }: Route.LoaderArgs) {
  const key = requestPath(request).slice(1);
  const page = await api<StaticPageResponse>(context, `/${key}`);
  return { ...page, key };
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData ? pageHero(loaderData.key).image : undefined }, { location, matches });
}

export default function StaticPage({ loaderData: data }: Route.ComponentProps) {
  const hero = pageHero(data.key);
  const [title, subtitle] = data.title.split(' | ');
  return (
    <>
      <Hero title={title} image={hero.image} imageAlt={hero.alt} eyebrow={subtitle} crumbs={[{ label: title ?? data.title }]} size="compact" />
      <div className="container container--narrow page">
        <RichText html={data.content} className="prose--doc" />
        {Object.entries(data.blocks).map(([k, html]) => (
          <RichText key={k} html={html} />
        ))}
      </div>
    </>
  );
}
