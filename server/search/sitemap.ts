// The site's indexable addresses with their last modification time, read from the database:
// every detail page, the first page of every list (including the by-country and by-experience
// lists that have items), and the static pages. /search is left out (its pages are noindex).
import { sql } from 'drizzle-orm';
import { siteIndexable as isIndexable } from '../../common/seo.ts';
import { aboutPath } from '../../common/site.ts';
import type { Db } from '../db/index.ts';

export interface SitemapEntry {
  /** Absolute URL on SITE_URL. */
  loc: string;
  /** ISO 8601 date-time. */
  lastmod: string;
}

/** Static and list pages, keyed by their row in the pages table. */
const PAGE_PATHS: Record<string, string> = {
  home: '/',
  about: aboutPath,
  destinations: '/destinations',
  parks: '/parks',
  lodges: '/lodges',
  experiences: '/experiences',
  safaris: '/safaris',
  animals: '/animals',
  birds: '/birds',
  blogs: '/blogs',
  'contact-us': '/contact-us',
  'plan-a-safari': '/plan-a-safari',
  'gorilla-tracking-tips': '/gorilla-tracking-tips',
  'terms-and-conditions': '/terms-and-conditions',
  'privacy-policy': '/privacy-policy',
  'travel-advice': '/travel-advice',
  'frequently-asked-questions': '/frequently-asked-questions',
  'our-impact': '/our-impact',
  'our-conservation-promise': '/our-conservation-promise',
  'why-book-with-us': '/why-book-with-us',
  'sustainability-and-environmental-conservation': '/sustainability-and-environmental-conservation',
};

/** Whether search engines may index a site served on this SITE_URL (production only, public host). */
export function siteIndexable(siteUrl: string, nodeEnv: string | undefined = process.env.NODE_ENV): boolean {
  return isIndexable(siteUrl, nodeEnv);
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const iso = (d: unknown) => new Date(d as string).toISOString();

export async function sitemapEntries(db: Db, siteUrl: string): Promise<SitemapEntry[]> {
  // Detail pages: the search index's updated_at moves only when what the page says changed.
  const details = rowsOf<{ path: string; lastmod: string }>(
    await db.execute(sql`
      select '/destinations/' || d.destinationtitleslug as path, d.updated_at as lastmod from destinations d
      union all
      select '/parks/' || p.parktitleslug, coalesce(s.updated_at, p.updated_at) from parks p
        left join search_documents s on s.type = 'park' and s.item_id = p.id
      union all
      select '/experiences/' || e.experiencetitleslug, coalesce(s.updated_at, e.updated_at) from experiences e
        left join search_documents s on s.type = 'experience' and s.item_id = e.id
      union all
      select '/safaris/' || f.safarititleslug, coalesce(s.updated_at, f.updated_at) from safaris f
        left join search_documents s on s.type = 'safari' and s.item_id = f.id
      union all
      select '/animals/' || a.animaltitleslug, coalesce(s.updated_at, a.updated_at) from animals a
        left join search_documents s on s.type = 'animal' and s.item_id = a.id
      union all
      select '/birds/' || b.birdtitleslug, coalesce(s.updated_at, b.updated_at) from birds b
        left join search_documents s on s.type = 'bird' and s.item_id = b.id
      union all
      select '/lodges/' || l.lodgetitleslug, coalesce(s.updated_at, l.updated_at) from lodges l
        left join search_documents s on s.type = 'lodge' and s.item_id = l.id
      union all
      select '/blogs/' || g.blogtitleslug, coalesce(s.updated_at, g.updated_at) from blogs g
        left join search_documents s on s.type = 'blog' and s.item_id = g.id`),
  );
  // Lists by country and by experience that have something to show, dated by their newest item.
  const lists = rowsOf<{ path: string; lastmod: string }>(
    await db.execute(sql`
      select '/parks/in/' || d.destinationtitleslug as path, max(p.updated_at) as lastmod
        from destinations d join parks p on p.destination_id = d.id group by d.destinationtitleslug
      union all
      select '/safaris/in/' || d.destinationtitleslug, max(s.updated_at)
        from destinations d join safari_destinations sd on sd.destination_id = d.id join safaris s on s.id = sd.safari_id
        group by d.destinationtitleslug
      union all
      select '/experiences/in/' || d.destinationtitleslug, max(e.updated_at)
        from destinations d join experience_destinations ed on ed.destination_id = d.id join experiences e on e.id = ed.experience_id
        group by d.destinationtitleslug
      union all
      select '/safaris/experiences/' || e.experiencetitleslug, max(s.updated_at)
        from experiences e join safari_experiences se on se.experience_id = e.id join safaris s on s.id = se.safari_id
        group by e.experiencetitleslug`),
  );
  const pages = rowsOf<{ slug: string; lastmod: string }>(await db.execute(sql`select slug, updated_at as lastmod from pages`));

  const seen = new Set<string>();
  const out: SitemapEntry[] = [];
  const add = (path: string, lastmod: unknown) => {
    if (seen.has(path)) return;
    seen.add(path);
    out.push({ loc: siteUrl + path, lastmod: iso(lastmod) });
  };
  const pageDates = new Map(pages.map((p) => [p.slug, p.lastmod]));
  for (const [slug, path] of Object.entries(PAGE_PATHS)) if (pageDates.has(slug)) add(path, pageDates.get(slug));
  for (const r of lists.sort((a, b) => a.path.localeCompare(b.path))) add(r.path, r.lastmod);
  for (const r of details.sort((a, b) => a.path.localeCompare(b.path))) add(r.path, r.lastmod);
  return out;
}
