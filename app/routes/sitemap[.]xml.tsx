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
  /** `alternates`: the address in each language it exists in, when the API names them (several languages served). */
  urls: { loc: string; lastmod: string; alternates?: Partial<Record<Language, string>> }[];
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** An address's alternates in every served language, and x-default (English). */
function alternates(links: [string, string][]): string {
  return links.map(([lang, href]) => `\n    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href)}"/>`).join('');
}

/** An address in each served language it exists in (all of them unless the API names fewer), each with its href. */
function addressesOf(u: SitemapData['urls'][number], languages: readonly Language[]): [Language, string][] {
  if (!u.alternates) return languages.map((l) => [l, urlIn(u.loc, l)]);
  const origin = new URL(u.loc).origin;
  return languages.flatMap((l): [Language, string][] => (u.alternates![l] === undefined ? [] : [[l, origin + u.alternates![l]]]));
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
    .flatMap((u) => {
      const addresses = addressesOf(u, languages);
      const english = addresses.find(([l]) => l === DEFAULT_LANGUAGE);
      const links = alternates([...addresses.map(([l, href]): [string, string] => [LANGUAGES[l].code, href]), ...(english ? [['x-default', english[1]] as [string, string]] : [])]);
      return addresses.map(([, href]) => `  <url>\n    <loc>${escapeXml(href)}</loc>\n    <lastmod>${escapeXml(u.lastmod)}</lastmod>${links}\n  </url>`);
    })
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
