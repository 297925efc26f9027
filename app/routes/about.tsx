// About: the narrative, six cards to the company pages, Popular Safaris and Recent news and updates.
import { Link } from 'react-router';
import type { AboutResponse } from '../../common/api-types.ts';
import { site } from '../../common/site.ts';
import { Hero } from '../components/Hero.tsx';
import { ArrowRight, CompassIcon, LeafIcon, ShieldIcon, UsersIcon, PinIcon, MailIcon } from '../components/Icons.tsx';
import { RichText } from '../components/RichText.tsx';
import { SafariAndNewsAside } from '../components/SideList.tsx';
import { useT } from '../i18n/pages.ts';
import { useLocalLink } from '../lib/languages.ts';
import { pageHero } from '../lib/heroes.ts';
import { api, pageHeaders } from '../lib/load.ts';
import { only, pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import { aboutPath } from '../../common/site.ts';
import type { Route } from './+types/about';
import { cachedPage } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context }: Route.LoaderArgs) {
  const about = await api<AboutResponse>(context, aboutPath);
  return pageData(
    {
      ...about,
      safaris: only(about.safaris, 'id', 'safarititle', 'safarititleslug', 'safariday', 'safariprice', 'safariheaderimage', 'safariheaderimagealt'),
      blogs: only(about.blogs, 'id', 'blogtitle', 'blogtitleslug', 'blogheaderimage', 'blogheaderimagealt', 'created_at'),
    },
    about,
  );
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: pageHero('about').image }, { location, matches });
}

const CARDS = [
  { to: '/why-book-with-us', title: 'home.whyEyebrow', text: 'about.whyText', Icon: CompassIcon },
  { to: '/our-impact', title: 'about.impact', text: 'about.impactText', Icon: UsersIcon },
  { to: '/our-conservation-promise', title: 'about.promise', text: 'about.promiseText', Icon: LeafIcon },
  { to: '/travel-advice', title: 'about.advice', text: 'about.adviceText', Icon: PinIcon },
  { to: '/terms-and-conditions', title: 'about.terms', text: 'about.termsText', Icon: ShieldIcon },
  { to: '/privacy-policy', title: 'about.privacy', text: 'about.privacyText', Icon: MailIcon },
];

export default function About({ loaderData: data }: Route.ComponentProps) {
  const hero = pageHero('about');
  const t = useT();
  const local = useLocalLink();
  return (
    <>
      <Hero title={data.title} image={hero.image} imageAlt={hero.alt} eyebrow={t('about.since', { year: site.foundedYear })} crumbs={[{ label: t('about.crumb') }]} />
      <div className="container page">
        <div className="page__grid">
          <div>
            <RichText html={data.content} className="prose--lead" />
            <ul className="link-cards">
              {CARDS.map(({ to, title, text, Icon }) => (
                <li key={to}>
                  <Link to={local(to)} className="link-card">
                    <span className="link-card__icon">
                      <Icon size={24} />
                    </span>
                    <span className="link-card__title">{t(title)}</span>
                    <span className="link-card__text">{t(text)}</span>
                    <ArrowRight size={18} className="link-card__arrow" />
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <SafariAndNewsAside safaris={data.safaris} blogs={data.blogs} />
        </div>
      </div>
    </>
  );
}
