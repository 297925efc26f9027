// The browser's entry: React Router's own, after the page's message catalogue is there (English is
// in the shell; another language's chunk is loaded here, on its pages only), so the page hydrates
// with the messages the server rendered it with.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { languageOfPath } from '../common/languages.ts';
import { loadLanguage } from './i18n/index.ts';

void loadLanguage(languageOfPath(window.location.pathname)).finally(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
