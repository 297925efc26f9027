// The words a link that leaves the site adds to its accessible name ("opens in a new tab"), in each
// language, as the pages say them (the shell's catalogues, `link.newTab`: app/components/ExternalLink.tsx):
// for the server, which renders a translation's Markdown in its language
// (server/content/translated-answers.ts). Server-only: it reads every language's shell catalogue.
import type { Language } from '../../common/languages.ts';
import { messages as de } from './compiled/de.ts';
import { messages as en } from './compiled/en.ts';
import { messages as es } from './compiled/es.ts';
import { messages as fr } from './compiled/fr.ts';
import { catalogue } from './messages.ts';

const SHELLS = { en, de, fr, es } satisfies Record<Language, unknown>;

const NOTES = Object.fromEntries(Object.entries(SHELLS).map(([language, messages]) => [language, catalogue(language, messages)._('link.newTab')])) as Record<Language, string>;

/** The new-tab note in a language. */
export function newTabNote(language: Language): string {
  return NOTES[language];
}
