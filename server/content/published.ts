// The published content and its projection: the published documents as the content load reads
// them, the references they leave broken, and rewriting one item's rows in the content tables.
import { eq } from 'drizzle-orm';
import type { ContentDocument } from '../../common/content-editing.ts';
import { collections, crossReferenceProblems, type CollectionName, type Content } from '../db/content.ts';
import type { Db } from '../db/index.ts';
import { contentItems } from '../db/schema.ts';
import { syncContent } from '../db/seed.ts';

function emptyContent(): Content {
  return Object.fromEntries(Object.keys(collections).map((k) => [k, []])) as unknown as Content;
}

/** The published documents as the content load reads them (ordered like the files). */
export async function publishedContent(
  db: Db,
  change?: { collection: CollectionName; slug: string; document: ContentDocument | null; oldSlug?: string },
): Promise<{ content: Content; problems: string[] }> {
  const rows = await db.select({ collection: contentItems.collection, slug: contentItems.slug, document: contentItems.document }).from(contentItems).where(eq(contentItems.status, 'published'));
  const content = emptyContent();
  const problems: string[] = [];
  const docs = rows.filter((r) => !(change && r.collection === change.collection && (r.slug === change.slug || r.slug === change.oldSlug)));
  if (change?.document) docs.push({ collection: change.collection, slug: change.slug, document: change.document });
  // In the order of the files (by name within a collection), as the content load reads them.
  const order = (d: { collection: string; slug: string }) => `${d.collection}/${d.slug}.yaml`;
  docs.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  for (const r of docs) {
    if (!(r.collection in collections)) continue;
    const name = r.collection as CollectionName;
    const parsed = collections[name].safeParse(r.document);
    if (!parsed.success) {
      problems.push(`${name}/${r.slug}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      continue;
    }
    (content[name] as unknown[]).push({ ...(parsed.data as object), slug: r.slug });
  }
  return { content, problems };
}

/**
 * The content without the items whose references do not resolve (a content file that names an
 * item deleted in the console, say), so the rest can be served; returns what was left out.
 */
export function withoutBrokenReferences(content: Content): { content: Content; left: string[] } {
  const left: string[] = [];
  for (let round = 0; round < 20; round++) {
    const problems = crossReferenceProblems(content);
    if (!problems.length) break;
    const broken = new Set(problems.map((p) => p.split(':')[0]!));
    for (const key of broken) {
      const [collection, slug] = key.split('/') as [CollectionName, string];
      const items = content[collection] as { slug: string }[] | undefined;
      if (!items) continue;
      const i = items.findIndex((it) => it.slug === slug);
      if (i >= 0) {
        items.splice(i, 1);
        left.push(`${key}: ${problems.find((p) => p.startsWith(`${key}:`))!.slice(key.length + 2)}`);
      }
    }
  }
  return { content, left };
}

/** The cross-reference problems the change would leave among the published items. */
export async function referenceProblems(db: Db, change: { collection: CollectionName; slug: string; document: ContentDocument | null; oldSlug?: string }): Promise<string[]> {
  const { content } = await publishedContent(db, change);
  return crossReferenceProblems(content);
}

/** Rewrites this item's rows in the content tables from the published documents. */
export async function project(tx: Db, collection: CollectionName, slug: string) {
  const { content } = await publishedContent(tx);
  await syncContent(tx, content, { only: { collection, slug } });
}
