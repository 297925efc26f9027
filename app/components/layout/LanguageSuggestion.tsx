// The suggestion line: when the visitor's browser prefers another language the site serves
// (navigator.languages), one dismissible line, in that language, links to the same page in it.
// It is decided in the browser after hydration, so it never redirects and the page's HTML is the
// same for everyone (kept pages stay shared); a dismissal is remembered in localStorage.
import { useEffect, useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { isLanguage, LANGUAGES, languageOfPath, type Language } from '../../../common/languages.ts';
import { loadLanguage } from '../../i18n/index.ts';
import { pathIn, useDataLanguage } from '../../lib/languages.ts';

const DISMISSED = 'language-suggestion-dismissed';

/** The first language of the browser's list the site serves, if it is not the page's. */
function preferredLanguage(browser: readonly string[], served: readonly Language[], current: Language): Language | null {
  for (const tag of browser) {
    const code = tag.toLowerCase().split('-')[0];
    if (isLanguage(code) && served.includes(code)) return code === current ? null : code;
  }
  return null;
}

type Suggestion = { language: Language; sentence: string; link: string; dismiss: string };

export function LanguageSuggestion() {
  const root = useRouteLoaderData('root') as { languages?: readonly Language[] } | undefined;
  const { pathname, search } = useLocation();
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const served = root?.languages;
  // A page at one address for every language (the trip page) is in the language its data names, and changes with ?lang=.
  const byData = useDataLanguage();
  const current = byData ?? languageOfPath(pathname);

  useEffect(() => {
    if (!served || served.length < 2 || localStorage.getItem(DISMISSED) === '1') return;
    const language = preferredLanguage(navigator.languages ?? [navigator.language], served, current);
    if (!language) return setSuggestion(null);
    let live = true;
    void loadLanguage(language).then((i18n) => {
      const name = LANGUAGES[language].name;
      if (live) setSuggestion({ language, sentence: i18n._('language.suggest', { language: name }), link: i18n._('language.suggestLink', { language: name }), dismiss: i18n._('language.dismiss') });
    });
    return () => {
      live = false;
    };
  }, [served, current]);

  if (!suggestion) return null;
  const info = LANGUAGES[suggestion.language];
  return (
    <aside className="language-suggestion" lang={info.tag} aria-label={info.name}>
      <div className="container language-suggestion__inner">
        <p>
          {suggestion.sentence}{' '}
          <a href={byData ? `${pathname}?lang=${suggestion.language}` : `${pathIn(pathname, suggestion.language)}${search}`} hrefLang={info.tag}>
            {suggestion.link}
          </a>
        </p>
        <button
          type="button"
          className="language-suggestion__close"
          onClick={() => {
            localStorage.setItem(DISMISSED, '1');
            setSuggestion(null);
          }}
        >
          {suggestion.dismiss}
        </button>
      </div>
    </aside>
  );
}
