// The routes read off the registry of content types (server/content/types/): the paginated list
// of a type's cards (GET /blogs, /experiences, /animals, /birds...): ?page and ?limit, the list
// page's own fields (its row of the pages table), the cards in the type's order and the number of
// pages, under the type's list key of spec point 7; and the detail of a type that describes it
// there. The address, the page size and the list key are read off the type's description
// (common/content-types.ts).
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { contentTypeInfo, type PagedCollection } from '../../common/content-types.ts';
import * as c from '../db/columns.ts';
import { CONTENT_MODULES } from '../content/types/index.ts';
import type { ContentTypeModule } from '../content/types/type.ts';
import { pageRow } from '../db/queries.ts';
import { cached } from './cache.ts';
import { deps, parsePaging, slugParam, totalPagesFor, type ApiEnv } from '../http/deps.ts';
import { notFound } from '../http/error.ts';
import { pageMeta } from './answers.ts';

interface CardList {
  collection: PagedCollection;
  table: PgTable;
  card: Record<string, PgColumn>;
  order: SQL[];
  /** The list's title when its page row has none. */
  title: string;
}

function addCardList(app: Hono<ApiEnv>, list: CardList): void {
  const { page } = contentTypeInfo(list.collection)!;
  const path = page!.list;
  app.get(path, cached({ query: ['page', 'limit'] }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const paging = parsePaging((k) => ctx.req.query(k), page!.pageSize!);
    const [[count], row] = await Promise.all([db.select({ n: c.countAll }).from(list.table), pageRow(db, list.collection)]);
    const totalPages = totalPagesFor(count?.n ?? 0, paging);
    const items = await db
      .select(list.card)
      .from(list.table)
      .orderBy(...list.order)
      .limit(paging.limit)
      .offset(paging.offset);
    return ctx.json({ ...pageMeta(siteUrl, path, row?.title ?? list.title, row?.pagekeywords ?? '', row?.pagedescription ?? ''), [list.collection]: items, page: paging.page, totalPages });
  });
}

/** Every type's card list, and the details the registry describes. */
export function contentTypesApi() {
  const app = new Hono<ApiEnv>();
  for (const m of CONTENT_MODULES as readonly ContentTypeModule[]) {
    const info = contentTypeInfo(m.collection);
    if (!info?.page || !m.table) continue;
    if (m.cardList) addCardList(app, { collection: m.collection as PagedCollection, table: m.table, ...m.cardList });
    const detail = m.detail;
    if (!detail) continue;
    const list = info.page.list;
    app.get(`${list}/:slug`, cached(), async (ctx) => {
      const { db, siteUrl } = deps(ctx);
      const found = await detail.read(db, slugParam(ctx));
      if (!found) throw notFound(detail.notFound);
      const slug = found.body[info.page!.prefix] as Record<string, unknown> | undefined;
      return ctx.json({ ...pageMeta(siteUrl, `${list}/${String(slug?.[`${info.page!.prefix}titleslug`] ?? '')}`, found.title, found.keywords, found.description), ...found.body });
    });
  }
  return app;
}
