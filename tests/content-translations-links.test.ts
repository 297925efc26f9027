// A link to another site in translated content says that it opens in a new tab in the content's
// language (its visually hidden words), on the API's answers and on the pages, with the site's own
// translations (seeded from content/translations/): the FAQ on Uganda's visa and the travel advice
// link to Uganda's e-visa site in every language. English keeps its words.
import './helpers/production.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizePath } from '../common/language-paths.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';

const VISA_SITE = 'https://visas.immigration.go.ug';
const NOTES = { en: 'opens in a new tab', de: 'öffnet in einem neuen Tab', fr: 's’ouvre dans un nouvel onglet', es: 'se abre en una pestaña nueva' } as const;
type Lang = keyof typeof NOTES;

/** The visually hidden notes of the links to the e-visa site in an HTML text (React's text separators left out). */
const notesOf = (html: string) => [...html.replace(/<!-- -->/g, '').matchAll(new RegExp(`<a href="${VISA_SITE}"[^>]*>[^<]*<span class="sr-only"> \\(([^)]*)\\)</span></a>`, 'g'))].map((m) => m[1]);

describe('links to other sites in translated content', () => {
  let site: InProcessSite;

  beforeAll(async () => {
    site = await startSite({ env: { SITE_LANGUAGES: 'en,de,fr,es' } });
  });
  afterAll(() => site?.stop());

  it.each(Object.keys(NOTES) as Lang[])('says it in %s in the FAQ answers the API gives', async (language) => {
    const prefix = language === 'en' ? '' : `/${language}`;
    const res = await fetch(`${site.base}/api${prefix}/frequently-asked-questions`);
    expect(res.status).toBe(200);
    const notes = notesOf(JSON.stringify(await res.json()).replace(/\\"/g, '"'));
    expect(notes.length).toBeGreaterThan(0);
    expect(new Set(notes)).toEqual(new Set([NOTES[language]]));
  });

  it.each(Object.keys(NOTES) as Lang[])('says it in %s on the travel advice page, in its text and in the page’s own link', async (language) => {
    const res = await fetch(site.base + localizePath('/travel-advice', language));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(notesOf(html)).toEqual([NOTES[language], NOTES[language]]);
    if (language !== 'en') expect(html).not.toContain(NOTES.en);
  });
});
