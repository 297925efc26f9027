// GET /nav/:panel and /nav/:panel/:tab — the content of one navigation mega panel, as JSON: its
// tabs and the selected tab's items (texts, links, images with their responsive variants), and
// nothing else. The header loads it the first time a panel is wanted (prefetched on pointer
// intent), so pages do not carry the panels in their HTML; the answer is the same for everyone.
import type { BlogsNavResponse, ExperiencesInResponse, ParksInResponse, SafarisByExperienceResponse } from '../../common/api-types.ts';
import { imageMetaOf } from '../components/Image.tsx';
import { cachedPage } from '../lib/cache-policy.ts';
import { api, PAGE_CACHE } from '../lib/load.ts';
import {
  isPanelKey,
  NAV_PATHS,
  NAV_PANELS,
  navBlogs,
  navExperiences,
  navParks,
  navSafaris,
  navTabsFromDestinations,
  navTabsFromExperiences,
  type NavItem,
  type NavPanelAnswer,
  type PanelKey,
} from '../lib/nav.ts';
import type { Route } from './+types/nav-panel';

export const handle = cachedPage;

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

function json(body: unknown, status = 200) {
  return Response.json(body, {
    status,
    headers: { 'Cache-Control': status === 200 ? PAGE_CACHE : 'no-store', 'X-Robots-Tag': 'noindex' },
  });
}

/** Each item gets the metadata of its own image (and only those images travel). */
function withMeta(items: NavItem[], answer: unknown): NavItem[] {
  const meta = imageMetaOf(answer);
  return items.map((item) => {
    const m = meta[item.image.replace(/^\/+/, '')];
    return m ? { ...item, meta: m } : item;
  });
}

async function panelAnswer(context: Route.LoaderArgs['context'], panel: PanelKey, tab: string): Promise<NavPanelAnswer> {
  switch (panel) {
    case 'destinations': {
      const r = await api<ParksInResponse>(context, NAV_PATHS.parks(tab));
      const data = navParks(r);
      return { tabs: navTabsFromDestinations(r), data: { ...data, items: withMeta(data.items, r) } };
    }
    case 'experiences': {
      const r = await api<ExperiencesInResponse>(context, NAV_PATHS.experiences(tab));
      const data = navExperiences(r);
      return { tabs: navTabsFromDestinations(r), data: { ...data, items: withMeta(data.items, r) } };
    }
    case 'safaris': {
      const r = await api<SafarisByExperienceResponse>(context, NAV_PATHS.safaris(tab));
      const data = navSafaris(r);
      return { tabs: navTabsFromExperiences(r), data: { ...data, items: withMeta(data.items, r) } };
    }
    case 'blogs': {
      const r = await api<BlogsNavResponse>(context, NAV_PATHS.blogs());
      return { tabs: [], data: { slug: '', title: '', items: withMeta(navBlogs(r), r) } };
    }
  }
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { panel, tab } = params;
  if (!isPanelKey(panel)) return json({ error: 'No such navigation panel.' }, 404);
  const defaultTab = NAV_PANELS[panel].defaultTab;
  if (tab !== undefined && (defaultTab === null || !SLUG.test(tab))) return json({ error: 'No such tab in this panel.' }, 404);
  try {
    return json(await panelAnswer(context, panel, tab ?? defaultTab ?? ''));
  } catch (e) {
    // api() throws data(null, 404) for the API's 404 and 400 (an unknown destination or experience).
    const status = (e as { init?: { status?: number } } | null)?.init?.status;
    if (status === 404) return json({ error: 'No such tab in this panel.' }, 404);
    throw e;
  }
}
