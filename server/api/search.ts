// Site search (GET /search?query=&types=&page=&language=) and the data behind /sitemap.xml and /robots.txt.
// In another language, /<lang>/search (server/api/languages.ts) asks this route with `language`
// and gives its cards in that language.
import { budgeted } from './budget.ts';
import { cached } from './cache.ts';
import { Hono } from 'hono';
import { PAGE_SIZE } from '../../common/constants.ts';
import { SEARCH_TYPES, searchListKey, type SearchType } from '../../common/content-types.ts';
import type { SearchAnswer, SearchItem } from '../../common/api-types.ts';
import { isLanguage, LANGUAGE_CODES } from '../../common/languages.ts';
import { pageRow } from '../db/queries.ts';
import { loadItems, searchIndex, type Hit } from '../search/engine.ts';
import { QueryError } from '../search/query.ts';
import { sitemapEntries, siteIndexable } from '../search/sitemap.ts';
import { deps, parsePaging, totalPagesFor, type ApiEnv } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';
import { pageMeta } from './answers.ts';
import { bytesResponse } from '../../common/document-bytes.ts';

const TYPE_LIST = SEARCH_TYPES.join(', ');

/** ?types=blog,park or ?types=blog&types=park; empty means every type. */
function parseTypes(values: string[] | undefined): SearchType[] {
  const out = new Set<SearchType>();
  for (const v of values ?? []) {
    for (const part of v.split(',')) {
      const name = part.trim().toLowerCase();
      if (!name) continue;
      if (!(SEARCH_TYPES as readonly string[]).includes(name)) throw new HttpError(400, `Unknown type "${part.trim().slice(0, 40)}": use ${TYPE_LIST}`);
      out.add(name as SearchType);
    }
  }
  return SEARCH_TYPES.filter((t) => out.has(t));
}

/** ?language=de searches the German documents (absent: English). */
function parseLanguage(value: string | undefined): string {
  if (value === undefined || value === '') return 'en';
  if (!isLanguage(value)) throw new HttpError(400, `Unknown language "${value.slice(0, 40)}": use ${LANGUAGE_CODES.join(', ')}`);
  return value;
}

/**
 * A search's answer as bytes held in memory, with its length: compressed in one call for a client
 * (server/http/compress.ts) rather than through a stream, as a page rendered for its request is.
 */
function answerOf(body: unknown): Response {
  const bytes = Buffer.from(JSON.stringify(body));
  return bytesResponse(bytes, { status: 200, headers: { 'content-type': 'application/json', 'content-length': String(bytes.byteLength) } });
}

/** ?lists=none leaves out the per-type lists (the search page shows only `results`); absent: they are included. */
function parseLists(value: string | undefined): boolean {
  if (value === undefined) return true;
  if (value === 'none') return false;
  throw new HttpError(400, 'Unknown lists value: use lists=none or leave it out');
}

export function searchApi() {
  const app = new Hono<ApiEnv>();

  // Every search is produced for its request: counted against the caller's budget.
  app.get('/search', budgeted(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const types = parseTypes(ctx.req.queries('types'));
    const lists = parseLists(ctx.req.query('lists'));
    const paging = parsePaging((k) => ctx.req.query(k), PAGE_SIZE.search);
    const language = parseLanguage(ctx.req.query('language'));
    let outcome;
    try {
      outcome = await searchIndex(db, ctx.req.query('query'), language);
    } catch (e) {
      if (e instanceof QueryError) throw new HttpError(400, e.message);
      throw e;
    }
    const counts = Object.fromEntries(SEARCH_TYPES.map((t) => [t, 0])) as Record<SearchType, number>;
    for (const h of outcome.hits) counts[h.type]++;
    const selected = types.length ? outcome.hits.filter((h) => types.includes(h.type)) : outcome.hits;
    const totalPages = totalPagesFor(selected.length, paging);
    const pageHits = selected.slice(paging.offset, paging.offset + paging.limit);
    // Each type's hits (within the selection), paged like `results`: ?page=N gives every list's
    // page N, so a type with more hits than a page is read in full by paging, never cut short.
    const ofType = new Map<SearchType, Hit[]>(SEARCH_TYPES.map((t) => [t, selected.filter((h) => h.type === t)]));
    const perType = new Map<SearchType, Hit[]>(lists ? [...ofType].map(([t, hits]) => [t, hits.slice(paging.offset, paging.offset + paging.limit)]) : []);
    const typeTotals = Object.fromEntries([...ofType].map(([t, hits]) => [t, hits.length])) as Record<SearchType, number>;
    const typeTotalPages = Object.fromEntries([...ofType].map(([t, hits]) => [t, Math.ceil(hits.length / paging.limit)])) as Record<SearchType, number>;
    const items = await loadItems(db, [...pageHits, ...[...perType.values()].flat()], language);
    const byKey = new Map(items.map((i) => [`${i.type}:${i.id}`, i]));
    const pick = (hits: Hit[]) => hits.flatMap((h) => byKey.get(`${h.type}:${h.id}`) ?? []);

    const page = await pageRow(db, 'search');
    const text = outcome.query.text;
    const params = new URLSearchParams({ query: text });
    const body: SearchAnswer = {
      ...pageMeta(
        siteUrl,
        `/search?${params}`,
        `Search results for “${text}”`,
        page?.pagekeywords ?? '',
        page?.pagedescription ?? 'Search safaris, parks, lodges, experiences, animals, birds, blog posts and frequently asked questions.',
      ),
      query: text,
      correctedQuery: outcome.corrected,
      highlight: outcome.highlight,
      types,
      counts,
      total: selected.length,
      page: paging.page,
      totalPages,
      limit: paging.limit,
      typePaging: { page: paging.page, limit: paging.limit, totals: typeTotals, totalPages: typeTotalPages },
      results: pick(pageHits),
    };
    if (!lists) return answerOf(body);
    const withLists = { ...body, ...(Object.fromEntries(SEARCH_TYPES.map((type) => [searchListKey(type), []])) as unknown as Record<ReturnType<typeof searchListKey>, SearchItem[]>) };
    for (const [type, hits] of perType) withLists[searchListKey(type)] = pick(hits) as SearchItem[];
    return answerOf(withLists);
  });

  // What /sitemap.xml and /robots.txt are built from.
  app.get('/seo/sitemap', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    return ctx.json({ siteUrl, indexable: siteIndexable(siteUrl), urls: await sitemapEntries(db, siteUrl) });
  });
  app.get('/seo/site', cached(), (ctx) => {
    const { siteUrl } = deps(ctx);
    return ctx.json({ siteUrl, indexable: siteIndexable(siteUrl) });
  });

  return app;
}
