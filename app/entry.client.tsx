// The browser's entry: React Router's own, after the page's messages are there (English's shell part
// is in the shell; another language's is loaded here, on its pages only; the pages' part of the
// routes it hydrates: the shared chunk and each route's own, app/i18n/load.ts), so the page hydrates
// with the messages the server rendered it with. The addresses in other languages are loaded too
// where the page needs them: a page in another language, or one with the switcher or hreflang
// links (a site serving several languages).
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { LANGUAGE_CODES, LANGUAGES, languageOfPath } from '../common/languages.ts';
import { loadLanguage } from './i18n/index.ts';
import { loadLanguagePaths } from './lib/languages.ts';

// The language the server rendered the page in: its <html lang> (a page at one address for every
// language, such as the trip page, is in the booking's), else its address's.
const rendered = document.documentElement.lang;
const language = LANGUAGE_CODES.find((l) => LANGUAGES[l].tag === rendered) ?? languageOfPath(window.location.pathname);
const needsPaths = language !== 'en' || document.querySelector('[hreflang]') !== null;
// The routes the server rendered: React Router's script names their modules before this entry runs.
const routeIds = Object.keys((window as { __reactRouterRouteModules?: Record<string, unknown> }).__reactRouterRouteModules ?? {});

void Promise.all([loadLanguage(language, routeIds), needsPaths ? loadLanguagePaths() : undefined]).finally(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
