// Conflicts: a change is made on the revision staff saw. When the item has moved on since, a save
// is merged with what was saved meanwhile, field by field, against that revision (the base): a
// field only one side changed takes that side's value; a field both changed (to different values)
// is a conflict, answered with both versions, their differences and each clashing field's two
// values, so that the editor can choose. A list (an itinerary's days, a gallery) is one field:
// its entries have no identity of their own but their place, so adding, removing or moving one
// renumbers the rest and an entry-by-entry merge would pair the wrong days.
import { and, desc, eq } from 'drizzle-orm';
import { stringify as toYaml } from 'yaml';
import { CONTENT_MESSAGES, type ConflictField, type ContentDocument, fieldLabel } from '../../common/content-editing.ts';
import type { Db } from '../db/index.ts';
import { contentItems, contentRevisions, staff } from '../db/schema.ts';
import { diffDocuments, fieldsOf, orderDocument, sameValue } from './documents.ts';
import { ContentStoreError } from './errors.ts';
import { itemOf, type Row } from './reading.ts';
import type { ContentType } from './types.ts';

export async function lockedItem(tx: Db, type: ContentType, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.collection, type.name)))
    .for('update');
  if (!row) throw new ContentStoreError(404, 'not-found', `There is no such ${type.singular}.`);
  return row;
}

/** A version of an item: its address and its document. */
export interface Version {
  slug: string;
  document: ContentDocument;
}

/** The outcome of a three-way merge: the merged version, the fields taken from theirs, the fields both changed. */
export interface Merge {
  merged: Version;
  taken: string[];
  clashes: string[];
}

/** Merges mine and theirs, both made from base, field by field (the address is a field, 'slug'). */
export function mergeVersions(fields: readonly string[], base: Version, theirs: Version, mine: Version): Merge {
  const taken: string[] = [];
  const clashes: string[] = [];
  const pick = (name: string, b: unknown, t: unknown, m: unknown): unknown => {
    if (sameValue(m, t) || sameValue(t, b)) return m;
    if (sameValue(m, b)) {
      taken.push(name);
      return t;
    }
    clashes.push(name);
    return m;
  };
  const slug = pick('slug', base.slug, theirs.slug, mine.slug) as string;
  const document: ContentDocument = {};
  for (const name of fields) {
    const value = pick(name, base.document[name], theirs.document[name], mine.document[name]);
    if (value !== undefined) document[name] = value;
  }
  return { merged: { slug, document }, taken, clashes };
}

async function whoSaved(tx: Db, row: Row): Promise<string | null> {
  const [by] = row.updated_by ? await tx.select({ email: staff.email }).from(staff).where(eq(staff.id, row.updated_by)) : [];
  return by?.email ?? null;
}

/** The conflict: both versions and their differences, and the merge's clashing fields when there was one. */
async function conflict(tx: Db, type: ContentType, row: Row, mine: Version, merge?: Merge): Promise<never> {
  const current = itemOf(type, row, await whoSaved(tx, row));
  const fields = fieldsOf(type.name);
  const yaml = (value: unknown) => (value === undefined ? '' : toYaml(value, { lineWidth: 0 }).replace(/\n$/, ''));
  const shown = (v: Version, name: string) => yaml(name === 'slug' ? v.slug : orderDocument(fields, v.document)[name]);
  throw new ContentStoreError(409, 'conflict', merge ? CONTENT_MESSAGES.conflictFields : CONTENT_MESSAGES.conflict, {
    current,
    yours: { slug: mine.slug, document: orderDocument(fields, mine.document) },
    diff: diffDocuments(type.name, current.document, mine.document),
    ...(merge
      ? {
          merge: {
            fields: merge.clashes.map((name): ConflictField => ({ name, label: fieldLabel(fields, name), mine: shown(mine, name), theirs: shown({ slug: row.slug, document: row.document }, name) })),
            merged: { slug: merge.merged.slug, document: orderDocument(fields, merge.merged.document) },
            taken: merge.taken,
          },
        }
      : {}),
  });
}

/** Refuses a change made on an older revision, with both versions (publishing, deleting, restoring). */
export async function conflictUnless(tx: Db, type: ContentType, row: Row, baseRevision: number, yours?: Version) {
  if (row.revision === baseRevision) return;
  await conflict(tx, type, row, yours ?? { slug: row.slug, document: row.document });
}

/**
 * A save made on `baseRevision`, merged onto the item as it is now: unchanged when nothing was
 * saved meanwhile; the merged version when no field was changed on both sides; otherwise a conflict
 * (as is a save on a revision that is not kept).
 */
export async function mergeOnto(tx: Db, type: ContentType, row: Row, baseRevision: number, mine: Version): Promise<{ version: Version; taken: string[] }> {
  if (row.revision === baseRevision) return { version: mine, taken: [] };
  const [base] = await tx
    .select({ slug: contentRevisions.slug, document: contentRevisions.document })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.item_id, row.id), eq(contentRevisions.revision, baseRevision)))
    .orderBy(desc(contentRevisions.id))
    .limit(1);
  if (!base || baseRevision > row.revision) return conflict(tx, type, row, mine);
  const merge = mergeVersions(
    fieldsOf(type.name).map((f) => f.name),
    base,
    { slug: row.slug, document: row.document },
    mine,
  );
  if (merge.clashes.length) return conflict(tx, type, row, mine, merge);
  return { version: merge.merged, taken: merge.taken };
}
