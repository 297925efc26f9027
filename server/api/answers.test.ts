import { describe, expect, it } from 'vitest';
import { dedupeById } from '../db/queries.ts';
import { pageMeta } from './answers.ts';

describe('dedupeById', () => {
  it('keeps the first occurrence in order', () => {
    expect(
      dedupeById([
        { id: 2, n: 'a' },
        { id: 1, n: 'b' },
        { id: 2, n: 'c' },
      ]),
    ).toEqual([
      { id: 2, n: 'a' },
      { id: 1, n: 'b' },
    ]);
  });
});

describe('pageMeta', () => {
  it('builds absolute canonical URLs', () => {
    expect(pageMeta('https://x.example', '/parks', 'Parks', 'k', 'd')).toEqual({
      title: 'Parks',
      pageKeywords: 'k',
      pageDescription: 'd',
      pageUrl: 'https://x.example/parks',
    });
  });
});
