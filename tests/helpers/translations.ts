// Translations for tests: an English document's translatable fields, each text marked with the
// language ("DE Gorilla trekking"), internal links kept at their English address as the format asks.
import type { CollectionName } from '../../server/db/content.ts';
import { translatableFields, translatablePart } from '../../server/content/translatable.ts';

function mark(value: unknown, tag: string): unknown {
  if (typeof value === 'string') return `${tag} ${value}`;
  if (Array.isArray(value)) return value.map((v) => mark(v, tag));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mark(v, tag)]));
  return value;
}

/** The item's translation file in "German": every translatable text prefixed with "DE". */
export function germanOf(collection: CollectionName, english: Record<string, unknown>, tag = 'DE'): Record<string, unknown> {
  return mark(translatablePart(translatableFields(collection), english), tag) as Record<string, unknown>;
}
