// Requests to an API app in the test's process (createApi), answered as JSON.
import { expect } from 'vitest';

type Json = Record<string, any>;

export function apiRequests(api: { request: (path: string) => Response | Promise<Response> }) {
  async function get(path: string) {
    const res = await api.request(path);
    return { res, status: res.status, body: (await res.json()) as Json };
  }
  /** A 200 answer's body (the test fails with the body when it is not a 200). */
  async function ok<T = Json>(path: string): Promise<T> {
    const r = await get(path);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body as T;
  }
  return { get, ok };
}
