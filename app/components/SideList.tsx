// A compact list of linked items with a thumbnail (Popular Safaris, Recent news, Popular posts),
// and the side column of the about and site pages that holds the first two.
import { useLocalLink } from '../lib/languages.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BlogCard, SafariCard } from '../../common/api-types.ts';
import { useFormat } from '../lib/format.ts';
import { usePageLanguage, useT } from '../i18n/pages.ts';
import { safariCardTitle } from '../../common/safari-title.ts';
import { Price } from './Price.tsx';
import { Image } from './Image.tsx';

export interface SideItem {
  key: string | number;
  to: string;
  image: string | null | undefined;
  alt: string;
  title: ReactNode;
  meta?: ReactNode;
}

export function SideList({ title, items, more, id }: { title: string; items: SideItem[]; more?: ReactNode; id: string }) {
  const local = useLocalLink();
  if (items.length === 0) return null;
  return (
    <section className="side-list" aria-labelledby={id}>
      <h2 id={id} className="side-list__title">
        {title}
      </h2>
      <ul className="side-list__items">
        {items.map((item) => (
          <li key={item.key} className="side-item">
            <div className="side-item__media">
              <Image src={item.image} alt={item.alt} width={160} height={120} sizes="96px" />
            </div>
            <div>
              <Link to={local(item.to)} className="side-item__link">
                {item.title}
              </Link>
              {item.meta && <p className="side-item__meta">{item.meta}</p>}
            </div>
          </li>
        ))}
      </ul>
      {more}
    </section>
  );
}

type SideSafari = Pick<SafariCard, 'id' | 'safarititle' | 'safarititleslug' | 'safariday' | 'safariprice' | 'safariheaderimage' | 'safariheaderimagealt'>;
type SideBlog = Pick<BlogCard, 'id' | 'blogtitle' | 'blogtitleslug' | 'blogheaderimage' | 'blogheaderimagealt' | 'created_at'>;

/** The side list's rows of safaris, in the page's language. */
function useSafariSideItems(safaris: SideSafari[]): SideItem[] {
  const t = useT();
  const language = usePageLanguage();
  return safaris.map((s) => ({
    key: s.id,
    to: `/safaris/${s.safarititleslug}`,
    image: s.safariheaderimage,
    alt: s.safariheaderimagealt,
    title: safariCardTitle(s.safariday, s.safarititle, language),
    meta: (
      <>
        {t('side.from')}
        <Price usd={s.safariprice} />
      </>
    ),
  }));
}

/** The side list's rows of posts, dated in the page's language. */
function useBlogSideItems(blogs: SideBlog[]): SideItem[] {
  const { date } = useFormat();
  return blogs.map((b) => {
    const d = date(b.created_at);
    return {
      key: b.id,
      to: `/blogs/${b.blogtitleslug}`,
      image: b.blogheaderimage,
      alt: b.blogheaderimagealt,
      title: b.blogtitle,
      meta: <time dateTime={d.iso}>{d.text}</time>,
    };
  });
}

/** The side column of the about page and the site pages: popular safaris, then recent news. */
export function SafariAndNewsAside({ safaris, blogs }: { safaris: SideSafari[]; blogs: SideBlog[] }) {
  const t = useT();
  return (
    <aside className="page__aside">
      <SideList id="popular-safaris" title={t('side.popularSafaris')} items={useSafariSideItems(safaris)} />
      <SideList id="recent-news" title={t('side.recentNews')} items={useBlogSideItems(blogs)} />
    </aside>
  );
}
