// Cross-site form posts are refused: a browser says where a request comes from in Sec-Fetch-Site
// and Origin. Requests without either (servers, scripts, old clients) are not browsers posting
// on another site's behalf, and pass.

/** True when a browser sent this request from another site. */
export function isCrossSite(headers: Headers, requestUrl: string, allowedOrigins: string[] = []): boolean {
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
  const forwardedHost = headers.get('x-forwarded-host');
  if (forwardedHost) hosts.add(forwardedHost.split(',')[0]!.trim().toLowerCase());
  const host = headers.get('host');
  if (host) hosts.add(host.toLowerCase());
  try {
    hosts.add(new URL(requestUrl).host.toLowerCase());
  } catch {
    /* relative or odd URL: the headers decide */
  }
  for (const o of allowedOrigins) {
    try {
      hosts.add(new URL(o).host.toLowerCase());
    } catch {
      /* ignore */
    }
  }
  return !hosts.has(originHost);
}

export const CROSS_SITE_MESSAGE = 'This form can only be sent from our own website.';
