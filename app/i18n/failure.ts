// A form's failed check (common/validation.ts) in words of a catalogue: the pages' (useFailure,
// here, so that only the pages with forms load the rules) and the API's (app/i18n/form-messages.server.ts). The check gives the spec's
// English words and the field; the catalogues' `validation.<name>` say the same in each language
// (the English catalogue's words are the spec's: app/i18n/catalogues.test.ts).
import { LIMITS, MESSAGES, tooLongMessage, type Checked } from '../../common/validation.ts';
import { useT } from './index.ts';

export type Failure = Extract<Checked<unknown>, { ok: false }>;
type Translate = (key: string, values?: Record<string, unknown>) => string;

const NAMES = Object.keys(MESSAGES) as (keyof typeof MESSAGES)[];
// The keys written whole, for the split of the catalogues per route (app/i18n/split.ts).
const RULE_KEYS: Record<keyof typeof MESSAGES, string> = {
  suspicious: 'validation.suspicious',
  email: 'validation.email',
  phone: 'validation.phone',
  required: 'validation.required',
  newsletterRequired: 'validation.newsletterRequired',
  contactMethod: 'validation.contactMethod',
  currentUrl: 'validation.currentUrl',
};
/** A field's name in words (a form's label, a check naming the field). */
export const FIELD_KEYS: Record<keyof typeof LIMITS, string> = {
  name: 'validation.field.name',
  email: 'validation.field.email',
  phone: 'validation.field.phone',
  country: 'validation.field.country',
  message: 'validation.field.message',
  currentUrl: 'validation.field.currentUrl',
  fullName: 'validation.field.fullName',
};
const isLimited = (field: string | undefined): field is keyof typeof LIMITS => field !== undefined && Object.hasOwn(LIMITS, field);

/** The failure in the catalogue's words; words of no rule of common/validation.ts as they came. */
export function failureText(translate: Translate, failure: Failure): string {
  const name = NAMES.find((n) => MESSAGES[n] === failure.error);
  if (name) return translate(RULE_KEYS[name]);
  const { field } = failure;
  if (isLimited(field) && failure.error === tooLongMessage(field)) return translate('validation.tooLong', { field: translate(FIELD_KEYS[field]), max: String(LIMITS[field]) });
  return failure.error;
}

/** A form's failed check in the page's language. */
export function useFailure(): (failure: Failure) => string {
  const t = useT();
  return (failure) => failureText(t, failure);
}
