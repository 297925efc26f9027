// npm run bench:lighthouse — Lighthouse (mobile form factor, default simulated throttling) against
// the production build on Debian's Chromium: the four category scores and LCP, TBT and CLS for the
// home page, a safari detail, a list page and the contact page. Benchmarks print figures; they
// assert nothing. Set LIGHTHOUSE_RUNS=n to take the median of n runs per page (default 1).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../tests/helpers/browser.ts';
import { startServer } from './lib.ts';

const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Figures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  notes: string[];
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

// A public host name puts the server in its production, indexable mode (a loopback or .example
// SITE_URL makes robots.txt disallow everything, which Lighthouse's SEO category rightly fails).
const siteUrl = process.env.BENCH_SITE_URL ?? 'https://www.kigezitrails.com';
const server = await startServer({ SITE_URL: siteUrl });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  logLevel: 'error',
});
try {
  const base = server.url;
  const safaris = (await (await fetch(`${base}/api/safaris`)).json()) as { allsafaris: { safarititleslug: string; safariday: number }[] };
  const detail = safaris.allsafaris.find((s) => s.safariday >= 3)!.safarititleslug;
  const pages = [
    ['home', '/'],
    ['safari detail', `/safaris/${detail}`],
    ['list (parks, page 2)', '/parks?page=2'],
    ['contact', '/contact-us'],
  ] as const;

  const results: [string, string, Figures][] = [];
  for (const [name, path] of pages) {
    const each: Figures[] = [];
    for (let i = 0; i < runs; i++) {
      const out = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!out) throw new Error(`Lighthouse returned nothing for ${path}`);
      const lhr = out.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse runtime error on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      // The audits that cost points outside Performance, so a score under 100 has its reason beside it.
      const notes: string[] = [];
      for (const cat of ['accessibility', 'best-practices', 'seo'] as const) {
        for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 1) notes.push(`${cat}: ${a.id} (${a.title})`);
        }
      }
      // Performance audits that fall short, with their figures, to say where the time goes.
      for (const ref of lhr.categories.performance?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.group !== 'metrics' && a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          notes.push(`performance: ${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      }
      each.push({
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? NaN) * 100)])) as Figures['scores'],
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        notes,
      });
    }
    results.push([
      name,
      path,
      {
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(each.map((e) => e.scores[c]))])) as Figures['scores'],
        lcp: median(each.map((e) => e.lcp)),
        tbt: median(each.map((e) => e.tbt)),
        cls: median(each.map((e) => e.cls)),
        notes: [...new Set(each.flatMap((e) => e.notes))],
      },
    ]);
  }

  console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}— mobile, default simulated throttling, ${CHROMIUM}`);
  console.log('  page'.padEnd(26) + 'Perf'.padStart(6) + 'A11y'.padStart(6) + 'BP'.padStart(6) + 'SEO'.padStart(6) + 'LCP s'.padStart(8) + 'TBT ms'.padStart(8) + 'CLS'.padStart(8));
  for (const [name, , f] of results)
    console.log(
      `  ${name}`.padEnd(26) +
        String(f.scores.performance).padStart(6) +
        String(f.scores.accessibility).padStart(6) +
        String(f.scores['best-practices']).padStart(6) +
        String(f.scores.seo).padStart(6) +
        (f.lcp / 1000).toFixed(2).padStart(8) +
        Math.round(f.tbt).toString().padStart(8) +
        f.cls.toFixed(3).padStart(8),
    );
  for (const [name, path, f] of results) for (const n of f.notes) console.log(`  ${name} (${path}) — ${n}`);
} finally {
  chrome.kill();
  await server.stop();
}
