// The translation files, content/translations/<lang>/<type>/<file-slug>.yaml (the format:
// content/README.md "Translations"): read and checked against their English item, and brought
// into content_translations at every start and by `npm run content:import`, with the English
// files' rules: a file unchanged since its last import is skipped, a translation staff changed in
// the console is kept (the database is the source of truth), a file that is gone takes with it the
// translation nobody changed, and an item whose English is deleted takes its translations with it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import type { Db } from '../db/index.ts';
import { contentItems, contentTranslations } from '../db/schema.ts';
import { bumpContentVersion } from '../db/version.ts';
import { documentHash } from './documents.ts';
import { isTranslatedType, isTranslationLanguage, sourceHash, TRANSLATION_LANGUAGES, type TranslationLanguage } from './translatable.ts';
import type { CollectionName } from '../db/content.ts';

export interface TranslationFile {
  language: TranslationLanguage;
  collection: CollectionName;
  /** The English file's name without .yaml. */
  fileSlug: string;
  document: Record<string, unknown>;
}

export interface TranslationImportResult {
  imported: number;
  updated: number;
  removed: number;
  /** Files that differ from a translation staff changed in the console: the console's version is kept. */
  kept: string[];
  /** Files refused, each with what is wrong ("de/safaris/x.yaml: itinerary: 3 items, English has 4"). */
  refused: string[];
  /** Files whose English item is not there (deleted, or never imported). */
  orphans: string[];
}

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What is wrong with a translation beside its English document: the checks translators run
 * (same keys and nesting as the English, text only where the English has text, lists of entries
 * of the same length, nothing empty, the main texts present). An empty list: nothing.
 */
export function translationProblems(english: Doc, translation: unknown, where: string, opts: { whole?: boolean } = { whole: true }): string[] {
  const problems: string[] = [];
  const compare = (en: unknown, tr: unknown, at: string): void => {
    if (tr === null || tr === undefined) return;
    if (Array.isArray(en)) {
      if (!Array.isArray(tr)) return void problems.push(`${at}: English is a list`);
      const objects = en.some((x) => x && typeof x === 'object');
      if (objects && en.length !== tr.length) problems.push(`${at}: ${tr.length} items, English has ${en.length}`);
      if (objects) tr.forEach((x, i) => compare(en[i], x, `${at}[${i}]`));
      return;
    }
    if (isDoc(en)) {
      if (!isDoc(tr)) return void problems.push(`${at}: English is a map`);
      for (const k of Object.keys(tr)) {
        if (!(k in en)) problems.push(`${at}.${k}: not in the English file`);
        else compare(en[k], tr[k], `${at}.${k}`);
      }
      return;
    }
    if (typeof en !== 'string') problems.push(`${at}: English value is not text (${typeof en}), leave it out`);
    else if (typeof tr !== 'string') problems.push(`${at}: should be text`);
    else if (tr.trim() === '') problems.push(`${at}: empty`);
  };
  if (!isDoc(translation)) return [`${where}: should be a map of the English file's keys`];
  compare(english, translation, where);
  // A file is whole; a translation saved in the console may be work in progress.
  if (!opts.whole) return problems;
  for (const k of ['title', 'name', 'question', 'description', 'body', 'answer']) if (typeof english[k] === 'string' && !(k in translation)) problems.push(`${where}: ${k} missing`);
  if (Array.isArray(english.itinerary) && !Array.isArray(translation.itinerary)) problems.push(`${where}: itinerary missing`);
  return problems;
}

/** Reads content/translations/<lang>/<type>/*.yaml; files that do not parse or are misplaced are refused. */
export async function readTranslationFiles(contentDir: string): Promise<{ files: TranslationFile[]; refused: string[] }> {
  const root = path.join(contentDir, 'translations');
  const files: TranslationFile[] = [];
  const refused: string[] = [];
  const list = (dir: string) => readdir(dir).catch(() => [] as string[]);
  for (const language of (await list(root)).sort()) {
    if (!isTranslationLanguage(language)) {
      refused.push(`${language}/: not a language of the site (${TRANSLATION_LANGUAGES.join(', ')})`);
      continue;
    }
    for (const collection of (await list(path.join(root, language))).sort()) {
      if (!isTranslatedType(collection)) {
        refused.push(`${language}/${collection}/: not a translated content type`);
        continue;
      }
      for (const name of (await list(path.join(root, language, collection))).filter((f) => /\.ya?ml$/.test(f)).sort()) {
        const where = `${language}/${collection}/${name}`;
        try {
          const document: unknown = parseYaml(await readFile(path.join(root, language, collection, name), 'utf8'));
          if (!isDoc(document)) refused.push(`${where}: should be a map of the English file's keys`);
          else files.push({ language, collection, fileSlug: name.replace(/\.ya?ml$/, ''), document });
        } catch (e) {
          refused.push(`${where}: YAML error: ${(e as Error).message.split('\n')[0]}`);
        }
      }
    }
  }
  return { files, refused };
}

type Row = typeof contentTranslations.$inferSelect;

/**
 * Brings the translation files into content_translations (in the caller's transaction, after the
 * English files were imported). `englishFiles` are the English files' documents by
 * "collection/file-slug": the hash a translation records is of the English it was made from.
 */
export async function importTranslationFiles(tx: Db, files: TranslationFile[], englishFiles: Map<string, Doc>): Promise<TranslationImportResult> {
  const result: TranslationImportResult = { imported: 0, updated: 0, removed: 0, kept: [], refused: [], orphans: [] };
  const items = await tx
    .select({ id: contentItems.id, collection: contentItems.collection, origin: contentItems.origin, document: contentItems.document })
    .from(contentItems)
    .where(isNotNull(contentItems.origin));
  const byOrigin = new Map(items.map((i) => [i.origin!, i]));
  const rows = await tx.select().from(contentTranslations);
  const byKey = new Map<string, Row>(rows.map((r) => [`${r.item_id}/${r.language}`, r]));
  const seen = new Set<number>();
  const now = new Date();
  for (const f of files) {
    const where = `${f.language}/${f.collection}/${f.fileSlug}.yaml`;
    const item = byOrigin.get(`${f.collection}/${f.fileSlug}`);
    if (!item) {
      result.orphans.push(where);
      continue;
    }
    const problems = translationProblems(item.document, f.document, where);
    if (problems.length) {
      result.refused.push(...problems);
      continue;
    }
    const row = byKey.get(`${item.id}/${f.language}`);
    if (row) seen.add(row.id);
    const hash = documentHash(f.document);
    if (row?.seed_hash === hash) continue;
    if (row && row.seed_hash === null) {
      if (documentHash(row.document) !== hash) result.kept.push(where);
      continue;
    }
    const made = sourceHash(f.collection, englishFiles.get(`${f.collection}/${f.fileSlug}`) ?? item.document);
    const status = made === sourceHash(f.collection, item.document) ? 'current' : 'needs_review';
    const values = { document: f.document, seed_hash: hash, source_hash: made, status, origin: `${f.language}/${f.collection}/${f.fileSlug}`, updated_at: now };
    if (row) {
      await tx
        .update(contentTranslations)
        .set({ ...values, revision: row.revision + 1 })
        .where(eq(contentTranslations.id, row.id));
      result.updated++;
    } else {
      await tx.insert(contentTranslations).values({ ...values, item_id: item.id, language: f.language });
      result.imported++;
    }
  }
  // Files that are gone take with them the translations nobody changed in the console.
  for (const r of rows) {
    if (seen.has(r.id) || r.seed_hash === null || r.origin === null) continue;
    await tx.delete(contentTranslations).where(eq(contentTranslations.id, r.id));
    result.removed++;
  }
  if (result.imported || result.updated || result.removed) await bumpContentVersion(tx, [contentTranslations]);
  return result;
}

/**
 * Marks "needs review" the translations of this item (or of every item) whose English translatable
 * fields changed since they were made or reviewed; they keep serving. Returns how many it marked.
 */
export async function markChangedEnglish(tx: Db, itemId?: number): Promise<number> {
  const rows = await tx
    .select({ id: contentTranslations.id, hash: contentTranslations.source_hash, collection: contentItems.collection, document: contentItems.document })
    .from(contentTranslations)
    .innerJoin(contentItems, eq(contentTranslations.item_id, contentItems.id))
    .where(itemId === undefined ? eq(contentTranslations.status, 'current') : and(eq(contentTranslations.status, 'current'), eq(contentTranslations.item_id, itemId)));
  let marked = 0;
  for (const r of rows) {
    if (!isTranslatedType(r.collection) || sourceHash(r.collection, r.document) === r.hash) continue;
    await tx.update(contentTranslations).set({ status: 'needs_review' }).where(eq(contentTranslations.id, r.id));
    marked++;
  }
  return marked;
}
