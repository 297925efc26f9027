// A changed slug: the references to it in every other document are renamed (a new revision of
// each), and the item's old addresses lead to its new ones (permanent redirects).
import { eq, inArray } from 'drizzle-orm';
import type { ContentDocument, FieldSpec } from '../../common/content-editing.ts';
import type { Db } from '../db/index.ts';
import { contentItems, contentRedirects } from '../db/schema.ts';
import { fieldsOf } from './documents.ts';
import { referencedCollections } from './reading.ts';
import { revisionRow } from './revisions.ts';
import type { Actor } from './transaction.ts';
import { CONTENT_TYPES, type ContentType } from './types.ts';

/** Renames references to a changed slug in every other document (a new revision of each). */
export async function renameReferences(tx: Db, type: ContentType, oldSlug: string, newSlug: string, actor: Actor): Promise<number> {
  let changed = 0;
  for (const other of CONTENT_TYPES) {
    const fields = fieldsOf(other.name);
    if (!referencedCollections(fields).includes(type.name)) continue;
    const rows = await tx.select().from(contentItems).where(eq(contentItems.collection, other.name));
    for (const row of rows) {
      const { value, touched } = renameIn(fields, row.document, type.name, oldSlug, newSlug);
      if (!touched) continue;
      const [next] = await tx
        .update(contentItems)
        .set({ document: value, revision: row.revision + 1, seed_hash: null, updated_at: new Date(), updated_by: actor.staffId })
        .where(eq(contentItems.id, row.id))
        .returning();
      await revisionRow(tx, next!, 'rename', actor.staffId);
      changed++;
    }
  }
  return changed;
}

/** The document with references to `collection`/`from` changed to `to`. */
export function renameIn(fields: FieldSpec[], document: ContentDocument, collection: string, from: string, to: string): { value: ContentDocument; touched: boolean } {
  let touched = false;
  const walk = (fs: FieldSpec[], doc: ContentDocument): ContentDocument => {
    const out: ContentDocument = { ...doc };
    for (const f of fs) {
      const v = out[f.name];
      if (f.kind === 'ref' && f.collection === collection && v === from) {
        out[f.name] = to;
        touched = true;
      } else if (f.kind === 'refs' && f.collections.includes(collection) && Array.isArray(v) && v.includes(from)) {
        out[f.name] = v.map((s) => (s === from ? to : s));
        touched = true;
      } else if (f.kind === 'group' && v && typeof v === 'object' && !Array.isArray(v)) out[f.name] = walk(f.fields, v as ContentDocument);
      else if (f.kind === 'repeat' && Array.isArray(v)) out[f.name] = v.map((e) => (e && typeof e === 'object' ? walk(f.fields, e as ContentDocument) : e));
    }
    return out;
  };
  const value = walk(fields, document);
  return { value, touched };
}

/** Leaves permanent redirects from an item's old addresses to its new ones. */
export async function addRedirects(tx: Db, type: ContentType, oldSlug: string, newSlug: string) {
  const from = type.paths(oldSlug);
  const to = type.paths(newSlug);
  for (const [i, f] of from.entries()) {
    const t = to[i];
    if (!t || t === f) continue;
    // Earlier redirects to the old address now lead straight to the new one.
    await tx.update(contentRedirects).set({ to_path: t }).where(eq(contentRedirects.to_path, f));
    await tx
      .insert(contentRedirects)
      .values({ from_path: f, to_path: t })
      .onConflictDoUpdate({ target: contentRedirects.from_path, set: { to_path: t, created_at: new Date() } });
  }
  // The new addresses are live: no redirect may lead away from them.
  if (to.length) await tx.delete(contentRedirects).where(inArray(contentRedirects.from_path, to));
}

/** Where a changed slug left this address, if it did. */
export async function findRedirect(db: Db, path: string): Promise<string | undefined> {
  const [hit] = await db.select({ to: contentRedirects.to_path }).from(contentRedirects).where(eq(contentRedirects.from_path, path));
  return hit?.to;
}
