// The console's content editor (/admin/content/...), shared by its screens and its API
// (/api/admin/content, server/api/admin/content.ts): the answers' shapes and the description of
// each content type's form, which the server derives from the type's zod schema
// (server/content/describe.ts), so a type's fields are written once.

export const CONTENT_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_PAGE_SIZE = 25;
/** Longest Markdown body the editor accepts in one field. */
export const MARKDOWN_MAX = 60_000;

/** One field of a content type's form. `name` is its key in the document. */
export type FieldSpec =
  | { kind: 'text'; name: string; label: string; required: boolean; max?: number; hint?: string }
  | { kind: 'markdown'; name: string; label: string; required: boolean; hint?: string }
  | { kind: 'number'; name: string; label: string; required: boolean; integer: boolean; min?: number; max?: number; hint?: string }
  | { kind: 'boolean'; name: string; label: string; hint?: string }
  | { kind: 'date'; name: string; label: string; required: boolean; hint?: string }
  | { kind: 'enum'; name: string; label: string; required: boolean; options: string[]; hint?: string }
  /** The slug of one item of another collection (a select). */
  | { kind: 'ref'; name: string; label: string; required: boolean; collection: string; hint?: string }
  /** Slugs of items of other collections, in order (checkboxes; `collections` has more than one for itinerary stops). */
  | { kind: 'refs'; name: string; label: string; collections: string[]; min: number; ordered: boolean; hint?: string }
  /** A list of short texts (one per line). */
  | { kind: 'list'; name: string; label: string; min: number; hint?: string }
  /** A picture: alt text, and a content image file or a media-library image. */
  | { kind: 'image'; name: string; label: string; required: boolean; hint?: string }
  /** A set of named fields (meals, seo, location). */
  | { kind: 'group'; name: string; label: string; required: boolean; fields: FieldSpec[]; hint?: string }
  /** A list of entries with the same fields (itinerary days, gallery pictures): add, remove, reorder. */
  | { kind: 'repeat'; name: string; label: string; itemLabel: string; min: number; fields: FieldSpec[]; picture: boolean; hint?: string }
  /** Named Markdown blocks of a page (name -> Markdown). */
  | { kind: 'blocks'; name: string; label: string; hint?: string };

export interface ContentTypeInfo {
  /** The collection's name in URLs and the API ('parks', 'safaris', ...). */
  name: string;
  /** 'Parks' */
  label: string;
  /** 'park' */
  singular: string;
  /** Items are fixed pages of the site: edited, never created, renamed, unpublished or deleted. */
  fixed: boolean;
  /** Items have a page of their own on the site (and so a whole-page preview). */
  page?: boolean;
  /** How many items of each state. */
  counts: Record<ContentStatus, number>;
}

export interface ContentItemSummary {
  id: number;
  slug: string;
  title: string;
  status: ContentStatus;
  publishAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  updatedBy: string | null;
  revision: number;
  /** The item's address on the site, when it has a page of its own. */
  publicPath: string | null;
}

export interface ContentList {
  type: ContentTypeInfo;
  items: ContentItemSummary[];
  total: number;
  page: number;
  totalPages: number;
}

export type ContentDocument = Record<string, unknown>;

export interface ContentItem extends ContentItemSummary {
  collection: string;
  document: ContentDocument;
  createdAt: string;
}

/** Items of other collections a form can refer to, by collection: slug and title. */
export type ContentChoices = Record<string, { slug: string; title: string; status: ContentStatus }[]>;

/** What the editor needs to draw a type's form. */
export interface ContentForm {
  type: ContentTypeInfo;
  fields: FieldSpec[];
  choices: ContentChoices;
  /** A new item's starting document (defaults filled in). */
  blank: ContentDocument;
}

export interface ContentRevisionSummary {
  revision: number;
  action: string;
  status: ContentStatus;
  savedAt: string;
  savedBy: string | null;
  slug: string;
}

export interface ContentRevision extends ContentRevisionSummary {
  document: ContentDocument;
  /** Line diff of this revision's document (as YAML) against the item's current one. */
  diff: DiffLine[];
}

export interface DiffLine {
  /** ' ' same, '-' only in the older, '+' only in the newer */
  op: ' ' | '-' | '+';
  text: string;
}

/** The label of an item's field as a conflict names it ('slug' is the address). */
export function fieldLabel(fields: readonly FieldSpec[], name: string): string {
  return name === 'slug' ? 'Address' : (fields.find((f) => f.name === name)?.label ?? name);
}

/** A field both versions changed since the revision the change was made on, each value as YAML. */
export interface ConflictField {
  /** The document's field, or 'slug' for the address. */
  name: string;
  label: string;
  mine: string;
  theirs: string;
}

/** A 409 answer to a save made on an older revision: both versions, nothing lost. */
export interface ContentConflict {
  code: 'conflict';
  error: string;
  current: ContentItem;
  yours: { slug: string; document: ContentDocument };
  /** Line diff from the current version (-) to yours (+). */
  diff: DiffLine[];
  /**
   * The three-way merge on the revision the change was made on (absent when that revision is not
   * kept): the fields both changed, and yours with every field only they changed taken from theirs
   * (`taken`), the clashing fields still yours until one is chosen.
   */
  merge?: { fields: ConflictField[]; merged: { slug: string; document: ContentDocument }; taken: string[] };
}

/** A refusal of a document: every problem, each with the path of its field ("itinerary.2.title"). */
export interface ContentProblems {
  code: string;
  error: string;
  problems: { path: string; message: string }[];
}

export const CONTENT_MESSAGES = {
  notAllowed: 'Your role does not allow editing content. An owner can allow it on the settings screen.',
  conflict: 'Someone else saved this item after you opened it. Both versions are shown below: nothing is lost.',
  conflictFields: 'Someone else saved this item after you opened it and changed some of the fields you changed. Choose which version of each to keep: nothing is lost.',
  chooseEach: 'Choose which version to keep for each field both of you changed.',
  slugTaken: 'Another item of this type already has this address.',
  slugInvalid: 'The address must be lower-case words joined by hyphens (for example "lake-mburo-national-park").',
  fixed: 'This page is part of the site: it can be edited but not renamed, unpublished or deleted.',
  referenced: 'Published content refers to this item, so it cannot leave the site yet.',
  invalid: 'Some fields need attention.',
  scheduleInPast: 'Choose a publication time in the future.',
} as const;

/** A new item's (or a new entry's) document: what a blank form starts from (defaults, empty texts). */
export function blankDocument(fields: readonly FieldSpec[]): ContentDocument {
  const out: ContentDocument = {};
  for (const f of fields) {
    switch (f.kind) {
      case 'boolean':
        out[f.name] = false;
        break;
      case 'refs':
      case 'list':
        out[f.name] = [];
        break;
      case 'repeat':
        out[f.name] = Array.from({ length: f.min }, () => blankDocument(f.fields));
        break;
      case 'group':
        if (f.required) out[f.name] = blankDocument(f.fields);
        break;
      case 'image':
        out[f.name] = { alt: '' };
        break;
      case 'blocks':
        out[f.name] = {};
        break;
      case 'text':
      case 'markdown':
        if (f.required) out[f.name] = '';
        break;
      default:
        break;
    }
  }
  return out;
}
