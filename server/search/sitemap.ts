// The site's indexable addresses with their last modification time, read from the database:
// every detail page, the first page of every list (including the by-country and by-experience
// lists that have items), and the static pages. /search is left out (its pages are noindex).
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CONTENT_TYPES, contentTypeInfo, sitePagePath } from '../../common/content-types.ts';
import { siteIndexable as isIndexable } from '../../common/seo.ts';
import type { Db } from '../db/index.ts';
import type { CollectionName } from '../db/content.ts';
import { slugTableOf } from '../content/definitions.ts';
import { departuresChangedAt } from '../departures/read.ts';

export interface SitemapEntry {
  /** Absolute URL on SITE_URL. */
  loc: string;
  /** ISO 8601 date-time. */
  lastmod: string;
}

/** Rows of the pages table that are no page of the sitemap: the search page is noindex. */
const UNLISTED_PAGES = new Set(['search']);

/** Where a row of the pages table is on the site: a type's list, or a fixed page. */
function pageRowPath(slug: string): string {
  const info = contentTypeInfo(slug);
  return info?.page ? info.page.list : sitePagePath(slug);
}

/** Whether search engines may index a site served on this SITE_URL (production only, public host). */
export function siteIndexable(siteUrl: string, nodeEnv: string | undefined = process.env.NODE_ENV): boolean {
  return isIndexable(siteUrl, nodeEnv);
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const iso = (d: unknown) => new Date(d as string).toISOString();

export async function sitemapEntries(db: Db, siteUrl: string): Promise<SitemapEntry[]> {
  // Detail pages of every type with pages (common/content-types.ts): the search index's updated_at
  // moves only when what the page says changed; a type outside the index has its row's.
  const perType = CONTENT_TYPES.flatMap((info): SQL[] => {
    const target = info.page && slugTableOf(info.collection as CollectionName);
    if (!info.page || !target) return [];
    const table = target.table as PgTable & { id: PgColumn; updated_at: PgColumn };
    const path = sql`${`${info.page.list}/`} || ${target.slug}`;
    if (!info.search) return [sql`select ${path} as path, ${table.updated_at} as lastmod from ${table}`];
    return [
      sql`select ${path} as path, coalesce(s.updated_at, ${table.updated_at}) as lastmod from ${table}
            left join search_documents s on s.type = ${info.search.type} and s.item_id = ${table.id}`,
    ];
  });
  const details = rowsOf<{ path: string; lastmod: string }>(await db.execute(sql.join(perType, sql` union all `)));
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
  // The home page first, then the others in a fixed order.
  const pageSlugs = [...pageDates.keys()].filter((slug) => !UNLISTED_PAGES.has(slug)).sort((a, b) => (a === 'home' ? -1 : b === 'home' ? 1 : a.localeCompare(b)));
  for (const slug of pageSlugs) add(pageRowPath(slug), pageDates.get(slug));
  for (const r of lists.sort((a, b) => a.path.localeCompare(b.path))) add(r.path, r.lastmod);
  // A safari's page shows its departures: their newest change counts for its date too.
  const departed = await departuresChangedAt(db);
  const withDepartures = (r: { path: string; lastmod: string }) => {
    const at = r.path.startsWith('/safaris/') ? departed.get(r.path.slice('/safaris/'.length)) : undefined;
    return at && at > new Date(r.lastmod) ? at : r.lastmod;
  };
  for (const r of details.sort((a, b) => a.path.localeCompare(b.path))) add(r.path, withDepartures(r));
  return out;
}
