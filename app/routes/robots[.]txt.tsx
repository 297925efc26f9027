// /robots.txt: crawl everything but the API's JSON and the search result pages, and find the
// sitemap; on a non-public SITE_URL or outside production, crawl nothing.
import { apiContext } from '../context.ts';
import type { Route } from './+types/robots[.]txt';
import { cachedPage } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export function robotsTxt(siteUrl: string, indexable: boolean): string {
  const rules = indexable
    ? ['User-agent: *', 'Allow: /', 'Allow: /api/images/', 'Disallow: /api/', 'Disallow: /search']
    : ['# Not the public site: nothing here should be indexed.', 'User-agent: *', 'Disallow: /'];
  return `${rules.join('\n')}\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.get(apiContext).fetch('/seo/site', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Response('robots.txt unavailable', { status: 503, headers: { 'Retry-After': '60' } });
  const { siteUrl, indexable } = (await res.json()) as { siteUrl: string; indexable: boolean };
  return new Response(robotsTxt(siteUrl, indexable), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
