// Loads the content files into the database. Items are matched by slug, so ids stay stable
// across re-seeds; items whose file was removed are deleted. Runs at start when the content
// differs from what was last loaded (a hash of the content is stored in content_version).
import { createHash } from 'node:crypto';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { PgTable, PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { CollectionName, Content } from './content.ts';
import type { Db } from './index.ts';
import * as t from './schema.ts';
import { CONTENT_MODULES, GALLERY_OWNERS, REMOVAL_ORDER } from '../content/types/index.ts';
import type { ContentItem, ContentTypeModule, ProjectOnly } from '../content/types/type.ts';
import { forgetReferenceData } from './queries.ts';
import { currentTrace, traced } from './reads.ts';
import { slugTableOf } from '../content/definitions.ts';
import { recordContentChange } from './version.ts';

function contentHash(content: Content): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

export type { ProjectOnly };

async function removeMissing(tx: Db, table: PgTable, slugColumn: PgColumn, slugs: string[]) {
  if (slugs.length === 0) await tx.delete(table);
  else await tx.delete(table).where(notInArray(slugColumn, slugs));
}

async function idsBySlug(tx: Db, table: PgTable & { id: PgColumn }, slugColumn: PgColumn): Promise<Map<string, number>> {
  const rows = (await tx.select({ id: table.id, slug: slugColumn }).from(table as never)) as { id: number; slug: string }[];
  return new Map(rows.map((r) => [r.slug, r.id]));
}

export interface SeedResult {
  changed: boolean;
  counts: Record<string, number>;
}

/**
 * Writes the content into the content tables: all of it (the set-up step), or with `only` just
 * that item (a console edit; the item is removed from its table when `content` no longer has it).
 */
export async function syncContent(db: Db, content: Content, opts: { force?: boolean; only?: ProjectOnly } = {}): Promise<SeedResult> {
  const result = await writeContent(db, content, opts);
  if (result.changed) forgetReferenceData(db);
  return result;
}

async function writeContent(db: Db, content: Content, opts: { force?: boolean; only?: ProjectOnly }): Promise<SeedResult> {
  const only = opts.only;
  const want = (collection: CollectionName, slug: string) => !only || (only.collection === collection && only.slug === slug);
  const hash = contentHash(content);
  const counts = Object.fromEntries(Object.entries(content).flatMap(([k, v]) => (Array.isArray(v) ? [[k, v.length]] : [])));
  // The tables the change writes are traced (server/db/reads.ts): one item's change records them,
  // so that only what was made from them is dropped from the caches.
  return db.transaction((txRaw) => traced(() => writeInTransaction(txRaw as unknown as Db)).then((r) => r.value));
  async function writeInTransaction(tx: Db): Promise<SeedResult> {
    // Serialise concurrent seeders (several processes starting on one PostgreSQL).
    await tx.execute(sql`select pg_advisory_xact_lock(727274002)`);
    const [current] = await tx.select().from(t.contentVersion).where(eq(t.contentVersion.id, 1));
    if (!only && !opts.force && current?.content_hash === hash) return { changed: false, counts };

    // Every type in the registry's order (a type after those it refers to). Ids of the items of a
    // type written before are read once, when a later type first asks for them.
    const ids = new Map<string, Promise<Map<string, number>>>();
    const projection = {
      only,
      ids(collection: string) {
        let found = ids.get(collection);
        if (!found) {
          const target = slugTableOf(collection as CollectionName)!;
          ids.set(collection, (found = idsBySlug(tx, target.table as PgTable & { id: PgColumn }, target.slug)));
        }
        return found;
      },
    };
    for (const m of CONTENT_MODULES) {
      const module = m as ContentTypeModule;
      await module.project(tx, content[m.collection] as ContentItem<z.ZodType>[], { ...projection, want: (slug) => want(m.collection, slug) });
    }

    // Currency rates from content/currency-rates.yaml, except those an owner has set in the
    // console since (server/currency.ts): the file never overrides a person's choice.
    if (!only && content.currencyRates) {
      const { date, rates } = content.currencyRates;
      const entries = Object.entries(rates) as [string, number][];
      for (const [currency, perUsd] of entries) {
        await tx
          .insert(t.currencyRates)
          .values({ currency, per_usd: perUsd, updated_at: date, updated_by: null })
          .onConflictDoUpdate({ target: t.currencyRates.currency, set: { per_usd: perUsd, updated_at: date }, setWhere: sql`${t.currencyRates.updated_by} is null` });
      }
      const listed = entries.map(([c]) => c);
      await tx.delete(t.currencyRates).where(and(isNull(t.currencyRates.updated_by), listed.length ? notInArray(t.currencyRates.currency, listed) : undefined));
    }

    // Remove what is no longer in the content (children first): everything missing, or the one item.
    if (only) await removeItem(tx, content, only);
    else await removeAllMissing(tx, content);
    await removeOrphanGalleries(tx);

    const [bumped] = await tx
      .insert(t.contentVersion)
      .values({ id: 1, version: 1, content_hash: only ? null : hash })
      .onConflictDoUpdate({
        target: t.contentVersion.id,
        set: { version: sql`${t.contentVersion.version} + 1`, changed_at: new Date(), content_hash: only ? null : hash },
      })
      .returning({ version: t.contentVersion.version });
    // A whole load records nothing: every process drops all it keeps.
    if (only) await recordContentChange(tx, bumped!.version, currentTrace()!.writes);
    return { changed: true, counts };
  }
}

async function removeItem(tx: Db, content: Content, only: ProjectOnly) {
  const items = content[only.collection as CollectionName] as { slug: string }[];
  if (items.some((i) => i.slug === only.slug)) return;
  const target = slugTableOf(only.collection as CollectionName);
  if (target) await tx.delete(target.table).where(eq(target.slug, only.slug));
}

async function removeAllMissing(tx: Db, content: Content) {
  for (const { collection } of REMOVAL_ORDER) {
    const target = slugTableOf(collection as CollectionName);
    if (target)
      await removeMissing(
        tx,
        target.table,
        target.slug,
        (content[collection as CollectionName] as { slug: string }[]).map((i) => i.slug),
      );
  }
}

/** Gallery rows whose owner is gone. */
async function removeOrphanGalleries(tx: Db) {
  for (const { gallery, table } of GALLERY_OWNERS) {
    const owners = table as PgTable & { id: PgColumn };
    await tx.delete(t.galleryImages).where(and(eq(t.galleryImages.owner_type, gallery), notInArray(t.galleryImages.owner_id, tx.select({ id: owners.id }).from(owners))));
  }
}
