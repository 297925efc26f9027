// A list that could not be loaded (spec point 8, "Safari list failure"): the page says so in the
// server's words (the `error` field of the API's answer) or in the list's own fallback sentence,
// with the shared header and footer, instead of the general error view. It is the same on the
// server's first render (the page answers with the failure's status, never kept) and on a client
// navigation whose data request fails (a network failure has no server words: the fallback).
import { data, isRouteErrorResponse } from 'react-router';
import { languageOfPath } from '../../common/languages.ts';
import { ApiError } from './load.ts';
import { notFoundMeta } from './meta.ts';

/** The fallback sentence of the safari lists (all safaris, by country, by experience). */
export const SAFARI_LIST_FAILURE = 'Failed to fetch safaris';

/** What a list's loader throws when its data could not be had (read by listFailureMessage). */
interface ListFailureData {
  listFailure: true;
  /** The server's words, when it gave any. */
  error: string | null;
}

/**
 * Runs a list's loads; a failure to get the data (the API answered an error, could not be
 * reached, or answered something else than JSON) becomes the list's failure, with the API's
 * status (5xx) or 503 when it could not be reached. The not-found view (404) and anything the
 * loader throws on purpose pass through.
 */
export async function loadList<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    const status = e instanceof ApiError ? (e.status >= 500 ? e.status : 502) : e instanceof TypeError ? 503 : 502;
    const failure: ListFailureData = { listFailure: true, error: e instanceof ApiError ? (e.error ?? null) : null };
    throw data(failure, { status });
  }
}

/** The sentence a list's error boundary shows, or undefined when the error is not a list's failure (a 404). */
export function listFailureMessage(error: unknown, fallback: string): string | undefined {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404 || error.status === 400) return undefined;
    const d = error.data as Partial<ListFailureData> | null | undefined;
    return typeof d?.error === 'string' && d.error ? d.error : fallback;
  }
  // A client navigation's data request that failed (network), or anything else thrown on the way.
  return fallback;
}

/** The page's head when the list failed: not indexed, titled as an error in the page's language (by its path). */
export function listFailureMeta(error: unknown, pathname = '/') {
  return notFoundMeta(isRouteErrorResponse(error) ? (error.status === 400 ? 404 : error.status) : 500, languageOfPath(pathname));
}
