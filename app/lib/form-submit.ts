// The one way the enquiry and newsletter forms are sent. Both the enhanced forms (a fetcher) and
// the plain HTML forms (no JavaScript) post to a page action (/enquiry, /newsletter), which hands
// the fields to the API (POST /plan-a-safari, /admin/clients): every check is made there, once.
// The action turns the API's answer into what the page or the form shows; when the form token
// was missing, forged, out of date or spent, the form comes back with a fresh one and asks the
// visitor to press the button again (common/forms.ts). Nothing here is ever kept in a cache:
// these pages answer no-store, and tokens appear only in action answers.
import { isRouteErrorResponse } from 'react-router';
import type { ApiClient } from '../../common/api-client.ts';
import { confirmMessage, isFormTokenCode, TOO_FAST_CODE, tooFastMessage } from '../../common/forms.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { i18nFor } from '../i18n/index.ts';

/** The pages' words for a form to send again (keys written whole, for the split of the catalogues per route). */
const FORM_KEYS = { confirm: 'forms.confirm', tooFast: 'forms.tooFast' } as const;

/** Headers of the visitor's request that the API's cross-site check reads. */
const PASSED_ON = ['origin', 'sec-fetch-site'];

export interface ApiAnswer {
  ok: boolean;
  status: number;
  /** The API's sentence (error or message), when it gave one. */
  text?: string;
  code?: string;
  /** The API's Retry-After (a 503 while its database is away, a 429). */
  retryAfter?: string;
}

/**
 * Posts a form's fields to the API for the visitor of `request`: as JSON, or as multipart form
 * data when they come as FormData (a form with a file). A failed call is a 502 without words.
 */
export async function postToApi(api: ApiClient, request: Request, path: string, fields: Record<string, string> | FormData): Promise<ApiAnswer> {
  return (await postWithBody(api, request, path, fields)).answer;
}

/** The same for fields of any JSON type, with the answer's body (what a success carries, such as the page to go to). */
export async function postWithBody(api: ApiClient, request: Request, path: string, fields: Record<string, unknown> | FormData): Promise<{ answer: ApiAnswer; body: Record<string, unknown> | null }> {
  const multipart = fields instanceof FormData;
  // FormData sets its own multipart content type, with the boundary.
  const headers: Record<string, string> = multipart ? {} : { 'content-type': 'application/json' };
  for (const h of PASSED_ON) {
    const v = request.headers.get(h);
    if (v !== null) headers[h] = v;
  }
  let res: Response;
  try {
    res = await api.fetch(path, { method: 'POST', headers, body: multipart ? fields : JSON.stringify(fields) });
  } catch {
    return { answer: { ok: false, status: 502 }, body: null };
  }
  const json = (await res.json().catch(() => null)) as unknown;
  const body = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  const text = res.ok ? body?.message : body?.error;
  const retryAfter = res.headers.get('retry-after');
  const answer: ApiAnswer = {
    ok: res.ok,
    status: res.status,
    ...(retryAfter && /^\d{1,6}$/.test(retryAfter) ? { retryAfter } : {}),
    ...(typeof text === 'string' && text ? { text } : {}),
    ...(typeof body?.code === 'string' ? { code: body.code } : {}),
  };
  return { answer, body };
}

/** A fresh form token for a form sent back to the visitor; null when none could be had. */
export async function freshToken(api: ApiClient): Promise<string | null> {
  try {
    const res = await api.fetch('/form-token', { method: 'POST' });
    const body = (await res.json()) as { token?: unknown };
    return res.ok && typeof body.token === 'string' ? body.token : null;
  } catch {
    return null;
  }
}

/** A form sent back: the words to show, the field they are about, and the token to send it with. */
export interface SentBack {
  ok: false;
  error: string;
  field?: string;
  token: string | null;
  /**
   * confirm: nothing was wrong but the token, the visitor is asked to press the button again;
   * too-fast: sent faster than a person fills it in, the same token will do in a moment;
   * refused: anything else the checks refused.
   */
  kind: 'confirm' | 'too-fast' | 'refused';
}

/**
 * The action's answer to a form the API refused, its HTTP status and headers. While the API's
 * database is away (503) the form comes back with the visitor's values, the API's words and its
 * Retry-After, and the same token (nothing was spent).
 */
export async function sentBack(
  api: ApiClient,
  answer: ApiAnswer,
  postedToken: string,
  words: { button: string; failure: string; language?: Language },
): Promise<{ result: SentBack; status: number; headers: Record<string, string> }> {
  // The spec's English words, or the page's language's (the pages' catalogue).
  const say = (key: 'confirm' | 'tooFast', english: (button: string) => string) =>
    words.language && words.language !== DEFAULT_LANGUAGE ? i18nFor(words.language)._(FORM_KEYS[key], { button: words.button }) : english(words.button);
  const headers: Record<string, string> = answer.retryAfter && (answer.status === 503 || answer.status === 429) ? { 'retry-after': answer.retryAfter } : {};
  if (isFormTokenCode(answer.code)) {
    return { result: { ok: false, error: say('confirm', confirmMessage), token: await freshToken(api), kind: 'confirm' }, status: 200, headers };
  }
  if (answer.code === TOO_FAST_CODE) {
    // The same token will do in a moment.
    return { result: { ok: false, error: say('tooFast', tooFastMessage), token: postedToken, kind: 'too-fast' }, status: 400, headers };
  }
  const field = answer.code?.startsWith('invalid-') ? answer.code.slice('invalid-'.length) : undefined;
  return {
    result: { ok: false, error: answer.text ?? words.failure, ...(field ? { field } : {}), token: postedToken || (await freshToken(api)), kind: 'refused' },
    status: answer.status >= 400 && answer.status < 600 ? answer.status : 502,
    headers,
  };
}

/** What an enhanced form gets when its post did not reach the action's answer. */
export interface NotReached {
  ok: false;
  failure: 'network' | 'server';
  /** The HTTP status of a server's error page; 0 for a network failure. */
  status: number;
}

/** A page's clientAction: the server action's answer, or a failure the form turns into its alert. */
export async function reachServer<T>(serverAction: () => Promise<T>): Promise<T | NotReached> {
  try {
    return await serverAction();
  } catch (e) {
    return isRouteErrorResponse(e) ? { ok: false, failure: 'server', status: e.status } : { ok: false, failure: 'network', status: 0 };
  }
}

/**
 * The API's answer to the page of an e-mail's link (the newsletter's confirm and unsubscribe) in
 * the page's language: English its own words; another language the catalogue's, by the answer
 * (done, a link no longer valid, an incomplete link, anything else).
 */
export function linkAnswerText(answer: ApiAnswer, language: Language, done: string, gone: string): string {
  const i18n = i18nFor(language);
  if (language === DEFAULT_LANGUAGE) return answer.text ?? i18n._('newsletterLink.failure');
  if (answer.ok) return i18n._(done);
  return i18n._(answer.status === 404 ? gone : answer.status === 400 ? 'newsletterLink.incomplete' : 'newsletterLink.failure');
}
