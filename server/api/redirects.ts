// GET /api/redirects?path=/parks/old-name: where a changed slug left an address (the content
// editor writes them, server/content/renames.ts). The web layer asks when a page is not found, and
// answers 301 to the new address instead of the not-found view.
import { Hono } from 'hono';
import { englishPath } from '../../common/language-paths.ts';
import { splitLanguage } from '../../common/languages.ts';
import { findRedirect } from '../content/renames.ts';
import { isTranslationLanguage } from '../content/translatable.ts';
import { englishAddress, catalogueOf, localAddress } from '../content/translated-answers.ts';
import type { Db } from '../db/index.ts';
import { deps, type ApiEnv } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';

const PATH = /^\/[a-z0-9/-]{1,300}$/;

/**
 * In another language: an item's English slug where it has a translated one, and the addresses
 * its English renames left, lead to its address in that language (/de/safaris/x → /de/safaris/x-de).
 */
async function languageRedirect(db: Db, path: string): Promise<string | null> {
  const { language } = splitLanguage(path);
  if (!isTranslationLanguage(language)) return null;
  const english = englishPath(path);
  const target = (await findRedirect(db, english)) ?? english;
  const catalogue = await catalogueOf(db, language);
  if (englishAddress(target, catalogue) !== null && target === english) return null;
  const to = localAddress(target, catalogue);
  return to === path ? null : to;
}

export function redirectsApi() {
  const app = new Hono<ApiEnv>();
  app.get('/redirects', async (c) => {
    const path = c.req.query('path') ?? '';
    if (!PATH.test(path) || path.includes('//')) throw new HttpError(400, 'path must be a site address such as /parks/some-park');
    const to = (await findRedirect(deps(c).db, path)) ?? (await languageRedirect(deps(c).db, path));
    if (!to) throw new HttpError(404, 'No redirect from this address');
    c.header('cache-control', 'no-store');
    return c.json({ path, to });
  });
  return app;
}
