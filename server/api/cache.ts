// Which API answers are kept in memory and served again (the mechanism: server/http/cache.ts).
// Opt-in per route: `app.get('/parks', cached({ query: ['page', 'limit'] }), handler)`. An answer
// of a route without `cached()` is produced for every request and marked `no-store`.
import type { MiddlewareHandler } from 'hono';
import type { CachePolicy } from '../../app/lib/cache-policy.ts';
import { replaceResponse } from '../http/compress.ts';
import { queryKey, type AnswerStore } from '../http/cache.ts';
import { withinBudget, type BudgetEnv } from './budget.ts';

const API_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
export const JSON_TYPE = 'application/json; charset=utf-8';

export type CacheEnv = { Variables: { answers?: AnswerStore } } & BudgetEnv;

/** Keeps this route's 200 answers per URL; query parameters other than `policy.query` bypass it. */
export function cached(policy: CachePolicy = {}): MiddlewareHandler<CacheEnv> {
  return async (c, next) => {
    const store = c.get('answers');
    const method = c.req.method;
    const produce = async () => {
      await next();
      const res = c.res;
      if (res.status === 200 && !res.headers.has('cache-control')) res.headers.set('cache-control', API_CACHE_CONTROL);
      if (res.headers.get('content-type') === 'application/json') res.headers.set('content-type', JSON_TYPE);
      return res;
    };
    if (!store?.cache.enabled || (method !== 'GET' && method !== 'HEAD')) {
      await produce();
      return;
    }
    const url = new URL(c.req.url);
    const query = queryKey(url.searchParams, policy);
    if (query === undefined) {
      // Query parameters this route does not keep: produced for this request, within the caller's budget.
      const refused = await withinBudget(c, produce);
      if (refused) return refused;
      return;
    }
    const key = `api ${url.pathname}${query}`;
    replaceResponse(c, await store.cache.serve(key, c.req.raw, produce));
  };
}
