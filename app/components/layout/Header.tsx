// The navigation bar (spec point 2): sticky with a scrolled look past 50 px; Destinations,
// Safaris, Experiences and Blogs mega panels that open on hover and with the keyboard (one at a
// time, Escape closes and returns focus); a mobile menu; the search overlay.
// The panels are not in the page's HTML: without JavaScript (and until the page is hydrated) a
// trigger is a plain link to its list page. Once hydrated it is a disclosure button, and a
// panel's content (NavPanels.tsx and its data from GET /nav/:panel) is loaded the first time it
// is wanted, prefetched when the pointer comes to the header or a trigger gets focus.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { NAV_SCROLL_THRESHOLD } from '../../../common/constants.ts';
import { site } from '../../../common/site.ts';
import { NAV_PANELS, navPanelUrl, type NavPanelAnswer, type PanelKey } from '../../lib/nav.ts';
import { SocialLinks, SocialMenu } from '../Contact.tsx';
import { whenIdle } from '../../lib/idle.ts';
import { ChevronDown, CloseIcon, MailIcon, MenuIcon, PhoneIcon, PinIcon, SearchIcon } from '../Icons.tsx';
import { Brand } from './Brand.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { useT } from '../../i18n/index.ts';
import { useLocalLink, useLocalPath } from '../../lib/languages.ts';

const DESKTOP_QUERY = '(min-width: 1080px)';
const HOVER_QUERY = '(hover: hover) and (min-width: 1080px)';
const PANEL_KEYS = Object.keys(NAV_PANELS) as PanelKey[];

function matches(query: string) {
  return typeof window !== 'undefined' && window.matchMedia(query).matches;
}

const noSubscribe = () => () => {};
/** False on the server and while hydrating, true once the page is hydrated. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

// ---- Panel content, loaded on demand and kept for the visit ----

type PanelsModule = typeof import('./NavPanels.tsx');
let panelsModule: Promise<PanelsModule> | undefined;
function loadPanelsModule(): Promise<PanelsModule> {
  panelsModule ??= import('./NavPanels.tsx').catch((err: unknown) => {
    panelsModule = undefined;
    throw err;
  });
  return panelsModule;
}

const answers = new Map<string, Promise<NavPanelAnswer>>();
/** A panel's default tab (tab omitted) or one of its tabs, fetched once per visit. */
function loadPanel(panel: PanelKey, tab?: string): Promise<NavPanelAnswer> {
  const key = navPanelUrl(panel, tab);
  let p = answers.get(key);
  if (!p) {
    p = fetch(key, { headers: { accept: 'application/json' } }).then(async (res) => {
      if (!res.ok) throw new Error(`HTTP error ${res.status}`);
      const answer = (await res.json()) as NavPanelAnswer;
      // The default tab is also reachable under its own slug.
      if (!tab && answer.data.slug) answers.set(navPanelUrl(panel, answer.data.slug), Promise.resolve(answer));
      return answer;
    });
    p.catch(() => answers.delete(key));
    answers.set(key, p);
  }
  return p;
}

type PanelState = { module: PanelsModule; answer: NavPanelAnswer } | 'failed';

// The currency switch is a lazy island: its HTML is in the page, its code (and the currency
// rules) loads once the browser is idle, so pages without prices do not carry it in their first load.
const CurrencySwitch = lazy(() =>
  whenIdle()
    .then(() => import('../CurrencySwitch.tsx'))
    .then((m) => ({ default: m.CurrencySwitch })),
);

export function Header() {
  const hydrated = useHydrated();
  const scrolled = useScrolled();
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useMobileMenu(menuButton);
  const nav = useNavPanels(hydrated);
  const search = useSearchOverlay();
  const location = useLocation();

  // Any navigation closes the panels and the mobile menu.
  const { show } = nav;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (a new path or query) is what closes the panels and the menu
  useEffect(() => {
    show(null);
    setMenuOpen(false);
  }, [location.pathname, location.search, show, setMenuOpen]);

  return (
    <>
      <TopBar />
      <header className={`site-header${scrolled ? ' is-scrolled' : ''}${menuOpen ? ' menu-open' : ''}`} onPointerEnter={nav.prefetch} onPointerDown={nav.prefetch} onTouchStart={nav.prefetch}>
        <div className="container site-header__inner">
          <Brand />
          <MainNav menuOpen={menuOpen} panelProps={nav.panelProps} />
          <HeaderActions scrolled={scrolled} menuOpen={menuOpen} menuButton={menuButton} onMenu={() => setMenuOpen((v) => !v)} onSearch={search.open} />
        </div>
      </header>
      {search.module && <search.module.SearchDialog open={search.isOpen} onClose={search.close} />}
    </>
  );
}

/** Past the threshold the bar takes its scrolled look. */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > NAV_SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}

/** The mobile menu: open, it marks the page (no scrolling behind it); Escape closes it and returns focus to its button. */
function useMobileMenu(menuButton: RefObject<HTMLButtonElement | null>) {
  const [menuOpen, setMenuOpen] = useState(false);
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
  }, [menuOpen, menuButton]);
  return [menuOpen, setMenuOpen] as const;
}

/** The search overlay: its code is loaded the first time it is opened. */
function useSearchOverlay() {
  const [isOpen, setOpen] = useState(false);
  const [module, setModule] = useState<typeof import('./SearchDialog.tsx') | null>(null);
  function open() {
    setOpen(true);
    if (module) return;
    import('./SearchDialog.tsx').then(setModule, () => {
      // The overlay's code could not be loaded: the search page does the same job.
      window.location.assign('/search');
    });
  }
  return { isOpen, module, open, close: () => setOpen(false) };
}

type Opener = 'hover' | 'click';

/**
 * The mega panels: which one is open and how it was opened, their content as it loads, and the
 * hover, click and keyboard rules that open and close them.
 */
function useNavPanels(hydrated: boolean) {
  const t = useT();
  const [open, setOpen] = useState<PanelKey | null>(null);
  const [panels, setPanels] = useState<Partial<Record<PanelKey, PanelState>>>({});
  const closeTimer = useRef<number | undefined>(undefined);
  // How the open panel was opened: a click on a trigger that hover has just opened keeps it open.
  const openedBy = useRef<Opener | null>(null);
  // The panels loaded so far, and a panel asked to open while its content is on its way: it opens
  // when the content arrives (so it never shows a placeholder), or after a short wait with one.
  const loaded = useRef<Partial<Record<PanelKey, PanelState>>>({});
  const pending = useRef<{ key: PanelKey; by: Opener; timer: number } | null>(null);
  const current = useRef<PanelKey | null>(null);
  current.current = open;

  const show = useCallback((key: PanelKey | null, by: Opener | null = null) => {
    if (pending.current) {
      window.clearTimeout(pending.current.timer);
      pending.current = null;
    }
    openedBy.current = key ? by : null;
    setOpen(key);
  }, []);
  const want = usePanelLoader(loaded, pending, setPanels, show);
  /** Pointer intent on the header: every panel may be wanted next. */
  const prefetch = useCallback(() => {
    for (const key of PANEL_KEYS) want(key);
  }, [want]);

  const requestOpen = useCallback(
    (key: PanelKey, by: Opener) => {
      if (loaded.current[key]) {
        // Loaded (or failed: shown as such while it is tried again).
        show(key, by);
        want(key);
        return;
      }
      if (pending.current) window.clearTimeout(pending.current.timer);
      const timer = window.setTimeout(() => {
        if (pending.current?.key === key) show(key, pending.current.by);
      }, 300);
      pending.current = { key, by, timer };
      want(key);
    },
    [show, want],
  );

  const { hoverOpen, hoverClose, toggle } = panelTriggers({ current, pending, openedBy, closeTimer }, show, requestOpen);

  const panelProps = (key: PanelKey): NavPanelProps => ({
    panelKey: key,
    label: t(NAV_PANELS[key].label),
    href: NAV_PANELS[key].list,
    hydrated,
    open: open === key,
    content: panels[key],
    loadTab: loadPanel,
    onWant: () => want(key),
    onToggle: () => toggle(key),
    onClose: () => {
      if (current.current === key || pending.current?.key === key) show(null);
    },
    onHoverOpen: () => hoverOpen(key),
    onHoverClose: hoverClose,
  });

  return { show, prefetch, panelProps };
}

interface PanelRefs {
  current: RefObject<PanelKey | null>;
  pending: RefObject<{ key: PanelKey; by: Opener } | null>;
  openedBy: RefObject<Opener | null>;
  closeTimer: RefObject<number | undefined>;
}

/** What hover (wide screens with a pointer) and a click on a trigger do to the panels. */
function panelTriggers({ current, pending, openedBy, closeTimer }: PanelRefs, show: (key: PanelKey | null) => void, requestOpen: (key: PanelKey, by: Opener) => void) {
  const hoverOpen = (key: PanelKey) => {
    if (!matches(HOVER_QUERY)) return;
    window.clearTimeout(closeTimer.current);
    if (current.current !== key && pending.current?.key !== key) requestOpen(key, 'hover');
  };
  const hoverClose = () => {
    if (!matches(HOVER_QUERY)) return;
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => show(null), 140);
  };

  function toggle(key: PanelKey) {
    window.clearTimeout(closeTimer.current);
    if (pending.current?.key === key) {
      // Clicked while it is on its way: it stays open once it arrives.
      pending.current.by = 'click';
    } else if (current.current === key) {
      // A click on a panel that hover has just opened keeps it open; otherwise it closes.
      if (openedBy.current === 'hover') openedBy.current = 'click';
      else show(null);
    } else {
      requestOpen(key, 'click');
    }
  }
  return { hoverOpen, hoverClose, toggle };
}

/** Loads a panel's code and default content (once; a failure may be retried later). */
function usePanelLoader(
  loaded: RefObject<Partial<Record<PanelKey, PanelState>>>,
  pending: RefObject<{ key: PanelKey; by: Opener } | null>,
  setPanels: (panels: Partial<Record<PanelKey, PanelState>>) => void,
  show: (key: PanelKey, by: Opener) => void,
) {
  return useCallback(
    (key: PanelKey) => {
      if (typeof loaded.current[key] === 'object') return;
      const settle = (state: PanelState) => {
        if (typeof loaded.current[key] === 'object') return;
        loaded.current = { ...loaded.current, [key]: state };
        setPanels(loaded.current);
        if (pending.current?.key === key) show(key, pending.current.by);
      };
      Promise.all([loadPanelsModule(), loadPanel(key)]).then(
        ([module, answer]) => settle({ module, answer }),
        (err: unknown) => {
          // Spec point 8: a nav fetch failure is logged only.
          console.error(`Could not load the ${key} panel`, err);
          settle('failed');
        },
      );
    },
    [loaded, pending, setPanels, show],
  );
}

/** The bar above the header: where we are, how to reach us, the currency, the social links. */
function TopBar() {
  const t = useT();
  return (
    <aside className="topbar" aria-label={t('header.topbar')}>
      <div className="container topbar__inner">
        <p className="topbar__item topbar__item--place">
          <PinIcon size={15} /> {site.location}
        </p>
        <a className="topbar__item" href={site.phoneHref}>
          <PhoneIcon size={15} /> {site.phone}
        </a>
        <a className="topbar__item topbar__item--email" href={`mailto:${site.email}`}>
          <MailIcon size={15} /> {site.email}
        </a>
        <Suspense>
          <CurrencySwitch className="currency-switch--topbar" label={t('header.currency')} />
        </Suspense>
        <LanguageSwitcher className="language-switch--topbar" />
        <SocialLinks className="topbar__socials" />
      </div>
    </aside>
  );
}

/** The main navigation: Home, the panels, Contact; on phones also the menu's extras. */
function MainNav({ menuOpen, panelProps }: { menuOpen: boolean; panelProps: (key: PanelKey) => NavPanelProps }) {
  const t = useT();
  const local = useLocalPath();
  return (
    <nav id="site-menu" className={`site-nav${menuOpen ? ' is-open' : ''}`} aria-label={t('header.nav')}>
      <ul className="nav-list">
        <li className="nav-item">
          <NavLink to={local('/')} end className="nav-link">
            {t('header.home')}
          </NavLink>
        </li>
        {PANEL_KEYS.map((key) => (
          <NavPanel key={key} {...panelProps(key)} />
        ))}
        <li className="nav-item">
          <NavLink to={local('/contact-us')} className="nav-link">
            {t('header.contact')}
          </NavLink>
        </li>
      </ul>
      <div className="site-nav__mobile-extra">
        <Link to={local('/plan-a-safari')} className="btn btn--primary btn--block">
          {t('header.plan')}
        </Link>
        <a className="site-nav__contact" href={site.phoneHref}>
          <PhoneIcon size={16} /> {site.phone}
        </a>
        <Suspense>
          <CurrencySwitch className="currency-switch--menu" />
        </Suspense>
        <LanguageSwitcher className="language-switch--menu" />
        <SocialLinks />
      </div>
    </nav>
  );
}

/** The header's right side: social links once scrolled, search, the call to action, the menu button. */
function HeaderActions({
  scrolled,
  menuOpen,
  menuButton,
  onMenu,
  onSearch,
}: {
  scrolled: boolean;
  menuOpen: boolean;
  menuButton: RefObject<HTMLButtonElement | null>;
  onMenu: () => void;
  onSearch: () => void;
}) {
  const t = useT();
  const local = useLocalPath();
  return (
    <div className="site-header__actions">
      {/* Spec point 2: the social links stay in the bar once the top bar has scrolled away (wide screens; CSS). */}
      {scrolled && <SocialMenu className="site-header__socials" />}
      <a
        href={local('/search')}
        className="icon-btn search-trigger"
        aria-haspopup="dialog"
        onPointerEnter={() => void import('./SearchDialog.tsx')}
        onFocus={() => void import('./SearchDialog.tsx')}
        onClick={(e) => {
          e.preventDefault();
          onSearch();
        }}
      >
        <SearchIcon size={21} />
        <span className="sr-only">{t('header.search')}</span>
      </a>
      <Link to={local('/plan-a-safari')} className="btn btn--primary site-header__cta">
        {t('header.plan')}
      </Link>
      <button ref={menuButton} type="button" className="icon-btn menu-toggle" aria-expanded={menuOpen} aria-controls="site-menu" onClick={onMenu}>
        {menuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
        <span className="sr-only">{menuOpen ? t('header.menuClose') : t('header.menuOpen')}</span>
      </button>
    </div>
  );
}

interface NavPanelProps {
  panelKey: PanelKey;
  label: string;
  /** The list page the trigger links to before hydration and without JavaScript. */
  href: string;
  hydrated: boolean;
  open: boolean;
  content: PanelState | undefined;
  loadTab: (panel: PanelKey, tab: string) => Promise<NavPanelAnswer>;
  onWant: () => void;
  onToggle: () => void;
  onClose: () => void;
  onHoverOpen: () => void;
  onHoverClose: () => void;
}

function NavPanel({ panelKey, label, href, hydrated, open, content, loadTab, onWant, onToggle, onClose, onHoverOpen, onHoverClose }: NavPanelProps) {
  const button = useRef<HTMLButtonElement>(null);
  const panelId = `mega-${panelKey}`;
  const local = useLocalLink();
  if (!hydrated) {
    return (
      <li className="nav-item has-panel" data-panel={panelKey}>
        <a href={local(href)} className="nav-link nav-trigger">
          {label}
          <ChevronDown size={16} className="nav-trigger__chev" />
        </a>
      </li>
    );
  }
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
  let body: ReactNode = null;
  if (typeof content === 'object') body = <content.module.PanelContent panel={panelKey} answer={content.answer} loadTab={loadTab} />;
  else if (open) body = <PanelLoading failed={content === 'failed'} />;
  return (
    <li className={`nav-item has-panel${open ? ' is-open' : ''}`} data-panel={panelKey} onMouseEnter={onHoverOpen} onMouseLeave={onHoverClose} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button ref={button} type="button" className="nav-link nav-trigger" aria-expanded={open} aria-controls={panelId} onClick={onToggle} onFocus={onWant}>
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
        {body}
      </div>
    </li>
  );
}

/** Shown in an open panel until its content has arrived (prefetching makes this rare). */
function PanelLoading({ failed }: { failed: boolean }) {
  const t = useT();
  return (
    <div className="mega__inner mega__inner--simple">
      <div className={`mega__content${failed ? '' : ' is-loading'}`} aria-busy={!failed}>
        {failed ? (
          <p className="mega__empty">{t('header.panelFailed')}</p>
        ) : (
          <div className="mega__skeleton" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        )}
      </div>
    </div>
  );
}
