// Request handling shared by the public form endpoints (enquiries, newsletter): size limit,
// JSON-only bodies with text fields, and the spam-defence settings (the cross-site refusal:
// server/http/cross-site.ts).
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { TOO_FAST_CODE, type FormTokenCode } from '../../common/forms.ts';
import { DEFAULT_LANGUAGE, formLanguage } from '../../common/languages.ts';
import type { Checked } from '../../common/validation.ts';
import { failureMessage } from '../../app/i18n/form-messages.server.ts';
import type { Tx } from '../db/index.ts';
import type { FormTokens } from '../spam/form-token.ts';
import type { ApiContext, ApiEnv } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';

/** The largest request body accepted by the form endpoints. */
const MAX_FORM_BODY_BYTES = 64 * 1024;

const JSON_ONLY = 'Send the form as JSON with the header Content-Type: application/json.';

export function formBodyLimit(): MiddlewareHandler<ApiEnv> {
  return bodyLimit({
    maxSize: MAX_FORM_BODY_BYTES,
    onError: () => {
      throw new HttpError(413, `The request is too large: at most ${MAX_FORM_BODY_BYTES / 1024} KB are accepted.`);
    },
  });
}

const text = z.union([z.string(), z.null()]).optional();

/** An object whose listed fields are text (or absent or null); other fields are ignored. */
export function textFields<K extends string>(keys: readonly K[]) {
  return z.object(Object.fromEntries(keys.map((k) => [k, text])) as Record<K, typeof text>);
}

/**
 * Reads the body and checks its field types; every problem is a 4xx with a sentence. JSON is the
 * format (spec point 7); JSON sent without its content type (a bare fetch says text/plain) is read
 * too, and so is a URL-encoded form. Browsers posting from other sites are refused before this.
 */
export async function readJsonFields<K extends string>(c: ApiContext, keys: readonly K[]): Promise<Partial<Record<K, string | null>>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const isJson = /^application\/([a-z.+-]*\+)?json\b/.test(type);
  const isForm = type.startsWith('application/x-www-form-urlencoded');
  if (!isJson && type.startsWith('multipart/')) throw new HttpError(415, JSON_ONLY);
  const raw = await c.req.text();
  let body: unknown;
  if (isForm && !raw.trimStart().startsWith('{')) {
    const params = new URLSearchParams(raw);
    body = Object.fromEntries(keys.filter((k) => params.has(k)).map((k) => [k, params.get(k)]));
  } else {
    try {
      body = JSON.parse(raw);
    } catch {
      throw isJson || isForm ? new HttpError(400, 'The request body is not valid JSON.') : new HttpError(415, JSON_ONLY);
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object.');
  const parsed = textFields(keys).safeParse(body);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'A field');
    throw new HttpError(400, `The field ${field} must be text.`);
  }
  // PostgreSQL text cannot hold NUL, and no form field needs it.
  const fields = parsed.data as Partial<Record<K, string | null>>;
  const withNul = keys.find((k) => fields[k]?.includes('\u0000'));
  if (withNul) throw new HttpError(400, `The field ${withNul} contains a character that is not allowed.`);
  return fields;
}

export interface SpamSettings {
  /** Minimum fill time and rate limits; the honeypot and the cross-site check are always on. */
  enabled: boolean;
  minFillMs: number;
  limits: {
    enquiryPerIp: { max: number; windowMs: number };
    enquiryPerEmail: { max: number; windowMs: number };
    subscribePerIp: { max: number; windowMs: number };
    subscribePerEmail: { max: number; windowMs: number };
    /** WhatsApp clicks counted per address (server/api/leads.ts). */
    whatsappLeadPerIp: { max: number; windowMs: number };
    /** Reviews per address (server/api/reviews.ts). */
    reviewPerIp: { max: number; windowMs: number };
    /** Group departures' seats booked per address and per e-mail address (server/api/departures.ts): each seat counts. */
    seatsPerIp: { max: number; windowMs: number };
    seatsPerEmail: { max: number; windowMs: number };
  };
}

const HOUR = 3600_000;
export const DEFAULT_SPAM_SETTINGS: SpamSettings = {
  enabled: true,
  minFillMs: 2500,
  limits: {
    enquiryPerIp: { max: 8, windowMs: HOUR },
    enquiryPerEmail: { max: 4, windowMs: HOUR },
    subscribePerIp: { max: 10, windowMs: HOUR },
    subscribePerEmail: { max: 5, windowMs: HOUR },
    whatsappLeadPerIp: { max: 20, windowMs: HOUR },
    reviewPerIp: { max: 4, windowMs: 24 * HOUR },
    seatsPerIp: { max: 12, windowMs: HOUR },
    seatsPerEmail: { max: 12, windowMs: HOUR },
  },
};

export function tooMany(what: string, retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  return new HttpError(429, `Too many ${what}. Please wait ${wait} and try again, or call or WhatsApp us.`, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * A form's failed check (common/validation.ts) as the API's 400, in the language of the page it
 * was sent from (the body's `language`; English when it is missing or unknown, which the route
 * refuses after the fields' own checks, in their order).
 */
export function invalidForm(failure: Extract<Checked<unknown>, { ok: false }>, language: string | null | undefined): HttpError {
  const l = formLanguage(language);
  return new HttpError(400, failureMessage(failure, l.ok ? l.value : DEFAULT_LANGUAGE), undefined, failure.field && `invalid-${failure.field}`);
}

export const HONEYPOT_MESSAGE = 'Your form could not be accepted. Please call or WhatsApp us instead.';
export const TOO_FAST_MESSAGE = 'That was quick! Please check your details and press Send again.';
export const BAD_TOKEN_MESSAGE = 'This form has expired. Please reload the page and send it again.';
export const MISSING_TOKEN_MESSAGE = 'This form was sent without its form token. Please reload the page and send it again.';
export const USED_TOKEN_MESSAGE = 'This form has already been sent. Please reload the page to send another.';

/** A form token that passed its checks and is to be spent in the submission's transaction. */
export type GoodToken = { id: string; expiresAt: Date };

/**
 * Checks a submission's form token (server/spam/form-token.ts) before anything is stored; every
 * refusal is a 400 with a sentence and a code (common/forms.ts). With SPAM_CHECKS=off a form may
 * come without one (load tests), and a token that is sent is checked but for its fill time.
 */
export async function checkFormToken(tokens: FormTokens, spam: SpamSettings, token: string | null | undefined): Promise<GoodToken | null> {
  if (!token) {
    if (spam.enabled) throw new HttpError(400, MISSING_TOKEN_MESSAGE, undefined, 'form-token-missing' satisfies FormTokenCode);
    return null;
  }
  const r = await tokens.check(token);
  switch (r.verdict) {
    case 'ok':
      return { id: r.id, expiresAt: r.expiresAt };
    case 'too-fast':
      throw new HttpError(400, TOO_FAST_MESSAGE, undefined, TOO_FAST_CODE);
    case 'expired':
      throw new HttpError(400, BAD_TOKEN_MESSAGE, undefined, 'form-token-expired' satisfies FormTokenCode);
    default:
      throw new HttpError(400, BAD_TOKEN_MESSAGE, undefined, 'form-token-invalid' satisfies FormTokenCode);
  }
}

/** Spends the token in the submission's transaction; a token spent before refuses the submission. */
export async function spendFormToken(tx: Tx, tokens: FormTokens, token: GoodToken | null): Promise<void> {
  if (token && !(await tokens.spend(tx, token.id, token.expiresAt))) {
    throw new HttpError(400, USED_TOKEN_MESSAGE, undefined, 'form-token-used' satisfies FormTokenCode);
  }
}

export const USER_AGENT_MAX = 512;
