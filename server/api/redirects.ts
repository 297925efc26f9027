// GET /api/redirects?path=/parks/old-name: where a changed slug left an address (the content
// editor writes them, server/content/renames.ts). The web layer asks when a page is not found, and
// answers 301 to the new address instead of the not-found view.
import { Hono } from 'hono';
import { findRedirect } from '../content/renames.ts';
import { deps, type ApiEnv } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';

const PATH = /^\/[a-z0-9/-]{1,300}$/;

export function redirectsApi() {
  const app = new Hono<ApiEnv>();
  app.get('/redirects', async (c) => {
    const path = c.req.query('path') ?? '';
    if (!PATH.test(path) || path.includes('//')) throw new HttpError(400, 'path must be a site address such as /parks/some-park');
    const to = await findRedirect(deps(c).db, path);
    if (!to) throw new HttpError(404, 'No redirect from this address');
    c.header('cache-control', 'no-store');
    return c.json({ path, to });
  });
  return app;
}
