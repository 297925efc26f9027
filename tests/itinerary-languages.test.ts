// The itinerary PDF in the page's language (SITE_LANGUAGES=en,de,fr,es, production build): under
// /de/ its labels are German (the kicker, the days, the price "ab", the sections, the meals, the
// contact block and the page footers) and its texts are the safari's German translation; the PDF
// is tagged German; the English PDF is unchanged.
import './helpers/production.ts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTranslationFiles, readTranslationFiles } from '../server/content/translation-files.ts';
import { defaultContentDir, loadContentFiles } from '../server/db/content.ts';
import { localizePath } from '../common/language-paths.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import type { Json } from './helpers/site.ts';

const SLUG = '1-day-bwindi-gorilla-trek-from-kabale';

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return (text as string).replace(/\s+/g, ' ');
}

describe.each(backends().slice(0, 1))('the itinerary PDF in the page’s language on %s', (backend) => {
  let site: InProcessSite;
  const get = (p: string) => fetch(site.base + p);

  beforeAll(async () => {
    site = await startSite({ backend, env: { SITE_LANGUAGES: 'en,de,fr,es' } });
    // The safari's German translation as the content holds it (content/translations/de/safaris/).
    const { documents } = await loadContentFiles();
    const english = new Map(documents.map((d) => [`${d.collection}/${d.slug}`, d.document]));
    const { files } = await readTranslationFiles(defaultContentDir);
    const ours = files.filter((f) => f.language === 'de' && f.collection === 'safaris' && f.fileSlug === SLUG);
    expect(ours).toHaveLength(1);
    expect(await importTranslationFiles(site.app.database!.db, ours, english)).toMatchObject({ refused: [] });
  });
  afterAll(() => site?.stop());

  it('draws the German page’s PDF with German labels and the German safari texts', async () => {
    // Asked uncompressed: the language's API answer reads the English one and cannot read it compressed.
    const answer = await fetch(`${site.base}/api/de/safaris/${SLUG}`, { headers: { 'accept-encoding': 'identity' } });
    const german = (await answer.json()) as Json;
    expect(answer.status, JSON.stringify(german).slice(0, 300)).toBe(200);
    expect(german.safari.safarititle).toBe('Gorilla-Trekking in Bwindi ab Kabale');
    // The safari's German page (the answer names its address in English words).
    const path = localizePath(new URL(german.pageUrl as string).pathname, 'de');
    expect(path).toMatch(/^\/de\/safaris\//);
    const res = await get(`${path}/itinerary.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = await res.arrayBuffer();
    expect(new TextDecoder('latin1').decode(bytes)).toMatch(/\/Lang \(de\)/);
    const text = await pdfText(bytes);
    // Letter-spaced kickers come out of the text letter by letter.
    expect(text.replace(/ /g, '')).toContain('SAFARI-REISEVERLAUF');
    expect(text).toContain('1 Tag: Gorilla-Trekking in Bwindi ab Kabale');
    expect(text).toMatch(/1 Tag · ab [\d.]+ \$ pro Person \(US-Dollar\)/);
    for (const label of [
      'Gorilla-, Schimpansen- und Wildtiersafaris in ganz Ostafrika',
      'Überblick',
      'Inklusive',
      'Nicht inklusive',
      'Ausführlicher Reiseverlauf',
      'Kontakt',
      'Veranstalter',
      'Dieser Reiseverlauf online',
      'Seite 1 von 3',
    ])
      expect(text, label).toContain(label);
    for (const eyebrow of ['AUFEINENBLICK', 'DIEROUTE', 'TAGFÜRTAG', 'BUCHENODERFRAGENSTELLEN']) expect(text.replace(/ /g, ''), eyebrow).toContain(eyebrow);
    expect(text).toMatch(/Mahlzeiten: (Frühstück|Mittagessen|Abendessen)/);
    expect(text).toContain(String(german.safaridays[0].title));
    expect(text).toContain('Wenn Sie ohnehin in Kabale oder am Bunyonyi-See wohnen');
    // Its address online and in the footers is the German page's.
    expect(text).toContain(`Dieser Reiseverlauf online ${site.base.replace('127.0.0.1', 'localhost')}`.split(' ').slice(0, 3).join(' '));
    expect(text).toMatch(new RegExp(`https?://[^ ]+${path.replace(/[.]/g, '\\.')} `));
    expect(text).not.toMatch(/Overview|Detailed itinerary|per person|Page 1 of|Meals:/);
  });

  it('keeps the English PDF English', async () => {
    const res = await get(`/safaris/${SLUG}/itinerary.pdf`);
    expect(res.status).toBe(200);
    const bytes = await res.arrayBuffer();
    expect(new TextDecoder('latin1').decode(bytes)).toMatch(/\/Lang \(en-GB\)/);
    const text = await pdfText(bytes);
    expect(text.replace(/ /g, '')).toContain('SAFARIITINERARY');
    for (const label of ['1 Day Bwindi Gorilla Trek from Kabale', 'Overview', 'Detailed itinerary', 'Contact us', 'from $1,050 per person', 'Meals: Lunch, Drinking water', 'Page 1 of'])
      expect(text, label).toContain(label);
    expect(text).not.toContain('Gorilla-Trekking in Bwindi ab Kabale');
  });
});
