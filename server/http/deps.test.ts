import { describe, expect, it } from 'vitest';
import { parsePaging, totalPagesFor } from './deps.ts';
import { HttpError } from './error.ts';

const q = (o: Record<string, string>) => (k: string) => o[k];

describe('parsePaging', () => {
  it('defaults to page 1 and the list page size', () => {
    expect(parsePaging(q({}), 12)).toEqual({ page: 1, limit: 12, offset: 0 });
  });
  it('reads page and limit', () => {
    expect(parsePaging(q({ page: '3', limit: '8' }), 12)).toEqual({ page: 3, limit: 8, offset: 16 });
  });
  it.each(['0', '-1', 'abc', '1.5', '', ' 1', '1e2', '01', '9999999999'])('refuses page %j with a 400', (page) => {
    const e = (() => {
      try {
        parsePaging(q({ page }), 12);
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(HttpError);
    expect((e as HttpError).status).toBe(400);
  });
  it('refuses a limit over 100 or under 1', () => {
    expect(() => parsePaging(q({ limit: '101' }), 12)).toThrow(/at most 100/);
    expect(() => parsePaging(q({ limit: '0' }), 12)).toThrow(HttpError);
    expect(parsePaging(q({ limit: '100' }), 12).limit).toBe(100);
  });
});

describe('totalPagesFor', () => {
  it('counts pages and accepts pages 1..total', () => {
    expect(totalPagesFor(25, { page: 3, limit: 12, offset: 24 })).toBe(3);
    expect(totalPagesFor(24, { page: 2, limit: 12, offset: 12 })).toBe(2);
  });
  it('refuses a page past the end', () => {
    expect(() => totalPagesFor(24, { page: 3, limit: 12, offset: 24 })).toThrow(/there are 2 pages/);
  });
  it('keeps page 1 of an empty list', () => {
    expect(totalPagesFor(0, { page: 1, limit: 9, offset: 0 })).toBe(0);
    expect(() => totalPagesFor(0, { page: 2, limit: 9, offset: 9 })).toThrow(HttpError);
  });
});
