// What the console knows of each content type beyond its schema (server/db/content.ts), read off
// the one description of the types (common/content-types.ts): how it is named, which field is its
// title, where its items live on the site (for "view on site" and the redirects a changed slug
// leaves), and whether its items are fixed pages. The form itself is derived from the schema
// (describe.ts).
import { CONTENT_TYPES as DESCRIBED, itemPaths } from '../../common/content-types.ts';
import { collections, type CollectionName } from '../db/content.ts';

export interface ContentType {
  name: CollectionName;
  label: string;
  singular: string;
  /** The document field shown as the item's title. */
  titleField: string;
  /** The site's addresses of an item, its own page first ([] when it has none). */
  paths: (slug: string) => string[];
  /** Fixed pages of the site: edited only. */
  fixed?: boolean;
}

/** The editable types, in the console's order. */
export const CONTENT_TYPES: ContentType[] = DESCRIBED.filter((info) => info.collection in collections).map((info) => ({
  name: info.collection as CollectionName,
  label: info.label,
  singular: info.singular,
  titleField: info.titleField,
  paths: (slug: string) => itemPaths(info, slug),
  ...(info.fixed ? { fixed: true } : {}),
}));

export function contentType(name: string): ContentType | undefined {
  return CONTENT_TYPES.find((t) => t.name === name);
}

export function titleOf(type: ContentType, document: Record<string, unknown>, slug: string): string {
  const v = document[type.titleField];
  return typeof v === 'string' && v.trim() ? v.trim() : slug;
}
