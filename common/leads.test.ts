import { describe, expect, it } from 'vitest';
import { leadPath } from './leads.ts';

describe('the page path a WhatsApp lead is counted under', () => {
  it('takes the site’s page paths, without a trailing slash', () => {
    expect(leadPath('/')).toBe('/');
    expect(leadPath('/safaris/9-day-gorilla-safari')).toBe('/safaris/9-day-gorilla-safari');
    expect(leadPath('/safaris/in/uganda/')).toBe('/safaris/in/uganda');
    expect(leadPath('/about-kigezi-trails-tours-and-travel')).toBe('/about-kigezi-trails-tours-and-travel');
  });
  it('refuses anything else: addresses, queries, odd characters, too deep or too long', () => {
    for (const v of ['', 'safaris', '/Safaris', '/safaris?x=1', '/safaris#top', 'https://x.example/', '/a//b', '/a b', '/a/-b', '/a/b/c/d/e/f', `/${'a'.repeat(200)}`, 5, null, undefined, {}])
      expect(leadPath(v), JSON.stringify(v)).toBeNull();
  });
});
