// The content as the console edits it. Each item is a document in the shape of its
// content file, kept in content_items with its publication state; every change of a document is
// kept in content_revisions. The content tables the site reads are the projection of the
// published documents: a console change rewrites just its item there (server/db/seed.ts with
// `only`) in the same transaction, and the content version moves on, so every process drops its
// kept pages and answers at once.
//
// The files under content/ seed a new site: at set-up, a file is imported when its item is new or
// when the item still holds the file's earlier version; once staff changed an item in the console
// (its document, address or state), the database's version is kept and the file is ignored
// (logged). A file is matched to its item by the item's origin (the file it was made from, kept
// through renames), and items deleted in the console leave a tombstone, so they stay deleted.
// `npm run content:import` re-imports on purpose; `npm run content:export` writes the database
// back to the same layout.
//
// This module writes: an item made, saved, published, unpublished, scheduled, deleted or restored,
// and the scheduled items published. Its parts, one job each, beside it: documents.ts (hash, order,
// YAML, differences, problems), reading.ts, revisions.ts, conflicts.ts, checks.ts (what a change is
// checked for), renames.ts (references and redirects of a changed slug), published.ts (the
// published content and its projection), content-files.ts (import and export), preview.ts,
// transaction.ts (the writers' lock and the audit line) and errors.ts.
import { and, eq, lte } from 'drizzle-orm';
import { CONTENT_MESSAGES, type ContentDocument, type ContentItem, type ContentStatus } from '../../common/content-editing.ts';
import { crossReferenceProblems } from '../db/content.ts';
import type { Db } from '../db/index.ts';
import { auditLog, contentItems, contentTombstones } from '../db/schema.ts';
import { checkChange, isUniqueViolation, pictureProblems, slugFree } from './checks.ts';
import { conflictUnless, lockedItem, mergeOnto } from './conflicts.ts';
import { slugTableOf } from './definitions.ts';
import { checkSlug, documentProblems, fieldsOf, orderDocument } from './documents.ts';
import { ContentStoreError, invalid, referenceError } from './errors.ts';
import { project, publishedContent, referenceProblems } from './published.ts';
import { getItem, itemOf, type Row } from './reading.ts';
import { addRedirects, renameReferences } from './renames.ts';
import { getRevision, revisionRow } from './revisions.ts';
import { markChangedEnglish } from './translation-files.ts';
import { transaction, writeAudit, type Actor } from './transaction.ts';
import { contentType, type ContentType } from './types.ts';

/** A new item, as a draft. */
export async function createItem(db: Db, type: ContentType, input: { slug: unknown; document: unknown }, actor: Actor): Promise<ContentItem> {
  if (type.fixed) throw new ContentStoreError(403, 'fixed', CONTENT_MESSAGES.fixed);
  const slug = checkSlug(input.slug);
  const problems = documentProblems(type.name, input.document);
  if (!problems.length) problems.push(...(await pictureProblems(db, type.name, input.document as ContentDocument, true)));
  if (problems.length) throw invalid(problems);
  const document = orderDocument(fieldsOf(type.name), input.document as ContentDocument, true);
  try {
    const row = await transaction(db, async (tx) => {
      await slugFree(tx, type, slug);
      const [row] = await tx.insert(contentItems).values({ collection: type.name, slug, document, status: 'draft', revision: 1, seed_hash: null, updated_by: actor.staffId }).returning();
      await revisionRow(tx, row!, 'create', actor.staffId);
      await writeAudit(tx, actor, 'create', type, slug);
      return row!;
    });
    return itemOf(type, row, actor.email);
  } catch (e) {
    if (isUniqueViolation(e)) throw new ContentStoreError(409, 'invalid-slug', CONTENT_MESSAGES.slugTaken, { problems: [{ path: 'slug', message: CONTENT_MESSAGES.slugTaken }] });
    throw e;
  }
}

/**
 * Saves a new version of an item (its document and slug) made on `baseRevision`; a save on an
 * older revision is a conflict that carries both versions. A published item changes on the site
 * at once; a changed slug of a published item leaves redirects and renames the references to it.
 */
export async function saveItem(
  db: Db,
  type: ContentType,
  id: number,
  input: { slug: unknown; document: unknown; baseRevision?: unknown },
  actor: Actor,
  action: 'save' | 'restore' = 'save',
): Promise<ContentItem> {
  return (await writeItem(db, type, id, input, actor, action, false)).item;
}

/**
 * Saves a new version of an item made on `baseRevision`, merged with what was saved since (see
 * conflicts.ts): the fields only the other side changed are taken from it (`merged` names them);
 * fields both changed are a conflict with both values.
 */
export function saveItemMerging(db: Db, type: ContentType, id: number, input: { slug: unknown; document: unknown; baseRevision?: unknown }, actor: Actor) {
  return writeItem(db, type, id, input, actor, 'save', true);
}

async function writeItem(
  db: Db,
  type: ContentType,
  id: number,
  input: { slug: unknown; document: unknown; baseRevision?: unknown },
  actor: Actor,
  action: 'save' | 'restore',
  merging: boolean,
): Promise<{ item: ContentItem; merged: string[] }> {
  const baseRevision = Number(input.baseRevision);
  if (!Number.isInteger(baseRevision) || baseRevision < 1) throw new ContentStoreError(400, 'invalid-baseRevision', 'The revision the change was made on is missing.');
  const mine = { slug: checkSlug(input.slug), document: (input.document ?? {}) as ContentDocument };
  const { row, merged } = await transaction(db, async (tx) => {
    const current = await lockedItem(tx, type, id);
    let taken: string[] = [];
    let version = mine;
    if (merging) ({ version, taken } = await mergeOnto(tx, type, current, baseRevision, mine));
    else await conflictUnless(tx, type, current, baseRevision, mine);
    const { slug, document: raw } = version;
    // What is stored: the fields the type knows, in its order.
    const document = orderDocument(fieldsOf(type.name), raw, true);
    const renamed = await checkChange(tx, type, id, current.slug, { slug, raw, document });
    const [next] = await tx
      .update(contentItems)
      .set({ slug, document, revision: current.revision + 1, seed_hash: null, updated_at: new Date(), updated_by: actor.staffId })
      .where(eq(contentItems.id, id))
      .returning();
    await revisionRow(tx, next!, action, actor.staffId);
    await afterSave(tx, type, current, slug, actor);
    // Its translations made from other English texts keep serving, marked "needs review".
    await markChangedEnglish(tx, id);
    const detail = { ...(renamed ? { from: current.slug } : {}), revision: next!.revision, ...(taken.length ? { merged: taken } : {}) };
    await writeAudit(tx, actor, action, type, slug, detail);
    return { row: next!, merged: taken };
  });
  return { item: itemOf(type, row, actor.email), merged };
}

/** A saved item's consequences: a new address renamed and redirected, a published item's content checked and projected. */
async function afterSave(tx: Db, type: ContentType, current: Row, slug: string, actor: Actor) {
  const published = current.status === 'published';
  if (slug !== current.slug) {
    await renameReferences(tx, type, current.slug, slug, actor);
    if (published) await addRedirects(tx, type, current.slug, slug);
    // The row in the content table keeps its id (and everything that refers to it).
    const target = slugTableOf(type.name);
    if (target)
      await tx
        .update(target.table)
        .set({ [target.slugKey]: slug } as never)
        .where(eq(target.slug, current.slug));
  }
  if (published) {
    // Checked on the changed content (references to a new slug renamed above).
    const { content } = await publishedContent(tx);
    const problems = crossReferenceProblems(content);
    if (problems.length) throw referenceError(problems, 'This change would leave published content referring to something that is not published.');
    await project(tx, type.name, slug);
  }
}

/** Publishes, unpublishes (back to draft) or schedules an item. */
export async function setStatus(db: Db, type: ContentType, id: number, input: { to: ContentStatus; baseRevision: unknown; at?: unknown }, actor: Actor, now = new Date()): Promise<ContentItem> {
  const baseRevision = Number(input.baseRevision);
  if (!Number.isInteger(baseRevision) || baseRevision < 1) throw new ContentStoreError(400, 'invalid-baseRevision', 'The revision the change was made on is missing.');
  let at: Date | null = null;
  if (input.to === 'scheduled') {
    at = typeof input.at === 'string' ? new Date(input.at) : null;
    if (!at || Number.isNaN(at.getTime())) throw new ContentStoreError(400, 'invalid-at', 'Choose a date and time.', { problems: [{ path: 'at', message: 'Choose a date and time.' }] });
    if (at.getTime() <= now.getTime()) throw new ContentStoreError(400, 'invalid-at', CONTENT_MESSAGES.scheduleInPast, { problems: [{ path: 'at', message: CONTENT_MESSAGES.scheduleInPast }] });
  }
  const row = await transaction(db, async (tx) => {
    const current = await lockedItem(tx, type, id);
    await conflictUnless(tx, type, current, baseRevision);
    if (type.fixed && input.to !== 'published') throw new ContentStoreError(403, 'fixed', CONTENT_MESSAGES.fixed);
    const wasPublished = current.status === 'published';
    if (input.to === 'published') {
      const problems = await referenceProblems(tx, { collection: type.name, slug: current.slug, document: current.document });
      if (problems.length) throw referenceError(problems, 'This item refers to content that is not published yet: publish that first.');
    } else if (wasPublished) {
      const problems = await referenceProblems(tx, { collection: type.name, slug: current.slug, document: null });
      if (problems.length) throw referenceError(problems);
    }
    const [next] = await tx
      .update(contentItems)
      .set({
        status: input.to,
        publish_at: at,
        ...(input.to === 'published' ? { published_at: now } : {}),
        // A state chosen in the console is the console's: the content files no longer follow it.
        seed_hash: null,
        updated_at: now,
        updated_by: actor.staffId,
      })
      .where(eq(contentItems.id, id))
      .returning();
    if (input.to === 'published' || wasPublished) await project(tx, type.name, current.slug);
    const verb = input.to === 'published' ? 'publish' : input.to === 'scheduled' ? 'schedule' : 'unpublish';
    await writeAudit(tx, actor, verb, type, current.slug, at ? { at: at.toISOString() } : {});
    return next!;
  });
  return itemOf(type, row, actor.email);
}

/**
 * Deletes an item (its revisions stay). It leaves a tombstone under its origin (for an item made
 * in the console, its address), so its content file is not imported again.
 */
export async function deleteItem(db: Db, type: ContentType, id: number, input: { baseRevision: unknown }, actor: Actor): Promise<void> {
  if (type.fixed) throw new ContentStoreError(403, 'fixed', CONTENT_MESSAGES.fixed);
  const baseRevision = Number(input.baseRevision);
  if (!Number.isInteger(baseRevision) || baseRevision < 1) throw new ContentStoreError(400, 'invalid-baseRevision', 'The revision the change was made on is missing.');
  await transaction(db, async (tx) => {
    const current = await lockedItem(tx, type, id);
    await conflictUnless(tx, type, current, baseRevision);
    if (current.status === 'published') {
      const problems = await referenceProblems(tx, { collection: type.name, slug: current.slug, document: null });
      if (problems.length) throw referenceError(problems, 'Published content refers to this item, so it cannot be deleted yet.');
    }
    await revisionRow(tx, { ...current, revision: current.revision + 1 }, 'delete', actor.staffId);
    await tx.delete(contentItems).where(eq(contentItems.id, id));
    const origin = current.origin ?? `${type.name}/${current.slug}`;
    await tx
      .insert(contentTombstones)
      .values({ origin, slug: current.slug, deleted_by: actor.staffId })
      .onConflictDoUpdate({ target: contentTombstones.origin, set: { slug: current.slug, deleted_at: new Date(), deleted_by: actor.staffId } });
    if (current.status === 'published') await project(tx, type.name, current.slug);
    await writeAudit(tx, actor, 'delete', type, current.slug, { revision: current.revision });
  });
}

export async function restoreRevision(db: Db, type: ContentType, id: number, revision: number, input: { baseRevision: unknown }, actor: Actor): Promise<ContentItem> {
  const old = await getRevision(db, type, id, revision);
  const item = await getItem(db, type, id);
  return saveItem(db, type, id, { slug: item.slug, document: old.document, baseRevision: input.baseRevision }, actor, 'restore');
}

/** Publishes the scheduled items whose time has come. Returns how many. */
export async function publishDue(db: Db, now = new Date(), log?: (msg: string, detail: Record<string, unknown>) => void): Promise<number> {
  const due = await db
    .select({ id: contentItems.id, collection: contentItems.collection, revision: contentItems.revision })
    .from(contentItems)
    .where(and(eq(contentItems.status, 'scheduled'), lte(contentItems.publish_at, now)));
  let done = 0;
  for (const d of due) {
    const type = contentType(d.collection);
    if (!type) continue;
    try {
      await transaction(db, async (tx) => {
        const [row] = await tx.select().from(contentItems).where(eq(contentItems.id, d.id)).for('update');
        if (row?.status !== 'scheduled' || !row.publish_at || new Date(row.publish_at).getTime() > now.getTime()) return;
        const problems = await referenceProblems(tx, { collection: type.name, slug: row.slug, document: row.document });
        if (problems.length) {
          // It cannot go live as it is: back to draft, and the audit log says why.
          await tx.update(contentItems).set({ status: 'draft', publish_at: null, updated_at: now }).where(eq(contentItems.id, row.id));
          await tx.insert(auditLog).values({ action: 'content.schedule-failed', target: `${type.name}:${row.slug}`, detail: { problems } });
          log?.('a scheduled item could not be published', { item: `${type.name}/${row.slug}`, problems });
          return;
        }
        await tx.update(contentItems).set({ status: 'published', publish_at: null, published_at: now, updated_at: now }).where(eq(contentItems.id, row.id));
        await project(tx, type.name, row.slug);
        await tx.insert(auditLog).values({ action: 'content.publish-scheduled', target: `${type.name}:${row.slug}`, detail: { at: row.publish_at } });
        done++;
      });
    } catch (err) {
      log?.('scheduled publication failed', { item: `${d.collection}/${d.id}`, err: String(err) });
    }
  }
  return done;
}
