// Reading the console's content: the types' counts, an item, a page of a type's items, the items a
// form can refer to.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CONTENT_PAGE_SIZE, type ContentItem, type ContentItemSummary, type ContentStatus, type FieldSpec } from '../../common/content-editing.ts';
import type { Db } from '../db/index.ts';
import { contentItems, staff } from '../db/schema.ts';
import { fieldsOf, orderDocument } from './documents.ts';
import { ContentStoreError } from './errors.ts';
import { CONTENT_TYPES, contentType, titleOf, type ContentType } from './types.ts';

export type Row = typeof contentItems.$inferSelect;

function summaryOf(type: ContentType, r: Row, updatedBy: string | null): ContentItemSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: titleOf(type, r.document, r.slug),
    status: r.status as ContentStatus,
    publishAt: r.publish_at ? new Date(r.publish_at).toISOString() : null,
    publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
    updatedAt: new Date(r.updated_at).toISOString(),
    updatedBy,
    revision: r.revision,
    publicPath: r.status === 'published' ? (type.paths(r.slug)[0] ?? null) : null,
  };
}

export function itemOf(type: ContentType, r: Row, updatedBy: string | null): ContentItem {
  return { ...summaryOf(type, r, updatedBy), collection: type.name, document: orderDocument(fieldsOf(type.name), r.document), createdAt: new Date(r.created_at).toISOString() };
}

export function requireType(name: string): ContentType {
  const type = contentType(name);
  if (!type) throw new ContentStoreError(404, 'not-found', 'There is no such content type.');
  return type;
}

export async function typeCounts(db: Db): Promise<Record<string, Record<ContentStatus, number>>> {
  const rows = await db.select({ collection: contentItems.collection, status: contentItems.status, n: count() }).from(contentItems).groupBy(contentItems.collection, contentItems.status);
  const out: Record<string, Record<ContentStatus, number>> = {};
  for (const t of CONTENT_TYPES) out[t.name] = { draft: 0, published: 0, scheduled: 0 };
  for (const r of rows) if (out[r.collection]) out[r.collection]![r.status as ContentStatus] = Number(r.n);
  return out;
}

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function listItems(db: Db, type: ContentType, opts: { q?: string; status?: ContentStatus; page: number }) {
  const where: SQL[] = [eq(contentItems.collection, type.name)];
  if (opts.status) where.push(eq(contentItems.status, opts.status));
  if (opts.q) {
    const like = likeText(opts.q);
    where.push(or(ilike(contentItems.slug, like), ilike(sql`${contentItems.document}->>${type.titleField}`, like))!);
  }
  const cond = and(...where);
  const [total] = await db.select({ n: count() }).from(contentItems).where(cond);
  const rows = await db
    .select({ row: contentItems, by: staff.email })
    .from(contentItems)
    .leftJoin(staff, eq(staff.id, contentItems.updated_by))
    .where(cond)
    .orderBy(desc(contentItems.updated_at), desc(contentItems.id))
    .limit(CONTENT_PAGE_SIZE)
    .offset((opts.page - 1) * CONTENT_PAGE_SIZE);
  const n = Number(total?.n ?? 0);
  return { items: rows.map((r) => summaryOf(type, r.row, r.by)), total: n, page: opts.page, totalPages: Math.max(1, Math.ceil(n / CONTENT_PAGE_SIZE)) };
}

export async function getItem(db: Db, type: ContentType, id: number): Promise<ContentItem> {
  const [hit] = await db
    .select({ row: contentItems, by: staff.email })
    .from(contentItems)
    .leftJoin(staff, eq(staff.id, contentItems.updated_by))
    .where(and(eq(contentItems.id, id), eq(contentItems.collection, type.name)));
  if (!hit) throw new ContentStoreError(404, 'not-found', `There is no such ${type.singular}.`);
  return itemOf(type, hit.row, hit.by);
}

/** Items a form can refer to: slug, title and state of every item of these collections. */
export async function choicesFor(db: Db, names: string[]) {
  if (!names.length) return {};
  const rows = await db
    .select({ collection: contentItems.collection, slug: contentItems.slug, document: contentItems.document, status: contentItems.status })
    .from(contentItems)
    .where(inArray(contentItems.collection, names))
    .orderBy(asc(contentItems.slug));
  const out: Record<string, { slug: string; title: string; status: ContentStatus }[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const r of rows) {
    const type = contentType(r.collection);
    if (type) out[r.collection]!.push({ slug: r.slug, title: titleOf(type, r.document, r.slug), status: r.status as ContentStatus });
  }
  for (const list of Object.values(out)) list.sort((a, b) => a.title.localeCompare(b.title));
  return out;
}

/** The collections a type's form refers to. */
export function referencedCollections(fields: FieldSpec[]): string[] {
  const out = new Set<string>();
  const walk = (fs: FieldSpec[]) => {
    for (const f of fs) {
      if (f.kind === 'ref') out.add(f.collection);
      else if (f.kind === 'refs') f.collections.forEach((c) => out.add(c));
      else if (f.kind === 'group' || f.kind === 'repeat') walk(f.fields);
    }
  };
  walk(fields);
  return [...out];
}
