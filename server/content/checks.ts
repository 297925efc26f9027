// What a change is checked for before it is written (a preview checks the same): the document's
// problems, its pictures (in the media library), and a free slug.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { CONTENT_MESSAGES, type ContentDocument } from '../../common/content-editing.ts';
import type { CollectionName } from '../db/content.ts';
import type { Db } from '../db/index.ts';
import { contentItems, contentRevisions, mediaUploads } from '../db/schema.ts';
import { documentProblems, fieldsOf } from './documents.ts';
import { ContentStoreError, invalid } from './errors.ts';
import type { ContentType } from './types.ts';

export function isUniqueViolation(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur; i++) {
    if ((cur as { code?: string }).code === '23505') return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

export async function slugFree(tx: Db, type: ContentType, slug: string, exceptId?: number) {
  const [hit] = await tx
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.collection, type.name), eq(contentItems.slug, slug)));
  if (hit && hit.id !== exceptId) throw new ContentStoreError(409, 'invalid-slug', CONTENT_MESSAGES.slugTaken, { problems: [{ path: 'slug', message: CONTENT_MESSAGES.slugTaken }] });
}

const NEEDS_PICTURE = 'Choose a picture from the media library: an item made in the console has no picture of its own.';

const NOT_IN_LIBRARY = 'That picture is no longer in the media library: choose another.';

/**
 * The pictures of a document: every media-library picture it names must be in the library, and an
 * item made in the console (`requireLibrary`) has no content image file, so its pictures must come
 * from the library (a file name would point at a picture that does not exist).
 */
export async function pictureProblems(tx: Db, collection: CollectionName, document: ContentDocument, requireLibrary: boolean): Promise<{ path: string; message: string }[]> {
  const problems: { path: string; message: string }[] = [];
  const named: { path: string; upload: string }[] = [];
  const look = (picture: ContentDocument | undefined, at: string) => {
    if (!picture) return;
    if (typeof picture.upload === 'string') named.push({ path: `${at}.upload`, upload: picture.upload });
    else if (requireLibrary) problems.push({ path: `${at}.upload`, message: NEEDS_PICTURE });
  };
  for (const f of fieldsOf(collection)) {
    const v = document[f.name];
    if (f.kind === 'image' && v && typeof v === 'object' && !Array.isArray(v)) look(v as ContentDocument, f.name);
    if (f.kind === 'repeat' && f.picture && Array.isArray(v)) v.forEach((g, i) => look(g as ContentDocument, `${f.name}.${i}`));
  }
  if (named.length) {
    const names = [...new Set(named.map((n) => n.upload.replace(/^images\/uploads\//, '').replace(/\.jpg$/, '')))];
    const found = new Set((await tx.select({ name: mediaUploads.name }).from(mediaUploads).where(inArray(mediaUploads.name, names))).map((r) => r.name));
    for (const n of named) if (!found.has(n.upload.replace(/^images\/uploads\//, '').replace(/\.jpg$/, ''))) problems.push({ path: n.path, message: NOT_IN_LIBRARY });
  }
  return problems;
}

/** Whether the item began in the console (not from a content file). */
async function madeInConsole(tx: Db, id: number): Promise<boolean> {
  const [first] = await tx.select({ action: contentRevisions.action }).from(contentRevisions).where(eq(contentRevisions.item_id, id)).orderBy(asc(contentRevisions.id)).limit(1);
  return first?.action === 'create';
}

/**
 * What a save checks before it writes (a preview checks the same): the document's problems, its
 * pictures, and a new slug that is free on a type whose items may be renamed. Returns whether the
 * slug changes.
 */
export async function checkChange(tx: Db, type: ContentType, id: number, currentSlug: string, change: { slug: string; raw: ContentDocument; document: ContentDocument }): Promise<boolean> {
  const problems = documentProblems(type.name, change.raw);
  if (!problems.length) problems.push(...(await pictureProblems(tx, type.name, change.document, await madeInConsole(tx, id))));
  if (problems.length) throw invalid(problems);
  const renamed = change.slug !== currentSlug;
  if (renamed) {
    if (type.fixed) throw new ContentStoreError(403, 'fixed', CONTENT_MESSAGES.fixed);
    await slugFree(tx, type, change.slug, id);
  }
  return renamed;
}
