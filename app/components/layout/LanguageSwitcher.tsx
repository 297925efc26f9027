// The language switcher (header's top bar and the mobile menu): the same page in each other
// language served, as plain links (a new document, so the page's catalogue is loaded before it is
// hydrated). Shown only when the site serves more than one language (SITE_LANGUAGES).
import { useLocation, useRouteLoaderData } from 'react-router';
import { LANGUAGES, languageOfPath, type Language } from '../../../common/languages.ts';
import { useT } from '../../i18n/index.ts';
import { pathIn, useDataLanguage } from '../../lib/languages.ts';

export function LanguageSwitcher({ className }: { className: string }) {
  const root = useRouteLoaderData('root') as { languages?: readonly Language[] } | undefined;
  const { pathname, search } = useLocation();
  const t = useT();
  // A page at one address for every language (the trip page) switches with ?lang=.
  const byData = useDataLanguage();
  const languages = root?.languages;
  if (!languages || languages.length < 2) return null;
  const current = byData ?? languageOfPath(pathname);
  const href = (l: Language) => (byData ? `${pathname}?lang=${l}` : `${pathIn(pathname, l)}${search}`);
  return (
    <nav className={`language-switch ${className}`} aria-label={t('language.label')}>
      <ul>
        {languages.map((l) => (
          <li key={l}>
            <a href={href(l)} lang={LANGUAGES[l].tag} hrefLang={LANGUAGES[l].tag} aria-current={l === current ? 'true' : undefined}>
              <span aria-hidden="true">{l.toUpperCase()}</span>
              <span className="sr-only">{l === current ? t('language.current', { language: LANGUAGES[l].name }) : LANGUAGES[l].name}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
