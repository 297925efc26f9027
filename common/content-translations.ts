// The console's view of content translations (server/content/translation-editing.ts,
// /api/admin/content/:type/:id/translations): shared by the API and the console's screens.

/** The languages content is translated into, as the console names them. */
type TranslationLanguageCode = 'de' | 'fr' | 'es';

/** A translatable field of a type: its name and kind, and for a group or list of entries its own fields. */
export type TranslatableField = { name: string; kind: 'text' | 'markdown' | 'list' | 'blocks' } | { name: string; kind: 'group' | 'repeat'; fields: TranslatableField[] };

/** One language's translation of an item beside its English (the translatable fields only). */
export interface TranslationView {
  language: TranslationLanguageCode;
  english: Record<string, unknown>;
  fields: TranslatableField[];
  translation: {
    document: Record<string, unknown>;
    slug: string | null;
    revision: number;
    status: 'current' | 'needs_review';
    /** It holds every field its type requires: it is on the site in that language. */
    complete: boolean;
    updatedAt: string;
    /** Still as its translation file wrote it (a console save makes it the console's). */
    fromFile: boolean;
  } | null;
}

/** An item's state in one language. */
export interface TranslationState {
  language: TranslationLanguageCode;
  state: 'missing' | 'incomplete' | 'current' | 'needs_review';
}

/** What needs doing in one language and type: items with no (complete) translation, and those to review. */
export interface TranslationTodo {
  language: TranslationLanguageCode;
  type: string;
  missing: number;
  needsReview: number;
  items: { id: number; slug: string; title: string; state: 'missing' | 'incomplete' | 'needs_review' }[];
}

export const TRANSLATION_STATE_TEXT: Record<TranslationState['state'], string> = {
  missing: 'Not translated',
  incomplete: 'Incomplete',
  current: 'Translated',
  needs_review: 'Needs review',
};
