// Site search in German, French and Spanish. Each translated item has one search document per
// language (search_translated_documents, migration 0039): its translated title, description, body
// and keywords, analysed by that language's text search configuration over the text with its
// accents removed (to_tsvector('german', unaccent(...)) and 'simple' for the title and
// description, as the English documents use 'english' and 'simple'). Which item counts as
// translated, and what it reads in a language, is the translations' own rule
// (server/content/translatable.ts: complete translations only, merged over the English), so the
// documents are written here, from those rules, each time a language's index is made: after every
// content change (content_changes and its notification make every process make its index again),
// only the documents whose text changed are written, and those of items no longer translated are
// removed. A visitor's words are read by the same configuration, asked of the database once per
// word and remembered.
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SearchType } from '../../common/content-types.ts';
import { DEFINITIONS, slugTableOf } from '../content/definitions.ts';
import { documentHash } from '../content/documents.ts';
import { isComplete, mergeTranslation, translatableFields, type TranslatableField, type TranslationLanguage } from '../content/translatable.ts';
import type { CollectionName } from '../db/content.ts';
import { markdownToHtml } from '../db/html.ts';
import type { Db } from '../db/index.ts';
import { contentItems, contentTranslations } from '../db/schema.ts';
import { type Analyser, tokens } from './text.ts';
import { parseTsvector } from './tsquery.ts';

/** Each language's text search configuration (PostgreSQL's Snowball stemmers and stop words). */
const TEXT_SEARCH_CONFIG: Record<TranslationLanguage, string> = { de: 'german', fr: 'french', es: 'spanish' };

/** The advisory lock (with the language's number) under which a language's documents are written. */
const SYNC_LOCK = 727_274_039;

/** A translated item's search document before analysis: plain text and HTML, as the English one is read. */
interface TranslatedText {
  type: SearchType;
  id: number;
  slug: string;
  title: string;
  description: string;
  body: string;
  keywords: string;
}

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields that name an item, first found first (a FAQ's question, a guide's name). */
const TITLE_FIELDS = ['title', 'name', 'question'];
/** The fields of a type's description, as its English document reads them (the rest is its body). */
const DESCRIPTION_FIELDS: Partial<Record<SearchType, string[]>> = { safari: ['metaDescription'], guide: ['role', 'description'], faq: [] };
/** Never part of the document: pictures' texts and the pages' search-engine fields. */
const LEFT_OUT = new Set(['image', 'gallery', 'seo', 'keywords']);

/** Every text of a field, Markdown as HTML (search_plain makes it text), in order. */
function textsOf(field: TranslatableField, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (field.kind === 'text') return typeof value === 'string' ? [value] : [];
  if (field.kind === 'markdown') return typeof value === 'string' ? [markdownToHtml(value)] : [];
  if (field.kind === 'list') return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  if (field.kind === 'blocks') return isDoc(value) ? Object.values(value).flatMap((x) => (typeof x === 'string' ? [markdownToHtml(x)] : [])) : [];
  if (field.kind !== 'group' && field.kind !== 'repeat') return [];
  const inner = field.fields;
  const entries = field.kind === 'group' ? [value] : Array.isArray(value) ? value : [];
  return entries.flatMap((entry) => (isDoc(entry) ? inner.flatMap((f) => textsOf(f, entry[f.name])) : []));
}

/** The search texts of an item in a language: its translation merged over its English document. */
function translatedText(type: SearchType, collection: CollectionName, english: Doc, translation: Doc): Omit<TranslatedText, 'type' | 'id' | 'slug'> {
  const fields = translatableFields(collection);
  const doc = mergeTranslation(fields, english, translation);
  const titleField = TITLE_FIELDS.find((f) => typeof doc[f] === 'string');
  const descriptionFields = DESCRIPTION_FIELDS[type] ?? ['description'];
  const of = (names: string[]) => fields.filter((f) => names.includes(f.name)).flatMap((f) => textsOf(f, doc[f.name]));
  const body = fields.filter((f) => f.name !== titleField && !descriptionFields.includes(f.name) && !LEFT_OUT.has(f.name));
  const keywords = translation.keywords;
  return {
    title: titleField ? String(doc[titleField]) : '',
    description: of(descriptionFields).join(' '),
    body: body.flatMap((f) => textsOf(f, doc[f.name])).join(' '),
    keywords: Array.isArray(keywords) ? keywords.join(' ') : typeof keywords === 'string' ? keywords : '',
  };
}

/** Every published item of a searchable type with a complete translation into `language`, as search texts. */
async function translatedTexts(db: Db, language: TranslationLanguage): Promise<TranslatedText[]> {
  const rows = await db
    .select({ collection: contentItems.collection, slug: contentItems.slug, english: contentItems.document, translation: contentTranslations.document, translatedSlug: contentTranslations.slug })
    .from(contentItems)
    .innerJoin(contentTranslations, and(eq(contentTranslations.item_id, contentItems.id), eq(contentTranslations.language, language)))
    .where(eq(contentItems.status, 'published'));
  const out: TranslatedText[] = [];
  for (const d of DEFINITIONS) {
    if (!d.search) continue;
    const mine = rows.filter((r) => r.collection === d.collection && isComplete(d.collection, r.english, r.translation));
    if (!mine.length) continue;
    const { table, slug } = slugTableOf(d.collection)!;
    const ids = new Map((await db.select({ id: (table as unknown as { id: PgColumn }).id, slug }).from(table)).map((r) => [r.slug as string, Number(r.id)]));
    for (const r of mine) {
      const id = ids.get(r.slug);
      if (id !== undefined) out.push({ type: d.search.type, id, slug: r.translatedSlug ?? r.slug, ...translatedText(d.search.type, d.collection, r.english, r.translation) });
    }
  }
  return out;
}

/** Writes the language's search documents that changed and removes those of items no longer translated. */
export async function syncTranslatedDocuments(db: Db, language: TranslationLanguage): Promise<void> {
  const config = TEXT_SEARCH_CONFIG[language];
  await db.transaction(async (tx) => {
    // Processes making the language's index at once write in turn, each from the texts as they are then.
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK}::int, ${Object.keys(TEXT_SEARCH_CONFIG).indexOf(language)}::int)`);
    const texts = await translatedTexts(tx as unknown as Db, language);
    const stored = new Map(
      rowsOf<{ type: string; id: number; hash: string }>(await tx.execute(sql`select type, item_id as id, source_hash as hash from search_translated_documents where language = ${language}`)).map(
        (r) => [`${r.type}:${Number(r.id)}`, r.hash],
      ),
    );
    const wanted = new Set<string>();
    for (const t of texts.sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : a.id - b.id))) {
      const key = `${t.type}:${t.id}`;
      wanted.add(key);
      const hash = documentHash({ ...t, config });
      if (stored.get(key) !== hash) await writeDocument(tx as unknown as Db, language, config, t, hash);
    }
    for (const key of [...stored.keys()].sort()) {
      if (wanted.has(key)) continue;
      const [type, id] = key.split(':');
      await tx.execute(sql`delete from search_translated_documents where type = ${type} and item_id = ${Number(id)} and language = ${language}`);
    }
  });
}

async function writeDocument(tx: Db, language: string, config: string, t: TranslatedText, hash: string): Promise<void> {
  const cfg = sql`${config}::regconfig`;
  const desc = sql`search_plain(${t.description})`;
  const body = sql`search_plain(${t.body})`;
  await tx.execute(sql`
    insert into search_translated_documents (type, item_id, language, slug, title, words, tsv, source_hash, updated_at)
    values (${t.type}, ${t.id}, ${language}, ${t.slug}, ${t.title},
      search_words_of(${t.title} || ' ' || ${desc} || ' ' || ${t.keywords}),
      setweight(to_tsvector(${cfg}, unaccent(${t.title})), 'A')
        || setweight(to_tsvector('simple', unaccent(${t.title})), 'A')
        || setweight(to_tsvector(${cfg}, unaccent(${desc})), 'B')
        || setweight(to_tsvector('simple', unaccent(${desc})), 'B')
        || setweight(to_tsvector(${cfg}, unaccent(${body})), 'C')
        || setweight(to_tsvector(${cfg}, unaccent(${t.keywords})), 'D'),
      ${hash}, now())
    on conflict (type, item_id, language) do update
      set slug = excluded.slug, title = excluded.title, words = excluded.words, tsv = excluded.tsv, source_hash = excluded.source_hash, updated_at = now()`);
}

/** The rows of a raw query's result, whichever driver ran it (PGlite or postgres.js). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A word as a language reads it: its lexeme (null: a stop word) and its 'simple' lexeme. */
interface WordReading {
  lexeme: string | null;
  simple: string;
}

/** Words already read, per language (a bounded memory: emptied when full). */
const readings = new Map<TranslationLanguage, Map<string, WordReading>>();
const MAX_READINGS = 20_000;

/** The first lexeme of a tsvector's text (the word's own, before a compound's parts), or null. */
function firstLexeme(tsv: string): string | null {
  let best: { lexeme: string; at: number } | null = null;
  for (const [lexeme, positions] of parseTsvector(tsv)) {
    const at = Math.min(...positions.map((p) => p >> 2));
    if (!best || at < best.at) best = { lexeme, at };
  }
  return best?.lexeme ?? null;
}

/** The parts of a text's words, and each with a final "s" taken off (a loanword's plural). */
function partsOf(text: string): string[] {
  const parts = new Set<string>();
  for (const t of tokens(text)) for (const p of t.parts) parts.add(p).add(p.endsWith('s') && p.length > 3 ? p.slice(0, -1) : p);
  return [...parts];
}

/**
 * The analyser of a language for the words of these texts: each word read by the database with the
 * language's configuration over unaccent (as the documents were), once per word. A word whose
 * lexeme keeps a plural "s" the stemmer leaves ("gorillas": German keeps it) stands for the lexeme
 * without it too, so "Gorillas" finds "Gorilla".
 */
export async function analyserFor(db: Db, language: TranslationLanguage, texts: string[]): Promise<Analyser> {
  let known = readings.get(language);
  if (!known) readings.set(language, (known = new Map()));
  const unknown = [...new Set(texts.flatMap(partsOf))].filter((p) => !known!.has(p));
  if (unknown.length) {
    if (known.size + unknown.length > MAX_READINGS) known.clear();
    const list = sql.join(
      unknown.map((w) => sql`${w}`),
      sql`, `,
    );
    const rows = rowsOf<{ w: string; l: string; s: string }>(
      await db.execute(
        sql`select w, to_tsvector(${TEXT_SEARCH_CONFIG[language]}::regconfig, unaccent(w))::text as l, to_tsvector('simple', unaccent(w))::text as s from unnest(array[${list}]::text[]) as w`,
      ),
    );
    for (const r of rows) known.set(r.w, { lexeme: firstLexeme(r.l), simple: firstLexeme(r.s) ?? r.w });
  }
  const read = (part: string): WordReading => known!.get(part) ?? { lexeme: part, simple: part };
  return {
    language,
    simple: (part) => read(part).simple,
    lexeme: (part) => {
      const lexeme = read(part).lexeme;
      if (lexeme === null) return null;
      const singular = part.endsWith('s') && part.length > 3 ? read(part.slice(0, -1)).lexeme : null;
      return singular && singular !== lexeme ? { lexeme, also: [singular] } : { lexeme };
    },
  };
}
