// WhatsApp leads: every click on a WhatsApp button is counted under the page's path and the day
// (in the operator's time zone), and nothing else is kept: no address, no cookie, no visitor.
// The console's dashboard reads them with `whatsappLeadCounts` (per page and day) and
// `whatsappLeadTotals` (per page, the safari named when the page is one, in any language).
import { and, asc, desc, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from './db/index.ts';
import { safaris, whatsappLeads } from './db/schema.ts';
import { readContentVersion } from './db/version.ts';
import { sitemapEntries } from './search/sitemap.ts';
import { englishPath } from '../common/language-paths.ts';
import { languageOfPath } from '../common/languages.ts';
import { addressesIn, allCatalogues, type Catalogue, englishAddress } from './content/translated-answers.ts';

/** Days are counted in the operator's time zone (Kabale, East Africa Time). */
const LEADS_TIME_ZONE = 'Africa/Kampala';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: LEADS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day (YYYY-MM-DD) a moment falls on in the operator's time zone. */
export function leadDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}

/** Pages of the site that are not in the sitemap but have WhatsApp buttons. */
const UNLISTED_PAGES = ['/search'];

/**
 * The paths of the pages that exist in every language (those of the sitemap, and the search page;
 * in German, French and Spanish the pages translated there, at their own addresses: translated path
 * words and slugs, as the sitemap's alternates name them), read again when the content version
 * moves: a lead is counted only under one of them.
 */
export function sitePages(db: Db): { has(path: string): Promise<boolean> } {
  let kept: { version: number; paths: Promise<Set<string>> } | undefined;
  return {
    async has(path) {
      const version = await readContentVersion(db);
      if (!kept || kept.version !== version) {
        const paths = pagesInEveryLanguage(db);
        kept = { version, paths };
        paths.catch(() => {
          if (kept?.paths === paths) kept = undefined;
        });
      }
      return (await kept.paths).has(path);
    },
  };
}

async function pagesInEveryLanguage(db: Db): Promise<Set<string>> {
  const [entries, catalogues] = await Promise.all([sitemapEntries(db, ''), allCatalogues(db)]);
  return new Set([...entries.map((e) => e.loc), ...UNLISTED_PAGES].flatMap((path) => Object.values(addressesIn(path, catalogues))));
}

/** The English address of a page's path in any language (a translated slug read back), for the safari it names. */
function englishPage(path: string, catalogues: Catalogue[]): string {
  const english = englishPath(path);
  const catalogue = catalogues.find((c) => c.language === languageOfPath(path));
  return (catalogue && englishAddress(english, catalogue)) ?? english;
}

/** Counts one click on a WhatsApp button of the page at `path` (already checked, common/leads.ts). */
export async function recordWhatsAppLead(tx: Tx | Db, path: string, at: Date = new Date()): Promise<void> {
  await tx
    .insert(whatsappLeads)
    .values({ day: leadDay(at), path, clicks: 1 })
    .onConflictDoUpdate({ target: [whatsappLeads.day, whatsappLeads.path], set: { clicks: sql`${whatsappLeads.clicks} + 1` } });
}

/** A range of days, inclusive, as YYYY-MM-DD; either end may be left open. */
export interface DayRange {
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function rangeWhere(range: DayRange) {
  for (const d of [range.from, range.to]) if (d !== undefined && !DAY.test(d)) throw new RangeError(`Not a day (YYYY-MM-DD): ${String(d).slice(0, 20)}`);
  return and(range.from ? gte(whatsappLeads.day, range.from) : undefined, range.to ? lte(whatsappLeads.day, range.to) : undefined);
}

export interface LeadCount {
  path: string;
  day: string;
  clicks: number;
}

/** Clicks per page path and day within the range, by day then path. */
export async function whatsappLeadCounts(db: Db, range: DayRange = {}): Promise<LeadCount[]> {
  return db
    .select({ path: whatsappLeads.path, day: whatsappLeads.day, clicks: whatsappLeads.clicks })
    .from(whatsappLeads)
    .where(rangeWhere(range))
    .orderBy(asc(whatsappLeads.day), asc(whatsappLeads.path));
}

export interface LeadTotal {
  path: string;
  clicks: number;
  /** The safari the page is about, when the path is a safari's page (/safaris/{slug}). */
  safari: { id: number; slug: string; title: string; days: number } | null;
}

/** Clicks per page path within the range, most first, with the safari of safari pages. */
export async function whatsappLeadTotals(db: Db, range: DayRange = {}): Promise<LeadTotal[]> {
  const clicks = sql<number>`sum(${whatsappLeads.clicks})::int`;
  const rows = await db.select({ path: whatsappLeads.path, clicks }).from(whatsappLeads).where(rangeWhere(range)).groupBy(whatsappLeads.path).orderBy(desc(clicks), asc(whatsappLeads.path));
  const catalogues = await allCatalogues(db);
  const safariSlug = (path: string) => /^\/safaris\/([a-z0-9-]+)$/.exec(englishPage(path, catalogues))?.[1];
  const slugs = rows.map((r) => safariSlug(r.path)).filter((s): s is string => !!s && s !== 'in');
  const found = slugs.length
    ? await db.select({ id: safaris.id, slug: safaris.safarititleslug, title: safaris.safarititle, days: safaris.safariday }).from(safaris).where(inArray(safaris.safarititleslug, slugs))
    : [];
  const bySlug = new Map(found.map((s) => [s.slug, s]));
  return rows.map((r) => ({ path: r.path, clicks: Number(r.clicks), safari: bySlug.get(safariSlug(r.path) ?? '') ?? null }));
}

/**
 * Clicks per week over the last `weeks` weeks (weeks start on Monday, the dashboard's weeks), oldest
 * first, a week without clicks counted 0.
 */
export async function whatsappLeadsPerWeek(db: Db | Tx, weeks = 12): Promise<{ week: string; count: number }[]> {
  const rows = await db.execute(sql`
    with weeks as (
      select generate_series(date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${weeks - 1}), date_trunc('week', now() at time zone 'UTC'), interval '1 week') as wk)
    select to_char(w.wk, 'YYYY-MM-DD') as week, coalesce(sum(l.clicks), 0)::int as n
      from weeks w
      left join whatsapp_leads l on l.day >= w.wk::date and l.day < (w.wk + interval '1 week')::date
     group by w.wk order by w.wk`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { week: string; n: number }[];
  return list.map((r) => ({ week: r.week, count: Number(r.n) }));
}
