// The messages' runtime (messages.ts) against Lingui's, the library the catalogues' format comes
// from: every message of every catalogue, and made-up ICU messages with plurals, selects, exact
// matches, offsets and `#`, give the same text for the same values.
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, LANGUAGES } from '../../common/languages.ts';
import { catalogue, type Messages } from './messages.ts';

const lingui = (locale: string, messages: Messages) => setupI18n({ locale, messages: { [locale]: messages as never } });

/**
 * A value as a visitor may type it, but for an escape sequence ("\\x41", "\\u00e9"): Lingui reads
 * those in the text it made, values included, and ours shows a value as it was given (below).
 */
const ESCAPE = /\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2})/;
const value = () => fc.string().filter((s) => !ESCAPE.test(s));

describe('the messages runtime', () => {
  it.each(LANGUAGE_CODES)('%s: every message reads as Lingui reads it, for any count and name', async (language) => {
    const { messages } = (await import(`./compiled/${language}.ts`)) as { messages: Messages };
    const ours = catalogue(language, messages);
    const theirs = lingui(language, messages);
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(messages)), fc.nat(1_000_000), value(), value(), (key, count, name, year) => {
        const values = { count, language: name, year, name };
        expect(ours._(key, values)).toBe(theirs._(key, values));
      }),
      { numRuns: 300 },
    );
  });

  const icu = [
    '{count, plural, =0 {No trips} one {# trip} other {# trips}}',
    '{count, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}',
    '{count, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
    '{kind, select, park {A park: {name}} lodge {A lodge, {count, plural, one {# room} other {# rooms}}} other {Something #}}',
    'Plain, with a # and {name} twice: {name}.',
  ];

  it('reads plurals, ordinals, selects, offsets and # as Lingui does in every language', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGE_CODES),
        fc.constantFrom(...icu),
        fc.integer({ min: 0, max: 120 }),
        fc.constantFrom('park', 'lodge', 'constructor', 'other', ''),
        value(),
        (language, source, count, kind, name) => {
          const messages = { m: compileMessageOrThrow(source) } as Messages;
          const values = { count, kind, name };
          expect(catalogue(LANGUAGES[language].tag, messages)._('m', values)).toBe(lingui(LANGUAGES[language].tag, messages)._('m', values));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('shows a value as it was given, escape sequences and all', () => {
    const messages = { m: compileMessageOrThrow('A park: {name}') } as Messages;
    for (const name of ['\\x00', '\\x41', '\\u00e9', 'C:\\new']) expect(catalogue('en', messages)._('m', { name })).toBe(`A park: ${name}`);
  });

  it('gives the key of a message it does not have, and never one inherited from an object', () => {
    const ours = catalogue('en', { hello: ['Hello'] });
    expect(ours._('hello')).toBe('Hello');
    expect(ours._('footer.missing')).toBe('footer.missing');
    expect(ours._('constructor')).toBe('constructor');
  });

  it('formats the number a plural counts in the language', () => {
    const messages = { m: compileMessageOrThrow('{count, plural, one {# Tag} other {# Tage}}') } as Messages;
    expect(catalogue('de', messages)._('m', { count: 12500 })).toBe('12.500 Tage');
    expect(catalogue('en-GB', messages)._('m', { count: 1 })).toBe('1 Tag');
  });
});
