import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { site } from '../../common/site.ts';
import { ExternalLink } from './ExternalLink.tsx';

describe('ExternalLink', () => {
  it('opens in a new tab without an opener and says so after its words', () => {
    const html = renderToStaticMarkup(<ExternalLink href={site.visaSite}>Uganda e-visa</ExternalLink>);
    expect(html).toBe(`<a href="${site.visaSite}" target="_blank" rel="noopener noreferrer">Uganda e-visa<span class="sr-only"> (opens in a new tab)</span></a>`);
  });
  it('names an icon-only link with its label and the note', () => {
    const html = renderToStaticMarkup(
      <ExternalLink href={site.social.youtube} label="Kigezi Trails on YouTube" className="x">
        <svg />
      </ExternalLink>,
    );
    expect(html).toBe(`<a href="${site.social.youtube}" target="_blank" rel="noopener noreferrer" aria-label="Kigezi Trails on YouTube (opens in a new tab)" class="x"><svg></svg></a>`);
  });
});
