import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { site } from '../../common/site.ts';
import { whatsappHref } from '../../common/whatsapp.ts';
import { ErrorView } from './ErrorView.tsx';

// The view inside a data router, as the site renders it (its links read the page's matches).
const inRouter = (view: React.ReactNode) => {
  const Stub = createRoutesStub([{ path: '/', Component: () => view }]);
  return <Stub />;
};

describe('ErrorView', () => {
  it('is the not-found view of the spec', () => {
    const html = renderToStaticMarkup(inRouter(<ErrorView />));
    expect(html).toContain('>Ooops!</h1>');
    expect(html).toContain('Error: 404 Page');
    expect(html).toContain(`href="${whatsappHref()}"`);
    expect(whatsappHref()).toMatch(new RegExp(`^${site.whatsappHref}\\?text=`));
    for (const href of ['/safaris', '/parks', '/experiences', '/blogs']) expect(html).toContain(`href="${href}"`);
  });
  it('words a server error differently', () => {
    const html = renderToStaticMarkup(inRouter(<ErrorView status={500} />));
    expect(html).toContain('Ooops!');
    expect(html).toContain('Error: 500 Page');
  });
});
