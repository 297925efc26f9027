// Search in German, French and Spanish over the site's own content and its translation files
// (content/translations/), on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL: each
// language's documents analysed by its configuration with unaccent, "Gorillas" finding "Gorilla",
// accent-free words and typos, untranslated items absent, a translation's edit found at once, and
// English answers unchanged by the other languages.
import './helpers/production.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchItem, SearchResponse } from '../common/api-types.ts';
import { searchResultView } from '../common/content-types.ts';
import { importTranslationFiles, readTranslationFiles } from '../server/content/translation-files.ts';
import { saveTranslation } from '../server/content/translation-editing.ts';
import { contentType } from '../server/content/types.ts';
import { loadContentFiles } from '../server/db/content.ts';
import { contentItems, contentTranslations } from '../server/db/schema.ts';
import { bumpContentVersion } from '../server/db/version.ts';
import { analyserFor } from '../server/search/languages.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { germanOf } from './helpers/translations.ts';

type Json = Record<string, any>;
const titleOf = (i: SearchItem): string => searchResultView(i).title;
const slugOf = (i: SearchItem): string => (i as unknown as { safarititleslug: string }).safarititleslug;

describe.each(backends())('search in each language on %s', (backend) => {
  let site: InProcessSite;
  const db = () => site.app.database!.db;
  async function get(path: string) {
    const res = await fetch(`${site.base}/api${path}`);
    return { status: res.status, body: (await res.json()) as Json };
  }
  async function ok<T>(path: string): Promise<T> {
    const r = await get(path);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body as T;
  }
  const search = (lang: string, query: string, extra = '') => ok<SearchResponse>(`/${lang}/search?query=${encodeURIComponent(query)}${extra}`);
  let englishBefore: SearchResponse;
  let germanTitles: string[];

  beforeAll(async () => {
    // Spam checks off: the per-address budget would refuse this file's many searches from one address.
    site = await startSite({ backend, env: { SITE_LANGUAGES: 'en,de,fr,es', SPAM_CHECKS: 'off' } });
    englishBefore = await ok<SearchResponse>('/search?query=gorilla%20trekking');
    // The translation files of content/ (seeded at start: importing them again changes nothing).
    const files = await loadContentFiles();
    const english = new Map(files.documents.map((d) => [`${d.collection}/${d.slug}`, d.document]));
    const read = await readTranslationFiles('content');
    germanTitles = read.files.flatMap((f) => (f.language === 'de' && typeof f.document.title === 'string' ? [f.document.title] : []));
    // The search page's own texts, where its translation is not written yet (a page's answer in a
    // language needs its page translated).
    const searchPages = (['de', 'fr', 'es'] as const)
      .filter((language) => !read.files.some((f) => f.language === language && f.collection === 'pages' && f.fileSlug === 'search'))
      .map((language) => ({ language, collection: 'pages' as const, fileSlug: 'search', document: germanOf('pages', english.get('pages/search')!, language.toUpperCase()) }));
    const result = await importTranslationFiles(db(), [...read.files, ...searchPages], english);
    expect(result.refused).toEqual([]);
    expect(await db().$count(contentTranslations)).toBe(read.files.length + searchPages.length);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('finds German content by German words: "Gorillas" puts German content about gorillas first and finds every "Gorilla"', async () => {
    const plural = await search('de', 'Gorillas');
    expect(plural.correctedQuery).toBeNull();
    expect(titleOf(plural.results[0]!)).toMatch(/Gorilla/);
    expect(plural.counts.safari).toBeGreaterThan(0);
    // Every result is German: the titles are those of the German files.
    for (const title of plural.results.map(titleOf)) expect(germanTitles).toContain(title);
    const singular = await search('de', 'Gorilla', '&limit=100');
    const pluralAll = await search('de', 'Gorillas', '&limit=100');
    expect(singular.total).toBeGreaterThan(0);
    // Every title with the word "Gorilla" itself is found by the plural too ("Gorilla" typed is also
    // a prefix, which finds compounds such as "Gorillafamilien" that "Gorillas" does not).
    const found = new Set(pluralAll.results.map(titleOf));
    const withWord = singular.results.map(titleOf).filter((t) => /(^|[^a-zäöüß])gorilla([^a-zäöüß]|$)/i.test(t));
    expect(withWord.length).toBeGreaterThan(0);
    for (const title of withWord) expect(found, title).toContain(title);
  });

  it('reads a word by the language\'s configuration over unaccent, a German plural in "s" standing for its singular too', async () => {
    const de = await analyserFor(db(), 'de', ['Gorillas über Übernachtung die']);
    expect(de.lexeme('gorillas')).toEqual({ lexeme: 'gorillas', also: ['gorilla'] });
    expect(de.lexeme('übernachtung')).toEqual({ lexeme: 'ubernacht' });
    expect(de.simple('über')).toBe('uber');
    expect(de.lexeme('die')).toBeNull();
    const fr = await analyserFor(db(), 'fr', ['gorilles']);
    expect(fr.lexeme('gorilles')).toEqual({ lexeme: 'gorill' });
  });

  it('matches words without their accents and compounds with or without the hyphen', async () => {
    const ruanda = await search('de', 'Ruanda');
    expect(ruanda.total).toBeGreaterThan(0);
    expect(ruanda.results.slice(0, 3).some((r) => /Ruanda/.test(titleOf(r)))).toBe(true);
    const kivu = await search('de', 'Kivusee');
    expect(kivu.total).toBeGreaterThan(0);
    expect(kivu.results.map(slugOf)).toContain('10-days-rwanda-complete-safari');
    const trekking = await search('de', 'Gorilla-Trekking');
    expect(titleOf(trekking.results[0]!)).toMatch(/^Gorilla-Trekking/);
    // "Übernachtung" written without its umlaut is the same word to the German documents.
    const withUmlaut = await search('de', 'Übernachtungen', '&limit=100');
    const without = await search('de', 'Ubernachtungen', '&limit=100');
    expect(withUmlaut.total).toBeGreaterThan(0);
    expect(without.results.map(slugOf).sort()).toEqual(withUmlaut.results.map(slugOf).sort());
  });

  it('corrects a German typo from the German vocabulary', async () => {
    const typo = await search('de', 'Schimpansn');
    expect(typo.correctedQuery).toBe('schimpansen');
    expect(typo.total).toBeGreaterThan(0);
    expect(titleOf(typo.results[0]!)).toMatch(/Schimpansen/);
  });

  it('searches French and Spanish in their own words', async () => {
    const fr = await search('fr', 'gorilles');
    expect(titleOf(fr.results[0]!)).toMatch(/gorilles/i);
    expect(fr.counts.safari).toBeGreaterThan(0);
    const es = await search('es', 'gorilas volcanes');
    expect(es.total).toBeGreaterThan(0);
    expect(es.results.map(titleOf).join(' ')).toMatch(/gorilas/i);
    // French stemming: the singular finds the plural's documents.
    expect((await search('fr', 'gorille')).total).toBe(fr.total);
  });

  it('leaves out items without a translation in the language', async () => {
    // The parks' German translations taken away: English finds the park, German no park at all.
    await db().transaction(async (tx) => {
      await tx
        .delete(contentTranslations)
        .where(and(eq(contentTranslations.language, 'de'), inArray(contentTranslations.item_id, tx.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.collection, 'parks')))));
      await bumpContentVersion(tx as never, [contentTranslations]);
    });
    await site.app.contentVersion!.refresh();
    const english = await ok<SearchResponse>('/search?query=bwindi');
    expect(english.results.some((r) => r.type === 'park')).toBe(true);
    const german = await search('de', 'Bwindi', '&limit=100');
    expect(german.total).toBeGreaterThan(0);
    expect(german.results.some((r) => r.type === 'park')).toBe(false);
    expect(german.counts.park).toBe(0);
  });

  it('finds an edited translation at once and loses an item whose translation is removed', async () => {
    const [item] = await db().select().from(contentItems).where(eq(contentItems.slug, '1-day-lake-bunyonyi-canoe-trip'));
    const german = (await db().select().from(contentTranslations).where(eq(contentTranslations.item_id, item!.id))).find((r) => r.language === 'de')!;
    expect((await search('de', 'Einbaumpaddeln')).total).toBe(0);
    let revision = german.revision;
    const changed = (doc: Record<string, unknown>) => async () => {
      // As the console saves a translation (PUT /api/admin/content/safaris/:id/translations/de),
      // then moves the content version on (other processes hear its notification).
      const view = await saveTranslation(db(), contentType('safaris')!, item!.id, 'de', { document: doc, baseRevision: revision }, { staffId: null, email: 'editor@kigezitrails.example' });
      revision = view.translation!.revision;
      await site.app.contentVersion!.refresh();
    };
    await changed({ ...german.document, title: 'Einbaumpaddeln auf dem Bunyonyi-See' })();
    const edited = await search('de', 'Einbaumpaddeln');
    expect(edited.results.map(titleOf)).toEqual(['Einbaumpaddeln auf dem Bunyonyi-See']);
    // A translation saved incomplete (the console keeps part of one) leaves the item out of German search.
    await changed({ ...german.document, title: '' })();
    expect((await search('de', 'Einbaumpaddeln')).total).toBe(0);
    expect((await search('de', 'Bunyonyi', '&limit=100')).results.map(slugOf)).not.toContain('1-day-lake-bunyonyi-canoe-trip');
    await changed(german.document)();
    expect((await search('de', 'Bunyonyi', '&limit=100')).results.map(slugOf)).toContain('1-day-lake-bunyonyi-canoe-trip');
  });

  it('keeps English answers as they were, and refuses an unknown language', async () => {
    const after = await ok<SearchResponse>('/search?query=gorilla%20trekking');
    expect(after.results.map(titleOf)).toEqual(englishBefore.results.map(titleOf));
    expect(after.total).toBe(englishBefore.total);
    expect((await ok<SearchResponse>('/search?query=gorilla%20trekking&language=en')).results.map(titleOf)).toEqual(englishBefore.results.map(titleOf));
    const bad = await get('/search?query=gorilla&language=xx');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Unknown language/);
  });
});
