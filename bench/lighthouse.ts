// npm run bench:lighthouse — Lighthouse (mobile form factor, default simulated throttling) against
// the production build on Debian's Chromium for the home page, a safari detail, the safaris list,
// a park detail, a blog post, contact, search and the 404 page: the Performance score with FCP,
// LCP, TBT, CLS and Speed Index, the other three category scores, and the audits that cost points
// (for Performance, each metric's share of the points lost), and the requests each run's simulated
// load counted before the first paint, with their sizes. Benchmarks print figures; they
// assert nothing. Each page is run LIGHTHOUSE_RUNS times (default 3) and the median printed, and
// BENCH_PAGES to pick pages by label (comma separated).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../tests/helpers/browser.ts';
import { siteRoutes } from '../tests/helpers/site.ts';
import { benchPages, median, NOT_FOUND_PATH, startServer } from './lib.ts';

const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const only = process.env.BENCH_PAGES?.split(',').map((s) => s.trim());
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PAGES = ['home', 'safari detail', 'safaris list', 'park detail', 'blog post', 'contact', 'search', '404 page'];
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
type Metric = keyof typeof METRICS;

interface Figures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<Metric, number>;
  /** The audits that cost points, with the points lost (Performance) or the category. */
  notes: string[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * What the simulated load counts before the first paint: the requests of render-blocking priority
 * (the highest, or high for a script) that ended before the observed first paint; modules have no
 * evaluation of their own in the trace, so every one of those counts, at the simulated network's
 * 150 ms round trip and 1.6 Mbps. Printed with their transfer size, to say what to cut.
 */
function beforeFirstPaint(lhr: Lhr): string {
  const observed = (lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items?.[0]?.observedFirstContentfulPaint;
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; priority?: string; resourceType?: string; transferSize?: number; networkEndTime?: number }[] } | undefined)
    ?.items;
  if (observed === undefined || !requests) return 'before the first paint: unknown';
  const blocking = requests.filter((r, i) => i > 0 && (r.networkEndTime ?? Infinity) <= observed && (r.priority === 'VeryHigh' || (r.priority === 'High' && r.resourceType === 'Script')));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const total = blocking.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const names = blocking.map((r) => `${new URL(r.url).pathname.split('/').pop()} ${kb(r.transferSize ?? 0)}`);
  return `before the first paint, besides the document: ${blocking.length} request(s), ${kb(total)}${names.length ? ` (${names.join(', ')})` : ''}`;
}

// A public host name puts the server in its production, indexable mode (a loopback or .example
// SITE_URL makes robots.txt disallow everything, which Lighthouse's SEO category rightly fails).
const siteUrl = process.env.BENCH_SITE_URL ?? 'https://www.kigezitrails.com';
const server = await startServer({ SITE_URL: siteUrl });
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    logLevel: 'error',
  });
  const base = server.url;
  const pages = benchPages(await siteRoutes(base), only ?? PAGES).filter((p) => PAGES.includes(p.label));

  const results: [string, string, Figures][] = [];
  for (const { label, path } of pages) {
    const each: Figures[] = [];
    for (let i = 0; i < runs; i++) {
      const out = await lighthouse(base + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // The 404 page is measured as a page: its status is what it should be.
        ignoreStatusCode: path === NOT_FOUND_PATH,
      });
      if (!out) throw new Error(`Lighthouse returned nothing for ${path}`);
      const lhr = out.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse runtime error on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const notes: string[] = [beforeFirstPaint(lhr)];
      // Performance: the metrics below a full score, with the points each one costs.
      for (const ref of lhr.categories.performance?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) {
          const lost = ref.weight * (1 - a.score);
          if (lost >= 0.5) notes.push(`performance −${lost.toFixed(0)}: ${a.id} ${a.displayValue ?? ''} (score ${a.score.toFixed(2)}, weight ${ref.weight})`);
        }
      }
      // Performance audits that fall short (no weight of their own; they say where the time goes).
      for (const ref of lhr.categories.performance?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight === 0 && a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
          notes.push(`performance hint: ${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      }
      // The other categories: failing audits that carry weight.
      for (const cat of ['accessibility', 'best-practices', 'seo'] as const) {
        for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 1) notes.push(`${cat}: ${a.id} (${a.title})`);
        }
      }
      each.push({
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? NaN) * 100)])) as Figures['scores'],
        metrics: Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? NaN])) as Figures['metrics'],
        notes,
      });
    }
    results.push([
      label,
      path,
      {
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(each.map((e) => e.scores[c]))])) as Figures['scores'],
        metrics: Object.fromEntries(Object.keys(METRICS).map((k) => [k, median(each.map((e) => e.metrics[k as Metric]))])) as Figures['metrics'],
        notes: [...new Set(each.flatMap((e) => e.notes))],
      },
    ]);
  }

  console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}— mobile, default simulated throttling, ${CHROMIUM}`);
  console.log(
    '  page'.padEnd(16) +
      'Perf'.padStart(6) +
      'FCP s'.padStart(8) +
      'LCP s'.padStart(8) +
      'TBT ms'.padStart(8) +
      'CLS'.padStart(8) +
      'SI s'.padStart(7) +
      'A11y'.padStart(6) +
      'BP'.padStart(5) +
      'SEO'.padStart(5) +
      '  path',
  );
  const s = (n: number) => (n / 1000).toFixed(2);
  for (const [label, path, f] of results)
    console.log(
      `  ${label}`.padEnd(16) +
        String(f.scores.performance).padStart(6) +
        s(f.metrics.fcp).padStart(8) +
        s(f.metrics.lcp).padStart(8) +
        Math.round(f.metrics.tbt).toString().padStart(8) +
        f.metrics.cls.toFixed(3).padStart(8) +
        s(f.metrics.si).padStart(7) +
        String(f.scores.accessibility).padStart(6) +
        String(f.scores['best-practices']).padStart(5) +
        String(f.scores.seo).padStart(5) +
        `  ${path}`,
    );
  console.log('\nWhat costs points');
  for (const [label, , f] of results) {
    if (f.notes.length === 0) console.log(`  ${label}: nothing`);
    for (const n of f.notes) console.log(`  ${label} — ${n}`);
  }
  if (results.some(([, path]) => path === NOT_FOUND_PATH || path.startsWith('/search')))
    console.log('  (search pages and the 404 page are noindex by design, and the 404 answers 404: their SEO figures are not a target)');
} finally {
  chrome?.kill();
  await server.stop();
}
