// The rules of the console's access forms (second factor, password reset, staff management, the
// audit log's filters), shared by the browser and the server: one zod schema per form.
import { z } from 'zod';
import { newPassword, PASSWORD_MAX, STAFF_MESSAGES, STAFF_ROLES, type StaffRole } from './staff.ts';
import { isEmail } from './validation.ts';

export const ACCESS_MESSAGES = {
  code: 'Enter the 6-digit code from your app, or a recovery code.',
  totpSetupCode: 'That code is not right. Check the time on your phone and enter the code your app shows now.',
  resetSent: 'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 30 minutes.',
  resetInvalid: 'This link is not valid any more: it was already used, or it is more than its time old. Ask for a new one.',
  resetDone: 'Your password is set. Every browser signed in to your account was signed out. Sign in with the new password.',
  self: 'You cannot change your own role or disable your own account. Ask another owner.',
  lastOwner: 'The console needs at least one active owner. Make someone else an owner first.',
  passwordWrong: 'Your password is not right.',
} as const;

/** How long the links in the e-mails work. */
export const RESET_MINUTES = 30;
export const INVITE_HOURS = 48;
export const RECOVERY_CODE_COUNT = 10;
export const AUDIT_PAGE_SIZE = 50;

const email = z
  .string({ error: STAFF_MESSAGES.email })
  .trim()
  .max(254, STAFF_MESSAGES.email)
  .refine((v) => isEmail(v), STAFF_MESSAGES.email);

/** A 6-digit code, or a recovery code (letters and digits, dashes and spaces allowed). */
export const codeSchema = z.object({
  code: z
    .string({ error: ACCESS_MESSAGES.code })
    .trim()
    .min(6, ACCESS_MESSAGES.code)
    .max(40, ACCESS_MESSAGES.code)
    .regex(/^[A-Za-z0-9 -]+$/, ACCESS_MESSAGES.code),
});

export const totpDisableSchema = z.object({
  password: z.string({ error: STAFF_MESSAGES.passwordRequired }).min(1, STAFF_MESSAGES.passwordRequired).max(PASSWORD_MAX, ACCESS_MESSAGES.passwordWrong),
  code: codeSchema.shape.code,
});

export const resetRequestSchema = z.object({ email });

export const resetCompleteSchema = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
  password: newPassword,
});

export const staffInviteSchema = z.object({
  email,
  name: z.string().trim().max(100, STAFF_MESSAGES.name).default(''),
  role: z.enum(STAFF_ROLES, { error: 'Choose owner or agent.' }),
});

export const staffRoleSchema = z.object({ role: z.enum(STAFF_ROLES, { error: 'Choose owner or agent.' }) });

/** GET /api/admin/account/totp */
export interface TotpStatus {
  enabled: boolean;
  /** Unused recovery codes left. */
  recoveryLeft: number;
  /** While turning it on: the secret to add to the app. */
  pending?: { secret: string; uri: string; qrSvg: string };
}

/** One row of GET /api/admin/staff */
export interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  totp: boolean;
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /** An invitation not yet used: the member has never chosen a password. */
  invited: boolean;
}

export interface StaffList {
  staff: StaffRow[];
  me: number;
}

interface AuditRow {
  id: number;
  at: string;
  actor: string;
  staffId: number | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
}

export interface AuditPage {
  entries: AuditRow[];
  page: number;
  pages: number;
  total: number;
  /** The actions the log holds, for the filter. */
  actions: string[];
  members: { id: number; email: string }[];
}
