// The navigation bar's data: the API's nav answers trimmed to what the mega panels show, in one
// shape for the server-rendered defaults (root loader) and the browser's tab changes.
import type {
  BlogsNavResponse,
  ExperiencesInResponse,
  ParksInResponse,
  SafarisByExperienceResponse,
} from '../../common/api-types.ts';
import { NAV_MAX_EXPERIENCES, NAV_MAX_SAFARIS } from '../../common/constants.ts';
import { dedupeById } from './safari.ts';

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
}
export interface NavPanelData {
  /** The selected tab's slug and title. */
  slug: string;
  title: string;
  items: NavItem[];
}
export interface NavData {
  destinationTabs: NavTab[];
  experienceTabs: NavTab[];
  parks: NavPanelData | null;
  experiences: NavPanelData | null;
  safaris: NavPanelData | null;
  blogs: NavItem[];
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
