// Liveness and readiness.
import { Hono } from 'hono';
import { deps, type ApiEnv } from './http.ts';

export function healthApi() {
  const app = new Hono<ApiEnv>();
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }));
  app.get('/readyz', async (c) => {
    try {
      await Promise.race([deps(c).ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
      return c.json({ status: 'ready', database: 'ok' }, 200, { 'cache-control': 'no-store' });
    } catch (e) {
      deps(c).logger.warn({ err: e }, 'readiness check failed');
      return c.json({ status: 'unavailable', database: 'unreachable' }, 503, { 'cache-control': 'no-store' });
    }
  });
  return app;
}
