// What the content store refuses, and how: a status, a code and the message staff read (with
// the problems of the fields, when there are some).
import { CONTENT_MESSAGES } from '../../common/content-editing.ts';

export class ContentStoreError extends Error {
  readonly status: 400 | 403 | 404 | 409;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  constructor(status: 400 | 403 | 404 | 409, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export function invalid(problems: { path: string; message: string }[]): ContentStoreError {
  const first = problems[0];
  return new ContentStoreError(400, first ? `invalid-${first.path || 'document'}` : 'invalid', CONTENT_MESSAGES.invalid, { problems });
}

export function referenceError(problems: string[], message: string = CONTENT_MESSAGES.referenced): ContentStoreError {
  return new ContentStoreError(409, 'referenced', message, { problems: problems.map((p) => ({ path: '', message: p })) });
}
