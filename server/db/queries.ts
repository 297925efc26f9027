// Query helpers shared by several API resources. Orders are stable (a unique id breaks every tie).
import { and, asc, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import * as c from './columns.ts';
import type { Db } from './index.ts';
import { noteReads, traced } from './reads.ts';
import * as t from './schema.ts';
import type { PagePrefix } from '../../common/content-types.ts';

// Reference data (destinations, experiences, page rows) is tiny, read by almost every request
// and changes only with the content: it is memoised per database until the content changes
// (forgetReferenceData is called whenever kept answers are dropped). Misses are not remembered,
// so unknown slugs cannot grow the memo. Each entry remembers the tables it was read from, and
// every use counts them for the answer being made (server/db/reads.ts), as if it had read them.
interface Memo {
  value: Promise<unknown>;
  reads: Set<string>;
}
const memos = new WeakMap<Db, Map<string, Memo>>();

/** `load`'s value memoised per database until the content changes (the translated content's catalogues too). */
export function memo<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let m = memos.get(db);
  if (!m) memos.set(db, (m = new Map()));
  let hit = m.get(key);
  if (!hit) {
    const reads = new Set<string>();
    const value = traced(load).then(({ value, trace }) => {
      for (const name of trace.reads) reads.add(name);
      return value;
    });
    const entry: Memo = { value, reads };
    hit = entry;
    m.set(key, entry);
    value.then(
      (v) => {
        if (v === undefined && m.get(key) === entry) m.delete(key);
      },
      () => {
        if (m.get(key) === entry) m.delete(key);
      },
    );
  }
  const { value, reads } = hit;
  return value.then((v) => {
    noteReads(reads);
    return v as T;
  });
}

export function forgetReferenceData(db: Db) {
  memos.delete(db);
}

/** Newest first. */
export function latestBlogs(db: Db, limit: number, exceptId?: number) {
  return db
    .select(c.blogCard)
    .from(t.blogs)
    .where(exceptId ? sql`${t.blogs.id} <> ${exceptId}` : undefined)
    .orderBy(desc(t.blogs.created_at), desc(t.blogs.id))
    .limit(limit);
}

export interface SafariFilter {
  destinationId?: number;
  experienceId?: number;
  popular?: boolean;
  exceptId?: number;
}

function safariWhere(db: Db, f: SafariFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.destinationId !== undefined)
    parts.push(
      exists(
        db
          .select({ x: sql`1` })
          .from(t.safariDestinations)
          .where(and(eq(t.safariDestinations.safari_id, t.safaris.id), eq(t.safariDestinations.destination_id, f.destinationId))),
      ),
    );
  if (f.experienceId !== undefined)
    parts.push(
      exists(
        db
          .select({ x: sql`1` })
          .from(t.safariExperiences)
          .where(and(eq(t.safariExperiences.safari_id, t.safaris.id), eq(t.safariExperiences.experience_id, f.experienceId))),
      ),
    );
  if (f.popular) parts.push(eq(t.safaris.popular, true));
  if (f.exceptId !== undefined) parts.push(sql`${t.safaris.id} <> ${f.exceptId}`);
  return parts.length ? and(...parts) : undefined;
}

/** Safaris matching a filter, shortest first (then by id). */
export function findSafaris(db: Db, f: SafariFilter, limit: number, offset = 0) {
  return db.select(c.safariCard).from(t.safaris).where(safariWhere(db, f)).orderBy(asc(t.safaris.safariday), asc(t.safaris.id)).limit(limit).offset(offset);
}

/** Featured order (sort_order, then id), for home and side lists. */
export function featuredSafaris(db: Db, f: SafariFilter, limit: number) {
  return db.select(c.safariCard).from(t.safaris).where(safariWhere(db, f)).orderBy(desc(t.safaris.popular), asc(t.safaris.sort_order), asc(t.safaris.id)).limit(limit);
}

/** One page of safaris and the total count, in one query (count(*) over the whole filter). */
export async function findSafarisPage(db: Db, f: SafariFilter, limit: number, offset: number) {
  const rows = await db
    .select({ ...c.safariCard, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(t.safaris)
    .where(safariWhere(db, f))
    .orderBy(asc(t.safaris.safariday), asc(t.safaris.id))
    .limit(limit)
    .offset(offset);
  // A page past the end has no rows to carry the total: count separately.
  const total = rows[0]?.total ?? (offset > 0 ? await countSafaris(db, f) : 0);
  return { total, safaris: rows.map(({ total: _t, ...s }) => s) };
}

export async function countSafaris(db: Db, f: SafariFilter): Promise<number> {
  const [row] = await db.select({ n: c.countAll }).from(t.safaris).where(safariWhere(db, f));
  return row?.n ?? 0;
}

/** Lodges in the list's order: by country, park, then each lodge's set order. */
const lodgeOrder = [asc(t.destinations.sort_order), asc(t.parks.sort_order), asc(t.parks.id), asc(t.lodges.sort_order), asc(t.lodges.id)];

/** Lodge cards (with their park or town and country) matching a condition, in the list's order, with any more columns asked for. */
export function findLodges<More extends SelectedFields>(db: Db, where: SQL | undefined, more = {} as More) {
  return db
    .select({ ...c.lodgeCard, ...more })
    .from(t.lodges)
    .leftJoin(t.parks, eq(t.lodges.park_id, t.parks.id))
    .leftJoin(t.places, eq(t.lodges.place_id, t.places.id))
    .innerJoin(t.destinations, eq(t.lodges.destination_id, t.destinations.id))
    .where(where)
    .orderBy(...lodgeOrder)
    .$dynamic();
}

/** An item's gallery, its owner named by its type's page prefix (gallery_images.owner_type: 'park', 'lodge'...). */
export function galleryOf(db: Db, owner: PagePrefix, ownerId: number) {
  return db
    .select(c.galleryFields)
    .from(t.galleryImages)
    .where(and(eq(t.galleryImages.owner_type, owner), eq(t.galleryImages.owner_id, ownerId)))
    .orderBy(asc(t.galleryImages.position), asc(t.galleryImages.id));
}

export function pageRow(db: Db, slug: string) {
  return memo(db, `page:${slug}`, async () => (await db.select().from(t.pages).where(eq(t.pages.slug, slug)))[0]);
}

export function destinationBySlug(db: Db, slug: string) {
  return memo(db, `destination:${slug}`, async () => (await db.select(c.destinationFull).from(t.destinations).where(eq(t.destinations.destinationtitleslug, slug)))[0]);
}

export function experienceBySlug(db: Db, slug: string) {
  return memo(db, `experience:${slug}`, async () => (await db.select(c.experienceFull).from(t.experiences).where(eq(t.experiences.experiencetitleslug, slug)))[0]);
}

/** All destinations in their set order. */
export function allDestinations(db: Db) {
  return memo(db, 'destinations', () => db.select(c.destinationCard).from(t.destinations).orderBy(asc(t.destinations.sort_order), asc(t.destinations.id)));
}

/** All experiences in their set order. */
export function allExperiences(db: Db) {
  return memo(db, 'experiences', () => db.select(c.experienceCard).from(t.experiences).orderBy(asc(t.experiences.sort_order), asc(t.experiences.id)));
}

/** Removes later duplicates by id, keeping the first occurrence's order. */
export function dedupeById<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
}

/**
 * Items "around" one in a ring ordered list: the `count` items after it, wrapping to the start,
 * never including the item itself. Used for related animals, birds and experiences.
 */
export function ringNeighbours<T extends { id: number }>(all: T[], id: number, count: number): T[] {
  const i = all.findIndex((x) => x.id === id);
  if (i < 0) return all.slice(0, count);
  const out: T[] = [];
  for (let k = 1; k < all.length && out.length < count; k++) out.push(all[(i + k) % all.length]!);
  return out;
}
