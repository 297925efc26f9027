// A content type's console form, read off its zod schema (server/db/content.ts): the schema is
// the one description of a type's fields, and the editor draws whatever it says. Hints come from
// the schema's metadata: { widget: 'markdown' | 'date' | 'blocks' }, { ref: collection }.
import type { z } from 'zod';
import type { FieldSpec } from '../../common/content-editing.ts';

type Def = { type: string; [k: string]: unknown };
type Schema = z.ZodType & { def: Def; meta(): Record<string, unknown> | undefined };

const LABELS: Record<string, string> = {
  seo: 'Search engines',
  metaDescription: 'Meta description',
  keywords: 'Keywords',
  nav: 'Listed in the Blogs menu',
  popular: 'Popular (home page and side lists)',
  home: 'Shown on the home page',
  featured: 'Featured on the home page',
  lat: 'Latitude',
  lng: 'Longitude',
  water: 'Drinking water',
  order: 'Order in lists',
  price: 'Price per person from (USD)',
  created: 'Date',
  image: 'Header picture',
  gallery: 'Gallery',
  itinerary: 'Itinerary',
  stops: 'Stops in order (parks and places)',
  activities: 'Activities',
  includes: 'Includes',
  excludes: 'Excludes',
  amenities: 'Amenities',
  tier: 'Tier',
  lodge: 'Overnight lodge',
  alt: 'Alt text',
  file: 'Content image file',
  upload: 'Media library image',
};

const ITEM_LABELS: Record<string, string> = { itinerary: 'Day', gallery: 'Picture' };

function humanise(name: string): string {
  if (LABELS[name]) return LABELS[name]!;
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function meta(s: Schema): Record<string, unknown> {
  try {
    return s.meta() ?? {};
  } catch {
    return {};
  }
}

/** Strips optional/default/nullable wrappers; tells whether the field may be left out. */
function unwrap(s: Schema): { inner: Schema; optional: boolean; hints: Record<string, unknown> } {
  let cur = s;
  let optional = false;
  const hints: Record<string, unknown> = { ...meta(s) };
  for (;;) {
    const t = cur.def.type;
    if (t === 'optional' || t === 'default' || t === 'nullable' || t === 'prefault') {
      optional = true;
      cur = cur.def.innerType as Schema;
      Object.assign(hints, meta(cur), hints);
      continue;
    }
    return { inner: cur, optional, hints: { ...meta(cur), ...hints } };
  }
}

function checks(s: Schema): Record<string, unknown>[] {
  return ((s.def.checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []).map((c) => c._zod.def);
}

function minLength(s: Schema): number {
  const c = checks(s).find((d) => d.check === 'min_length');
  return typeof c?.minimum === 'number' ? c.minimum : 0;
}

function isPicture(s: Schema): boolean {
  const shape = s.def.shape as Record<string, Schema> | undefined;
  return Boolean(shape && 'alt' in shape && 'file' in shape && 'upload' in shape);
}

function describeField(name: string, schema: Schema): FieldSpec {
  const { inner, optional, hints } = unwrap(schema);
  const label = humanise(name);
  const required = !optional;
  const type = inner.def.type;
  if (hints.widget === 'markdown') return { kind: 'markdown', name, label, required };
  if (hints.widget === 'date') return { kind: 'date', name, label, required };
  if (hints.widget === 'blocks') return { kind: 'blocks', name, label: 'Text blocks' };
  if (typeof hints.ref === 'string' && type === 'string') return { kind: 'ref', name, label, required, collection: hints.ref };
  switch (type) {
    case 'string': {
      const max = (inner as unknown as { maxLength?: number | null }).maxLength ?? undefined;
      return { kind: 'text', name, label, required, ...(max ? { max } : {}) };
    }
    case 'number': {
      const n = inner as unknown as { isInt?: boolean; minValue?: number | null; maxValue?: number | null };
      const bound = (v: number | null | undefined) => (v != null && Math.abs(v) < 1e15 ? v : undefined);
      const min = bound(n.minValue);
      const max = bound(n.maxValue);
      return { kind: 'number', name, label, required, integer: Boolean(n.isInt), ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    }
    case 'boolean':
      return { kind: 'boolean', name, label };
    case 'enum':
      return { kind: 'enum', name, label, required, options: Object.values(inner.def.entries as Record<string, string>) };
    case 'array': {
      const element = unwrap(inner.def.element as Schema);
      const min = minLength(inner);
      if (typeof element.hints.ref === 'string') {
        const collections = [element.hints.ref, ...(typeof element.hints.alsoRef === 'string' ? [element.hints.alsoRef] : [])];
        return { kind: 'refs', name, label, collections, min, ordered: hints.ordered === true };
      }
      if (element.inner.def.type === 'object') {
        return {
          kind: 'repeat',
          name,
          label,
          itemLabel: ITEM_LABELS[name] ?? 'Entry',
          min,
          fields: describeObject(element.inner),
          picture: isPicture(element.inner) || ('alt' in (element.inner.def.shape as object) && 'upload' in (element.inner.def.shape as object)),
        };
      }
      return { kind: 'list', name, label, min };
    }
    case 'object':
      if (isPicture(inner)) return { kind: 'image', name, label, required };
      return { kind: 'group', name, label, required, fields: describeObject(inner) };
    default:
      return { kind: 'text', name, label, required };
  }
}

function describeObject(schema: Schema): FieldSpec[] {
  const shape = schema.def.shape as Record<string, Schema>;
  return Object.entries(shape).map(([name, s]) => describeField(name, s));
}

/** The form of a content type, from its schema. */
export function describeSchema(schema: z.ZodType): FieldSpec[] {
  return describeObject(schema as Schema);
}

export { blankDocument } from '../../common/content-editing.ts';
