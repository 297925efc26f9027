import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useNavigation, useRouteError, useRouteLoaderData, type LinksFunction } from 'react-router';
import frauncesLatin from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url';
import manropeLatin from '@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url';
import { ErrorView } from './components/ErrorView.tsx';
import { StructuredData } from './components/StructuredData.tsx';
import { Footer } from './components/layout/Footer.tsx';
import { Header } from './components/layout/Header.tsx';
import { I18nContext, i18nFor, loadNavigationMessages, useT } from './i18n/index.ts';
import { pageHeaders } from './lib/load.ts';
import { useWhatsAppLeads } from './lib/whatsapp.ts';
import { useShownLanguage } from './lib/languages.ts';
import { notFoundMeta } from './lib/meta.ts';
import type { Route } from './+types/root';
import { siteLanguagesContext } from './context.ts';
import { LANGUAGES, languageOfPath } from '../common/languages.ts';
// The one stylesheet, rendered as a React stylesheet resource (precedence): React puts it in the
// head before the module preloads, so the browser asks for it first.
import appCss from './styles/app.css?url';

export const links: LinksFunction = () => [
  // The two font files the first screen uses, preloaded: the body text's and the headings' (Latin
  // subsets). Both swap in (font-display: swap) over metric-matched fallbacks (tokens.css). Asked
  // for from the head, the headings' face is there for the first paint instead of arriving after
  // it: a long title set in the fallback wrapped differently, and the hero's height and all below
  // it moved when the face swapped in. A preload is fetched at high, not the highest, priority, so
  // it does not hold up the first paint as the stylesheet does.
  { rel: 'preload', href: manropeLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: frauncesLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The year for the footer's copyright line, the same on the server and in the browser. The
 * navigation panels are not loaded here: the header fetches them on demand (routes/nav-panel.ts).
 * The languages served are named only when there are several (the switcher and hreflang need
 * them); an address in a language not served is not found. */
export function loader({ context, request }: Route.LoaderArgs) {
  const languages = context.get(siteLanguagesContext);
  if (!languages.includes(languageOfPath(new URL(request.url).pathname))) throw data(null, { status: 404 });
  return languages.length > 1 ? { year: new Date().getFullYear(), languages } : { year: new Date().getFullYear() };
}

// A client navigation's messages (its language's, its routes') load beside its data (app/i18n/index.ts).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [loadNavigationMessages];

// Nothing here changes with the page: load it once per visit.
export function shouldRevalidate() {
  return false;
}

export const headers = pageHeaders;

export function Layout({ children }: { children: ReactNode }) {
  const language = useShownLanguage();
  return (
    <html lang={LANGUAGES[language].tag}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d3a2a" />
        <script dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        <Meta />
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Links />
        <StructuredData />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  // The page's address's language, or the one its data names (the trip page: the booking's).
  const language = useShownLanguage();
  // Clicks on the WhatsApp buttons are counted per page (app/lib/whatsapp.ts).
  useWhatsAppLeads();
  return (
    <I18nContext value={i18nFor(language)}>
      <ShellBody year={data?.year}>{children}</ShellBody>
    </I18nContext>
  );
}

/** The page's chrome, in the page's language (the messages of the context above). */
function ShellBody({ year, children }: { year: number | undefined; children: ReactNode }) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <SuggestionWhenServed />
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer year={year ?? new Date().getFullYear()} />
    </>
  );
}

const LanguageSuggestion = lazy(() => import('./components/layout/LanguageSuggestion.tsx').then((m) => ({ default: m.LanguageSuggestion })));

/** The suggestion line of another language (decided in the browser after hydration): its code is
 * loaded then, and only when the site serves several languages, so no page carries it before. */
function SuggestionWhenServed() {
  const several = (useRouteLoaderData<typeof loader>('root')?.languages?.length ?? 0) > 1;
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(several), [several]);
  return mounted ? (
    <Suspense>
      <LanguageSuggestion />
    </Suspense>
  ) : null;
}

const loadLoadingView = () => import('./components/LoadingView.tsx');
const LoadingView = lazy(() => loadLoadingView().then((m) => ({ default: m.LoadingView })));

/** The loading view, shown when a client navigation has waited for data for ~300 ms (its code is
 * fetched when a navigation starts, so it is there by then). */
function NavigationLoading() {
  const navigation = useNavigation();
  const [show, setShow] = useState(false);
  const busy = navigation.state === 'loading' && !navigation.formMethod;
  useEffect(() => {
    if (!busy) {
      setShow(false);
      return;
    }
    void loadLoadingView();
    const t = window.setTimeout(() => setShow(true), 300);
    return () => window.clearTimeout(t);
  }, [busy]);
  return show ? (
    <Suspense>
      <LoadingView />
    </Suspense>
  ) : null;
}

/** The console (routes/admin/shell.tsx) brings its own chrome. */
function useIsConsole(): boolean {
  return useMatches().some((m) => (m.handle as { console?: boolean } | undefined)?.console === true);
}

export default function App() {
  if (useIsConsole()) return <Outlet />;
  return (
    <Shell>
      <Outlet />
      <NavigationLoading />
    </Shell>
  );
}

export function meta({ error, location }: Route.MetaArgs) {
  if (error) return notFoundMeta(isRouteErrorResponse(error) ? error.status : 500, languageOfPath(location.pathname));
  return [];
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Shell>
      <ErrorView status={status === 404 || status === 400 ? 404 : status} />
    </Shell>
  );
}
