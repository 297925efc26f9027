// Requests to an API app in the test's process (createApi), answered as JSON; and what every
// paged content type's answers share (its list in order, its pages in the sitemap, its removal).
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApi, type Api } from '../../server/api/index.ts';
import { loadContent, type Content } from '../../server/db/content.ts';
import { syncContent } from '../../server/db/seed.ts';
import { openTestDatabase, type Backend, type TestDatabase } from './db.ts';

type Json = Record<string, any>;

/** `get` and `ok` over the API; with `contentType`, `ok` also expects that Content-Type. */
export function apiRequests(api: { request: (path: string) => Response | Promise<Response> }, opts: { contentType?: string } = {}) {
  async function get(path: string) {
    const res = await api.request(path);
    return { res, status: res.status, body: (await res.json()) as Json };
  }
  /** A 200 answer's body (the test fails with the body when it is not a 200). */
  async function ok<T = Json>(path: string): Promise<T> {
    const r = await get(path);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    if (opts.contentType) expect(r.res.headers.get('content-type')).toBe(opts.contentType);
    return r.body as T;
  }
  return { get, ok };
}

/**
 * A test file's in-process API over the site's own content on one backend: the database opened,
 * with the content files' projection (a copy of the run's: tests/helpers/templates.ts), before the file's tests, and closed (or dropped) after them.
 * Read its fields inside the tests.
 */
export function contentApi(backend: Backend, siteUrl: string): { db: TestDatabase; api: Api; content: Content } {
  const handle = {} as { db: TestDatabase; api: Api; content: Content };
  beforeAll(async () => {
    handle.db = await openTestDatabase(backend, 'content');
    handle.content = await loadContent();
    handle.api = createApi({ deps: { db: handle.db.db, siteUrl, logger: pino({ level: 'silent' }), ping: handle.db.ping }, mediaDirs: [] });
  });
  afterAll(async () => {
    if (backend === 'pglite') await handle.db.close();
    else await handle.db.drop();
  });
  return handle;
}

type Requests = ReturnType<typeof apiRequests>;

/** Keys in order, to compare an answer's keys with the expected ones whatever their order. */
export const sorted = (keys: string[]) => [...keys].sort();

/** A content type's items in its list's order: each one's `order`, then its file's. */
export function inListOrder(items: readonly { slug: string; order: number }[]): string[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.order - b.item.order || a.i - b.i)
    .map((x) => x.item.slug);
}

/**
 * A content type's paged list, `/${collection}`, read `limit` cards a page: the first page's title,
 * address and page count; every card with exactly the `card` keys; all the pages together every
 * item in the list's order (`slugs`); the page after the last refused (400); the default page
 * `pageSize` cards long (or all of them); the first card's picture in `images/${collection}/`.
 * Cards are named `${item}title`, `${item}titleslug`, `${item}headerimage`.
 */
export async function expectPagedList(
  { get, ok }: Requests,
  list: { collection: string; item: string; limit: number; title: string; siteUrl: string; card: string[]; slugs: string[]; pageSize: number },
): Promise<void> {
  const { collection, item, limit, slugs } = list;
  const first = await ok(`/${collection}?limit=${limit}`);
  expect(first).toMatchObject({ title: list.title, pageUrl: `${list.siteUrl}/${collection}`, page: 1, totalPages: Math.ceil(slugs.length / limit) });
  for (const card of first[collection] as Json[]) expect(sorted(Object.keys(card))).toEqual(sorted(list.card));
  const all: Json[] = [...first[collection]];
  for (let page = 2; page <= first.totalPages; page++) all.push(...(await ok(`/${collection}?limit=${limit}&page=${page}`))[collection]);
  expect(all.map((card) => card[`${item}titleslug`])).toEqual(slugs);
  expect((await get(`/${collection}?limit=${limit}&page=${first.totalPages + 1}`)).status).toBe(400);
  expect((await ok(`/${collection}`))[collection]).toHaveLength(Math.min(list.pageSize, slugs.length));
  expect(first[collection][0][`${item}headerimage`]).toMatch(new RegExp(`^images/${collection}/[a-z0-9-]+\\.jpg$`));
}

/** The sitemap lists the list page `/${collection}` and the page of each of `slugs`. */
export async function expectInSitemap({ ok }: Requests, siteUrl: string, collection: string, slugs: string[]): Promise<void> {
  const { urls } = await ok<{ urls: { loc: string }[] }>('/seo/sitemap');
  const locs = urls.map((u) => u.loc);
  expect(locs).toContain(`${siteUrl}/${collection}`);
  for (const slug of slugs) expect(locs).toContain(`${siteUrl}/${collection}/${slug}`);
}

/** Writes `content`'s projection into contentApi()'s database again and forgets the API's kept answers. */
export async function syncAgain(handle: { db: TestDatabase; api: Api }, content: Content): Promise<void> {
  await syncContent(handle.db.db, content);
  handle.api.cache.clear();
}

/** The search documents of the item `id` of search type `type` (none once the item is removed). */
export async function searchDocumentsOf(handle: { db: TestDatabase }, type: string, id: number): Promise<unknown[]> {
  const docs = (await handle.db.db.execute(sql`select 1 from search_documents where type = ${type} and item_id = ${id}`)) as unknown;
  return Array.isArray(docs) ? docs : (docs as { rows: unknown[] }).rows;
}

/**
 * An item's answer, `/${collection}/${slug}`: exactly the `full` keys on its `item`, its text
 * (`${item}paragraph`) as HTML paragraphs, its page's address and description, and the safaris
 * that name it (`safaris`, any order); an unknown slug (`missing`) a 404 with `{ error: notFound }`,
 * a malformed one a 404. The answer, for the type's own checks.
 */
export async function expectItemPage<T extends Json>(
  { get, ok }: Requests,
  page: { collection: string; item: string; siteUrl: string; full: string[]; src: { slug: string; seo: { description: string } }; safaris: string[]; missing: string; notFound: string },
): Promise<T> {
  const { collection, item, src } = page;
  const body = await ok<T>(`/${collection}/${src.slug}`);
  expect(sorted(Object.keys(body[item]))).toEqual(sorted(page.full));
  expect(body[item][`${item}paragraph`]).toContain('<p>');
  expect(body).toMatchObject({ pageUrl: `${page.siteUrl}/${collection}/${src.slug}`, pageDescription: src.seo.description });
  expect((body.safaris as Json[]).map((s) => s.safarititleslug).sort()).toEqual([...page.safaris].sort());
  const missing = await get(`/${collection}/${page.missing}`);
  expect(missing.status).toBe(404);
  expect(missing.body).toEqual({ error: page.notFound });
  expect((await get(`/${collection}/Not%20A%20Slug`)).status).toBe(404);
  return body;
}

/** The names along a page's breadcrumbs (its JSON-LD `BreadcrumbList`), home first. */
export function breadcrumbNames(nodes: Json[]): string[] {
  const crumbs = nodes.find((n) => n['@type'] === 'BreadcrumbList')!;
  return (crumbs.itemListElement as Json[]).map((c) => c.name);
}

/** What every item page's main JSON-LD node says of the item: its id (`#${fragment}`), name, description, address and picture. */
export function itemNode(siteUrl: string, collection: string, src: { slug: string; name: string; description: string }, fragment: string): Json {
  const url = `${siteUrl}/${collection}/${src.slug}`;
  return { '@id': `${url}#${fragment}`, name: src.name, description: src.description, url, image: `${siteUrl}/api/images/${collection}/${src.slug}.jpg` };
}
