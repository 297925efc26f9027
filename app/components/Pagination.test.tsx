import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { Pagination } from './Pagination.tsx';
import { loadLanguage } from '../i18n/index.ts';

// The pages' English messages, as the server and the browser load them before rendering.
beforeAll(() => loadLanguage('en', 'all'));

const render = (url: string, page: number, totalPages: number) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <Pagination page={page} totalPages={totalPages} />
    </MemoryRouter>,
  );

describe('Pagination', () => {
  it('dims Prev on the first page and links Next', () => {
    const html = render('/animals', 1, 4);
    expect(html).toMatch(/<span class="pagination__step is-disabled" aria-disabled="true">.*Prev<\/span>/);
    expect(html).toMatch(/<a class="pagination__step" rel="next" href="\/animals\?page=2"/);
    expect(html).toContain('aria-current="page"');
  });
  it('dims Next on the last page and keeps the other parameters', () => {
    const html = render('/safaris?sort=desc&page=3', 3, 3);
    expect(html).toMatch(/<span class="pagination__step is-disabled" aria-disabled="true">Next.*<\/span>/);
    expect(html).toMatch(/<a class="pagination__step" rel="prev" href="\/safaris\?sort=desc&amp;page=2"/);
    expect(html).toMatch(/aria-label="Page 1" href="\/safaris\?sort=desc"/);
  });
  it('renders nothing for a single page', () => {
    expect(render('/blogs', 1, 1)).toBe('');
  });
});
