// The error a request handler throws to answer with a status and words of its own (the API's
// error handler, server/api/index.ts, turns it into the JSON answer).
export class HttpError extends Error {
  status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503;
  headers?: Record<string, string>;
  /** A machine-readable reason, sent as the answer's `code` field (e.g. common/forms.ts). */
  code?: string;
  /** Refused without a log line (answers to requests that come in floods, e.g. lead beacons). */
  quiet?: boolean;
  constructor(status: HttpError['status'], message: string, headers?: Record<string, string>, code?: string) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.code = code;
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
