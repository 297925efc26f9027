// The content of the navigation's mega panels, loaded with a panel's data the first time one is
// wanted (see Header.tsx): Destinations (parks by country), Safaris (safaris by experience),
// Experiences (experiences by country), each with vertical tabs (arrow keys move between them)
// that load their items on demand; and Blogs, the latest stories.
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocalLink } from '../../lib/languages.ts';
import { usePageLanguage, useT, type Translate } from '../../i18n/pages.ts';
import type { Language } from '../../../common/languages.ts';
import { safariCardTitle } from '../../../common/safari-title.ts';
import { Price } from '../Price.tsx';
import type { NavItem, NavPanelAnswer, NavPanelData, NavTab, PanelKey } from '../../lib/nav.ts';
import { Image } from '../Image.tsx';
import { ArrowRight } from '../Icons.tsx';
import { useTabButtons } from '../Tabs.tsx';
import '../../styles/nav-panels.css';

/** Loads one tab of a panel (cached by the caller). */
export type TabLoader = (panel: PanelKey, tab: string) => Promise<NavPanelAnswer>;

/** A panel's words in the page's language (t) and its tab's data. */
interface PanelConfig {
  tabsLabel: (t: Translate) => string;
  heading: (t: Translate, d: NavPanelData) => string;
  render: (d: NavPanelData) => ReactNode;
  empty: (t: Translate) => string;
  more: (t: Translate, d: NavPanelData, language: Language) => { to: string; label: string };
  aside: (t: Translate) => { title: string; text: string; to: string; label: string };
}

/** A country tab's values: its name, and its slug as the messages' selects read it. */
const country = (d: NavPanelData) => ({ slug: d.slug.replaceAll('-', '_'), country: d.title });

const PANELS: Record<Exclude<PanelKey, 'blogs'>, PanelConfig> = {
  destinations: {
    tabsLabel: (t) => t('nav.destinations'),
    heading: (t, d) => t('nav.topAttractionsIn', country(d)),
    render: (d) => <ParkItems items={d.items} />,
    empty: (t) => t('countryPage.noParks'),
    more: (t, d) => ({ to: `/parks/in/${d.slug}`, label: t('nav.allAttractionsIn', country(d)) }),
    aside: (t) => ({ title: t('nav.destinationsAsideTitle'), text: t('nav.destinationsAsideText'), to: '/destinations', label: t('destinations.all') }),
  },
  safaris: {
    tabsLabel: (t) => t('nav.safariExperiences'),
    heading: (t, d) => t('experiences.safarisOf', { name: d.title }),
    render: (d) => <SafariItems items={d.items} />,
    empty: (t) => t('experiences.noSafaris'),
    // English says "All gorilla trekking safaris"; the other languages keep the title's capitals.
    more: (t, d, language) => ({ to: `/safaris/experiences/${d.slug}`, label: t('nav.allSafarisOf', { name: language === 'en' ? d.title.toLowerCase() : d.title }) }),
    aside: (t) => ({ title: t('nav.safarisAsideTitle'), text: t('nav.safarisAsideText'), to: '/safaris', label: t('safaris.all') }),
  },
  experiences: {
    tabsLabel: (t) => t('nav.destinations'),
    heading: (t, d) => t('destinations.experiencesIn', { country: d.title }),
    render: (d) => <ExperienceItems items={d.items} />,
    empty: (t) => t('nav.noExperiences'),
    more: (t, d) => ({ to: `/experiences/in/${d.slug}`, label: t('nav.allExperiencesIn', country(d)) }),
    aside: (t) => ({ title: t('nav.experiencesAsideTitle'), text: t('nav.experiencesAsideText'), to: '/experiences', label: t('experiences.all') }),
  },
};

export function PanelContent({ panel, answer, loadTab }: { panel: PanelKey; answer: NavPanelAnswer; loadTab: TabLoader }) {
  const t = useT();
  const local = useLocalLink();
  if (panel === 'blogs') {
    return (
      <div className="mega__inner mega__inner--simple">
        <div className="mega__content">
          <p className="mega__heading">{t('nav.latest')}</p>
          {answer.data.items.length > 0 ? <BlogItems items={answer.data.items} /> : <p className="mega__empty">{t('nav.noStories')}</p>}
          <Link to={local('/blogs')} className="more-link">
            <span>{t('nav.allBlogs')}</span> <ArrowRight size={18} />
          </Link>
        </div>
      </div>
    );
  }
  return <TabbedPanel id={panel} config={PANELS[panel]} tabs={answer.tabs} initial={answer.data} load={(slug) => loadTab(panel, slug)} />;
}

interface TabbedPanelProps {
  id: string;
  config: PanelConfig;
  tabs: NavTab[];
  initial: NavPanelData;
  load: (slug: string) => Promise<NavPanelAnswer>;
}

/**
 * The tab shown and the tabs' items: the first tab's came with the panel; another's are loaded the
 * first time it is chosen and kept. A failure is said in the panel (and logged) only if that tab is
 * still the one wanted.
 */
function usePanelTabs(id: string, initial: NavPanelData, load: (slug: string) => Promise<NavPanelAnswer>) {
  const [selected, setSelected] = useState(initial.slug);
  const [cache, setCache] = useState<Record<string, NavPanelData>>(() => ({ [initial.slug]: initial }));
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const wanted = useRef(selected);

  async function select(slug: string) {
    setSelected(slug);
    wanted.current = slug;
    setFailed(false);
    if (cache[slug]) return;
    setLoading(true);
    try {
      const { data } = await load(slug);
      setCache((c) => ({ ...c, [slug]: data }));
    } catch (err) {
      // Spec point 8: a nav fetch failure is logged only.
      console.error(`Could not load the ${id} panel for ${slug}`, err);
      if (wanted.current === slug) setFailed(true);
    } finally {
      if (wanted.current === slug) setLoading(false);
    }
  }
  return { selected, data: cache[selected], loading, failed, select };
}

function TabbedPanel({ id, config, tabs, initial, load }: TabbedPanelProps) {
  const t = useT();
  const local = useLocalLink();
  const tabsLabel = config.tabsLabel(t);
  const aside = config.aside(t);
  const { selected, data, loading, failed, select } = usePanelTabs(id, initial, load);
  const tab = useTabButtons(tabs.length, (n) => void select(tabs[n]!.slug), 'vertical');

  const panelId = `mega-${id}-panel`;
  const tabId = (slug: string) => `mega-${id}-tab-${slug}`;
  return (
    <div className="mega__inner">
      {tabs.length > 0 && (
        <div role="tablist" aria-label={tabsLabel} aria-orientation="vertical" className="mega__tabs">
          {tabs.map((t, i) => (
            <button key={t.slug} {...tab(i, { id: tabId(t.slug), controls: panelId, selected: selected === t.slug })} className="mega__tab" onClick={() => void select(t.slug)}>
              {t.title}
            </button>
          ))}
        </div>
      )}
      <div
        id={panelId}
        role={tabs.length > 0 ? 'tabpanel' : undefined}
        aria-labelledby={tabs.length > 0 ? tabId(selected) : undefined}
        aria-busy={loading}
        className={`mega__content${loading ? ' is-loading' : ''}`}
      >
        <TabContent config={config} data={data} failed={failed} />
      </div>
      <div className="mega__aside">
        <p className="mega__aside-title">{aside.title}</p>
        <p>{aside.text}</p>
        <Link to={local(aside.to)} className="btn btn--ghost btn--sm">
          {aside.label}
        </Link>
      </div>
    </div>
  );
}

/** The chosen tab's items under their heading, with the link to all of them; or the failure, or a skeleton while they load. */
function TabContent({ config, data, failed }: { config: PanelConfig; data: NavPanelData | undefined; failed: boolean }) {
  const t = useT();
  const local = useLocalLink();
  const language = usePageLanguage();
  if (data) {
    const more = config.more(t, data, language);
    return (
      <>
        <p className="mega__heading">{config.heading(t, data)}</p>
        {data.items.length > 0 ? config.render(data) : <p className="mega__empty">{config.empty(t)}</p>}
        <Link to={local(more.to)} className="more-link">
          <span>{more.label}</span> <ArrowRight size={18} />
        </Link>
      </>
    );
  }
  return failed ? <p className="mega__empty">{t('header.panelFailed')}</p> : <PanelSkeleton />;
}

function PanelSkeleton() {
  return (
    <div className="mega__skeleton" aria-hidden="true">
      <span />
      <span />
      <span />
    </div>
  );
}

function ParkItems({ items }: { items: NavItem[] }) {
  const local = useLocalLink();
  const t = useT();
  return (
    <ul className="mega__cards">
      {items.map((p) => (
        <li key={p.id} className="mega-card">
          <div className="mega-card__media">
            <Image src={p.image} alt={p.alt} width={320} height={200} sizes="200px" meta={p.meta} />
          </div>
          <p className="mega-card__title">{p.title}</p>
          <Link to={local(`/parks/${p.slug}`)} className="mega-card__cta" aria-label={t('cards.exploreCountry', { country: p.title })}>
            {t('cards.explore')} <ArrowRight size={14} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SafariItems({ items }: { items: NavItem[] }) {
  const local = useLocalLink();
  const t = useT();
  const language = usePageLanguage();
  return (
    <ul className="mega__rows">
      {items.map((s) => (
        <li key={s.id}>
          <Link to={local(`/safaris/${s.slug}`)} className="mega-row">
            <span className="mega-row__media">
              <Image src={s.image} alt={s.alt} width={160} height={120} sizes="96px" meta={s.meta} />
            </span>
            <span className="mega-row__text">
              <span className="mega-row__title">{safariCardTitle(s.days ?? 0, s.title, language)}</span>
              <span className="mega-row__meta">
                {t('side.from')}
                <Price usd={s.price ?? 0} />
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ExperienceItems({ items }: { items: NavItem[] }) {
  const local = useLocalLink();
  return (
    <ul className="mega__cards mega__cards--3">
      {items.map((x) => (
        <li key={x.id} className="mega-card">
          <div className="mega-card__media">
            <Image src={x.image} alt={x.alt} width={320} height={200} sizes="200px" meta={x.meta} />
          </div>
          <Link to={local(`/experiences/${x.slug}`)} className="mega-card__title mega-card__link">
            {x.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function BlogItems({ items }: { items: NavItem[] }) {
  const local = useLocalLink();
  return (
    <ul className="mega__rows mega__rows--2">
      {items.map((b) => (
        <li key={b.id}>
          <Link to={local(`/blogs/${b.slug}`)} className="mega-row">
            <span className="mega-row__media">
              <Image src={b.image} alt={b.alt} width={160} height={120} sizes="96px" meta={b.meta} />
            </span>
            <span className="mega-row__text">
              <span className="mega-row__title">{b.title}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
