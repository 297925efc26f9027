// What of an item is translated (the format: content/README.md "Translations"): read off the
// type's form (its zod schema, server/content/describe.ts), so a type's fields are described once.
// Text, Markdown, lists of texts, pictures' alt and caption, the pages' blocks and the texts of
// lists of entries (itinerary days, gallery pictures) are translated; numbers, booleans, dates,
// choices, references to other items, files, URLs and addresses come from the English.
import type { FieldSpec } from '../../common/content-editing.ts';
import type { TranslatableField } from '../../common/content-translations.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '../../common/languages.ts';
import { collections, type CollectionName } from '../db/content.ts';
import { describeSchema } from './describe.ts';
import { documentHash } from './documents.ts';

/** The languages content is translated into (the others of the registry). */
export const TRANSLATION_LANGUAGES = LANGUAGE_CODES.filter((l) => l !== DEFAULT_LANGUAGE) as Exclude<Language, 'en'>[];
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

export function isTranslationLanguage(value: unknown): value is TranslationLanguage {
  return typeof value === 'string' && (TRANSLATION_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The types whose items are translated, and what an item's translation must hold to count: until
 * it does, the item is left out of that language (its page is not found there). Places and
 * reviews are not translated (a place is a town's name; a review stays in its writer's words).
 */
const TRANSLATED_TYPES: Partial<Record<CollectionName, { required: readonly string[] }>> = {
  safaris: { required: ['title', 'description', 'itinerary'] },
  destinations: { required: ['title', 'description'] },
  parks: { required: ['title', 'description'] },
  experiences: { required: ['title', 'description'] },
  lodges: { required: ['title', 'description'] },
  faqs: { required: ['question', 'answer'] },
  pages: { required: ['title', 'description', 'body', 'blocks'] },
  guides: { required: ['name', 'description'] },
  vehicles: { required: ['name', 'description'] },
  animals: { required: ['title', 'description'] },
  birds: { required: ['title', 'description'] },
  blogs: { required: ['title', 'body'] },
};

export function isTranslatedType(collection: string): collection is CollectionName {
  return collection in TRANSLATED_TYPES;
}

/** Text fields that are not prose: files, addresses, links. */
const NOT_PROSE = new Set(['file', 'upload', 'video', 'url', 'website', 'email', 'phone', 'slug']);

export type { TranslatableField };

function translatableOf(fields: FieldSpec[]): TranslatableField[] {
  const out: TranslatableField[] = [];
  for (const f of fields) {
    if (NOT_PROSE.has(f.name)) continue;
    if (f.kind === 'text' || f.kind === 'markdown' || f.kind === 'list' || f.kind === 'blocks') out.push({ name: f.name, kind: f.kind });
    else if (f.kind === 'image')
      out.push({
        name: f.name,
        kind: 'group',
        fields: [
          { name: 'alt', kind: 'text' },
          { name: 'caption', kind: 'text' },
        ],
      });
    else if (f.kind === 'group' || f.kind === 'repeat') {
      const inner = translatableOf(f.fields);
      if (inner.length) out.push({ name: f.name, kind: f.kind, fields: inner });
    }
  }
  return out;
}

const specs = new Map<string, TranslatableField[]>();

/** The translatable fields of a type (an empty list for a type that is not translated). */
export function translatableFields(collection: CollectionName): TranslatableField[] {
  let spec = specs.get(collection);
  if (!spec) {
    spec = isTranslatedType(collection) ? translatableOf(describeSchema(collections[collection])) : [];
    specs.set(collection, spec);
  }
  return spec;
}

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The translatable part of a document (English or translated): the fields it holds, in their shape. */
export function translatablePart(fields: TranslatableField[], document: Doc): Doc {
  const out: Doc = {};
  for (const f of fields) {
    const v = document[f.name];
    if (v === undefined || v === null) continue;
    if (f.kind === 'text' || f.kind === 'markdown') {
      if (typeof v === 'string') out[f.name] = v;
    } else if (f.kind === 'list') {
      if (Array.isArray(v)) out[f.name] = v.filter((x) => typeof x === 'string');
    } else if (f.kind === 'blocks') {
      if (isDoc(v)) out[f.name] = Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string'));
    } else if (f.kind === 'group') {
      if (isDoc(v)) out[f.name] = translatablePart(f.fields, v);
    } else if (Array.isArray(v)) {
      const inner = 'fields' in f ? f.fields : [];
      out[f.name] = v.map((x) => (isDoc(x) ? translatablePart(inner, x) : {}));
    }
  }
  return out;
}

/** The hash of an English document's translatable fields: a translation made from it records it. */
export function sourceHash(collection: CollectionName, english: Doc): string {
  return documentHash(translatablePart(translatableFields(collection), english));
}

/** The English document with the translation's fields over it (what the item reads in that language). */
export function mergeTranslation(fields: TranslatableField[], english: Doc, translation: Doc): Doc {
  const out: Doc = { ...english };
  for (const f of fields) {
    const en = english[f.name];
    const tr = translation[f.name];
    if (tr === undefined || tr === null) continue;
    if (f.kind === 'text' || f.kind === 'markdown') {
      if (typeof tr === 'string' && tr.trim()) out[f.name] = tr;
    } else if (f.kind === 'list') {
      if (Array.isArray(tr) && tr.length) out[f.name] = tr;
    } else if (f.kind === 'blocks') {
      if (isDoc(en) && isDoc(tr)) out[f.name] = { ...en, ...tr };
    } else if (f.kind === 'group') {
      if (isDoc(en) && isDoc(tr)) out[f.name] = mergeTranslation(f.fields, en, tr);
    } else if (Array.isArray(en) && Array.isArray(tr)) {
      const inner = 'fields' in f ? f.fields : [];
      out[f.name] = en.map((x, i) => (isDoc(x) && isDoc(tr[i]) ? mergeTranslation(inner, x, tr[i] as Doc) : x));
    }
  }
  return out;
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * Whether a translation holds what its type requires for the item to count as translated: each
 * required field the English has (every itinerary day's title and description, every page block).
 */
export function isComplete(collection: CollectionName, english: Doc, translation: Doc): boolean {
  const required = TRANSLATED_TYPES[collection]?.required ?? [];
  for (const name of required) {
    const en = english[name];
    const tr = translation[name];
    if (en === undefined || en === null) continue;
    if (typeof en === 'string') {
      if (!filled(tr)) return false;
    } else if (Array.isArray(en)) {
      if (!Array.isArray(tr) || tr.length !== en.length) return false;
      if (en.some((x, i) => isDoc(x) && ['title', 'description'].some((k) => filled(x[k]) && !filled((tr[i] as Doc | undefined)?.[k])))) return false;
    } else if (isDoc(en)) {
      if (!isDoc(tr) || Object.keys(en).some((k) => filled(en[k]) && !filled(tr[k]))) return false;
    }
  }
  return true;
}
