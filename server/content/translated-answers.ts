// The public API's answers in another language (/api/de/…, server/api/languages.ts): the English
// answer, with each translated item's texts replaced by its translation's (the same fields, the
// Markdown rendered the same way, a link to another site saying it opens in a new tab in that
// language, internal links at that language's addresses) and the items
// without a translation left out. An answer's item is known by its slug key (`safarititleslug`,
// `parktitleslug`…, the type module's `slugKey`); the texts it shows are those of its document,
// as the projection wrote them, so each is replaced by the same text of the translation.
import { and, eq, inArray } from 'drizzle-orm';
import { newTabNote } from '../../app/i18n/new-tab-note.server.ts';
import { contentTypeInfo } from '../../common/content-types.ts';
import { localizePath } from '../../common/language-paths.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { aboutPath } from '../../common/site.ts';
import type { CollectionName } from '../db/content.ts';
import { markdownToHtml } from '../db/html.ts';
import type { Db } from '../db/index.ts';
import { memo } from '../db/queries.ts';
import { contentItems, contentTranslations } from '../db/schema.ts';
import { CONTENT_MODULES } from './types/index.ts';
import { isComplete, isTranslatedType, mergeTranslation, translatableFields, TRANSLATION_LANGUAGES, type TranslatableField, type TranslationLanguage } from './translatable.ts';

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A translated item in one language: its address there and (made when first needed) its texts' pairs. */
interface Entry {
  collection: CollectionName;
  englishSlug: string;
  slug: string;
  english: Doc;
  translation: Doc;
  pairs?: Map<string, string>;
}

/** The translated items of one language, by type and English slug (null: the item is not translated). */
export interface Catalogue {
  language: TranslationLanguage;
  items: Map<string, Map<string, Entry | null>>;
  /** The titles of the types others refer to, English → translated, by type (made when first needed). */
  titles?: Map<string, Map<string, string>>;
}

/** The answer is not found in this language (an untranslated item's page). */
export const LEFT_OUT = Symbol('left out');

/**
 * The collections' slug keys in answers (pages are found by their address, not a key), the most
 * specific first: an object holding several is the item of the first (a park's card holds its
 * country's slug too, a lodge's its park's), so the types others refer to come last.
 */
const REFERRED_LAST: readonly string[] = ['lodges', 'places', 'parks', 'destinations'];
const SLUG_KEYS = CONTENT_MODULES.flatMap((m) => (m.slugKey && m.slugKey !== 'slug' && isTranslatedType(m.collection) ? [[m.slugKey, m.collection] as const] : [])).sort(
  ([, a], [, b]) => REFERRED_LAST.indexOf(a) - REFERRED_LAST.indexOf(b),
);
/**
 * The fields that name an item of a type others refer to by its title (a park's card names its
 * country, `destinationtitle`; a lodge's card its park): `<slug key without "slug">` → that type.
 */
const REFERRED_TITLES = new Map(SLUG_KEYS.filter(([, c]) => REFERRED_LAST.includes(c)).map(([key, c]) => [key.replace(/slug$/, ''), c] as const));
/** The collections by their list's address ('/safaris' → safaris). */
const BY_LIST = new Map(CONTENT_MODULES.flatMap((m) => (contentTypeInfo(m.collection)?.page ? [[contentTypeInfo(m.collection)!.page!.list, m.collection] as const] : [])));

/** Every published item of a translated type with its translation into `language`, if it counts. */
async function loadCatalogue(db: Db, language: TranslationLanguage): Promise<Catalogue> {
  const types = CONTENT_MODULES.map((m) => m.collection).filter(isTranslatedType);
  const rows = await db
    .select({ collection: contentItems.collection, slug: contentItems.slug, document: contentItems.document, translation: contentTranslations.document, translatedSlug: contentTranslations.slug })
    .from(contentItems)
    .leftJoin(contentTranslations, and(eq(contentTranslations.item_id, contentItems.id), eq(contentTranslations.language, language)))
    .where(and(eq(contentItems.status, 'published'), inArray(contentItems.collection, types)));
  const items = new Map<string, Map<string, Entry | null>>();
  for (const r of rows) {
    const collection = r.collection as CollectionName;
    if (!items.has(collection)) items.set(collection, new Map());
    const complete = r.translation !== null && isComplete(collection, r.document, r.translation);
    items.get(collection)!.set(r.slug, complete ? { collection, englishSlug: r.slug, slug: r.translatedSlug ?? r.slug, english: r.document, translation: r.translation! } : null);
  }
  return { language, items };
}

/** Site addresses in HTML links, at the language's addresses (translated slugs too). */
function localizeLinks(html: string, catalogue: Catalogue): string {
  return html.replace(
    /href="(\/(?!\/|api\/|images\/)[^"#?]*)([^"]*)"/g,
    (_all, path: string, rest: string) => `href="${localizePath(translatedSlugPath(path, catalogue), catalogue.language)}${rest}"`,
  );
}

/** An English address with the item's translated slug, when it has one: /safaris/x → /safaris/x-de. */
function translatedSlugPath(path: string, catalogue: Catalogue): string {
  const m = /^(\/[a-z-]+)\/([a-z0-9-]+)$/.exec(path);
  const collection = m && BY_LIST.get(m[1]!);
  const entry = collection ? catalogue.items.get(collection)?.get(m[2]!) : undefined;
  return entry && entry.slug !== entry.englishSlug ? `${m![1]}/${entry.slug}` : path;
}

/** The texts of an item as the projection writes them, English → translated, for each translatable field. */
function addPairs(fields: TranslatableField[], en: Doc, tr: Doc, pairs: Map<string, string>, catalogue: Catalogue): void {
  const add = (a: unknown, b: unknown) => {
    if (typeof a === 'string' && typeof b === 'string' && a !== b && !pairs.has(a)) pairs.set(a, b);
  };
  const html = (a: unknown, b: unknown) => {
    if (typeof a !== 'string' || typeof b !== 'string') return;
    add(markdownToHtml(a), localizeLinks(markdownToHtml(b, { newTabNote: newTabNote(catalogue.language) }), catalogue));
    add(a, b);
  };
  for (const f of fields) {
    const a = en[f.name];
    const b = tr[f.name];
    if (f.kind === 'text') add(a, b);
    else if (f.kind === 'markdown') html(a, b);
    else if (f.kind === 'list' && Array.isArray(a) && Array.isArray(b)) {
      a.forEach((x, i) => add(x, b[i]));
      add(a.join(', '), b.join(', '));
    } else if (f.kind === 'blocks' && isDoc(a) && isDoc(b)) for (const k of Object.keys(a)) html(a[k], b[k]);
    else if (f.kind === 'group' && isDoc(a) && isDoc(b)) addPairs(f.fields, a, b, pairs, catalogue);
    else if (f.kind === 'repeat' && Array.isArray(a) && Array.isArray(b)) a.forEach((x, i) => isDoc(x) && isDoc(b[i]) && addPairs(f.fields, x, b[i] as Doc, pairs, catalogue));
  }
}

function pairsOf(entry: Entry, catalogue: Catalogue): Map<string, string> {
  if (!entry.pairs) {
    entry.pairs = new Map();
    const fields = translatableFields(entry.collection);
    addPairs(fields, entry.english, mergeTranslation(fields, entry.english, entry.translation), entry.pairs, catalogue);
  }
  return entry.pairs;
}

/** The item an answer's object stands for: undefined when none, null when it is not translated. */
function itemOf(value: Doc, catalogue: Catalogue): { entry: Entry | null; key: string } | undefined {
  for (const [key, collection] of SLUG_KEYS) {
    const slug = value[key];
    if (typeof slug !== 'string') continue;
    const entry = catalogue.items.get(collection)?.get(slug);
    if (entry !== undefined) return { entry, key };
  }
  return undefined;
}

/** The translated title of a `collection` item by its English title (an answer names it by its title only). */
function referredTitle(collection: string, english: string, catalogue: Catalogue): string | undefined {
  if (!catalogue.titles) {
    catalogue.titles = new Map();
    for (const c of new Set(REFERRED_TITLES.values())) {
      const titles = new Map<string, string>();
      for (const e of catalogue.items.get(c)?.values() ?? []) {
        const [en, tr] = [e?.english.title, e?.translation.title];
        if (typeof en === 'string' && typeof tr === 'string' && tr.trim()) titles.set(en, tr);
      }
      catalogue.titles.set(c, titles);
    }
  }
  return catalogue.titles.get(collection)?.get(english);
}

function translateValue(value: unknown, pairs: Map<string, string>, catalogue: Catalogue): unknown {
  if (typeof value === 'string') return pairs.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => translateValue(v, pairs, catalogue)).filter((v) => v !== LEFT_OUT);
  if (!isDoc(value)) return value;
  const item = itemOf(value, catalogue);
  if (item?.entry === null) return LEFT_OUT;
  const own = item?.entry ? pairsOf(item.entry, catalogue) : pairs;
  const out: Doc = {};
  for (const [k, v] of Object.entries(value)) {
    // Another item named by its title (a park card's country): that item's translated title.
    const referred = REFERRED_TITLES.get(k);
    if (referred && typeof v === 'string' && !own.has(v)) {
      out[k] = referredTitle(referred, v, catalogue) ?? v;
      continue;
    }
    const t = translateValue(v, own, catalogue);
    // A single item that is not translated (a day's lodge) is left out as an absent one is.
    out[k] = t === LEFT_OUT ? null : t;
  }
  if (item?.entry) out[item.key] = item.entry.slug;
  return out;
}

/** The items an answer at this English address is about: the page of its address, the item of a detail. */
function answerSubjects(englishPath: string, catalogue: Catalogue): { entries: Entry[]; missing: boolean } {
  const parts = englishPath.split('/').filter(Boolean);
  const entries: Entry[] = [];
  let missing = false;
  const take = (collection: string, slug: string) => {
    const entry = catalogue.items.get(collection)?.get(slug);
    if (entry === null) missing = true;
    else if (entry) entries.push(entry);
  };
  if (parts.length <= 1) take('pages', parts.length === 0 ? 'home' : englishPath === aboutPath ? 'about' : parts[0]!);
  else {
    const collection = BY_LIST.get(`/${parts[0]}`);
    if (collection && parts.length === 2) take(collection, parts[1]!);
    // A country's lists (/safaris/in/uganda, /parks/in/uganda): the country's heading.
    if (parts[1] === 'in' && parts[2]) take('destinations', parts[2]);
  }
  return { entries, missing };
}

/** The English answer at `englishPath`, in the catalogue's language; LEFT_OUT when its item is not translated. */
export function translateAnswer(body: unknown, englishPath: string, catalogue: Catalogue): unknown {
  const { entries, missing } = answerSubjects(englishPath, catalogue);
  if (missing) return LEFT_OUT;
  const pairs = new Map<string, string>();
  for (const e of entries) for (const [a, b] of pairsOf(e, catalogue)) if (!pairs.has(a)) pairs.set(a, b);
  const out = translateValue(body, pairs, catalogue);
  if (isDoc(out) && typeof out.pageUrl === 'string') out.pageUrl = translatedSlugUrl(out.pageUrl, catalogue);
  return out;
}

function translatedSlugUrl(pageUrl: string, catalogue: Catalogue): string {
  try {
    const url = new URL(pageUrl);
    url.pathname = translatedSlugPath(url.pathname, catalogue);
    return url.toString();
  } catch {
    return pageUrl;
  }
}

/**
 * The English address an address of this language stands for: a translated slug read back
 * (/safaris/x-de → /safaris/x); null when no page answers it in this language (the item's English
 * slug where it has a translated one: the page redirects to the translated one).
 */
export function englishAddress(path: string, catalogue: Catalogue): string | null {
  const m = /^(\/[a-z-]+)\/([a-z0-9-]+)$/.exec(path);
  const collection = m && BY_LIST.get(m[1]!);
  const entries = collection ? catalogue.items.get(collection) : undefined;
  if (!entries) return path;
  const own = entries.get(m![2]!);
  if (own && own.slug !== own.englishSlug) return null;
  if (own !== undefined) return path;
  for (const e of entries.values()) if (e && e.slug === m![2]) return `${m![1]}/${e.englishSlug}`;
  return path;
}

/** The address of a page in a language where the item has a translated slug (for redirects and alternates). */
export function localAddress(englishPathOfItem: string, catalogue: Catalogue): string {
  return localizePath(translatedSlugPath(englishPathOfItem, catalogue), catalogue.language);
}

/** The addresses of an English address in every language it exists in, English's first (a page that is no item's: all). */
export function addressesIn(englishPath: string, catalogues: Catalogue[]): Partial<Record<Language, string>> {
  const out: Partial<Record<Language, string>> = { [DEFAULT_LANGUAGE]: englishPath };
  for (const c of catalogues) if (!answerSubjects(englishPath, c).missing) out[c.language] = localAddress(englishPath, c);
  return out;
}

/** Every language's catalogue, memoised until the content changes (server/db/queries.ts `memo`). */
export function allCatalogues(db: Db): Promise<Catalogue[]> {
  return memo(db, 'translation catalogues', () => Promise.all(TRANSLATION_LANGUAGES.map((l) => loadCatalogue(db, l))));
}

/** One language's catalogue (memoised with the others). */
export async function catalogueOf(db: Db, language: TranslationLanguage): Promise<Catalogue> {
  return (await allCatalogues(db)).find((c) => c.language === language)!;
}
