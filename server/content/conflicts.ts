// Conflicts: a change is made on the revision staff saw; when the item has moved on since, the
// change is refused with both versions and their differences.
import { and, eq } from 'drizzle-orm';
import { CONTENT_MESSAGES, type ContentDocument } from '../../common/content-editing.ts';
import type { Db } from '../db/index.ts';
import { contentItems, staff } from '../db/schema.ts';
import { diffDocuments, fieldsOf, orderDocument } from './documents.ts';
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

export async function conflictUnless(tx: Db, type: ContentType, row: Row, baseRevision: number, yours?: { slug: string; document: ContentDocument }) {
  if (row.revision === baseRevision) return;
  const [by] = row.updated_by ? await tx.select({ email: staff.email }).from(staff).where(eq(staff.id, row.updated_by)) : [];
  const current = itemOf(type, row, by?.email ?? null);
  const mine = yours ?? { slug: row.slug, document: current.document };
  throw new ContentStoreError(409, 'conflict', CONTENT_MESSAGES.conflict, {
    current,
    yours: { slug: mine.slug, document: orderDocument(fieldsOf(type.name), mine.document) },
    diff: diffDocuments(type.name, current.document, mine.document),
  });
}
