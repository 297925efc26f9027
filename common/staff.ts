// The rules of the console's account forms (sign-in, set-up, password changes), shared by the
// browser and the server: one zod schema per form, the same words on both sides.
import './zod-csp.ts';
import { z } from 'zod';
import { isEmail } from './validation.ts';

// The console's pages parse these schemas in the browser, under a CSP without 'unsafe-eval': zod's
// probe for `new Function` would be reported as a violation on every console page.
z.config({ jitless: true });

export const STAFF_ROLES = ['owner', 'agent'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

export const STAFF_MESSAGES = {
  email: 'Enter a valid email address.',
  passwordRequired: 'Enter your password.',
  passwordShort: `Use at least ${PASSWORD_MIN} characters.`,
  passwordLong: `Use at most ${PASSWORD_MAX} characters.`,
  passwordCommon: 'This password is too common. Choose one that is harder to guess, such as four unrelated words.',
  passwordWeak: 'This password is too easy to guess. Choose a longer one, such as four unrelated words; avoid keyboard patterns, years and dates, and repeats.',
  passwordPersonal: `This password is built from your name, your email address or the site's name, which are easy to guess. Choose one that is harder to guess, such as four unrelated words.`,
  passwordEmail: 'Your password must not contain your email address.',
  /** The one answer for an unknown address and a wrong password. */
  signInFailed: 'The email or password is not right.',
  throttled: 'Too many attempts. Wait a few minutes, then try again.',
  name: 'Enter a name (at most 100 characters).',
  setupInvalid: 'This set-up address is no longer valid. The site already has an owner: sign in instead.',
  csrf: 'This form has expired. Reload the page and try again.',
  signedOut: 'You have been signed out. Sign in again.',
  totp: 'That code is not right. Enter the 6-digit code from your app, or a recovery code.',
} as const;

const email = z
  .string({ error: STAFF_MESSAGES.email })
  .trim()
  .max(254, STAFF_MESSAGES.email)
  .refine((v) => isEmail(v), STAFF_MESSAGES.email);

/** A password being chosen: length here; the strength estimate is the server's (its dictionaries are large). */
export const newPassword = z.string({ error: STAFF_MESSAGES.passwordShort }).min(PASSWORD_MIN, STAFF_MESSAGES.passwordShort).max(PASSWORD_MAX, STAFF_MESSAGES.passwordLong);

export const signInSchema = z.object({
  email,
  password: z.string({ error: STAFF_MESSAGES.passwordRequired }).min(1, STAFF_MESSAGES.passwordRequired).max(PASSWORD_MAX, STAFF_MESSAGES.signInFailed),
});

export const setupSchema = z.object({
  token: z.string().min(1).max(200),
  name: z.string().trim().max(100, STAFF_MESSAGES.name).default(''),
  email,
  password: newPassword,
});

export const passwordChangeSchema = z.object({
  current: z.string().min(1, STAFF_MESSAGES.passwordRequired).max(PASSWORD_MAX),
  password: newPassword,
});

/** The first message of a failed parse, and the field it is about. */
export function firstIssue(error: z.ZodError): { field?: string; message: string } {
  const issue = error.issues[0];
  return { field: issue?.path[0] === undefined ? undefined : String(issue.path[0]), message: issue?.message ?? 'Check the form and try again.' };
}

/** The signed-in member of staff as the console sees it. */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  totp: boolean;
}

/** What /api/admin/session answers: who is signed in and the anti-forgery token for writes. */
export interface StaffSession {
  staff: StaffMember;
  csrf: string;
  /** When the session ends at the latest (ISO). */
  expiresAt: string;
}
