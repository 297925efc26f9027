// The page hero: background image, breadcrumbs, the page title and a Plan a safari button.
import { useLocalLink } from '../lib/languages.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Image } from './Image.tsx';
import { ChevronRight } from './Icons.tsx';
import { useT } from '../i18n/index.ts';

interface Crumb {
  label: string;
  to?: string;
}

export interface HeroProps {
  title: ReactNode;
  image?: string | null;
  imageAlt?: string;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  crumbs?: Crumb[];
  /** Extra actions after the Plan a safari button. */
  actions?: ReactNode;
  size?: 'home' | 'page' | 'compact';
}

export function Hero({ title, image, imageAlt = '', eyebrow, lead, crumbs, actions, size = 'page' }: HeroProps) {
  const t = useT();
  const local = useLocalLink();
  return (
    <section className={`hero hero--${size}`} aria-labelledby="page-title">
      <div className="hero__media">
        <Image src={image} alt={imageAlt} width={1600} height={900} sizes="100vw" priority className="hero__img" />
      </div>
      <div className="hero__inner container">
        {crumbs && crumbs.length > 0 && (
          <nav className="crumbs" aria-label={t('crumbs.label')}>
            <ol>
              <li>
                <Link to={local('/')}>{t('crumbs.home')}</Link>
              </li>
              {crumbs.map((c, i) => (
                <li key={i}>
                  <ChevronRight size={14} />
                  {c.to ? <Link to={local(c.to)}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}
                </li>
              ))}
            </ol>
          </nav>
        )}
        {eyebrow && <p className="eyebrow eyebrow--light">{eyebrow}</p>}
        <h1 id="page-title" className="hero__title">
          {title}
        </h1>
        {lead && <div className="hero__lead">{lead}</div>}
        <div className="hero__actions">
          <Link to={local('/plan-a-safari')} className="btn btn--primary btn--lg">
            {t('header.plan')}
          </Link>
          {actions}
        </div>
      </div>
      <Ridge className="hero__ridge" />
    </section>
  );
}

/** The Virunga skyline: the cut-out at the foot of heroes and above the footer. */
export function Ridge({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 1440 90" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path d="M0 90V64L90 50L160 58L280 24L320 30L372 8L418 34L500 42L620 20L680 16L720 30L830 6L864 12L920 40L1030 50L1120 32L1240 40L1320 22L1380 30L1440 26V90Z" />
    </svg>
  );
}
