// Cross-site form posts are refused: a browser says where a request comes from in Sec-Fetch-Site
// and Origin. Requests without either (servers, scripts, old clients) are not browsers posting
// on another site's behalf, and pass. The site's own host is the one the request was made to,
// as the server worked it out (X-Forwarded-Host counts only from a trusted proxy: TRUST_PROXY,
// server/http/client-address.ts), or the host of an allowed origin (SITE_URL).

/** True when a browser sent this request from another site than `siteUrl`'s host or the allowed origins'. */
export function isCrossSite(headers: Headers, siteUrl: string, allowedOrigins: string[] = []): boolean {
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site') return true;
  const origin = headers.get('origin');
  if (origin === null) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  const hosts = new Set<string>();
  for (const o of [siteUrl, ...allowedOrigins]) {
    try {
      hosts.add(new URL(o).host.toLowerCase());
    } catch {
      /* ignore */
    }
  }
  return !hosts.has(originHost);
}

/**
 * Whether a request says it comes from one of our own pages: an Origin of the site (or an allowed
 * one), or, without an Origin, `Sec-Fetch-Site: same-origin`. A request that says neither (a
 * script, a crawler) is not.
 */
export function isFromOwnSite(headers: Headers, siteUrl: string, allowedOrigins: string[] = []): boolean {
  if (isCrossSite(headers, siteUrl, allowedOrigins)) return false;
  if (headers.get('origin') !== null) return true;
  return headers.get('sec-fetch-site') === 'same-origin';
}

export const CROSS_SITE_MESSAGE = 'This form can only be sent from our own website.';
