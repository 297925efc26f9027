// The API's dependency wiring (the per-request environment: database, site address, logger) and
// the request parameters every list and item route reads (pagination, slugs).
import type { Context } from 'hono';
import type { Logger } from 'pino';
import { MAX_PAGE_LIMIT } from '../../common/constants.ts';
import type { DatabaseAvailability } from '../db/availability.ts';
import type { Db } from '../db/index.ts';
import type { AnswerStore } from './cache.ts';
import { HttpError } from './error.ts';

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
