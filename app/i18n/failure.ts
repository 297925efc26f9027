// A form's failed check (common/validation.ts) in words of a catalogue: the pages' (useFailure,
// here, so that only the pages with forms load the rules) and the API's (app/i18n/form-messages.server.ts). The check gives the spec's
// English words and the field; the catalogues' `validation.<name>` say the same in each language
// (the English catalogue's words are the spec's: app/i18n/catalogues.test.ts).
import { LIMITS, MESSAGES, tooLongMessage, type Checked } from '../../common/validation.ts';
import { useT } from './index.ts';

export type Failure = Extract<Checked<unknown>, { ok: false }>;
type Translate = (key: string, values?: Record<string, unknown>) => string;

const NAMES = Object.keys(MESSAGES) as (keyof typeof MESSAGES)[];
const isLimited = (field: string | undefined): field is keyof typeof LIMITS => field !== undefined && Object.hasOwn(LIMITS, field);

/** The failure in the catalogue's words; words of no rule of common/validation.ts as they came. */
export function failureText(translate: Translate, failure: Failure): string {
  const name = NAMES.find((n) => MESSAGES[n] === failure.error);
  if (name) return translate(`validation.${name}`);
  const { field } = failure;
  if (isLimited(field) && failure.error === tooLongMessage(field)) return translate('validation.tooLong', { field: translate(`validation.field.${field}`), max: String(LIMITS[field]) });
  return failure.error;
}

/** A form's failed check in the page's language. */
export function useFailure(): (failure: Failure) => string {
  const t = useT();
  return (failure) => failureText(t, failure);
}
