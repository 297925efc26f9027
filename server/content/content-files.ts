// The content files: bringing them into the database (each start, and a deliberate re-import),
// matched to their items by origin, and writing the items back in their layout.
import { asc, eq, inArray } from 'drizzle-orm';
import type { ContentStatus } from '../../common/content-editing.ts';
import { collections, type CollectionName, type ContentFileDocument } from '../db/content.ts';
import type { Db } from '../db/index.ts';
import { contentItems, contentTombstones } from '../db/schema.ts';
import { documentHash, documentYaml } from './documents.ts';
import { revisionRow } from './revisions.ts';
import { transaction } from './transaction.ts';

/** What a load of the content files did, each file named "collection/file-slug". */
export interface ImportResult {
  imported: number;
  updated: number;
  removed: number;
  /** Files that differ from their item, which staff changed in the console: the console's version is kept. */
  kept: string[];
  /** Files of items deleted in the console: not imported again. */
  deleted: string[];
  /** New files whose address an item made or renamed in the console already has: not imported. */
  taken: string[];
  /** Items staff had changed that a re-import wrote over with their file, as asked. */
  overwritten: string[];
  /** Items deleted in the console that a re-import brought back, as asked. */
  restored: string[];
}

/** What a deliberate re-import may do besides what every start does: files named, or all. */
export interface ImportChoices {
  /** Items staff changed that take their file's version (a new revision; address and state kept). */
  overwrite?: readonly string[] | 'all';
  /** Items deleted in the console that come back from their file. */
  restore?: readonly string[] | 'all';
}

const chosen = (choice: readonly string[] | 'all' | undefined, key: string) => choice === 'all' || (choice?.includes(key) ?? false);

/**
 * Brings the content files into the database (each start, and `npm run content:import`). A file is
 * matched to its item by origin (collection and file slug, kept when staff rename the item), never
 * by the item's current address. New files are imported as published items; items nobody changed
 * in the console follow their file (updated, or removed with it); items staff changed, renamed,
 * unpublished, scheduled or restored keep the console's version; a file whose item was deleted in
 * the console is not imported again; a new file whose address another item holds is not imported.
 * `choices` (a re-import asked for on purpose) may overwrite changed items or restore deleted
 * ones, by name or all of them.
 */
export async function importContentFiles(db: Db, documents: ContentFileDocument[], choices: ImportChoices = {}): Promise<ImportResult> {
  return transaction(db, async (tx) => {
    const rows = await tx.select().from(contentItems);
    const byOrigin = new Map(rows.filter((r) => r.origin).map((r) => [r.origin!, r]));
    const bySlug = new Map(rows.map((r) => [`${r.collection}/${r.slug}`, r]));
    const tombstones = new Set((await tx.select({ origin: contentTombstones.origin }).from(contentTombstones)).map((r) => r.origin));
    const seen = new Set<string>();
    const result: ImportResult = { imported: 0, updated: 0, removed: 0, kept: [], deleted: [], taken: [], overwritten: [], restored: [] };
    const now = new Date();
    for (const d of documents) {
      const key = `${d.collection}/${d.slug}`;
      seen.add(key);
      const hash = documentHash(d.document);
      const row = byOrigin.get(key);
      if (!row) {
        const holder = bySlug.get(key);
        if (holder) {
          // The address is another item's (made in the console, or renamed to it): the file is
          // not imported; said only when it differs from that item.
          if (documentHash(holder.document) !== hash) result.taken.push(key);
          continue;
        }
        if (tombstones.has(key)) {
          if (!chosen(choices.restore, key)) {
            result.deleted.push(key);
            continue;
          }
          await tx.delete(contentTombstones).where(eq(contentTombstones.origin, key));
          result.restored.push(key);
        } else result.imported++;
        const [inserted] = await tx
          .insert(contentItems)
          .values({ collection: d.collection, slug: d.slug, document: d.document, status: 'published', published_at: now, seed_hash: hash, origin: key })
          .returning();
        await revisionRow(tx, inserted!, 'import', null);
      } else if (row.seed_hash === hash) {
        // The same document as the last import: nothing to do.
      } else if (row.seed_hash === null) {
        // Changed in the console: the database is the source of truth.
        if (documentHash(row.document) === hash) continue;
        if (!chosen(choices.overwrite, key)) {
          result.kept.push(key);
          continue;
        }
        const [next] = await tx
          .update(contentItems)
          .set({ document: d.document, revision: row.revision + 1, updated_at: now })
          .where(eq(contentItems.id, row.id))
          .returning();
        await revisionRow(tx, next!, 'import', null);
        result.overwritten.push(key);
      } else {
        const [next] = await tx
          .update(contentItems)
          .set({ document: d.document, revision: row.revision + 1, seed_hash: hash, updated_at: now })
          .where(eq(contentItems.id, row.id))
          .returning();
        await revisionRow(tx, next!, 'import', null);
        result.updated++;
      }
    }
    // The files that are gone take with them the items nobody changed in the console.
    for (const r of rows) {
      if (!r.origin || seen.has(r.origin) || r.seed_hash === null) continue;
      await tx.delete(contentItems).where(eq(contentItems.id, r.id));
      result.removed++;
    }
    return result;
  });
}

/** Every item of these states, as its content file would write it. */
export async function exportDocuments(db: Db, statuses: ContentStatus[] = ['published']): Promise<{ collection: CollectionName; slug: string; yaml: string }[]> {
  const rows = await db
    .select({ collection: contentItems.collection, slug: contentItems.slug, document: contentItems.document })
    .from(contentItems)
    .where(inArray(contentItems.status, statuses))
    .orderBy(asc(contentItems.collection), asc(contentItems.slug));
  return rows.filter((r) => r.collection in collections).map((r) => ({ collection: r.collection as CollectionName, slug: r.slug, yaml: documentYaml(r.collection as CollectionName, r.document) }));
}
