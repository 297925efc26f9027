// Liveness and readiness.
import { Hono } from 'hono';
import { deps, type ApiEnv } from '../http/deps.ts';

export function healthApi() {
  const app = new Hono<ApiEnv>();
  // Liveness: the process answers (200) whatever the database does; while the database is away
  // it says so ("degraded"), and readiness (below) answers 503.
  app.get('/healthz', (c) =>
    deps(c).availability?.reachable === false
      ? c.json({ status: 'degraded', database: 'unreachable' }, 200, { 'cache-control': 'no-store' })
      : c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }),
  );
  app.get('/readyz', async (c) => {
    try {
      await Promise.race([deps(c).ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
      return c.json({ status: 'ready', database: 'ok' }, 200, { 'cache-control': 'no-store' });
    } catch (e) {
      // An outage already noted is not logged again for every check.
      const availability = deps(c).availability;
      if (!availability?.noteFailure(e) && availability?.reachable !== false) deps(c).logger.warn({ err: e }, 'readiness check failed');
      return c.json({ status: 'unavailable', database: 'unreachable' }, 503, { 'cache-control': 'no-store' });
    }
  });
  return app;
}
