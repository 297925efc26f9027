// The one rule for a single-line value (a name, a country, an address, a subject) in an e-mail's
// headers and bodies: line breaks and other control characters become one space, so a value typed
// into a public form cannot start a line of its own ("Bcc: …") in what the operator reads.
// Multi-line fields (an enquiry's message) are not passed through it and keep their lines.

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** The value on one line: control characters and line breaks collapsed to single spaces, trimmed. */
export function oneLine(value: string): string {
  return value.replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim();
}
