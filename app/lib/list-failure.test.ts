import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from './load.ts';
import { loadLanguage } from '../i18n/index.ts';
import { listFailureMessage, listFailureMeta, loadList, SAFARI_LIST_FAILURE } from './list-failure.ts';

/** What loadList threw, as the route's error boundary would receive it once thrown by a loader. */
async function thrown(load: () => Promise<unknown>): Promise<{ status: number; data: unknown }> {
  try {
    await loadList(load);
  } catch (e) {
    const d = e as { type?: string; data: unknown; init: ResponseInit | null };
    expect(d.type).toBe('DataWithResponseInit');
    return { status: d.init?.status ?? 200, data: d.data };
  }
  throw new Error('loadList did not throw');
}

describe('a list that cannot be loaded', () => {
  it("carries the API's error field and its 5xx status", async () => {
    const e = await thrown(() => Promise.reject(new ApiError('/safaris', 503, JSON.stringify({ error: 'The safari list is being updated.' }))));
    expect(e).toEqual({ status: 503, data: { listFailure: true, error: 'The safari list is being updated.' } });
  });
  it('has no server words when the API gave none, and a 4xx other than 404 is a bad gateway', async () => {
    expect(await thrown(() => Promise.reject(new ApiError('/safaris', 500, '<h1>Oops</h1>')))).toEqual({ status: 500, data: { listFailure: true, error: null } });
    expect(await thrown(() => Promise.reject(new ApiError('/safaris', 429, '{"error":""}')))).toEqual({ status: 502, data: { listFailure: true, error: null } });
  });
  it('is a 503 when the API could not be reached, a 502 when it answered something else than JSON', async () => {
    expect(await thrown(() => Promise.reject(new TypeError('fetch failed')))).toEqual({ status: 503, data: { listFailure: true, error: null } });
    expect(await thrown(() => Promise.reject(new Error('Invalid content type. Expected JSON.')))).toEqual({ status: 502, data: { listFailure: true, error: null } });
  });
  it('lets the not-found view and the data through untouched', async () => {
    const notFound = { type: 'DataWithResponseInit', data: null, init: { status: 404 } };
    await expect(loadList(() => Promise.reject(notFound))).rejects.toBe(notFound);
    await expect(loadList(async () => ({ safaris: [] }))).resolves.toEqual({ safaris: [] });
  });
});

describe('the sentence the page shows', () => {
  const routeError = (status: number, data: unknown) => ({ status, statusText: '', internal: false, data });
  it("is the server's words, or the list's fallback", () => {
    expect(isRouteErrorResponse(routeError(503, {}))).toBe(true);
    expect(listFailureMessage(routeError(503, { listFailure: true, error: 'Back in a minute.' }), SAFARI_LIST_FAILURE)).toBe('Back in a minute.');
    expect(listFailureMessage(routeError(500, { listFailure: true, error: null }), SAFARI_LIST_FAILURE)).toBe('Failed to fetch safaris');
    expect(listFailureMessage(routeError(500, 'Unexpected Server Error'), SAFARI_LIST_FAILURE)).toBe('Failed to fetch safaris');
    // A client navigation whose data request failed in the network.
    expect(listFailureMessage(new TypeError('Failed to fetch'), SAFARI_LIST_FAILURE)).toBe('Failed to fetch safaris');
  });
  it('is none for a missing page: that is the not-found view', () => {
    expect(listFailureMessage(routeError(404, null), SAFARI_LIST_FAILURE)).toBeUndefined();
    expect(listFailureMessage(routeError(400, null), SAFARI_LIST_FAILURE)).toBeUndefined();
  });
  it('gives the page an error title and noindex', () => {
    expect(listFailureMeta(routeError(503, null))).toEqual([{ title: 'Something went wrong | Kigezi Trails' }, { name: 'robots', content: 'noindex' }]);
    expect(listFailureMeta(routeError(404, null))[0]).toEqual({ title: 'Page not found | Kigezi Trails' });
  });
  it('titles the error in the page’s language, by its path', async () => {
    await loadLanguage('de');
    expect(listFailureMeta(routeError(503, null), '/de/safaris')[0]).toEqual({ title: 'Etwas ist schiefgelaufen | Kigezi Trails' });
    expect(listFailureMeta(routeError(503, null), '/safaris')[0]).toEqual({ title: 'Something went wrong | Kigezi Trails' });
  });
});
