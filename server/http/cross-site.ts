// Writes from another site's page are refused before anything else reads them.
import type { MiddlewareHandler } from 'hono';
import { CROSS_SITE_MESSAGE, isCrossSite } from '../../common/origin.ts';
import { sourceOf, type ProxyTrust } from './client-address.ts';
import type { ApiEnv } from './deps.ts';
import { HttpError } from './error.ts';

/**
 * Refuses a browser's post from another site. The site's host is the one the request was made
 * to: the page's host for the web process's own calls, a trusted proxy's X-Forwarded-Host, or
 * the request's; SITE_URL's host is always ours.
 */
export function refuseCrossSite(siteUrl: string, trust: ProxyTrust): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const source = sourceOf(c, trust);
    const own = source.host ? `http://${source.host}/` : c.req.url;
    if (isCrossSite(c.req.raw.headers, own, [siteUrl])) throw new HttpError(403, CROSS_SITE_MESSAGE);
    await next();
  };
}
