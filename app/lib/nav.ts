// The navigation bar's data: the API's nav answers trimmed to what the mega panels show. The
// browser loads a panel from the app's own resource route (routes/nav-panel.ts, GET /nav/:panel
// and /nav/:panel/:tab) the first time it is wanted, so no page carries the panels in its HTML.
import type { BlogsNavResponse, ExperiencesInResponse, ParksInResponse, SafarisByExperienceResponse } from '../../common/api-types.ts';
import { DEFAULT_DESTINATION_TAB, DEFAULT_EXPERIENCE_TAB, NAV_MAX_EXPERIENCES, NAV_MAX_SAFARIS } from '../../common/constants.ts';
import type { ImageMeta } from '../components/Image.tsx';
import { dedupeById } from './safari.ts';

/** The four mega panels (their labels: the shell catalogue's keys), and the list page a trigger links to without JavaScript. */
export const NAV_PANELS = {
  destinations: { label: 'nav.destinations', list: '/destinations', defaultTab: DEFAULT_DESTINATION_TAB },
  safaris: { label: 'nav.safaris', list: '/safaris', defaultTab: DEFAULT_EXPERIENCE_TAB },
  experiences: { label: 'nav.experiences', list: '/experiences', defaultTab: DEFAULT_DESTINATION_TAB },
  blogs: { label: 'nav.blogs', list: '/blogs', defaultTab: null },
} as const;
export type PanelKey = keyof typeof NAV_PANELS;

export function isPanelKey(s: string | undefined): s is PanelKey {
  return s !== undefined && Object.hasOwn(NAV_PANELS, s);
}

/** The same-origin address of a panel's content: its default tab, or a given tab. */
export function navPanelUrl(panel: PanelKey, tab?: string): string {
  return tab ? `/nav/${panel}/${encodeURIComponent(tab)}` : `/nav/${panel}`;
}

export interface NavTab {
  slug: string;
  title: string;
}
export interface NavItem {
  id: number;
  title: string;
  slug: string;
  image: string;
  alt: string;
  /** Safaris: days and price. */
  days?: number;
  price?: number;
  /** The image's responsive variants (server/media/annotate.ts), when the pipeline knows it. */
  meta?: ImageMeta;
}
export interface NavPanelData {
  /** The selected tab's slug and title. */
  slug: string;
  title: string;
  items: NavItem[];
}
/** What GET /nav/:panel[/:tab] answers: the panel's tabs and the selected tab's items. */
export interface NavPanelAnswer {
  tabs: NavTab[];
  data: NavPanelData;
}

export const NAV_PATHS = {
  parks: (slug: string) => `/parks/in/${encodeURIComponent(slug)}?navbar=true`,
  experiences: (slug: string) => `/experiences/in/${encodeURIComponent(slug)}?navbar=true`,
  safaris: (slug: string) => `/safaris/experiences/${encodeURIComponent(slug)}?navbar=true`,
  blogs: () => '/blogs/nav',
};

export function navParks(r: ParksInResponse): NavPanelData {
  return {
    slug: r.destinationTitleSlug,
    title: r.destinationTitle,
    items: r.parks.map((p) => ({ id: p.id, title: p.parktitle, slug: p.parktitleslug, image: p.parkheaderimage, alt: p.parkheaderimagealt })),
  };
}

export function navExperiences(r: ExperiencesInResponse): NavPanelData {
  return {
    slug: r.destinationTitleSlug,
    title: r.destinationTitle,
    items: dedupeById(r.experiences)
      .slice(0, NAV_MAX_EXPERIENCES)
      .map((e) => ({ id: e.id, title: e.experiencetitle, slug: e.experiencetitleslug, image: e.experienceheaderimage, alt: e.experienceheaderimagealt })),
  };
}

export function navSafaris(r: SafarisByExperienceResponse): NavPanelData {
  return {
    slug: r.experienceTitleSlug,
    title: r.experienceTitle,
    items: dedupeById(r.safaris)
      .slice(0, NAV_MAX_SAFARIS)
      .map((s) => ({
        id: s.id,
        title: s.safarititle,
        slug: s.safarititleslug,
        image: s.safariheaderimage,
        alt: s.safariheaderimagealt,
        days: s.safariday,
        price: s.safariprice,
      })),
  };
}

export function navBlogs(r: BlogsNavResponse): NavItem[] {
  return r.blogs.map((b) => ({ id: b.id, title: b.blogtitle, slug: b.blogtitleslug, image: b.blogheaderimage, alt: b.blogheaderimagealt }));
}

export function navTabsFromDestinations(r: { destinations: { destinationtitleslug: string; destinationtitle: string }[] } | null): NavTab[] {
  return (r?.destinations ?? []).map((d) => ({ slug: d.destinationtitleslug, title: d.destinationtitle }));
}

export function navTabsFromExperiences(r: SafarisByExperienceResponse | null): NavTab[] {
  return (r?.safariexperiences ?? []).map((e) => ({ slug: e.experiencetitleslug, title: e.experiencetitle }));
}
