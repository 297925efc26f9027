// What a visitor reads, in the page's language (SITE_LANGUAGES=en,de,fr,es), against the
// production build: a German, French and Spanish page of every template carries no sentence of the
// English catalogue that the language says otherwise; a German page's <title> and description are
// German (an English page's stay as they were); no link on a German page leaves German but the
// language switcher's; a French form sent without JavaScript comes back on its French page
// with the French message and the visitor's values (the API's messages in a language:
// tests/languages-forms.test.ts).
import './helpers/production.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizePath } from '../common/language-paths.ts';
import { CATALOGUE_PARTS } from '../app/i18n/compile.ts';
import { goodEnquiry } from './helpers/forms.ts';
import { decodeEntities, htmlText } from './helpers/site.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';

const catalogue = (language: string) =>
  Object.assign(
    {},
    ...CATALOGUE_PARTS.map((part) => JSON.parse(readFileSync(path.join(import.meta.dirname, '../app/i18n/catalogues', `${part}${language}.json`), 'utf8')) as Record<string, string>),
  ) as Record<string, string>;

/**
 * The English catalogue's sentences a page in another language must not show: each message's text
 * between its values, four words or more, that the language's message does not say too (a name,
 * "Safari", stays).
 */
function englishSentences(language = 'de'): Map<string, string> {
  const en = catalogue('en');
  const de = catalogue(language);
  const found = new Map<string, string>();
  for (const [key, message] of Object.entries(en)) {
    if (message.includes('{') && /,\s*(plural|select)/.test(message)) continue;
    for (const piece of message.split(/\{[^}]*\}/)) {
      const text = piece.trim();
      if (text.split(/\s+/).length >= 4 && !de[key]!.includes(text)) found.set(text, key);
    }
  }
  return found;
}

/**
 * The words of the UI a visitor meets on a page: its text and the names and descriptions of its
 * elements, without the items' own texts (the content's prose and the cards' descriptions,
 * translated or not, are not the UI's).
 */
function visibleWords(html: string): string {
  const ui = html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<div class="prose[^"]*">[\s\S]*?<\/div>/g, ' ')
    .replace(/<p class="card__text">[\s\S]*?<\/p>/g, ' ');
  const attributes = [...ui.matchAll(/\s(?:alt|aria-label|placeholder|title)="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));
  return `${htmlText(ui)} ${attributes.join(' ')}`;
}

/** One address of each kind of page in the sitemap, in a language (German unless told). */
function germanSample(sitemap: string, language = 'de'): string[] {
  const seen = new Map<string, string>();
  for (const m of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const p = new URL(m[1]!).pathname;
    if (!p.startsWith(`/${language}/`) && p !== `/${language}`) continue;
    const parts = p.split('/').filter(Boolean);
    const kind = `${parts[1] ?? ''}/${parts.length}`;
    if (!seen.has(kind)) seen.set(kind, p);
  }
  return [...seen.values()];
}

describe('the UI in the page language', () => {
  let site: InProcessSite;
  beforeAll(async () => {
    site = await startSite({ env: { SITE_LANGUAGES: 'en,de,fr,es', SPAM_CHECKS: 'off' } });
  });
  afterAll(() => site?.stop());

  it('shows no English catalogue sentence on a German page of any template', async () => {
    const sentences = englishSentences();
    expect(sentences.size).toBeGreaterThan(50);
    const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
    const extra = ['/safaris?country=uganda&month=2099-01', '/search?query=gorilla', '/search?query=qqqzzzxx', '/enquiry', '/newsletter', '/gibt-es-nicht'].map(
      (p) => localizePath(p.split('?')[0]!, 'de') + (p.includes('?') ? `?${p.split('?')[1]}` : ''),
    );
    const pages = [...germanSample(sitemap), ...extra];
    expect(pages.length).toBeGreaterThan(15);
    const left: string[] = [];
    for (const page of pages) {
      const html = await (await fetch(site.base + page)).text();
      expect(html, page).toContain('<html lang="de"');
      const words = visibleWords(html);
      for (const [text, key] of sentences) if (words.includes(text)) left.push(`${page}: ${key} "${text}"`);
    }
    expect(left).toEqual([]);
  });

  it.for(['fr', 'es'] as const)('shows no English catalogue sentence on a %s page of any template', async (language) => {
    const sentences = englishSentences(language);
    const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
    const countryPages = ['/parks/in/uganda', '/safaris/in/rwanda', '/experiences/in/kenya', '/safaris/experiences/birding-safaris'].map((p) => localizePath(p, language));
    const pages = [...new Set([...germanSample(sitemap, language), ...countryPages])];
    expect(pages.length).toBeGreaterThan(15);
    // The country pages and a safari experience's page are in the sample.
    for (const list of ['/parks/in/', '/safaris/in/', '/experiences/in/', '/safaris/experiences/'])
      expect(
        pages.some((p) => p.startsWith(localizePath(list, language))),
        list,
      ).toBe(true);
    const left: string[] = [];
    for (const page of pages) {
      const html = await (await fetch(site.base + page)).text();
      expect(html, page).toContain(`<html lang="${language}"`);
      const words = visibleWords(html);
      for (const [text, key] of sentences) if (words.includes(text)) left.push(`${page}: ${key} "${text}"`);
    }
    expect(left).toEqual([]);
  });

  it('says in German that a link opens a new tab, and writes the error page’s WhatsApp message in German', async () => {
    const german = await (await fetch(`${site.base}/de`)).text();
    expect(visibleWords(german)).toContain('(öffnet in einem neuen Tab)');
    expect(visibleWords(german)).not.toContain('opens in a new tab');
    expect(await (await fetch(`${site.base}/`)).text()).toContain('<span class="sr-only"> (<!-- -->opens in a new tab<!-- -->)</span>');
    const missing = await (await fetch(`${site.base}/de/gibt-es-nicht`)).text();
    const whatsapp = decodeEntities(/<a href="([^"]+)"[^>]*class="btn btn--whatsapp"/.exec(missing)![1]!);
    expect(new URL(whatsapp).searchParams.get('text')).toMatch(/^Hallo /);
  });

  it('offers the planning form’s safaris by their German titles on a German page, and keeps the English ones', async () => {
    const choices = async (page: string) => {
      const select = /<select[^>]*name="safari"[^>]*>([\s\S]*?)<\/select>/.exec(await (await fetch(site.base + page)).text())![1]!;
      return [...select.matchAll(/<option value="[^"]+">([^<]+)<\/option>/g)].map((m) => decodeEntities(m[1]!));
    };
    const german = await choices(localizePath('/plan-a-safari', 'de'));
    expect(german).toContain('1 Tag: Gorilla-Trekking in Bwindi ab Kabale');
    expect(german.filter((c) => !/^\d+ Tage?: /.test(c))).toEqual([]);
    expect(await choices('/plan-a-safari')).toContain('1 Day Bwindi Gorilla Trek from Kabale');
  });

  it('sends an unknown safari of the German planning page to the plain German page, and the English one to the English', async () => {
    const location = async (page: string) => (await fetch(`${site.base}${page}?safari=no-such-safari`, { redirect: 'manual' })).headers.get('location');
    expect(await location(localizePath('/plan-a-safari', 'de'))).toBe('/de/safari-planen');
    expect(await location('/plan-a-safari')).toBe('/plan-a-safari');
  });

  it('names a German safari page’s itinerary days and breadcrumbs in its structured data in German', async () => {
    const graph = async (page: string) => {
      const html = await (await fetch(site.base + page)).text();
      return (JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as { '@graph': Record<string, unknown>[] })['@graph'];
    };
    const names = (nodes: Record<string, unknown>[], type: string, list: (n: Record<string, unknown>) => unknown) =>
      ((list(nodes.find((n) => n['@type'] === type)!) as { name: string }[] | undefined) ?? []).map((i) => i.name);
    const german = await graph('/de/safaris/1-day-bwindi-gorilla-trek-from-kabale');
    expect(names(german, 'BreadcrumbList', (n) => n.itemListElement)).toEqual(['Startseite', 'Safaris', '1 Tag: Gorilla-Trekking in Bwindi ab Kabale']);
    const links = (nodes: Record<string, unknown>[]) => (nodes.find((n) => n['@type'] === 'BreadcrumbList')!.itemListElement as { item: string }[]).map((i) => new URL(i.item).pathname);
    expect(links(german)).toEqual(['/de/', '/de/safaris', '/de/safaris/1-day-bwindi-gorilla-trek-from-kabale']);
    const days = names(german, 'TouristTrip', (n) => (n.itinerary as { itemListElement: unknown }).itemListElement);
    expect(days.length).toBeGreaterThan(0);
    expect(days.filter((d) => !d.startsWith('Tag '))).toEqual([]);
    const english = await graph('/safaris/1-day-bwindi-gorilla-trek-from-kabale');
    expect(names(english, 'BreadcrumbList', (n) => n.itemListElement)).toEqual(['Home', 'Safaris', '1 Day Bwindi Gorilla Trek from Kabale']);
    expect(links(english)).toEqual(['/', '/safaris', '/safaris/1-day-bwindi-gorilla-trek-from-kabale']);
    expect(names(english, 'TouristTrip', (n) => (n.itinerary as { itemListElement: unknown }).itemListElement)[0]).toMatch(/^Day 1: /);
  });

  it('says a German page’s title and description in German, and keeps the English ones', async () => {
    const head = async (page: string) => {
      const html = await (await fetch(site.base + page)).text();
      return { title: decodeEntities(/<title>([^<]*)<\/title>/.exec(html)![1]!), description: decodeEntities(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '') };
    };
    expect(await head('/de/nationalparks/in/uganda')).toEqual({
      title: 'Reiseziele in Uganda | Kigezi Trails',
      description: 'Nationalparks und Sehenswürdigkeiten in Uganda, mit den Safaris, die wir dort führen.',
    });
    expect((await head('/de/nationalparks/in/democratic-republic-of-congo')).title).toBe('Reiseziele in der Demokratischen Republik Kongo | Kigezi Trails');
    expect((await head('/de/safaris/in/rwanda')).title).toBe('Safaris in Ruanda | Kigezi Trails');
    expect((await head('/fr/safaris/en/rwanda')).title).toBe('Safaris au Rwanda | Kigezi Trails');
    expect((await head('/de/erlebnisse/in/kenya')).description).toMatch(/^Erlebnisse auf Safari in Kenia: /);
    expect((await head('/de/safaris/1-day-bwindi-gorilla-trek-from-kabale')).title).toBe('1 Tag: Gorilla-Trekking in Bwindi ab Kabale | Kigezi Trails');
    expect((await head('/de/gibt-es-nicht')).title).toBe('Seite nicht gefunden | Kigezi Trails');
    // English as the API words it.
    const english = await head('/parks/in/uganda');
    expect(english.title).toBe('Destinations in Uganda | Kigezi Trails');
    expect(english.description).toMatch(/^National parks and tourist attractions in Uganda: /);
    expect((await head('/safaris/1-day-bwindi-gorilla-trek-from-kabale')).title).toBe('1 Day Bwindi Gorilla Trek from Kabale | Kigezi Trails');
    expect((await head('/no-such-page')).title).toBe('Page not found | Kigezi Trails');
  });

  it('links a German page of every template only to German pages, but for the language switcher', async () => {
    const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
    const leaving: string[] = [];
    const countryPages = ['/parks/in/uganda', '/safaris/in/rwanda', '/experiences/in/kenya', '/safaris/experiences/birding-safaris'].map((p) => localizePath(p, 'de'));
    for (const page of [...new Set([...germanSample(sitemap), ...countryPages, localizePath('/gibt-es-nicht', 'de')])]) {
      const html = await (await fetch(site.base + page)).text();
      // Every link of the site (files, pictures and the API aside) but the switcher's (hreflang).
      const links = [...html.matchAll(/<a [^>]*href="(\/[^"]*)"[^>]*>/g)].filter((m) => !/hreflang=/i.test(m[0])).map((m) => m[1]!);
      for (const href of links) if (!/^\/(assets|images|fonts|api)\//.test(href) && href !== '/favicon.svg' && !href.startsWith('/de/')) leaving.push(`${page}: ${href}`);
    }
    expect(leaving).toEqual([]);
  });

  it('sends a French form without JavaScript back to its French page, with the French message and the values kept', async () => {
    const action = localizePath('/enquiry', 'fr');
    const body = new URLSearchParams({
      ...goodEnquiry(7),
      email: 'pas-une-adresse',
      name: 'Jeanne Dupont',
      variant: 'plan',
      currentUrl: `http://localhost:3000${localizePath('/plan-a-safari', 'fr')}`,
    });
    const res = await fetch(site.base + action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.base }, body });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('Veuillez saisir une adresse e-mail valide.');
    expect(html).not.toContain('Please enter a valid email address.');
    expect(html).toContain('value="Jeanne Dupont"');
    expect(html).toContain('value="pas-une-adresse"');
    expect(htmlText(html)).toContain('Envoyer ma demande');
    expect(html).toContain(`action="${action}"`);
  });

  it('keeps the English form at its address with the spec’s words', async () => {
    const body = new URLSearchParams({ ...goodEnquiry(8), email: 'not-an-address', variant: 'plan' });
    const res = await fetch(`${site.base}/enquiry`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.base }, body });
    const html = await res.text();
    expect(html).toContain('<html lang="en');
    expect(html).toContain('Please enter a valid email address.');
    expect(html).toContain('action="/enquiry"');
  });
});

describe('the 429 view in the language of the address refused', () => {
  let site: InProcessSite;
  // A small budget (1 % of the process), and X-Forwarded-For heard (TRUST_PROXY=1) to speak for one visitor.
  beforeAll(async () => {
    site = await startSite({ env: { SITE_LANGUAGES: 'en,de,fr,es', SPAM_CHECKS: 'on', CLIENT_SHARE_PERCENT: '1', TRUST_PROXY: '1' } });
  }, 120_000);
  afterAll(() => site?.stop());

  it('refuses a flood of German searches with the German view', async () => {
    const search = localizePath('/search', 'de');
    let refused: Response | undefined;
    for (let i = 0; i < 2000 && !refused; i++) {
      const res = await fetch(`${site.base}${search}?query=gorilla+${i}`, { headers: { 'x-forwarded-for': '203.0.113.40' } });
      if (res.status === 429) refused = res;
      else await res.arrayBuffer();
    }
    expect(refused?.status).toBe(429);
    const html = await refused!.text();
    expect(html).toContain('<html lang="de"');
    expect(decodeEntities(htmlText(html))).toContain('Bitte warten Sie eine Minute');
    expect(html).not.toContain('Please wait a minute');
  });
});
