// The console's large writes (POST /admin/media, an image of up to 20 MB; POST /admin/subscribers/
// import, 2 MB of CSV; server/http/security.ts isStaffLargeWrite) are checked before a byte of their body
// is read: a browser on another site, no live session, or a missing or wrong anti-forgery token
// (X-CSRF-Token) is refused at once, its body dropped as it arrives (never kept), so an anonymous
// upload costs no memory. An accepted body is then spooled to DATA_DIR (boundedWrites) and the
// route checks the rest (role, the file) as for any console write.
import type { MiddlewareHandler } from 'hono';
import { STAFF_MESSAGES } from '../../../common/staff.ts';
import { CSRF_HEADER, sessionCookie } from '../../auth/guard.ts';
import { readSession, sameSecret } from '../../auth/sessions.ts';
import { discardBody, isStaffLargeWrite, writeLimitFor } from '../../http/security.ts';
import type { ProxyTrust } from '../../http/client-address.ts';
import { refuseCrossSite } from '../../http/cross-site.ts';
import { deps, type ApiEnv } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';

export function checkLargeWritesFirst(opts: { siteUrl: string; trust: ProxyTrust }): MiddlewareHandler<ApiEnv> {
  const cookie = sessionCookie(opts.siteUrl);
  const crossSite = refuseCrossSite(opts.siteUrl, opts.trust);
  return async (c, next) => {
    if (c.req.method !== 'POST' || !isStaffLargeWrite(c.req.path)) return next();
    try {
      // Writes from a browser on another site: refused before the session is even looked up.
      await crossSite(c, async () => {});
      const session = await readSession(deps(c).db, cookie.read(c.req.header('cookie')));
      if (session?.stage !== 'full') throw new HttpError(401, STAFF_MESSAGES.signedOut, undefined, 'signed-out');
      if (!sameSecret(c.req.header(CSRF_HEADER) ?? '', session.csrf)) throw new HttpError(403, STAFF_MESSAGES.csrf, undefined, 'csrf');
    } catch (e) {
      // Refused: the body is read to its end and dropped, never kept, so the answer reaches the
      // client (closing under unread bytes would reset the connection); too long, it is cut off.
      if (!(await discardBody(c.req.raw, writeLimitFor(c.req.path))) && e instanceof HttpError) e.headers = { ...e.headers, connection: 'close' };
      throw e;
    }
    return next();
  };
}
