// Frequently asked questions: an expandable list; the answers are the API's HTML.
import type { FaqPageResponse } from '../../common/api-types.ts';
import { FaqList } from '../components/FaqList.tsx';
import { Hero } from '../components/Hero.tsx';
import { RichText } from '../components/RichText.tsx';
import { pageHero } from '../lib/heroes.ts';
import { api, pageHeaders } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT } from '../i18n/pages.ts';
import type { Route } from './+types/faq';
import { cachedPage } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return api<FaqPageResponse>(context, '/frequently-asked-questions');
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: pageHero('faq').image }, { location, matches });
}

export default function FaqPage({ loaderData: data }: Route.ComponentProps) {
  const hero = pageHero('faq');
  const t = useT();
  return (
    <>
      <Hero title={data.title} image={hero.image} imageAlt={hero.alt} eyebrow={t('faq.eyebrow')} crumbs={[{ label: t('faq.crumb') }]} />
      <div className="container container--narrow page">
        <RichText html={data.content} className="prose--lead" />
        <FaqList faqs={data.faqs} />
      </div>
    </>
  );
}
