// What a visitor reads, in the page's language (SITE_LANGUAGES=en,de,fr,es), against the
// production build: a German page of every template carries no sentence of the English catalogue
// that German says otherwise; a French form sent without JavaScript comes back on its French page
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
 * The English catalogue's sentences a German page must not show: each message's text between its
 * values, four words or more, that the German message does not say too (a name, "Safari", stays).
 */
function englishSentences(): Map<string, string> {
  const en = catalogue('en');
  const de = catalogue('de');
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

/** One address of each kind of page in the sitemap, in German. */
function germanSample(sitemap: string): string[] {
  const seen = new Map<string, string>();
  for (const m of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const p = new URL(m[1]!).pathname;
    if (!p.startsWith('/de/') && p !== '/de') continue;
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
