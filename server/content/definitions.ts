// The server's side of each content type, read off the registry of type modules
// (server/content/types/): the table its items are projected into with their slug column, and,
// for a searchable type, how its search document is made. The projection's removals and renames
// (server/db/seed.ts, server/content/writing.ts), the sitemap (server/search/sitemap.ts) and the
// search index (server/search/indexing.ts: the function and triggers that keep search_documents)
// are derived from here.
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CONTENT_MODULES, type CollectionName } from './types/index.ts';
import type { SearchDefinition } from './types/type.ts';

export type { SearchDocumentSource } from './types/type.ts';

export interface ContentTypeDefinition {
  collection: CollectionName;
  /** The table its items are projected into, and the slug column (its key on the wire). */
  table: PgTable;
  slugKey: string;
  search?: SearchDefinition;
}

/** Every type projected into a table of its own, in the registry's order. */
export const DEFINITIONS: ContentTypeDefinition[] = CONTENT_MODULES.flatMap((m) =>
  'table' in m && m.table && m.slugKey ? [{ collection: m.collection, table: m.table, slugKey: m.slugKey, ...('search' in m && m.search ? { search: m.search } : {}) }] : [],
);

/** A type's table and slug column (reviews have none: they are replaced whole). */
export function slugTableOf(collection: CollectionName): { table: PgTable; slug: PgColumn; slugKey: string } | undefined {
  const d = DEFINITIONS.find((x) => x.collection === collection);
  return d && { table: d.table, slug: (d.table as unknown as Record<string, PgColumn>)[d.slugKey]!, slugKey: d.slugKey };
}
