// Previous Post / Next Post buttons. They are full page navigations (spec point 2).
import { ChevronLeft, ChevronRight } from './Icons.tsx';
import { useT } from '../i18n/pages.ts';
import { useLocalLink } from '../lib/languages.ts';

interface Target {
  to: string;
  title: string;
}

export function PostNav({ prev, next }: { prev: Target | null; next: Target | null }) {
  const t = useT();
  const local = useLocalLink();
  if (!prev && !next) return null;
  return (
    <nav className="post-nav" aria-label={t('postNav.label')}>
      {prev ? (
        <a href={local(prev.to)} className="post-nav__link post-nav__link--prev" rel="prev">
          <span className="post-nav__dir">
            <ChevronLeft size={16} />
            {t('postNav.prev')}
          </span>
          <span className="post-nav__title">{prev.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a href={local(next.to)} className="post-nav__link post-nav__link--next" rel="next">
          <span className="post-nav__dir">
            {t('postNav.next')}
            <ChevronRight size={16} />
          </span>
          <span className="post-nav__title">{next.title}</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
