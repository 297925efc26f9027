// A page section with an eyebrow, a heading and an optional link to more.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from './Icons.tsx';
import { useLocalLink } from '../lib/languages.ts';

export interface SectionProps {
  id?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  more?: { to: string; label: string };
  tone?: 'plain' | 'sand' | 'forest' | 'mist';
  className?: string;
  children: ReactNode;
  /** The heading level (h2 by default). */
  level?: 2 | 3;
}

export function Section({ id, eyebrow, title, intro, more, tone = 'plain', className, children, level = 2 }: SectionProps) {
  const H = level === 2 ? 'h2' : 'h3';
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} className={`section section--${tone}${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <div className="container">
        <header className="section__head">
          <div>
            {eyebrow && <p className="eyebrow">{eyebrow}</p>}
            <H id={headingId} className="section__title">
              {title}
            </H>
            {intro && <div className="section__intro">{intro}</div>}
          </div>
          {more && <MoreLink to={more.to}>{more.label}</MoreLink>}
        </header>
        {children}
      </div>
    </section>
  );
}

export function MoreLink({ to, children, reloadDocument }: { to: string; children: ReactNode; reloadDocument?: boolean }) {
  const local = useLocalLink();
  return (
    <Link to={local(to)} className="more-link" reloadDocument={reloadDocument}>
      <span>{children}</span>
      <ArrowRight size={18} />
    </Link>
  );
}
