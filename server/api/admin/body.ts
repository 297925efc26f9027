// Reading a console write: JSON only, checked by the form's zod schema (common/), every problem
// a 400 that names the field.
import type { Context } from 'hono';
import type { z } from 'zod';
import { firstIssue } from '../../../common/staff.ts';
import { HttpError } from '../../http/error.ts';

export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!/^application\/([a-z.+-]*\+)?json\b/.test(type)) throw new HttpError(415, 'Send the request as application/json.');
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new HttpError(400, 'The request is not valid JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    throw new HttpError(400, issue.message, undefined, issue.field ? `invalid-${issue.field}` : 'invalid');
  }
  return parsed.data;
}
