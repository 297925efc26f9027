import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShareBlock, shareLinks } from './ShareBlock.tsx';

describe('share links', () => {
  const url = 'https://kigezitrails.example/blogs/lake-bunyonyi-guide?x=1&y=2';
  it('carries the page address and the fixed text to each network', () => {
    const links = shareLinks(url);
    expect(links.map((l) => l.network)).toEqual(['facebook', 'twitter', 'linkedin', 'whatsapp']);
    for (const l of links) {
      const decoded = decodeURIComponent(l.href);
      expect(decoded, l.network).toContain(url);
      expect(decoded, l.network).toContain('Check out this amazing post!');
    }
    expect(links[0].href.startsWith('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fkigezitrails.example')).toBe(true);
  });
  it('opens every link in a new tab without an opener', () => {
    const html = renderToStaticMarkup(<ShareBlock url={url} />);
    expect(html.match(/target="_blank"/g)).toHaveLength(4);
    expect(html.match(/rel="noopener noreferrer"/g)).toHaveLength(4);
  });
});
