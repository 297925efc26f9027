// Global set-up of the browser tests (vitest.config.ts, project `browser`): one Chromium and one
// read-only site for the whole run instead of one each per file. Chromium runs behind Playwright's
// browser server, which each file's launchBrowser() connects to (tests/helpers/browser.ts); the
// site is the built server as a child process (tests/helpers/shared-site.ts). Their addresses reach
// the test files' processes in the environment.
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './browser.ts';
import { SHARED_SITE_ENV, SHARED_SITE_URL } from './shared-site.ts';
import { startSiteProcess } from './start-site.ts';

export default async function setup() {
  // The site may take as long to come up as a file's set-up may (vitest.config.ts, hookTimeout): it
  // starts with Chromium and the first files, on a machine that may be busy.
  const [browser, site] = await Promise.all([chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }), startSiteProcess({ env: SHARED_SITE_ENV, timeoutMs: 180_000 })]);
  process.env.SAFARI_TEST_CHROMIUM_WS = browser.wsEndpoint();
  process.env[SHARED_SITE_URL] = site.url;
  return async () => {
    await Promise.all([browser.close(), site.stop()]);
  };
}
