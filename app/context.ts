import { createContext } from 'react-router';
import type { ApiClient } from '../common/api-client.ts';
import { DEFAULT_LANGUAGE, type Language } from '../common/languages.ts';

/** The API client, provided by the server for every request (see server/web.ts). */
export const apiContext = createContext<ApiClient>();

/**
 * Renders one public page of the site with its API reads answered by `read` (server/web.ts):
 * the content editor's whole-page preview draws the public route components, layout and styles
 * from an unsaved version this way. A plain GET of `url`, nothing of the visitor's request in it.
 */
export type PageRenderer = (url: string, read: ApiClient['fetch']) => Promise<Response>;
export const pageRendererContext = createContext<PageRenderer | null>(null);

/** The languages the site serves (SITE_LANGUAGES, common/languages.ts), provided by the server. */
export const siteLanguagesContext = createContext<readonly Language[]>([DEFAULT_LANGUAGE]);
