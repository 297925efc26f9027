// The read-only site the browser tests share (started once per run by tests/helpers/browser-setup.ts):
// for the files that only read pages and answers. A file that writes (enquiries, the console,
// content) starts a site of its own with startSite() or startSiteProcess().
/** Where the set-up leaves the site's address for the test files. */
export const SHARED_SITE_URL = 'SAFARI_TEST_SHARED_SITE';

/**
 * The shared site's environment: the test defaults, with the whole process as every address's
 * share of the budget, so that files reading it at once from the same address are never refused
 * (the budget itself is tested on sites of their own).
 */
export const SHARED_SITE_ENV = { CLIENT_SHARE_PERCENT: '100' };

/** The shared read-only site (the browser project's set-up stops it at the end of the run). */
export function sharedSite(): { url: string } {
  const url = process.env[SHARED_SITE_URL];
  if (!url) throw new Error(`no shared site: run this file in the browser project (vitest.config.ts), whose set-up starts it`);
  return { url };
}
