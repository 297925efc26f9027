// The console's translations of an item (side by side with its English): read, saved with the
// English editor's revision rules (a save made on an older revision is a conflict), marked as
// reviewed against the English of the moment, and the overview of what needs translating or
// reviewing per language and type. A save makes the translation the console's (files no longer
// overwrite it); a changed translated slug leaves a redirect like an English one.
import { and, eq, sql } from 'drizzle-orm';
import type { TranslationState, TranslationTodo, TranslationView } from '../../common/content-translations.ts';
import { localizePath } from '../../common/language-paths.ts';
import { contentTypeInfo } from '../../common/content-types.ts';
import type { CollectionName } from '../db/content.ts';
import type { Db } from '../db/index.ts';
import { contentItems, contentRedirects, contentTranslations } from '../db/schema.ts';
import { bumpContentVersion } from '../db/version.ts';
import { checkSlug } from './documents.ts';
import { ContentStoreError } from './errors.ts';
import { type Actor, transaction, writeAudit } from './transaction.ts';
import { isComplete, isTranslatedType, sourceHash, translatableFields, translatablePart, TRANSLATION_LANGUAGES, type TranslatableField, type TranslationLanguage } from './translatable.ts';
import { translationProblems } from './translation-files.ts';
import type { ContentType } from './types.ts';

type Doc = Record<string, unknown>;

function requireLanguage(value: string): TranslationLanguage {
  if (!(TRANSLATION_LANGUAGES as readonly string[]).includes(value)) throw new ContentStoreError(404, 'no-language', 'There is no such language.');
  return value as TranslationLanguage;
}

async function itemOf(db: Db, type: ContentType, id: number) {
  if (!isTranslatedType(type.name)) throw new ContentStoreError(404, 'not-translated', `${type.label} are not translated.`);
  const [item] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.collection, type.name)));
  if (!item) throw new ContentStoreError(404, 'not-found', 'There is no such item.');
  return item;
}

const rowOf = async (db: Db, id: number, language: string) =>
  (
    await db
      .select()
      .from(contentTranslations)
      .where(and(eq(contentTranslations.item_id, id), eq(contentTranslations.language, language)))
  )[0];

/** The states of an item's translations. */
export async function translationStates(db: Db, type: ContentType, id: number): Promise<TranslationState[]> {
  const item = await itemOf(db, type, id);
  const rows = await db.select().from(contentTranslations).where(eq(contentTranslations.item_id, id));
  return TRANSLATION_LANGUAGES.map((language) => {
    const row = rows.find((r) => r.language === language);
    if (!row) return { language, state: 'missing' };
    if (!isComplete(type.name as CollectionName, item.document, row.document)) return { language, state: 'incomplete' };
    return { language, state: row.status as 'current' | 'needs_review' };
  });
}

/** One language's translation of an item beside its English. */
export async function getTranslation(db: Db, type: ContentType, id: number, lang: string): Promise<TranslationView> {
  const language = requireLanguage(lang);
  const item = await itemOf(db, type, id);
  const collection = type.name as CollectionName;
  const fields = translatableFields(collection);
  const row = await rowOf(db, id, language);
  return {
    language,
    english: translatablePart(fields, item.document),
    fields,
    translation: row
      ? {
          document: row.document,
          slug: row.slug,
          revision: row.revision,
          status: row.status as 'current' | 'needs_review',
          complete: isComplete(collection, item.document, row.document),
          updatedAt: row.updated_at.toISOString(),
          fromFile: row.seed_hash !== null,
        }
      : null,
  };
}

/** The translation as saved: only what the type translates, empty texts left out. */
function cleaned(fields: TranslatableField[], document: Doc): Doc {
  const strip = (v: unknown): unknown => {
    if (typeof v === 'string') return v.trim() === '' ? undefined : v;
    if (Array.isArray(v)) {
      const out = v.map(strip);
      // A list of entries keeps its places (a day left empty stays a day); a list of texts drops its empty lines.
      return v.some((x) => x && typeof x === 'object') ? out.map((x) => x ?? {}) : out.filter((x) => x !== undefined);
    }
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v as Doc).flatMap(([k, x]) => (strip(x) === undefined ? [] : [[k, strip(x)]])));
    return v;
  };
  return strip(translatablePart(fields, document)) as Doc;
}

/** A translated slug: a slug, not another item's address in that language. */
async function checkTranslatedSlug(tx: Db, collection: string, id: number, language: string, slug: unknown): Promise<string | null> {
  if (slug === null || slug === undefined || slug === '') return null;
  const value = checkSlug(slug);
  const taken = await tx.execute(sql`
    select 1 from content_items i left join content_translations t on t.item_id = i.id and t.language = ${language}
    where i.collection = ${collection} and i.id <> ${id} and (coalesce(t.slug, i.slug) = ${value} or i.slug = ${value}) limit 1`);
  const rows = (taken as unknown as { rows?: unknown[] }).rows ?? (taken as unknown as unknown[]);
  if (rows.length) throw new ContentStoreError(409, 'slug-taken', 'Another item already has this address.');
  return value;
}

/** A changed translated address redirects from the old one (the item's English address when it had none). */
async function redirectSlug(tx: Db, collection: string, language: TranslationLanguage, from: string, to: string) {
  const list = contentTypeInfo(collection as CollectionName)?.page?.list;
  if (!list || from === to) return;
  const old = localizePath(`${list}/${from}`, language);
  const now = localizePath(`${list}/${to}`, language);
  await tx.delete(contentRedirects).where(eq(contentRedirects.from_path, now));
  await tx.update(contentRedirects).set({ to_path: now }).where(eq(contentRedirects.to_path, old));
  await tx
    .insert(contentRedirects)
    .values({ from_path: old, to_path: now })
    .onConflictDoUpdate({ target: contentRedirects.from_path, set: { to_path: now } });
}

/**
 * Saves a translation made in the console on `baseRevision` (0 for a new one): refused when the
 * translation moved on since (409), or when it does not fit its English (400, with the fields).
 */
export async function saveTranslation(
  db: Db,
  type: ContentType,
  id: number,
  lang: string,
  input: { document: Doc; slug?: string | null; baseRevision: number },
  actor: Actor,
): Promise<TranslationView> {
  const language = requireLanguage(lang);
  await transaction(db, async (tx) => {
    const item = await itemOf(tx, type, id);
    const collection = type.name as CollectionName;
    const row = await rowOf(tx, id, language);
    if ((row?.revision ?? 0) !== input.baseRevision) throw new ContentStoreError(409, 'conflict', 'Someone saved this translation since you opened it. Reload it to see their version.');
    const fields = translatableFields(collection);
    const document = cleaned(fields, input.document);
    const problems = translationProblems(item.document, document, language, { whole: false });
    if (problems.length) throw new ContentStoreError(400, 'invalid', 'Some fields do not fit the English item.', { problems: problems.map((p) => ({ path: p.split(': ')[0], message: p })) });
    const slug = await checkTranslatedSlug(tx, collection, id, language, input.slug);
    const values = { document, slug, seed_hash: null, updated_at: new Date(), updated_by: actor.staffId };
    if (row)
      await tx
        .update(contentTranslations)
        .set({ ...values, revision: row.revision + 1 })
        .where(eq(contentTranslations.id, row.id));
    else await tx.insert(contentTranslations).values({ ...values, item_id: id, language, source_hash: sourceHash(collection, item.document) });
    if (item.status === 'published') await redirectSlug(tx, collection, language, row?.slug ?? item.slug, slug ?? item.slug);
    await writeAudit(tx, actor, 'translation.save', type, item.slug, { language, revision: (row?.revision ?? 0) + 1 });
    await bumpContentVersion(tx, [contentTranslations, contentRedirects]);
  });
  return getTranslation(db, type, id, language);
}

/** Records that the translation was checked against the English of now: it is current again. */
export async function markReviewed(db: Db, type: ContentType, id: number, lang: string, baseRevision: number, actor: Actor): Promise<TranslationView> {
  const language = requireLanguage(lang);
  await transaction(db, async (tx) => {
    const item = await itemOf(tx, type, id);
    const row = await rowOf(tx, id, language);
    if (!row) throw new ContentStoreError(404, 'not-found', 'This item has no translation in this language yet.');
    if (row.revision !== baseRevision) throw new ContentStoreError(409, 'conflict', 'Someone saved this translation since you opened it. Reload it to see their version.');
    const hash = sourceHash(type.name as CollectionName, item.document);
    await tx
      .update(contentTranslations)
      .set({ status: 'current', source_hash: hash, revision: row.revision + 1, updated_at: new Date(), updated_by: actor.staffId })
      .where(eq(contentTranslations.id, row.id));
    await writeAudit(tx, actor, 'translation.review', type, item.slug, { language, revision: row.revision + 1, english: hash.slice(0, 12) });
  });
  return getTranslation(db, type, id, language);
}

const titleOf = (d: Doc, slug: string) => String(d.title ?? d.name ?? d.question ?? slug);

/** Per language and translated type, the published items that need translating or reviewing. */
export async function translationOverview(db: Db): Promise<TranslationTodo[]> {
  const items = await db
    .select({ id: contentItems.id, collection: contentItems.collection, slug: contentItems.slug, document: contentItems.document })
    .from(contentItems)
    .where(eq(contentItems.status, 'published'));
  const rows = await db
    .select({ item: contentTranslations.item_id, language: contentTranslations.language, document: contentTranslations.document, status: contentTranslations.status })
    .from(contentTranslations);
  const byKey = new Map(rows.map((r) => [`${r.item}/${r.language}`, r]));
  const out: TranslationTodo[] = [];
  for (const language of TRANSLATION_LANGUAGES) {
    const types = new Map<string, TranslationTodo>();
    for (const item of items) {
      if (!isTranslatedType(item.collection)) continue;
      const todo = types.get(item.collection) ?? { language, type: item.collection, missing: 0, needsReview: 0, items: [] };
      types.set(item.collection, todo);
      const row = byKey.get(`${item.id}/${language}`);
      const state = !row ? 'missing' : !isComplete(item.collection, item.document, row.document) ? 'incomplete' : row.status === 'needs_review' ? 'needs_review' : null;
      if (!state) continue;
      if (state === 'needs_review') todo.needsReview++;
      else todo.missing++;
      todo.items.push({ id: item.id, slug: item.slug, title: titleOf(item.document, item.slug), state });
    }
    out.push(...[...types.values()].sort((a, b) => a.type.localeCompare(b.type)));
  }
  return out;
}
