// How the console's loaders and actions reach the console API (/api/admin, server/api/admin/):
// with the visitor's cookie, and for writes the session's anti-forgery token. A request without a
// live session is sent to the sign-in page (303) before anything is rendered; a role that may not
// see a screen gets the 403 view. UI code never touches the database or the session itself.
import { data, redirect, type RouterContextProvider } from 'react-router';
import { apiContext } from '../context.ts';
import { unavailableWhen } from './load.ts';

export const CSRF_FIELD = '_csrf';

type Ctx = Readonly<RouterContextProvider>;

function signInRedirect(request: Request, next?: string): never {
  const url = new URL(request.url);
  const here = next ?? url.pathname.replace(/\.data$/, '') + url.search;
  const query = here === '/admin' || here.startsWith('/admin/login') ? '' : `?next=${encodeURIComponent(here)}`;
  throw redirect(`/admin/login${query}`, { status: 303, headers: { 'cache-control': 'no-store' } });
}

export interface AdminCall {
  method?: string;
  /** Headers besides `accept: application/json` and the visitor's cookie (which they may replace). */
  headers?: Record<string, string>;
  body?: BodyInit;
  /** The form's anti-forgery token, sent as `x-csrf-token` when it is a string. */
  csrf?: FormDataEntryValue | string | null;
  /** A signed-out answer (401) is handed back instead of sending the visitor to sign-in. */
  allowSignedOut?: boolean;
  /** Where sign-in leads back to (default: the address of the request). */
  next?: string;
}

/**
 * The one way the console's loaders and actions call the console API (relative to /api/admin):
 * with the visitor's cookie and, for writes, the form's anti-forgery token. Signed out (401): to
 * the sign-in page, unless the caller takes that answer itself.
 */
export async function adminFetch(context: Ctx, request: Request, path: string, call: AdminCall = {}): Promise<Response> {
  const cookie = request.headers.get('cookie');
  const headers: Record<string, string> = { accept: 'application/json', ...(cookie ? { cookie } : {}), ...call.headers };
  if (typeof call.csrf === 'string') headers['x-csrf-token'] = call.csrf;
  const res = await context.get(apiContext).fetch(`/admin${path}`, { method: call.method ?? 'GET', headers, ...(call.body === undefined ? {} : { body: call.body }) });
  if (res.status === 401 && !call.allowSignedOut) signInRedirect(request, call.next);
  return res;
}

/** GET a console API path (relative to /api/admin). Signed out: to the sign-in page. */
export async function adminGet<T>(context: Ctx, request: Request, path: string): Promise<T> {
  const res = await adminFetch(context, request, path);
  if (res.status === 403) throw data({ message: 'Your role does not allow this screen.' }, { status: 403 });
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 });
  unavailableWhen(res);
  if (!res.ok) throw new Error(`console API ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The operator's time zone (a console setting), for an action that reads a time typed in it. */
export async function operatorZoneOf(context: Ctx, request: Request): Promise<string> {
  return (await adminGet<{ timeZone: string }>(context, request, '/settings/access')).timeZone;
}

/** A file from the console API (CSV exports), passed on to the browser as it is, never kept. */
export async function adminFile(context: Ctx, request: Request, path: string): Promise<Response> {
  const res = await adminFetch(context, request, path, { headers: { accept: '*/*' } });
  if (res.status === 403) throw data({ message: 'Your role does not allow this.' }, { status: 403 });
  unavailableWhen(res);
  if (!res.ok) throw data(null, { status: res.status === 400 ? 400 : 404 });
  const headers = new Headers();
  for (const h of ['content-type', 'content-disposition']) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  headers.set('cache-control', 'no-store');
  return new Response(res.body, { status: 200, headers });
}

export interface Sent<T> {
  ok: boolean;
  status: number;
  data?: T;
  error?: string;
  /** The field the error is about (from the API's `invalid-<field>` codes). */
  field?: string;
  code?: string;
  /** Set-Cookie headers of the answer (sign-in and sign-out), to pass on to the browser. */
  cookies: string[];
}

/** A console write's JSON body, sent with the form's anti-forgery token (adminFetch). */
export function adminWrite(opts: { method?: string; json?: unknown; csrf?: FormDataEntryValue | string | null; allowSignedOut?: boolean }): AdminCall {
  return { method: opts.method ?? 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(opts.json ?? {}), csrf: opts.csrf, allowSignedOut: opts.allowSignedOut };
}

/**
 * Sends a console write (JSON) with the form's anti-forgery token. A 401 goes to sign-in; other
 * refusals come back as { ok: false, error, field } for the form to show.
 */
export async function adminSend<T>(
  context: Ctx,
  request: Request,
  path: string,
  opts: { method?: string; json?: unknown; csrf?: FormDataEntryValue | string | null; allowSignedOut?: boolean },
): Promise<Sent<T>> {
  const res = await adminFetch(context, request, path, adminWrite(opts));
  const cookies = res.headers.getSetCookie();
  const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string } & T;
  if (!res.ok) {
    const code = body.code;
    return { ok: false, status: res.status, error: body.error ?? 'Something went wrong. Please try again.', code, field: code?.startsWith('invalid-') ? code.slice(8) : undefined, cookies };
  }
  return { ok: true, status: res.status, data: body, cookies };
}

/** Headers that pass an API answer's cookies on with a redirect. */
export function withCookies(cookies: string[], init: Record<string, string> = {}): Headers {
  const h = new Headers({ 'cache-control': 'no-store', ...init });
  for (const c of cookies) h.append('set-cookie', c);
  return h;
}

/** A `next` address after sign-in: a console path on this site, nothing else. */
export function safeNext(value: string | null | undefined): string {
  if (!value?.startsWith('/admin') || value.startsWith('//') || /[\\\s]/.test(value) || value.startsWith('/admin/login')) return '/admin';
  return value;
}
