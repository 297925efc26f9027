// Translations for tests: an English document's translatable fields, each text marked with the
// language ("DE Gorilla trekking"), internal links kept at their English address as the format asks.
import { isTranslatedType, translatableFields, translatablePart, TRANSLATION_LANGUAGES, type TranslationLanguage } from '../../server/content/translatable.ts';
import { importTranslationFiles } from '../../server/content/translation-files.ts';
import { loadContentFiles, type CollectionName } from '../../server/db/content.ts';
import { contentTranslations } from '../../server/db/schema.ts';
import { bumpContentVersion } from '../../server/db/version.ts';
import type { InProcessSite } from './start-site.ts';

type SiteApp = InProcessSite['app'];

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

/**
 * Every content file's item translated into each language ("DE …", "FR …", "ES …"), imported as
 * translation files are: the site then has every page in every language.
 */
export async function translateEverything(app: SiteApp, languages: readonly TranslationLanguage[] = TRANSLATION_LANGUAGES): Promise<void> {
  const db = app.database!.db;
  const { documents } = await loadContentFiles();
  const english = new Map(documents.map((d) => [`${d.collection}/${d.slug}`, d.document]));
  const files = languages.flatMap((language) =>
    documents
      .filter((d) => isTranslatedType(d.collection))
      .map((d) => ({ language, collection: d.collection, fileSlug: d.slug, document: germanOf(d.collection, d.document, language.toUpperCase()) })),
  );
  const result = await importTranslationFiles(db, files, english);
  if (result.refused.length) throw new Error(`translations refused:\n${result.refused.join('\n')}`);
  // The site drops what it kept of the content before the test goes on.
  await app.contentVersion!.refresh();
}

/** Takes every translation away (the site seeds the real files at start), so a test chooses its own. */
export async function clearTranslations(app: SiteApp): Promise<void> {
  await app.database!.db.transaction(async (tx) => {
    await tx.delete(contentTranslations);
    await bumpContentVersion(tx as never, [contentTranslations]);
  });
  await app.contentVersion!.refresh();
}
