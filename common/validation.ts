// The rules of the enquiry and newsletter forms (spec point 5), shared by the browser and the
// server so both give the same answer with the same words.
import { CONTACT_METHODS, DEFAULT_CONTACT_METHOD, type ContactMethod } from './constants.ts';

export const MESSAGES = {
  suspicious: 'Suspicious input detected. Please revise your message.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  required: 'Name, Email, and Message are required.',
  newsletterRequired: 'Full name and email are required.',
  contactMethod: 'Please choose Whatsapp, Email or Phone as the preferred contact method.',
  currentUrl: 'The page address sent with the enquiry is not a valid web address.',
} as const;

/** Upper bounds on each field; longer values are refused with a message naming the field. */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 24,
  country: 80,
  message: 5000,
  currentUrl: 2048,
  fullName: 100,
} as const;

const LABELS: Record<keyof typeof LIMITS, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  country: 'Country',
  message: 'Message',
  currentUrl: 'Page address',
  fullName: 'Full name',
};

export function tooLongMessage(field: keyof typeof LIMITS): string {
  return `${LABELS[field]} is too long (at most ${LIMITS[field]} characters).`;
}

/**
 * Characters and SQL words the operator's mailbox refuses (rule 1). Characters match anywhere:
 * the single quote, a double dash, a semicolon and the block-comment markers. Words match whole
 * and case-insensitively, so 'selected', 'created' or 'executive' pass; xp_ matches as the start
 * of a word (xp_cmdshell).
 */
const SUSPICIOUS_CHARS = /'|--|;|\/\*|\*\//;
const SUSPICIOUS_WORDS = /(?<![\p{L}\p{N}_])(?:exec|union|select|insert|update|delete|drop|alter|create)(?![\p{L}\p{N}_])|(?<![\p{L}\p{N}_])xp_/iu;

export function isSuspicious(value: string): boolean {
  return SUSPICIOUS_CHARS.test(value) || SUSPICIOUS_WORDS.test(value);
}

/**
 * An RFC 5321 mailbox as people type it: a Dot-string local part (the letters, digits and
 * symbols of `atext`, dots between them; no quotes, so no spaces, angle brackets, commas,
 * brackets or control characters), '@', then a domain name of two or more labels. The domain
 * may be internationalised: it is checked in its ASCII (IDNA) form, as the browser's URL
 * parser and the server's give it, so the browser and the server agree.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** Characters a domain may be typed with: ASCII letters, digits, hyphens and dots, and letters, marks and digits of other scripts. */
const DOMAIN_TYPED = /^[A-Za-z0-9.\p{L}\p{M}\p{N}-]+$/u;
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A top-level domain: letters, or an internationalised one (xn--); never all digits. */
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The ASCII form of a typed domain name (lower case, IDNA), or null when it is not one. */
export function asciiDomain(domain: string): string | null {
  if (!DOMAIN_TYPED.test(domain) || domain.startsWith('.') || domain.endsWith('.') || domain.includes('..')) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
  if (ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => ASCII_LABEL.test(l))) return null;
  return TOP_LABEL.test(labels[labels.length - 1]!) ? ascii : null;
}

export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  // 64 octets at most (RFC 5321 4.5.3.1.1); the local part is ASCII, so characters are octets.
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  return asciiDomain(value.slice(at + 1)) !== null;
}

/** The separators people type in a phone number (spaces, hyphens, dots, brackets): dropped before the check. */
const PHONE_SEPARATORS = /[\s.\-()[\]]/g;

/** A phone number as typed, without its separators: '+33 (6) 12-34-56-78' is '+33612345678'. */
export function normalisePhone(value: string): string {
  return value.replace(PHONE_SEPARATORS, '');
}

/** An optional leading plus, then 7 to 15 digits, once spaces, hyphens, dots and brackets are dropped. */
export function isPhone(value: string): boolean {
  const phone = normalisePhone(value);
  if (!/^\+?\d+$/.test(phone)) return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

export interface EnquiryInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  country?: string | null;
  message?: string | null;
  preferredContactMethod?: string | null;
  currentUrl?: string | null;
}

export interface Enquiry {
  name: string;
  email: string;
  phone: string;
  country: string;
  message: string;
  preferredContactMethod: ContactMethod;
  currentUrl: string | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string; field?: string };

const clean = (v: string | null | undefined) => (v ?? '').trim();

/** 'Phone call' and any letter case are accepted for the three methods; empty means the default. */
export function contactMethodOf(value: string | null | undefined): ContactMethod | null {
  const v = clean(value).toLowerCase();
  if (v === '') return DEFAULT_CONTACT_METHOD;
  if (v === 'phone call') return 'Phone';
  return CONTACT_METHODS.find((m) => m.toLowerCase() === v) ?? null;
}

/**
 * Checks an enquiry in the order of spec point 5 and returns the first failure's message:
 * 1 suspicious pattern in name, email or message; 2 e-mail shape; 3 phone; 4 required fields.
 * After those, lengths, the contact method and the page address. The phone is kept without its
 * separators.
 */
export function validateEnquiry(input: EnquiryInput): Checked<Enquiry> {
  const name = clean(input.name);
  const email = clean(input.email);
  const phone = normalisePhone(clean(input.phone));
  const country = clean(input.country);
  const message = clean(input.message);

  const suspicious = (['name', 'email', 'message'] as const).find((f) => isSuspicious({ name, email, message }[f]));
  if (suspicious) return { ok: false, error: MESSAGES.suspicious, field: suspicious };
  if (!isEmail(email)) return { ok: false, error: MESSAGES.email, field: 'email' };
  if (!isPhone(phone)) return { ok: false, error: MESSAGES.phone, field: 'phone' };
  if (!name || !email || !message) return { ok: false, error: MESSAGES.required, field: !name ? 'name' : 'message' };

  for (const [field, value] of [
    ['name', name],
    ['email', email],
    ['phone', phone],
    ['country', country],
    ['message', message],
  ] as const) {
    if (value.length > LIMITS[field]) return { ok: false, error: tooLongMessage(field), field };
  }

  const preferredContactMethod = contactMethodOf(input.preferredContactMethod);
  if (!preferredContactMethod) return { ok: false, error: MESSAGES.contactMethod, field: 'preferredContactMethod' };

  const rawUrl = clean(input.currentUrl);
  let currentUrl: string | null = null;
  if (rawUrl) {
    if (rawUrl.length > LIMITS.currentUrl) return { ok: false, error: tooLongMessage('currentUrl'), field: 'currentUrl' };
    if (!isWebAddress(rawUrl)) return { ok: false, error: MESSAGES.currentUrl, field: 'currentUrl' };
    currentUrl = rawUrl;
  }

  return { ok: true, value: { name, email, phone, country, message, preferredContactMethod, currentUrl } };
}

/** An absolute http(s) address, or a path on this site ('/safaris/...'). */
function isWebAddress(value: string): boolean {
  if (/[\s<>]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The home-page variant sends nothing while a required field is empty (spec point 5). */
export function hasRequiredEnquiryFields(input: EnquiryInput): boolean {
  return Boolean(clean(input.name) && clean(input.email) && clean(input.message));
}

export interface SubscriberInput {
  fullName?: string | null;
  email?: string | null;
}

export interface Subscriber {
  fullName: string;
  email: string;
}

/** Newsletter: full name and e-mail required, e-mail shaped like one. */
export function validateSubscriber(input: SubscriberInput): Checked<Subscriber> {
  const fullName = clean(input.fullName);
  const email = clean(input.email);
  if (!fullName || !email) return { ok: false, error: MESSAGES.newsletterRequired, field: !fullName ? 'fullName' : 'email' };
  if (!isEmail(email)) return { ok: false, error: MESSAGES.email, field: 'email' };
  if (fullName.length > LIMITS.fullName) return { ok: false, error: tooLongMessage('fullName'), field: 'fullName' };
  if (email.length > LIMITS.email) return { ok: false, error: tooLongMessage('email'), field: 'email' };
  return { ok: true, value: { fullName, email } };
}
