// The console's API at /api/admin: every answer no-store (like every API answer that does not
// opt into the cache) and read with the session of its cookie. Each resource names the roles
// it allows (server/auth/guard.ts).
import { Hono } from 'hono';
import type { AdminEnv } from '../../auth/guard.ts';
import { loadSession } from '../../auth/guard.ts';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../../auth/throttle.ts';
import type { ProxyTrust } from '../../spam/client-address.ts';
import { refuseCrossSite } from '../forms-http.ts';
import { authApi } from './auth.ts';
import { enquiriesAdminApi, type InboxMailOptions } from './enquiries.ts';

export interface AdminApiOptions {
  siteUrl: string;
  trust: ProxyTrust;
  limits?: Partial<SignInLimits>;
  /** How the inbox's replies are sent (the outbox's addresses and its worker). */
  mail: InboxMailOptions;
}

export function adminApi(opts: AdminApiOptions) {
  const app = new Hono<AdminEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex, nofollow');
  });
  // Writes from a browser on another site are refused before anything else.
  app.use('*', async (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : refuseCrossSite(opts.siteUrl, opts.trust)(c as never, next) as Promise<void>));
  app.use('*', loadSession(opts.siteUrl));
  app.route('/', authApi({ siteUrl: opts.siteUrl, trust: opts.trust, limits: { ...DEFAULT_SIGN_IN_LIMITS, ...opts.limits } }));
  app.route('/', enquiriesAdminApi({ trust: opts.trust, mail: opts.mail }));
  return app;
}
