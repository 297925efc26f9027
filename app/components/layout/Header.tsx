// The navigation bar (spec point 2): sticky with a scrolled look past 50 px; Destinations,
// Safaris, Experiences and Blogs mega panels that open on hover and with the keyboard (one at a
// time, Escape closes and returns focus); a mobile menu; the search overlay.
// Without JavaScript the panels open on hover and focus (CSS) and show the server-rendered
// default tabs as plain links.
import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { DEFAULT_DESTINATION_TAB, DEFAULT_EXPERIENCE_TAB, NAV_SCROLL_THRESHOLD } from '../../../common/constants.ts';
import { site } from '../../../common/site.ts';
import { days, price } from '../../lib/format.ts';
import { NAV_PATHS, navExperiences, navParks, navSafaris, type NavData, type NavItem, type NavPanelData, type NavTab } from '../../lib/nav.ts';
import { SocialLinks } from '../Contact.tsx';
import { Image } from '../Image.tsx';
import { ArrowRight, ChevronDown, CloseIcon, MailIcon, MenuIcon, PhoneIcon, PinIcon, SearchIcon } from '../Icons.tsx';
import { nextTabIndex } from '../Tabs.tsx';
import { Brand } from './Brand.tsx';
import { SearchDialog } from './SearchDialog.tsx';

export type PanelKey = 'destinations' | 'safaris' | 'experiences' | 'blogs';

const DESKTOP_QUERY = '(min-width: 1080px)';
const HOVER_QUERY = '(hover: hover) and (min-width: 1080px)';

function matches(query: string) {
  return typeof window !== 'undefined' && window.matchMedia(query).matches;
}

export function Header({ nav }: { nav: NavData | null }) {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [open, setOpen] = useState<PanelKey | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  // How the open panel was opened: a click on a trigger that hover has just opened keeps it open.
  const openedBy = useRef<'hover' | 'click' | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > NAV_SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Any navigation closes the panels and the mobile menu.
  useEffect(() => {
    setOpen(null);
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    document.documentElement.classList.toggle('has-menu', menuOpen);
    if (!menuOpen) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const hoverOpen = useCallback((key: PanelKey) => {
    if (!matches(HOVER_QUERY)) return;
    window.clearTimeout(closeTimer.current);
    setOpen((cur) => {
      if (cur !== key) openedBy.current = 'hover';
      return key;
    });
  }, []);
  const hoverClose = useCallback(() => {
    if (!matches(HOVER_QUERY)) return;
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => {
      openedBy.current = null;
      setOpen(null);
    }, 140);
  }, []);

  const panelProps = (key: PanelKey) => ({
    panelKey: key,
    open: open === key,
    onToggle: () =>
      setOpen((cur) => {
        if (cur === key && openedBy.current === 'hover') {
          openedBy.current = 'click';
          return key;
        }
        openedBy.current = cur === key ? null : 'click';
        return cur === key ? null : key;
      }),
    onClose: () => setOpen((cur) => (cur === key ? null : cur)),
    onHoverOpen: () => hoverOpen(key),
    onHoverClose: hoverClose,
  });

  return (
    <>
      <aside className="topbar" aria-label="Contact details">
        <div className="container topbar__inner">
          <p className="topbar__item">
            <PinIcon size={15} /> {site.location}
          </p>
          <a className="topbar__item" href={site.phoneHref}>
            <PhoneIcon size={15} /> {site.phone}
          </a>
          <a className="topbar__item" href={`mailto:${site.email}`}>
            <MailIcon size={15} /> {site.email}
          </a>
          <SocialLinks className="topbar__socials" />
        </div>
      </aside>
      <header className={`site-header${scrolled ? ' is-scrolled' : ''}${menuOpen ? ' menu-open' : ''}`}>
        <div className="container site-header__inner">
          <Brand />
          <nav id="site-menu" className={`site-nav${menuOpen ? ' is-open' : ''}`} aria-label="Main">
            <ul className="nav-list">
              <li className="nav-item">
                <NavLink to="/" end className="nav-link">
                  Home
                </NavLink>
              </li>
              <NavPanel {...panelProps('destinations')} label="Destinations">
                <TabbedPanel
                  id="destinations"
                  tabsLabel="Destinations"
                  tabs={nav?.destinationTabs ?? []}
                  initial={nav?.parks ?? null}
                  defaultSlug={DEFAULT_DESTINATION_TAB}
                  fetchPath={NAV_PATHS.parks}
                  map={(j) => navParks(j as Parameters<typeof navParks>[0])}
                  heading={(d) => `Top attractions in ${d.title}`}
                  render={(d) => <ParkItems items={d.items} />}
                  empty="No attractions listed for this destination yet."
                  more={(d) => ({ to: `/parks/in/${d.slug}`, label: `All attractions in ${d.title}` })}
                  aside={{ title: 'Five countries, one team', text: 'Uganda, Rwanda, Kenya, Tanzania and the DR Congo, planned from our office in Kabale.', to: '/destinations', label: 'All destinations' }}
                />
              </NavPanel>
              <NavPanel {...panelProps('safaris')} label="Safaris">
                <TabbedPanel
                  id="safaris"
                  tabsLabel="Safari experiences"
                  tabs={nav?.experienceTabs ?? []}
                  initial={nav?.safaris ?? null}
                  defaultSlug={DEFAULT_EXPERIENCE_TAB}
                  fetchPath={NAV_PATHS.safaris}
                  map={(j) => navSafaris(j as Parameters<typeof navSafaris>[0])}
                  heading={(d) => `${d.title} safaris`}
                  render={(d) => <SafariItems items={d.items} />}
                  empty="No safaris available for this experience."
                  more={(d) => ({ to: `/safaris/experiences/${d.slug}`, label: `All ${d.title.toLowerCase()} safaris` })}
                  aside={{ title: 'Every safari, tailor-made', text: 'From a two-day gorilla trek to a three-week journey across five countries.', to: '/safaris', label: 'All safaris' }}
                />
              </NavPanel>
              <NavPanel {...panelProps('experiences')} label="Experiences">
                <TabbedPanel
                  id="experiences"
                  tabsLabel="Destinations"
                  tabs={nav?.destinationTabs ?? []}
                  initial={nav?.experiences ?? null}
                  defaultSlug={DEFAULT_DESTINATION_TAB}
                  fetchPath={NAV_PATHS.experiences}
                  map={(j) => navExperiences(j as Parameters<typeof navExperiences>[0])}
                  heading={(d) => `Experiences in ${d.title}`}
                  render={(d) => <ExperienceItems items={d.items} />}
                  empty="No experiences listed for this destination yet."
                  more={(d) => ({ to: `/experiences/in/${d.slug}`, label: `All experiences in ${d.title}` })}
                  aside={{ title: 'Primates, plains and people', text: 'Gorilla and chimpanzee trekking, game drives, boat cruises and cultural visits.', to: '/experiences', label: 'All experiences' }}
                />
              </NavPanel>
              <NavPanel {...panelProps('blogs')} label="Blogs">
                <div className="mega__inner mega__inner--simple">
                  <div className="mega__content">
                    <p className="mega__heading">Latest from the trail</p>
                    {nav && nav.blogs.length > 0 ? <BlogItems items={nav.blogs} /> : <p className="mega__empty">Stories are on their way.</p>}
                    <Link to="/blogs" className="more-link">
                      <span>All blogs</span> <ArrowRight size={18} />
                    </Link>
                  </div>
                </div>
              </NavPanel>
              <li className="nav-item">
                <NavLink to="/contact-us" className="nav-link">
                  Contact
                </NavLink>
              </li>
            </ul>
            <div className="site-nav__mobile-extra">
              <Link to="/plan-a-safari" className="btn btn--primary btn--block">
                Plan a safari
              </Link>
              <a className="site-nav__contact" href={site.phoneHref}>
                <PhoneIcon size={16} /> {site.phone}
              </a>
              <SocialLinks />
            </div>
          </nav>
          <div className="site-header__actions">
            <a
              href="/search"
              className="icon-btn search-trigger"
              aria-haspopup="dialog"
              onClick={(e) => {
                e.preventDefault();
                setSearchOpen(true);
              }}
            >
              <SearchIcon size={21} />
              <span className="sr-only">Search</span>
            </a>
            <Link to="/plan-a-safari" className="btn btn--primary site-header__cta">
              Plan a safari
            </Link>
            <button
              ref={menuButton}
              type="button"
              className="icon-btn menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="site-menu"
              onClick={() => setMenuOpen((v) => !v)}
            >
              {menuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
              <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
            </button>
          </div>
        </div>
      </header>
      <SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />
    </>
  );
}

interface NavPanelProps {
  panelKey: PanelKey;
  label: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  onHoverOpen: () => void;
  onHoverClose: () => void;
  children: ReactNode;
}

function NavPanel({ panelKey, label, open, onToggle, onClose, onHoverOpen, onHoverClose, children }: NavPanelProps) {
  const button = useRef<HTMLButtonElement>(null);
  const panelId = `mega-${panelKey}`;
  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      onClose();
      button.current?.focus();
    }
  }
  function onBlur(e: FocusEvent<HTMLLIElement>) {
    if (!matches(DESKTOP_QUERY)) return;
    const next = e.relatedTarget as Node | null;
    if (next && !e.currentTarget.contains(next)) onClose();
  }
  return (
    <li
      className={`nav-item has-panel${open ? ' is-open' : ''}`}
      data-panel={panelKey}
      onMouseEnter={onHoverOpen}
      onMouseLeave={onHoverClose}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button ref={button} type="button" className="nav-link nav-trigger" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
        {label}
        <ChevronDown size={16} className="nav-trigger__chev" />
      </button>
      <div
        id={panelId}
        className="mega"
        onClick={(e) => {
          if ((e.target as Element).closest('a')) onClose();
        }}
      >
        {children}
      </div>
    </li>
  );
}

interface TabbedPanelProps {
  id: string;
  tabsLabel: string;
  tabs: NavTab[];
  initial: NavPanelData | null;
  defaultSlug: string;
  fetchPath: (slug: string) => string;
  map: (json: unknown) => NavPanelData;
  heading: (d: NavPanelData) => string;
  render: (d: NavPanelData) => ReactNode;
  empty: string;
  more: (d: NavPanelData) => { to: string; label: string };
  aside: { title: string; text: string; to: string; label: string };
}

function TabbedPanel({ id, tabsLabel, tabs, initial, defaultSlug, fetchPath, map, heading, render, empty, more, aside }: TabbedPanelProps) {
  const [selected, setSelected] = useState(initial?.slug ?? defaultSlug);
  const [cache, setCache] = useState<Record<string, NavPanelData>>(() => (initial ? { [initial.slug]: initial } : {}));
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const wanted = useRef(selected);

  async function select(slug: string) {
    setSelected(slug);
    wanted.current = slug;
    setFailed(false);
    if (cache[slug]) return;
    setLoading(true);
    try {
      const res = await fetch(`/api${fetchPath(slug)}`, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`HTTP error ${res.status}`);
      const data = map(await res.json());
      setCache((c) => ({ ...c, [slug]: data }));
    } catch (err) {
      // Spec point 8: a nav fetch failure is logged only.
      console.error(`Could not load the ${id} panel for ${slug}`, err);
      if (wanted.current === slug) setFailed(true);
    } finally {
      if (wanted.current === slug) setLoading(false);
    }
  }

  function onKeyDown(e: KeyboardEvent, i: number) {
    const n = nextTabIndex(e.key, i, tabs.length, 'vertical') ?? nextTabIndex(e.key, i, tabs.length, 'horizontal');
    if (n === null) return;
    e.preventDefault();
    refs.current[n]?.focus();
    void select(tabs[n]!.slug);
  }

  const data = cache[selected];
  const panelId = `mega-${id}-panel`;
  const tabId = (slug: string) => `mega-${id}-tab-${slug}`;
  return (
    <div className="mega__inner">
      {tabs.length > 0 && (
        <div role="tablist" aria-label={tabsLabel} aria-orientation="vertical" className="mega__tabs">
          {tabs.map((t, i) => (
            <button
              key={t.slug}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(t.slug)}
              aria-selected={selected === t.slug}
              aria-controls={panelId}
              tabIndex={selected === t.slug ? 0 : -1}
              className="mega__tab"
              onClick={() => void select(t.slug)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
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
        {data ? (
          <>
            <p className="mega__heading">{heading(data)}</p>
            {data.items.length > 0 ? render(data) : <p className="mega__empty">{empty}</p>}
            <Link to={more(data).to} className="more-link">
              <span>{more(data).label}</span> <ArrowRight size={18} />
            </Link>
          </>
        ) : failed ? (
          <p className="mega__empty">This list could not be loaded just now.</p>
        ) : (
          <div className="mega__skeleton" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        )}
      </div>
      <div className="mega__aside">
        <p className="mega__aside-title">{aside.title}</p>
        <p>{aside.text}</p>
        <Link to={aside.to} className="btn btn--ghost btn--sm">
          {aside.label}
        </Link>
      </div>
    </div>
  );
}

function ParkItems({ items }: { items: NavItem[] }) {
  return (
    <ul className="mega__cards">
      {items.map((p) => (
        <li key={p.id} className="mega-card">
          <div className="mega-card__media">
            <Image src={p.image} alt={p.alt} width={320} height={200} sizes="200px" />
          </div>
          <p className="mega-card__title">{p.title}</p>
          <Link to={`/parks/${p.slug}`} className="mega-card__cta" aria-label={`Explore ${p.title}`}>
            Explore <ArrowRight size={14} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SafariItems({ items }: { items: NavItem[] }) {
  return (
    <ul className="mega__rows">
      {items.map((s) => (
        <li key={s.id}>
          <Link to={`/safaris/${s.slug}`} className="mega-row">
            <span className="mega-row__media">
              <Image src={s.image} alt={s.alt} width={160} height={120} sizes="96px" />
            </span>
            <span className="mega-row__text">
              <span className="mega-row__title">
                {days(s.days ?? 0)} {s.title}
              </span>
              <span className="mega-row__meta">From {price(s.price ?? 0)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ExperienceItems({ items }: { items: NavItem[] }) {
  return (
    <ul className="mega__cards mega__cards--3">
      {items.map((x) => (
        <li key={x.id} className="mega-card">
          <div className="mega-card__media">
            <Image src={x.image} alt={x.alt} width={320} height={200} sizes="200px" />
          </div>
          <Link to={`/experiences/${x.slug}`} className="mega-card__title mega-card__link">
            {x.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function BlogItems({ items }: { items: NavItem[] }) {
  return (
    <ul className="mega__rows mega__rows--2">
      {items.map((b) => (
        <li key={b.id}>
          <Link to={`/blogs/${b.slug}`} className="mega-row">
            <span className="mega-row__media">
              <Image src={b.image} alt={b.alt} width={160} height={120} sizes="96px" />
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
