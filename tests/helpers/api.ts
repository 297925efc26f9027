// Requests to an API app in the test's process (createApi), answered as JSON.
import pino from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApi, type Api } from '../../server/api/index.ts';
import { loadContent, type Content } from '../../server/db/content.ts';
import { openTestDatabase, type Backend, type TestDatabase } from './db.ts';

type Json = Record<string, any>;

/** `get` and `ok` over the API; with `contentType`, `ok` also expects that Content-Type. */
export function apiRequests(api: { request: (path: string) => Response | Promise<Response> }, opts: { contentType?: string } = {}) {
  async function get(path: string) {
    const res = await api.request(path);
    return { res, status: res.status, body: (await res.json()) as Json };
  }
  /** A 200 answer's body (the test fails with the body when it is not a 200). */
  async function ok<T = Json>(path: string): Promise<T> {
    const r = await get(path);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    if (opts.contentType) expect(r.res.headers.get('content-type')).toBe(opts.contentType);
    return r.body as T;
  }
  return { get, ok };
}

/**
 * A test file's in-process API over the site's own content on one backend: the database opened,
 * with the content files' projection (a copy of the run's: tests/helpers/templates.ts), before the file's tests, and closed (or dropped) after them.
 * Read its fields inside the tests.
 */
export function contentApi(backend: Backend, siteUrl: string): { db: TestDatabase; api: Api; content: Content } {
  const handle = {} as { db: TestDatabase; api: Api; content: Content };
  beforeAll(async () => {
    handle.db = await openTestDatabase(backend, 'content');
    handle.content = await loadContent();
    handle.api = createApi({ deps: { db: handle.db.db, siteUrl, logger: pino({ level: 'silent' }), ping: handle.db.ping }, mediaDirs: [] });
  });
  afterAll(async () => {
    if (backend === 'pglite') await handle.db.close();
    else await handle.db.drop();
  });
  return handle;
}
