// Lighthouse's SEO category on each language's home page, with all four languages served and a
// public host name (a loopback or .example SITE_URL rightly asks crawlers to stay away, which the
// category fails): every weighted audit passes — title and description, the status, crawlable
// links with descriptive text, robots.txt, hreflang, the canonical link, image alternatives — so the
// score is 100. A failing audit is named with its title, not just a lower score.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../helpers/browser.ts';
import { startSiteProcess, type SiteProcess } from '../helpers/start-site.ts';

let site: SiteProcess;
let chrome: chromeLauncher.LaunchedChrome;
beforeAll(async () => {
  site = await startSiteProcess({ env: { SITE_LANGUAGES: 'en,de,fr,es', SITE_URL: 'https://www.kigezitrails.com' } });
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    logLevel: 'error',
  });
}, 180_000);
afterAll(async () => {
  await chrome?.kill();
  await site?.stop();
});

describe('Lighthouse SEO on each language’s home page', () => {
  it.each(['/', '/de/', '/fr/', '/es/'])(
    'scores 100 on %s',
    async (path) => {
      const out = await lighthouse(site.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['seo'] });
      const lhr = out!.lhr;
      expect(lhr.runtimeError).toBeUndefined();
      const failing = (lhr.categories.seo?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((a) => a.score !== null && a.score < 1)
        .map((a) => `${a.id}: ${a.title}`);
      expect(failing).toEqual([]);
      expect(lhr.categories.seo?.score).toBe(1);
    },
    120_000,
  );
});
