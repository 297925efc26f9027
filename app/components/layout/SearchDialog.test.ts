import { describe, expect, it } from 'vitest';
import { searchHref } from './SearchDialog.tsx';

describe('searchHref', () => {
  it('refuses empty and whitespace-only terms', () => {
    expect(searchHref('')).toBeNull();
    expect(searchHref('   \t ')).toBeNull();
  });
  it('URL-encodes the trimmed term into ?query=', () => {
    expect(searchHref('  gorilla trekking ')).toBe('/search?query=gorilla%20trekking');
    expect(searchHref('5 days & more?')).toBe('/search?query=5%20days%20%26%20more%3F');
  });
});
