// Translated content on the site (SITE_LANGUAGES=en,de,fr,es) against the production build: a
// German page of a translated item merges its translation over the English with internal links at
// German addresses; an untranslated item is absent from the German list, the sitemap and the
// hreflang alternates, and its German page is not found; a translated slug is the item's German
// address and its English slug there redirects to it; a translation that needs review keeps
// serving; the English pages stay English.
import './helpers/production.ts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTranslationFiles, readTranslationFiles } from '../server/content/translation-files.ts';
import { loadContentFiles } from '../server/db/content.ts';
import { contentItems, contentTranslations } from '../server/db/schema.ts';
import { bumpContentVersion } from '../server/db/version.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { clearTranslations, germanOf } from './helpers/translations.ts';

const SITE = 'http://localhost:3000';
const TRANSLATED = '1-day-bwindi-gorilla-trek-from-kabale';
const UNTRANSLATED = '1-day-gorilla-trekking-rwanda';

const alternatesOf = (html: string) => [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => `${m[1]} ${m[2]}`);

describe.each(backends())('translated content on the site on %s', (backend) => {
  let site: InProcessSite;
  let dir: string;
  const get = (p: string) => fetch(site.base + p, { redirect: 'manual' });
  const db = () => site.app.database!.db;

  beforeAll(async () => {
    site = await startSite({ backend, env: { SITE_LANGUAGES: 'en,de,fr,es' } });
    const files = await loadContentFiles();
    const english = new Map(files.documents.map((d) => [`${d.collection}/${d.slug}`, d.document]));
    dir = await mkdtemp(path.join(tmpdir(), 'translations-site-'));
    for (const key of [`safaris/${TRANSLATED}`, 'pages/safaris']) {
      const [collection, slug] = key.split('/') as ['safaris' | 'pages', string];
      await mkdir(path.join(dir, 'translations', 'de', collection), { recursive: true });
      await writeFile(path.join(dir, 'translations', 'de', collection, `${slug}.yaml`), stringify(germanOf(collection, english.get(key)!)));
    }
    // The site seeded the real translation files; these tests choose what is translated.
    await clearTranslations(site.app);
    const read = await readTranslationFiles(dir);
    const result = await importTranslationFiles(db(), read.files, english);
    expect(result).toMatchObject({ imported: 2, refused: [] });
    await db().transaction((tx) => bumpContentVersion(tx as never, [contentTranslations]));
    await site.app.contentVersion!.refresh();
  });
  afterAll(async () => {
    await site?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves a translated item in German: its texts translated, the rest English, internal links at German addresses', async () => {
    const res = await get(`/de/safaris/${TRANSLATED}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toMatch(/<h1[^>]*>[^<]*DE Bwindi Gorilla Trek from Kabale</);
    expect(html).toContain('DE If you are already staying in Kabale');
    expect(html).toContain('href="/de/erlebnisse/canoeing-on-lake-bunyonyi"');
    expect(html).not.toContain('href="/experiences/canoeing-on-lake-bunyonyi"');
    expect(alternatesOf(html)).toEqual([`en ${SITE}/safaris/${TRANSLATED}`, `de ${SITE}/de/safaris/${TRANSLATED}`, `x-default ${SITE}/safaris/${TRANSLATED}`]);
  });

  it('answers the API in German to clients that accept compressed answers, and to a repeated request', async () => {
    for (const encoding of ['gzip', 'br', 'identity']) {
      const res = await fetch(`${site.base}/api/de/safaris/${TRANSLATED}`, { headers: { 'accept-encoding': encoding } });
      expect([encoding, res.status]).toEqual([encoding, 200]);
      expect(JSON.stringify(await res.json())).toContain('DE Bwindi Gorilla Trek from Kabale');
    }
    const english = await fetch(`${site.base}/api/safaris/${TRANSLATED}`);
    const etag = english.headers.get('etag');
    const again = await fetch(`${site.base}/api/de/safaris/${TRANSLATED}`, { headers: etag ? { 'if-none-match': etag } : {} });
    expect(again.status).toBe(200);
  });

  it('leaves an untranslated item out: not in the German list, its German page not found, its hreflang naming English only', async () => {
    expect((await get(`/de/safaris/${UNTRANSLATED}`)).status).toBe(404);
    const list = await (await get('/de/safaris')).text();
    expect(list).toContain('DE Bwindi Gorilla Trek from Kabale');
    expect(list, 'the card links to the German page').toContain(`href="/de/safaris/${TRANSLATED}"`);
    expect(list).not.toContain(UNTRANSLATED);
    const english = await (await get(`/safaris/${UNTRANSLATED}`)).text();
    expect(alternatesOf(english)).toEqual([`en ${SITE}/safaris/${UNTRANSLATED}`, `x-default ${SITE}/safaris/${UNTRANSLATED}`]);
    expect((await get('/de/parks')).status, 'a list page whose page is not translated').toBe(404);
  });

  it('lists in the sitemap only the languages an address exists in', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    expect(xml).toContain(`<loc>${SITE}/de/safaris/${TRANSLATED}</loc>`);
    expect(xml).not.toContain(`<loc>${SITE}/de/safaris/${UNTRANSLATED}</loc>`);
    expect(xml).not.toContain(`${SITE}/fr/safaris/${TRANSLATED}`);
    const entry = new RegExp(`<url>\\s*<loc>${SITE}/safaris/${UNTRANSLATED}</loc>[\\s\\S]*?</url>`).exec(xml)![0];
    expect([...entry.matchAll(/hreflang="([^"]+)"/g)].map((m) => m[1])).toEqual(['en', 'x-default']);
  });

  it('keeps the English page English', async () => {
    const html = await (await get(`/safaris/${TRANSLATED}`)).text();
    expect(html).toContain('<html lang="en-GB"');
    expect(html).not.toContain('DE If you are already staying');
  });

  it('serves a translation that needs review until it is reviewed', async () => {
    const [item] = await db().select().from(contentItems).where(eq(contentItems.slug, TRANSLATED));
    await db().update(contentTranslations).set({ status: 'needs_review' }).where(eq(contentTranslations.item_id, item!.id));
    expect(await (await get(`/de/safaris/${TRANSLATED}`)).text()).toContain('DE If you are already staying');
  });

  it('gives the item its translated address, to which its English slug in German redirects', async () => {
    const [item] = await db().select().from(contentItems).where(eq(contentItems.slug, TRANSLATED));
    await db().transaction(async (tx) => {
      await tx.update(contentTranslations).set({ slug: 'gorilla-tagestour-ab-kabale' }).where(eq(contentTranslations.item_id, item!.id));
      await bumpContentVersion(tx as never, [contentTranslations]);
    });
    await site.app.contentVersion!.refresh();
    const moved = await get(`/de/safaris/${TRANSLATED}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/de/safaris/gorilla-tagestour-ab-kabale');
    const page = await get('/de/safaris/gorilla-tagestour-ab-kabale');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<link rel="canonical" href="${SITE}/de/safaris/gorilla-tagestour-ab-kabale"`);
    expect(await (await get('/de/safaris')).text()).toContain('/safaris/gorilla-tagestour-ab-kabale"');
  });
});
