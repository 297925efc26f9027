// Gorilla tracking tips: the introduction, seven tips (blocks tip-1..tip-7, in order), a gorilla
// safaris grid with View details links and a View more button to /safaris.
import { Link } from 'react-router';
import type { GorillaTipsResponse } from '../../common/api-types.ts';
import { Grid, SafariCard } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { RichText } from '../components/RichText.tsx';
import { Section } from '../components/Section.tsx';
import { pageHero } from '../lib/heroes.ts';
import { api, pageHeaders } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT } from '../i18n/pages.ts';
import { useLocalLink } from '../lib/languages.ts';
import { dedupeById } from '../lib/safari.ts';
import type { Route } from './+types/gorilla-tips';
import { cachedPage } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return api<GorillaTipsResponse>(context, '/gorilla-tracking-tips');
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: pageHero('tips').image, type: 'article' }, { location, matches });
}

/** The tips in order: tip-1 to tip-7, skipping any that are missing. */
export function orderedTips(blocks: Record<string, string>): { n: number; html: string }[] {
  return Array.from({ length: 7 }, (_, i) => ({ n: i + 1, html: blocks[`tip-${i + 1}`] ?? '' })).filter((t) => t.html !== '');
}

export default function GorillaTips({ loaderData: data }: Route.ComponentProps) {
  const hero = pageHero('tips');
  const t = useT();
  const local = useLocalLink();
  return (
    <>
      <Hero title={data.title} image={hero.image} imageAlt={hero.alt} eyebrow={t('tips.eyebrow')} crumbs={[{ label: t('tips.crumb') }]} />
      <div className="container container--narrow page">
        <RichText html={data.content} className="prose--lead" />
        <ol className="tips">
          {orderedTips(data.blocks).map((tip) => (
            <li key={tip.n} className="tip" id={`tip-${tip.n}`}>
              <RichText html={tip.html} />
            </li>
          ))}
        </ol>
      </div>
      <Section id="gorilla-safaris" tone="sand" eyebrow={t('tips.ready')} title={t('tips.safaris')}>
        <Grid>
          {dedupeById(data.gorillasafaris).map((s) => (
            <SafariCard key={s.id} safari={s} cta={t('cards.viewDetails')} />
          ))}
        </Grid>
        <p className="center">
          <Link to={local('/safaris')} className="btn btn--primary btn--lg">
            {t('tips.more')}
          </Link>
        </p>
      </Section>
    </>
  );
}
