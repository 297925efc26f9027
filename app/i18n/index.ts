// The UI's messages (app/i18n/catalogues/, compiled to app/i18n/compiled/): one catalogue per
// language, made once (app/i18n/messages.ts reads them), in two parts: the shell's and the pages'.
// English's shell part is in the shell; every other part is a chunk of its own, loaded only on its
// language's pages (entry.client.tsx loads them before hydrating; the server loads each once), so a
// page loads its own language's messages and no other's. A component reads the page's messages
// with useT() (a page's or a form's: from app/i18n/pages.ts).
import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { messages as english } from './compiled/en.ts';
import { catalogue, type Catalogue as I18n, type Messages } from './messages.ts';

const instances = new Map<Language, I18n>([[DEFAULT_LANGUAGE, catalogue(DEFAULT_LANGUAGE, { ...english })]]);

type Part = Promise<{ messages: Messages }>;
const CATALOGUES: Record<Exclude<Language, 'en'>, () => [Part, Part]> = {
  de: () => [import('./compiled/de.ts'), import('./compiled/pages/de.ts')],
  fr: () => [import('./compiled/fr.ts'), import('./compiled/pages/fr.ts')],
  es: () => [import('./compiled/es.ts'), import('./compiled/pages/es.ts')],
};

let englishPages: Promise<void> | undefined;

/** The language's messages, loaded once (English is always there). */
export async function loadLanguage(language: Language): Promise<I18n> {
  if (language === DEFAULT_LANGUAGE) {
    const english = instances.get(DEFAULT_LANGUAGE)!;
    await (englishPages ??= import('./compiled/pages/en.ts').then(({ messages }) => void Object.assign(english.messages, messages)));
    return english;
  }
  const known = instances.get(language);
  if (known) return known;
  const [shell, pages] = await Promise.all(CATALOGUES[language as Exclude<Language, 'en'>]());
  const made = catalogue(language, { ...shell.messages, ...pages.messages });
  instances.set(language, made);
  return made;
}

/** The language's messages if loaded, English until then. */
export function i18nFor(language: Language): I18n {
  return instances.get(language) ?? instances.get(DEFAULT_LANGUAGE)!;
}

export const I18nContext = createContext<I18n>(i18nFor(DEFAULT_LANGUAGE));

/** The page's language: its messages' (the root provides them by the page's address). */
export function usePageLanguage(): Language {
  return useContext(I18nContext).locale as Language;
}

/** A message of the page's language by its key, with its values (ICU: plurals, selects). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function useT(): Translate {
  const i18n = useContext(I18nContext);
  return (key, values) => i18n._(key, values);
}

/**
 * A message of text and plain values as its pieces, each rendered as its own text node, as JSX
 * writes `since {year}.`: the English pages stay as they were rendered before the catalogues. A
 * message with plurals or selects is one string.
 */
export function useTParts(): (key: string, values: Record<string, string>) => string[] {
  const i18n = useContext(I18nContext);
  return (key, values) => {
    const compiled = i18n.messages[key];
    if (!Array.isArray(compiled) || !compiled.every((p) => typeof p === 'string' || (Array.isArray(p) && p.length === 1))) return [i18n._(key, values)];
    return compiled.map((p) => (typeof p === 'string' ? p : (values[p[0] as string] ?? ''))).filter((p) => p !== '');
  };
}
