// The message catalogues: every key of any language is in every language, every message is valid
// ICU with the same placeholders as the English, and the compiled files are up to date.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../common/languages.ts';
import { CATALOGUE_PARTS, compiledMessages } from './compile.ts';
import { i18nFor, loadLanguage } from './index.ts';
import { pagesMessages } from './load.ts';

const read = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, 'catalogues', `${name}.json`), 'utf8')) as Record<string, string>;
/** A language's whole catalogue: its shell's part and its pages' part. */
const source = (language: string) => Object.assign({}, ...CATALOGUE_PARTS.map((part) => read(`${part}${language}`))) as Record<string, string>;

/** The names of a message's values, plurals' included (it throws on a message that is not ICU). */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown[]) => {
    for (const t of tokens) {
      if (!Array.isArray(t)) continue;
      names.add(t[0] as string);
      const cases = t[2];
      if (cases && typeof cases === 'object') for (const c of Object.values(cases)) if (Array.isArray(c)) walk(c);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

describe('message catalogues', () => {
  const all = new Set(LANGUAGE_CODES.flatMap((l) => Object.keys(source(l))));

  it.each(LANGUAGE_CODES)('%s has every key of every language, and no empty message', (language) => {
    const catalogue = source(language);
    const missing = [...all].filter((key) => !(key in catalogue));
    expect(missing, `keys missing in ${language}`).toEqual([]);
    for (const [key, message] of Object.entries(catalogue)) expect(message.trim(), `${language} ${key}`).not.toBe('');
  });

  it.each(LANGUAGE_CODES)('%s: every message is ICU with the English placeholders', (language) => {
    const english = source('en');
    for (const [key, message] of Object.entries(source(language))) expect(placeholders(message), `${language} ${key}`).toEqual(placeholders(english[key]!));
  });

  it.each(LANGUAGE_CODES)('%s: the compiled catalogue is up to date (npm run i18n:compile)', async (language) => {
    const file = path.join(import.meta.dirname, 'compiled', `${language}.ts`);
    const { messages } = (await import(/* @vite-ignore */ file)) as { messages: Record<string, unknown> };
    expect(messages, language).toEqual(compiledMessages(read(language)));
    // The pages' part: its chunks together (app/i18n/split.test.ts checks the split itself).
    expect(await pagesMessages(language, 'all'), `pages/${language}`).toEqual(compiledMessages(read(`pages/${language}`)));
  });

  it.each(LANGUAGE_CODES)('%s: a key is in one part only (the shell or the pages)', (language) => {
    const [shell, pages] = CATALOGUE_PARTS.map((part) => Object.keys(read(`${part}${language}`)));
    expect(shell!.filter((key) => pages!.includes(key))).toEqual([]);
  });

  it('formats plurals per language', async () => {
    expect(i18nFor('en')._('language.otherCount', { count: 1 })).toBe('1 other language');
    expect(i18nFor('en')._('language.otherCount', { count: 3 })).toBe('3 other languages');
    expect((await loadLanguage('de'))._('language.otherCount', { count: 2 })).toBe('2 weitere Sprachen');
    expect((await loadLanguage('fr'))._('language.otherCount', { count: 1 })).toBe('1 autre langue');
    expect((await loadLanguage('es'))._('language.suggest', { language: 'Español' })).toBe('Esta página también está disponible en Español.');
    expect((await loadLanguage('de'))._('language.suggest', { language: 'Deutsch' })).toBe('Diese Seite gibt es auch auf Deutsch.');
  });
});

describe("the spec's exact English words stay exact in the English catalogue", () => {
  const en = source('en');

  it('the validation messages, the forms and their alerts', async () => {
    const { LIMITS, MESSAGES, tooLongMessage } = await import('../../common/validation.ts');
    const { TRIP_MESSAGES } = await import('../../common/enquiry-trip.ts');
    const { ENQUIRY_ALERTS, HOME_THANKS, SUBMIT_LABEL } = await import('../components/EnquiryForm.tsx');
    const { NEWSLETTER_ALERTS, SUBSCRIBE_LABEL } = await import('../components/NewsletterForm.tsx');
    const { confirmMessage, tooFastMessage } = await import('../../common/forms.ts');
    const english = await loadLanguage('en', 'all');
    for (const [name, text] of Object.entries(MESSAGES)) expect(en[`validation.${name}`], name).toBe(text);
    for (const field of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
      expect(english._('validation.tooLong', { field: english._(`validation.field.${field}`), max: String(LIMITS[field]) })).toBe(tooLongMessage(field));
    }
    const max: Record<string, number> = { adults: 50, children: 20, childAges: 17 };
    for (const [name, text] of Object.entries(TRIP_MESSAGES)) expect(english._(`trip.error.${name}`, { max: String(max[name] ?? '') }), name).toBe(text);
    for (const [variant, label] of Object.entries(SUBMIT_LABEL)) expect(en[`enquiry.submit.${variant}`]).toBe(label);
    for (const [name, text] of Object.entries(ENQUIRY_ALERTS)) expect(en[`enquiry.${name}`]).toBe(text);
    expect([en['enquiry.homeTitle'], en['enquiry.homeText']]).toEqual([HOME_THANKS.title, HOME_THANKS.text]);
    expect([en['newsletter.success'], en['newsletter.exception'], en['newsletter.subscribe']]).toEqual([NEWSLETTER_ALERTS.success, NEWSLETTER_ALERTS.exception, SUBSCRIBE_LABEL]);
    expect(english._('newsletter.failure', { text: 'x' })).toBe(NEWSLETTER_ALERTS.failure('x'));
    expect(english._('forms.confirm', { button: 'Send' })).toBe(confirmMessage('Send'));
    expect(english._('forms.tooFast', { button: 'Send' })).toBe(tooFastMessage('Send'));
  });
});
