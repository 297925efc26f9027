// Passwords: Argon2id hashes (OWASP's parameters, @node-rs/argon2's defaults: 19 MiB, 2 passes),
// and the check of a new password: the length rule, then a strength estimate (zxcvbn-ts, with the
// common-password and keyboard dictionaries) that knows the site's own name and words and the
// account's e-mail address and name, so a password built from them is refused. Server-side only:
// the dictionaries are large and never sent to the browser.
import { hash, verify } from '@node-rs/argon2';
import { site } from '../../common/site.ts';
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

/** The lowest zxcvbn score (0–4) a new password needs: 3, "safely unguessable" for an online attack. */
const MIN_PASSWORD_SCORE = 3;

/** The site's own words: a password made of them is one of the first an attacker of this site tries. */
export function siteWords(): string[] {
  const domain = site.email.split('@')[1] ?? '';
  const words = [site.name, site.legalName, site.operatorSlug, domain, domain.split('.')[0] ?? '', site.address.locality, site.address.region, 'safari', 'safaris', 'gorilla', 'gorillas', 'uganda'];
  for (const w of [site.name, site.legalName]) words.push(...w.split(/\s+/), w.replace(/\s+/g, ''));
  return [...new Set(words.map((w) => w.toLowerCase()).filter((w) => w.length >= 3 && w !== 'and'))];
}

/** Words of the account itself: the address, its local part and the pieces of it, and the name. */
function accountWords(email?: string, name?: string): string[] {
  const words: string[] = [];
  if (email) {
    const lower = email.trim().toLowerCase();
    const local = lower.split('@')[0] ?? '';
    words.push(lower, local, local.replace(/[^\p{L}\p{N}]+/gu, ''), ...local.split(/[^\p{L}\p{N}]+/u));
  }
  if (name) {
    const lower = name.trim().toLowerCase();
    words.push(lower, lower.replace(/\s+/g, ''), ...lower.split(/\s+/));
  }
  return [...new Set(words.filter((w) => w.length >= 3))];
}

type Estimator = { check(password: string, userInputs?: (string | number)[]): { score: number; feedback: { warning: string | null }; sequence: { pattern: string; dictionaryName?: string }[] } };
let estimator: Promise<Estimator> | undefined;
/** zxcvbn-ts with the common dictionaries and keyboard layouts, loaded on first use. */
function strength(): Promise<Estimator> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    const lang = (common.dictionary ? common : (common as unknown as { default: typeof common }).default) as typeof common;
    return new core.ZxcvbnFactory({
      dictionary: { ...lang.dictionary, userInputs: siteWords() },
      graphs: lang.adjacencyGraphs,
      useLevenshteinDistance: true,
    }) as Estimator;
  });
  return estimator;
}

const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon']);

/** Why a chosen password is refused, or null when it is fine. `name`: the account's name, if any. */
export async function passwordProblem(password: string, email?: string, name?: string): Promise<string | null> {
  const parsed = newPassword.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]!.message;
  const lower = password.toLowerCase();
  if (email && lower.includes(email.trim().toLowerCase())) return STAFF_MESSAGES.passwordEmail;
  const result = (await strength()).check(password, accountWords(email, name));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning ?? '';
  if (COMMON_WARNINGS.has(warning)) return STAFF_MESSAGES.passwordCommon;
  if (warning === 'userInputs' || result.sequence.some((m) => m.dictionaryName === 'userInputs')) return STAFF_MESSAGES.passwordPersonal;
  return STAFF_MESSAGES.passwordWeak;
}
