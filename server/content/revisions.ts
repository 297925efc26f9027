// Revisions: every change of an item is kept (content_revisions); its list, one revision with
// its differences from the item, and writing one.
import { and, desc, eq } from 'drizzle-orm';
import type { ContentRevision, ContentRevisionSummary, ContentStatus } from '../../common/content-editing.ts';
import type { Db } from '../db/index.ts';
import { contentRevisions, staff } from '../db/schema.ts';
import { diffDocuments, fieldsOf, orderDocument } from './documents.ts';
import { ContentStoreError } from './errors.ts';
import { getItem, type Row } from './reading.ts';
import type { ContentType } from './types.ts';

export async function revisionRow(tx: Db, r: Pick<Row, 'id' | 'collection' | 'slug' | 'revision' | 'document' | 'status'>, action: string, by: number | null) {
  await tx.insert(contentRevisions).values({ item_id: r.id, collection: r.collection, slug: r.slug, revision: r.revision, document: r.document, status: r.status, action, saved_by: by });
}

export async function listRevisions(db: Db, type: ContentType, id: number): Promise<ContentRevisionSummary[]> {
  await getItem(db, type, id);
  const rows = await db
    .select({ r: contentRevisions, by: staff.email })
    .from(contentRevisions)
    .leftJoin(staff, eq(staff.id, contentRevisions.saved_by))
    .where(eq(contentRevisions.item_id, id))
    .orderBy(desc(contentRevisions.revision), desc(contentRevisions.id));
  return rows.map(({ r, by }) => ({ revision: r.revision, action: r.action, status: r.status as ContentStatus, savedAt: new Date(r.saved_at).toISOString(), savedBy: by, slug: r.slug }));
}

export async function getRevision(db: Db, type: ContentType, id: number, revision: number): Promise<ContentRevision> {
  const item = await getItem(db, type, id);
  const [hit] = await db
    .select({ r: contentRevisions, by: staff.email })
    .from(contentRevisions)
    .leftJoin(staff, eq(staff.id, contentRevisions.saved_by))
    .where(and(eq(contentRevisions.item_id, id), eq(contentRevisions.revision, revision)))
    .orderBy(desc(contentRevisions.id))
    .limit(1);
  if (!hit) throw new ContentStoreError(404, 'not-found', 'There is no such revision.');
  const { r, by } = hit;
  return {
    revision: r.revision,
    action: r.action,
    status: r.status as ContentStatus,
    savedAt: new Date(r.saved_at).toISOString(),
    savedBy: by,
    slug: r.slug,
    document: orderDocument(fieldsOf(type.name), r.document),
    diff: diffDocuments(type.name, r.document, item.document),
  };
}
