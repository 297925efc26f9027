// Shared pieces of the API: errors, pagination, page metadata and the per-request environment.
import type { Context } from 'hono';
import type { Logger } from 'pino';
import { MAX_PAGE_LIMIT } from '../../common/constants.ts';
import type { PageMeta } from '../../common/api-types.ts';
import type { DatabaseAvailability } from '../db/availability.ts';
import type { Db } from '../db/index.ts';
import type { AnswerStore } from './cache.ts';

export interface ApiDeps {
  db: Db;
  siteUrl: string;
  logger: Logger;
  /** Resolves when the database answers. */
  ping(): Promise<void>;
  /** Whether the database is reachable, as last seen (server/db/availability.ts); absent: not watched. */
  availability?: DatabaseAvailability;
}

export type ApiEnv = { Variables: { deps: ApiDeps; answers?: AnswerStore } };
export type ApiContext = Context<ApiEnv>;

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

export interface Paging {
  page: number;
  limit: number;
  offset: number;
}

const positiveInt = /^[1-9][0-9]{0,8}$/;

/** Reads ?page and ?limit. page starts at 1; limit defaults to the list's page size (point 9). */
export function parsePaging(query: (k: string) => string | undefined, defaultLimit: number): Paging {
  const rawPage = query('page');
  const rawLimit = query('limit');
  let page = 1;
  let limit = defaultLimit;
  if (rawPage !== undefined) {
    if (!positiveInt.test(rawPage)) throw new HttpError(400, 'Invalid page: it must be a whole number from 1');
    page = Number(rawPage);
  }
  if (rawLimit !== undefined) {
    if (!positiveInt.test(rawLimit)) throw new HttpError(400, 'Invalid limit: it must be a whole number from 1');
    limit = Number(rawLimit);
    if (limit > MAX_PAGE_LIMIT) throw new HttpError(400, `Invalid limit: at most ${MAX_PAGE_LIMIT}`);
  }
  return { page, limit, offset: (page - 1) * limit };
}

/** Total pages for a count; an empty list still has its page 1. Refuses a page past the end. */
export function totalPagesFor(total: number, paging: Paging): number {
  const totalPages = Math.ceil(total / paging.limit);
  if (paging.page > Math.max(totalPages, 1)) throw new HttpError(400, `Invalid page: there ${totalPages === 1 ? 'is 1 page' : `are ${totalPages} pages`}`);
  return totalPages;
}

export function pageMeta(siteUrl: string, path: string, title: string, keywords: string, description: string): PageMeta {
  return { title, pageKeywords: keywords, pageDescription: description, pageUrl: `${siteUrl}${path}` };
}

/** Removes later duplicates by id, keeping the first occurrence's order. */
export function dedupeById<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
}

/** The shape of every slug (content files are checked against the same rule). */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 200;

/**
 * A slug path parameter, checked at the edge: anything but lower-case words joined by hyphens
 * (a NUL, a quote, 10 KB of text...) is the empty string, which no item has, so the caller
 * answers its usual 404 without the database ever seeing the value.
 */
export function slugParam(c: ApiContext, name = 'slug'): string {
  const v = c.req.param(name) ?? '';
  return v.length <= MAX_SLUG_LENGTH && SLUG.test(v) ? v : '';
}

export function deps(c: { var: { deps: ApiDeps } }): ApiDeps {
  return c.var.deps;
}

/** The heading fields of a country's lists (parks, safaris, experiences in a destination). */
export function destinationHeader(d: {
  destinationtitle: string;
  destinationtitleslug: string;
  destinationheaderimage: string;
  destinationheaderimagealt: string;
}) {
  return {
    destinationTitle: d.destinationtitle,
    destinationTitleSlug: d.destinationtitleslug,
    destinationImage: d.destinationheaderimage,
    destinationImageAlt: d.destinationheaderimagealt,
  };
}
