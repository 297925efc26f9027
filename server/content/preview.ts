// Whole-page preview: an unsaved version of an item drawn as the site would draw it, in a
// transaction that is always rolled back.
import { and, eq } from 'drizzle-orm';
import type { ContentDocument } from '../../common/content-editing.ts';
import { crossReferenceProblems } from '../db/content.ts';
import type { Db } from '../db/index.ts';
import { contentItems } from '../db/schema.ts';
import { syncContent } from '../db/seed.ts';
import { slugTableOf } from './definitions.ts';
import { checkChange } from './checks.ts';
import { checkSlug, fieldsOf, orderDocument } from './documents.ts';
import { ContentStoreError, referenceError } from './errors.ts';
import { publishedContent } from './published.ts';
import type { ContentType } from './types.ts';

/** Thrown to end a preview's transaction: everything it wrote is rolled back. */
class PreviewRollback<T> extends Error {
  readonly result: T;
  constructor(result: T) {
    super('preview rolled back');
    this.result = result;
  }
}

const PREVIEW_MESSAGES = {
  noPage: 'This kind of item has no page of its own to preview.',
  unpublishedReference: 'The preview would refer to something that is not published: publish that first, or choose another.',
  failed: 'This version could not be drawn as a page. Check the fields and try again.',
} as const;

/**
 * A whole-page preview of an unsaved version of an item: in a transaction that is always rolled
 * back, the document is checked as a save checks it, written into content_items as published and
 * projected into the content tables as a save projects it; `read(tx)` then reads what the site
 * would read (the public API on `tx`), and everything is undone. Nothing of it is ever committed:
 * the content version it moves (and the notification it sends) goes with the rollback, so no
 * process drops or fills a cache because of it. Returns the item's public address and what
 * `read` returned.
 */
export async function previewItem<T>(
  db: Db,
  type: ContentType,
  id: number,
  input: { slug: unknown; document: unknown },
  read?: (tx: Db, path: string) => Promise<T>,
): Promise<{ path: string; result?: T }> {
  const slug = checkSlug(input.slug);
  const raw = (input.document ?? {}) as ContentDocument;
  const document = orderDocument(fieldsOf(type.name), raw, true);
  const path = type.paths(slug)[0];
  if (!path) throw new ContentStoreError(400, 'no-page', PREVIEW_MESSAGES.noPage);
  try {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [current] = await tx
        .select()
        .from(contentItems)
        .where(and(eq(contentItems.id, id), eq(contentItems.collection, type.name)));
      if (!current) throw new ContentStoreError(404, 'not-found', `There is no such ${type.singular}.`);
      const renamed = await checkChange(tx, type, id, current.slug, { slug, raw, document });
      const change = { collection: type.name, slug, document, oldSlug: current.slug };
      const { content } = await publishedContent(tx, change);
      const refProblems = crossReferenceProblems(content);
      if (refProblems.length) throw referenceError(refProblems, PREVIEW_MESSAGES.unpublishedReference);
      await tx.update(contentItems).set({ slug, document, status: 'published' }).where(eq(contentItems.id, id));
      const target = slugTableOf(type.name);
      if (renamed && target)
        await tx
          .update(target.table)
          .set({ [target.slugKey]: slug } as never)
          .where(eq(target.slug, current.slug));
      try {
        await syncContent(tx, content, { only: { collection: type.name, slug } });
      } catch (err) {
        throw new ContentStoreError(400, 'preview-failed', PREVIEW_MESSAGES.failed, { cause: String((err as Error)?.message ?? err).slice(0, 200) });
      }
      throw new PreviewRollback(read ? await read(tx, path) : undefined);
    });
  } catch (err) {
    if (err instanceof PreviewRollback) return { path, result: err.result as T | undefined };
    throw err;
  }
  throw new Error('A preview transaction ended without rolling back.');
}
