// Reading a console request: a write's body (JSON only, checked by the form's zod schema in
// common/, every problem a 400 that names the field) and the id in its path.
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

const ID = /^[1-9][0-9]{0,8}$/;

/** The numeric id in the path (`:id`); anything else is the 404 of the thing it names. */
export function idParam(c: Context, what: string): number {
  const v = c.req.param('id') ?? '';
  if (!ID.test(v)) throw new HttpError(404, `${what} not found`);
  return Number(v);
}
