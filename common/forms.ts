// What the API and the pages' form actions share about a submission's form token (server/spam/
// form-token.ts): the codes an error answer carries (its `code` field) when the token was not
// accepted, and the words a page shows when it asks the visitor to send the form again.

/** The token was missing, forged, out of date or spent: the form is shown again with a fresh one. */
const FORM_TOKEN_CODES = ['form-token-missing', 'form-token-invalid', 'form-token-expired', 'form-token-used'] as const;
export type FormTokenCode = (typeof FORM_TOKEN_CODES)[number];
/** The form was sent faster than a person fills it in: the same token will do in a moment. */
export const TOO_FAST_CODE = 'form-too-fast';
// A field that breaks a rule of common/validation.ts is named in the code: 'invalid-email' etc.

export function isFormTokenCode(code: unknown): code is FormTokenCode {
  return FORM_TOKEN_CODES.includes(code as FormTokenCode);
}

/** Shown with the form sent back for confirmation (no JavaScript, or no token could be had). */
export function confirmMessage(buttonLabel: string): string {
  return `Please check your details and press “${buttonLabel}” to confirm.`;
}

/** Shown when the form was sent faster than a person fills it in. */
export function tooFastMessage(buttonLabel: string): string {
  return `That was quick! Please check your details and press “${buttonLabel}” again.`;
}

/**
 * The answer's code while the database is away (a 503 with Retry-After): nothing was stored, the
 * form is shown again with the visitor's values and these words, and can be sent again later.
 */
export const UNAVAILABLE_CODE = 'unavailable';
export const UNAVAILABLE_MESSAGE = 'We could not take this just now: our system is briefly unavailable. Nothing was sent. Please try again in a minute, or call or WhatsApp us.';
