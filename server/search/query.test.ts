import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, parseQuery, QueryError, replaceWords } from './query.ts';

describe('parseQuery', () => {
  it('refuses empty, blank and control-only text, and text over the limit', () => {
    for (const raw of [undefined, null, '', '   ', '\n\t', '\u0000\u0001', '\u200b']) expect(() => parseQuery(raw), JSON.stringify(raw)).toThrow(QueryError);
    expect(() => parseQuery('x'.repeat(MAX_QUERY_LENGTH + 1))).toThrow(/at most 500 characters/);
    // The limit counts characters, not UTF-16 units.
    expect(parseQuery('🦍'.repeat(MAX_QUERY_LENGTH)).text).toHaveLength(MAX_QUERY_LENGTH * 2);
  });

  it('removes control characters and replaces lone surrogates', () => {
    expect(parseQuery('gorilla\u0000trek').text).toBe('gorilla trek');
    expect(parseQuery('a\ud800b').text).toBe('a\ufffdb');
  });

  it('splits words on spaces and punctuation, lower-cased', () => {
    expect(parseQuery("Grevy's zebra, Lake-Mburo!").words.map((w) => w.word)).toEqual(['grevy', 's', 'zebra', 'lake', 'mburo']);
  });

  it('tracks excluded words, phrases and OR', () => {
    const q = parseQuery('"mountain gorilla" -rwanda or uganda');
    expect(q.hasOperators).toBe(true);
    expect(q.words).toEqual([
      { word: 'mountain', negated: false, quoted: true },
      { word: 'gorilla', negated: false, quoted: true },
      { word: 'rwanda', negated: true, quoted: false },
      { word: 'uganda', negated: false, quoted: false },
    ]);
    expect(parseQuery('gorilla trek').hasOperators).toBe(false);
  });

  it('treats the last word as being typed unless the text ends with a space, a quote or punctuation', () => {
    expect(parseQuery('mountain gori')).toMatchObject({ typing: 'gori', textBeforeTyping: 'mountain' });
    expect(parseQuery('mountain gori ').typing).toBeNull();
    expect(parseQuery('"mountain gori"').typing).toBeNull();
    expect(parseQuery('gorilla -rwan').typing).toBeNull();
    expect(parseQuery('gorilla.').typing).toBeNull();
    expect(parseQuery('g').typing).toBeNull();
  });
});

describe('replaceWords', () => {
  it('replaces whole words only, keeping quotes, minus signs and case of the rest', () => {
    const fix = new Map([
      ['gorila', 'gorilla'],
      ['bwindy', 'bwindi'],
    ]);
    expect(replaceWords('"Gorila trek" -Bwindy gorilas', fix)).toBe('"gorilla trek" -bwindi gorilas');
    expect(replaceWords('gorila.gorila', fix)).toBe('gorilla.gorilla');
    expect(replaceWords('nothing here', fix)).toBe('nothing here');
  });
});
