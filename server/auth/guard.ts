// The console's door on the API (/api/admin/*): the session cookie, the anti-forgery token on
// every write, and the role each route needs. Every check is made here, on the server; the console
// pages only show what these answers give them.
import type { Context, MiddlewareHandler } from 'hono';
import { STAFF_MESSAGES, type StaffRole } from '../../common/staff.ts';
import { deps, type ApiEnv } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';
import { readSession, sameSecret, type Session, type SessionStage } from './sessions.ts';

export type AdminEnv = { Variables: ApiEnv['Variables'] & { session: Session | null } };
export type AdminContext = Context<AdminEnv>;

export const CSRF_HEADER = 'x-csrf-token';

/** The session cookie's name and attributes: __Host- prefixed and Secure when the site is https. */
export function sessionCookie(siteUrl: string) {
  return staffCookie(siteUrl, { https: '__Host-staff', http: 'staff_session' });
}

/**
 * A console cookie (the session, the known device): HttpOnly, SameSite=Lax, the whole site;
 * __Host- prefixed and Secure when the site is https.
 */
export function staffCookie(siteUrl: string, names: { https: `__Host-${string}`; http: string }) {
  const secure = siteUrl.startsWith('https:');
  const name = secure ? names.https : names.http;
  return {
    name,
    set(value: string, maxAgeSeconds: number) {
      return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}${secure ? '; Secure' : ''}`;
    },
    clear() {
      return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
    },
    read(cookieHeader: string | undefined | null): string | undefined {
      if (!cookieHeader) return undefined;
      for (const part of cookieHeader.split(';')) {
        const i = part.indexOf('=');
        if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
      }
      return undefined;
    },
  };
}

/** Reads the session (if any) of every /admin request into c.var.session. */
export function loadSession(siteUrl: string): MiddlewareHandler<AdminEnv> {
  const cookie = sessionCookie(siteUrl);
  return async (c, next) => {
    c.set('session', await readSession(deps(c).db, cookie.read(c.req.header('cookie'))));
    await next();
  };
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Lets a request through only with a session at the given stage (signed in, by default), of an
 * allowed role, and, for a write, with the session's anti-forgery token in X-CSRF-Token.
 */
export function requireStaff(opts: { roles?: readonly StaffRole[]; stage?: SessionStage } = {}): MiddlewareHandler<AdminEnv> {
  const stage = opts.stage ?? 'full';
  return async (c, next) => {
    const session = c.var.session;
    if (!session || session.stage !== stage) throw new HttpError(401, STAFF_MESSAGES.signedOut, undefined, 'signed-out');
    if (!SAFE.has(c.req.method)) {
      const sent = c.req.header(CSRF_HEADER) ?? '';
      if (!sameSecret(sent, session.csrf)) throw new HttpError(403, STAFF_MESSAGES.csrf, undefined, 'csrf');
    }
    if (opts.roles && !opts.roles.includes(session.staff.role)) throw new HttpError(403, 'Your role does not allow this.', undefined, 'forbidden');
    await next();
  };
}

/** The signed-in session of a route behind requireStaff(). */
export function sessionOf(c: AdminContext): Session {
  const s = c.var.session;
  if (!s) throw new HttpError(401, STAFF_MESSAGES.signedOut, undefined, 'signed-out');
  return s;
}
