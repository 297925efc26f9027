import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { site } from '../../common/site.ts';
import { whatsappHref } from '../../common/whatsapp.ts';
import { ErrorView } from './ErrorView.tsx';

describe('ErrorView', () => {
  it('is the not-found view of the spec', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ErrorView />
      </MemoryRouter>,
    );
    expect(html).toContain('>Ooops!</h1>');
    expect(html).toContain('Error: 404 Page');
    expect(html).toContain(`href="${whatsappHref()}"`);
    expect(whatsappHref()).toMatch(new RegExp(`^${site.whatsappHref}\\?text=`));
    for (const href of ['/safaris', '/parks', '/experiences', '/blogs']) expect(html).toContain(`href="${href}"`);
  });
  it('words a server error differently', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ErrorView status={500} />
      </MemoryRouter>,
    );
    expect(html).toContain('Ooops!');
    expect(html).toContain('Error: 500 Page');
  });
});
