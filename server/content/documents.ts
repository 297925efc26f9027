// Documents: an item's content as its file holds it. Their hash, their keys in the schema's order,
// their YAML and its differences, their problems, and the slug checks.
import { createHash } from 'node:crypto';
import { diffLines } from 'diff';
import { stringify as toYaml } from 'yaml';
import { CONTENT_MESSAGES, type ContentDocument, type DiffLine, type FieldSpec } from '../../common/content-editing.ts';
import { collections, type CollectionName } from '../db/content.ts';
import { describeSchema } from './describe.ts';
import { ContentStoreError } from './errors.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 120;

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** Whether two values of a document are the same, whatever the order of their keys (an absent value is null). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(stable(a ?? null)) === JSON.stringify(stable(b ?? null));
}

/** A hash of a document that does not depend on the order of its keys (jsonb reorders them). */
export function documentHash(document: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(stable(document)))
    .digest('hex');
}

/** The document with its keys in the order of the type's schema (for YAML and diffs); `strict`
 * leaves out keys the schema does not know (what is stored). */
export function orderDocument(fields: FieldSpec[], document: ContentDocument, strict = false): ContentDocument {
  const out: ContentDocument = {};
  for (const f of fields) {
    if (!(f.name in document)) continue;
    const v = document[f.name];
    if (f.kind === 'group' && v && typeof v === 'object' && !Array.isArray(v)) out[f.name] = orderDocument(f.fields, v as ContentDocument, strict);
    else if (f.kind === 'repeat' && Array.isArray(v)) out[f.name] = v.map((e) => (e && typeof e === 'object' ? orderDocument(f.fields, e as ContentDocument, strict) : e));
    else if (f.kind === 'image' && v && typeof v === 'object') {
      const img = v as ContentDocument;
      out[f.name] = Object.fromEntries(['alt', 'file', 'upload'].filter((k) => k in img).map((k) => [k, img[k]]));
    } else out[f.name] = v;
  }
  if (!strict) for (const k of Object.keys(document)) if (!(k in out)) out[k] = document[k];
  return out;
}

const formCache = new Map<CollectionName, FieldSpec[]>();
export function fieldsOf(collection: CollectionName): FieldSpec[] {
  let f = formCache.get(collection);
  if (!f) formCache.set(collection, (f = describeSchema(collections[collection])));
  return f;
}

/** A document as its content file writes it. */
export function documentYaml(collection: CollectionName, document: ContentDocument): string {
  return toYaml(orderDocument(fieldsOf(collection), document), { lineWidth: 0 });
}

export function diffDocuments(collection: CollectionName, older: ContentDocument, newer: ContentDocument): DiffLine[] {
  const out: DiffLine[] = [];
  for (const part of diffLines(documentYaml(collection, older), documentYaml(collection, newer))) {
    const op: DiffLine['op'] = part.added ? '+' : part.removed ? '-' : ' ';
    for (const line of part.value.replace(/\n$/, '').split('\n')) out.push({ op, text: line });
  }
  return out;
}

/** Every problem of a document, with the path of its field. */
export function documentProblems(collection: CollectionName, document: unknown): { path: string; message: string }[] {
  const parsed = collections[collection].safeParse(document);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

export function checkSlug(slug: unknown): string {
  if (typeof slug !== 'string' || !SLUG.test(slug) || slug.length > SLUG_MAX)
    throw new ContentStoreError(400, 'invalid-slug', CONTENT_MESSAGES.slugInvalid, { problems: [{ path: 'slug', message: CONTENT_MESSAGES.slugInvalid }] });
  return slug;
}
