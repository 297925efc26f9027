// /sitemap.xml: every indexable address with its last modification time, from the database
// (through the API). Old addresses that redirect are never listed.
import { apiContext, siteLanguagesContext } from '../context.ts';
import { urlIn } from '../../common/language-paths.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../common/languages.ts';
import { redirectTarget } from '../lib/redirects.ts';
import type { Route } from './+types/sitemap[.]xml';
import { cachedPage } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

interface SitemapData {
  siteUrl: string;
  indexable: boolean;
  urls: { loc: string; lastmod: string }[];
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** An address's alternates in every served language, and x-default (English). */
function alternates(loc: string, languages: readonly Language[]): string {
  const links = [...languages.map((l) => [LANGUAGES[l].code, urlIn(loc, l)]), ['x-default', loc]];
  return links.map(([lang, href]) => `\n    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href!)}"/>`).join('');
}

/**
 * The sitemap: with one language, its addresses; with several, each address in each served
 * language, every one naming all of them as alternates.
 */
export function sitemapXml(urls: SitemapData['urls'], languages: readonly Language[] = [DEFAULT_LANGUAGE]): string {
  const listed = urls.filter((u) => redirectTarget(new URL(u.loc).pathname) === null);
  if (languages.length < 2) {
    const body = listed.map((u) => `  <url>\n    <loc>${escapeXml(u.loc)}</loc>\n    <lastmod>${escapeXml(u.lastmod)}</lastmod>\n  </url>`).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
  }
  const body = listed
    .flatMap((u) => languages.map((l) => `  <url>\n    <loc>${escapeXml(urlIn(u.loc, l))}</loc>\n    <lastmod>${escapeXml(u.lastmod)}</lastmod>${alternates(u.loc, languages)}\n  </url>`))
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.get(apiContext).fetch('/seo/sitemap', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Response('Sitemap unavailable', { status: 503, headers: { 'Retry-After': '60' } });
  const data = (await res.json()) as SitemapData;
  const headers: Record<string, string> = {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400',
  };
  if (!data.indexable) headers['X-Robots-Tag'] = 'noindex';
  return new Response(sitemapXml(data.urls, context.get(siteLanguagesContext)), { headers });
}
