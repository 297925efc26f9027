// The one way a route action reads its form: the posted body read once (a body that is not a
// form reads as an empty one), and its fields checked once against the form's zod schema. The
// schema says what each field is; `formText` is a text field that may be missing (then empty),
// as a browser leaves out an empty file input or an unticked box. The public forms' rules and
// messages stay with the API (common/validation.ts, spec point 5): their schemas only read.
import { z } from 'zod';
import { firstIssue } from '../../common/staff.ts';

/** A text field: missing or not text (a file where text was expected) reads as ''. */
export const formText = z.string().catch('');

/** `typed`: every text field as it was sent (to show a refused form again with the visitor's values). */
export type FormRead<T> = { ok: true; form: FormData; typed: Record<string, string>; data: T } | { ok: false; form: FormData; typed: Record<string, string>; error: string; field?: string };

/** Each field's first value, text or file, by its name. */
export function formEntries(form: FormData): Record<string, FormDataEntryValue> {
  const entries: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of form) if (!Object.hasOwn(entries, key)) entries[key] = value;
  return entries;
}

/**
 * Each text field's first value as it was sent, by its name (a file is left out): what a form with
 * several buttons looks at first (its intent, its anti-forgery token) before choosing its schema.
 */
export function formTexts(form: FormData): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const [key, value] of Object.entries(formEntries(form))) if (typeof value === 'string') typed[key] = value;
  return typed;
}

/** Reads a posted form; a body that is not a form reads as an empty one (its checks then refuse it). */
export async function formFields(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/** Reads the request's form and parses it against `schema`: the data, or the first problem's message and field. */
export async function readForm<S extends z.ZodType>(request: Request, schema: S): Promise<FormRead<z.output<S>>> {
  return parseForm(await formFields(request), schema);
}

/**
 * Reads a form whose schema cannot refuse it (every field `formText` or with its own fallback):
 * the public forms, whose checks the API makes.
 */
export async function readFields<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  return schema.parse(formEntries(await formFields(request)));
}

/** The same for a form already read (a route that looks at it before choosing its schema). */
export function parseForm<S extends z.ZodType>(form: FormData, schema: S): FormRead<z.output<S>> {
  const entries = formEntries(form);
  const typed = formTexts(form);
  const parsed = schema.safeParse(entries);
  if (parsed.success) return { ok: true, form, typed, data: parsed.data };
  const { message, field } = firstIssue(parsed.error);
  return { ok: false, form, typed, error: message, ...(field === undefined ? {} : { field }) };
}
