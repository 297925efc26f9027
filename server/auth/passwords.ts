// Passwords: Argon2id hashes (OWASP's parameters, @node-rs/argon2's defaults: 19 MiB, 2 passes),
// and the check of a new password against the length rule and a list of common passwords.
import { hash, verify } from '@node-rs/argon2';
import { newPassword, STAFF_MESSAGES } from '../../common/staff.ts';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has: verified when the address is unknown, so a sign-in takes as
 * long whether or not the account exists.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash(`decoy-${Math.random()}-${Date.now()}`);
  return decoy;
}

let common: Promise<Set<string>> | undefined;
/** About 30,000 of the most used passwords (zxcvbn-ts's list), loaded on first use. */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then((m) => {
    const dictionary = (m.dictionary ?? (m as unknown as { default: { dictionary: typeof m.dictionary } }).default.dictionary) as Record<string, string[]>;
    return new Set(dictionary['passwords-common'] ?? []);
  });
  return common;
}

/** Why a chosen password is refused, or null when it is fine. */
export async function passwordProblem(password: string, email?: string): Promise<string | null> {
  const parsed = newPassword.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]!.message;
  const lower = password.toLowerCase();
  const set = await commonPasswords();
  // The list holds passwords as typed; also try without trailing digits and symbols ("sunshine2024!").
  const stem = lower.replace(/[\d\W_]+$/u, '');
  if (set.has(lower) || (stem.length >= 6 && set.has(stem)) || /^(.)\1+$/u.test(password)) return STAFF_MESSAGES.passwordCommon;
  if (email) {
    const local = email.toLowerCase().split('@')[0]!;
    if (lower.includes(email.toLowerCase()) || (local.length >= 4 && lower.replace(/\d+$/, '') === local)) return STAFF_MESSAGES.passwordEmail;
  }
  return null;
}
