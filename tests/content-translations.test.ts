// Translations of content stored per item and language (content_translations): the translation
// files are seeded like the English ones (unchanged files skipped, console edits kept, a file
// that does not match its English item refused with its name and the field), an English edit of
// translatable text marks a translation "needs review" while other English edits do not, and a
// deleted English item takes its translations with it. On PGlite, and PostgreSQL when configured.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContentFiles } from '../server/content/content-files.ts';
import { translatableFields, translatablePart } from '../server/content/translatable.ts';
import { importTranslationFiles, markChangedEnglish, readTranslationFiles } from '../server/content/translation-files.ts';
import { loadContentFiles } from '../server/db/content.ts';
import { contentItems, contentTranslations } from '../server/db/schema.ts';
import { backends, openTestDatabase, type TestDatabase } from './helpers/db.ts';
import { germanOf } from './helpers/translations.ts';

type Doc = Record<string, unknown>;

describe.each(backends())('content translations on %s', (backend) => {
  let database: TestDatabase;
  let dir: string;
  let english: Map<string, Doc>;
  let safari: { slug: string; document: Doc };
  const db = () => database.db;

  async function writeTranslation(lang: string, type: string, slug: string, doc: unknown) {
    await mkdir(path.join(dir, 'translations', lang, type), { recursive: true });
    await writeFile(path.join(dir, 'translations', lang, type, `${slug}.yaml`), stringify(doc));
  }
  async function importFiles() {
    const { files, refused } = await readTranslationFiles(dir);
    const result = await importTranslationFiles(db(), files, english);
    return { ...result, refused: [...refused, ...result.refused] };
  }
  async function rowOf(slug: string) {
    const [item] = await db().select().from(contentItems).where(eq(contentItems.slug, slug));
    const [row] = await db().select().from(contentTranslations).where(eq(contentTranslations.item_id, item!.id));
    return { item: item!, row };
  }

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const files = await loadContentFiles();
    await importContentFiles(db(), files.documents);
    english = new Map(files.documents.map((d) => [`${d.collection}/${d.slug}`, d.document]));
    const first = files.documents.find((d) => d.collection === 'safaris')!;
    safari = { slug: first.slug, document: first.document };
    dir = await mkdtemp(path.join(tmpdir(), 'translations-'));
  });
  afterAll(async () => {
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps only the translatable fields of a type: texts, lists, every day’s title and description, never references or numbers', () => {
    const part = translatablePart(translatableFields('safaris'), safari.document);
    expect(Object.keys(part)).toEqual(expect.arrayContaining(['title', 'description', 'includes', 'itinerary', 'image']));
    expect(part).not.toHaveProperty('price');
    expect(part).not.toHaveProperty('destinations');
    expect(part.image).toEqual({ alt: (safari.document.image as Doc).alt });
    const days = part.itinerary as Doc[];
    expect(days).toHaveLength((safari.document.itinerary as unknown[]).length);
    for (const d of days) expect(Object.keys(d).sort()).toEqual(['description', 'title']);
  });

  it('imports a translation file once, and skips it while it is unchanged', async () => {
    await writeTranslation('de', 'safaris', safari.slug, germanOf('safaris', safari.document));
    const first = await importFiles();
    expect(first).toMatchObject({ imported: 1, updated: 0, refused: [] });
    const { row } = await rowOf(safari.slug);
    expect(row).toMatchObject({ language: 'de', status: 'current', revision: 1, origin: `de/safaris/${safari.slug}` });
    expect((row!.document as Doc).title).toBe(`DE ${String(safari.document.title)}`);
    expect(await importFiles()).toMatchObject({ imported: 0, updated: 0, removed: 0 });
  });

  it('never overwrites a translation changed in the console with its file', async () => {
    const { row } = await rowOf(safari.slug);
    const edited = { ...(row!.document as Doc), title: 'Gorilla-Safari (von Hand)' };
    await db()
      .update(contentTranslations)
      .set({ document: edited, seed_hash: null, revision: row!.revision + 1 })
      .where(eq(contentTranslations.id, row!.id));
    await writeTranslation('de', 'safaris', safari.slug, { ...germanOf('safaris', safari.document), title: 'Aus der Datei' });
    const result = await importFiles();
    expect(result.kept).toEqual([`de/safaris/${safari.slug}.yaml`]);
    expect(((await rowOf(safari.slug)).row!.document as Doc).title).toBe('Gorilla-Safari (von Hand)');
  });

  it('refuses a file whose structure does not match its English item, naming the file and the field', async () => {
    const doc = germanOf('safaris', safari.document);
    const days = doc.itinerary as Doc[];
    await writeTranslation('fr', 'safaris', safari.slug, { ...doc, itinerary: days.slice(1), price: 10 });
    await writeTranslation('es', 'safaris', 'no-such-safari', { title: 'Nada' });
    await writeFile(path.join(dir, 'translations', 'es', 'safaris', 'broken.yaml'), 'title: [unclosed');
    const result = await importFiles();
    expect(result.refused).toEqual(
      expect.arrayContaining([
        `fr/safaris/${safari.slug}.yaml.itinerary: ${days.length - 1} items, English has ${days.length}`,
        `fr/safaris/${safari.slug}.yaml.price: English value is not text (number), leave it out`,
        expect.stringMatching(/^es\/safaris\/broken\.yaml: YAML error/),
      ]),
    );
    expect(result.orphans).toEqual(['es/safaris/no-such-safari.yaml']);
    const rows = await db().select().from(contentTranslations).where(eq(contentTranslations.language, 'fr'));
    expect(rows).toHaveLength(0);
    await rm(path.join(dir, 'translations', 'fr'), { recursive: true });
    await rm(path.join(dir, 'translations', 'es'), { recursive: true });
  });

  it('marks a translation "needs review" when the English text changes, not when its price or order does', async () => {
    const { item } = await rowOf(safari.slug);
    await db()
      .update(contentItems)
      .set({ document: { ...item.document, price: Number(item.document.price) + 100, order: 3 } })
      .where(eq(contentItems.id, item.id));
    expect(await markChangedEnglish(db(), item.id)).toBe(0);
    expect((await rowOf(safari.slug)).row!.status).toBe('current');
    await db()
      .update(contentItems)
      .set({ document: { ...item.document, title: `${String(item.document.title)} (new)` } })
      .where(eq(contentItems.id, item.id));
    expect(await markChangedEnglish(db(), item.id)).toBe(1);
    expect((await rowOf(safari.slug)).row!.status).toBe('needs_review');
  });

  it('removes a translation nobody changed with its file, and every translation with its English item', async () => {
    const other = [...english.keys()].find((k) => k.startsWith('parks/'))!.split('/')[1]!;
    await writeTranslation('de', 'parks', other, germanOf('parks', english.get(`parks/${other}`)!));
    expect(await importFiles()).toMatchObject({ imported: 1 });
    await rm(path.join(dir, 'translations', 'de', 'parks'), { recursive: true });
    expect(await importFiles()).toMatchObject({ removed: 1 });
    const { item } = await rowOf(safari.slug);
    await db().delete(contentItems).where(eq(contentItems.id, item.id));
    expect(await db().select().from(contentTranslations)).toHaveLength(0);
  });
});
