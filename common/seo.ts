// Whether search engines may index the site at a given SITE_URL. Shared by the API (robots.txt,
// sitemap) and the pages (robots meta tag).

/** Hosts that are never the public site: loopback, single-label names and reserved test domains. */
const PRIVATE_HOST = /^(localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|[^.]+)$|\.(local|localhost|test|example|invalid|internal|lan|home\.arpa)$/i;

/** True when the address is a public host name (not localhost, 127.*, *.local, *.test, *.example...). */
export function isPublicSiteUrl(siteUrl: string | null | undefined): boolean {
  if (!siteUrl) return false;
  let host: string;
  try {
    host = new URL(siteUrl).hostname;
  } catch {
    return false;
  }
  return !PRIVATE_HOST.test(host);
}

/** Production process on a public host. */
export function siteIndexable(siteUrl: string, nodeEnv: string | undefined): boolean {
  return (nodeEnv ?? 'production') === 'production' && isPublicSiteUrl(siteUrl);
}
