import { useEffect, useState, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router';
import frauncesLatin from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url';
import manropeLatin from '@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url';
import type { BlogsNavResponse, ExperiencesInResponse, ParksInResponse, SafarisByExperienceResponse } from '../common/api-types.ts';
import { DEFAULT_DESTINATION_TAB, DEFAULT_EXPERIENCE_TAB } from '../common/constants.ts';
import { ErrorView } from './components/ErrorView.tsx';
import { StructuredData } from './components/StructuredData.tsx';
import { Footer } from './components/layout/Footer.tsx';
import { Header } from './components/layout/Header.tsx';
import { imageMetaOf } from './components/Image.tsx';
import { LoadingView } from './components/LoadingView.tsx';
import { apiOr, pageHeaders } from './lib/load.ts';
import { notFoundMeta } from './lib/meta.ts';
import {
  NAV_PATHS,
  navBlogs,
  navExperiences,
  navParks,
  navSafaris,
  navTabsFromDestinations,
  navTabsFromExperiences,
  type NavData,
} from './lib/nav.ts';
import type { Route } from './+types/root';
import './styles/app.css';

export const links: LinksFunction = () => [
  { rel: 'preload', href: manropeLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: frauncesLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The navigation bar's default tabs (uganda, gorilla-trekking) and the nav blogs, fetched in
 * parallel and server-rendered so the panels work as plain links without JavaScript. */
export async function loader({ context }: Route.LoaderArgs) {
  const [parks, experiences, safaris, blogs] = await Promise.all([
    apiOr<ParksInResponse | null>(context, NAV_PATHS.parks(DEFAULT_DESTINATION_TAB), null),
    apiOr<ExperiencesInResponse | null>(context, NAV_PATHS.experiences(DEFAULT_DESTINATION_TAB), null),
    apiOr<SafarisByExperienceResponse | null>(context, NAV_PATHS.safaris(DEFAULT_EXPERIENCE_TAB), null),
    apiOr<BlogsNavResponse | null>(context, NAV_PATHS.blogs(), null),
  ]);
  const nav: NavData = {
    destinationTabs: navTabsFromDestinations(parks ?? experiences),
    experienceTabs: navTabsFromExperiences(safaris),
    parks: parks ? navParks(parks) : null,
    experiences: experiences ? navExperiences(experiences) : null,
    safaris: safaris ? navSafaris(safaris) : null,
    blogs: blogs ? navBlogs(blogs) : [],
  };
  // The nav answers are reshaped, so their image metadata (responsive variants) travels beside them.
  return { nav, year: new Date().getFullYear(), imageMeta: imageMetaOf(parks, experiences, safaris, blogs) };
}

// The nav data does not change with the page: load it once per visit.
export function shouldRevalidate() {
  return false;
}

export const headers = pageHeaders;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d3a2a" />
        <script dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        <Meta />
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
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header nav={data?.nav ?? null} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer year={data?.year ?? new Date().getFullYear()} />
    </>
  );
}

/** The loading view, shown when a client navigation has waited for data for ~300 ms. */
function NavigationLoading() {
  const navigation = useNavigation();
  const [show, setShow] = useState(false);
  const busy = navigation.state === 'loading' && !navigation.formMethod;
  useEffect(() => {
    if (!busy) {
      setShow(false);
      return;
    }
    const t = window.setTimeout(() => setShow(true), 300);
    return () => window.clearTimeout(t);
  }, [busy]);
  return show ? <LoadingView /> : null;
}

export default function App() {
  return (
    <Shell>
      <Outlet />
      <NavigationLoading />
    </Shell>
  );
}

export function meta({ error }: Route.MetaArgs) {
  if (error) return notFoundMeta(isRouteErrorResponse(error) ? error.status : 500);
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
