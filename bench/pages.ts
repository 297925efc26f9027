// npm run bench:pages — the server-rendered pages, per template (home, safari detail, safaris list,
// park detail, blog post, contact, search, a list's page 2, the 404 page):
//   1. cold render: the server's CPU time per request with the page cache off (PAGE_CACHE_MB=0),
//      one connection, sequential requests after a warm-up; median and p95;
//   2. cached pages/s and p99 latency at 20 and 100 connections (wrk -t1 when installed, else
//      autocannon) with `Accept-Encoding: br`, next to a bare Node `http` server (bench/bare-node.ts)
//      writing the same brotli bytes and headers and to nginx serving the same bytes, each on its
//      own loopback port in the same run, and the ratios ours/bare Node and ours/nginx; then
//      /search?query=… with every query different (nothing kept);
//   3. HTML raw / gzip / brotli bytes as the server sends them, and first-load JavaScript gzip:
//      the framework chunk (entry.client: React, react-dom's client, React Router) and the rest;
//   4. resident memory of the server process after the load;
//   5. the JavaScript each template loads before interaction, in English and in German, measured in
//      a browser (every script the page asks for until it has hydrated and the network is idle:
//      the message chunks the entry loads before hydrating included, which the HTML does not name),
//      on a server with every language (SITE_LANGUAGES=en,de,fr,es): framework chunk and the rest.
// Benchmarks print figures; they assert nothing.
//
// Settings (environment): BENCH_SECONDS (load per run, default 10), BENCH_CONNECTIONS (default
// "20,100"), BENCH_COLD_REQUESTS (default 60), BENCH_COLD_WARMUP (default 20), BENCH_WARMUP_SECONDS
// (default 2), BENCH_NGINX_WORKERS (default 1, like our one process), BENCH_PAGES (labels, comma
// separated, to measure only some pages), BENCH_TOOL=autocannon (force autocannon), BENCH_JS_ONLY=1
// (only part 5).
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { localizePath } from '../common/language-paths.ts';
import { launchBrowser, settled } from '../tests/helpers/browser.ts';
import { onePerTemplate, siteRoutes } from '../tests/helpers/site.ts';
import { startBareNode, type BareNode } from './bare-node.ts';
import {
  benchPages,
  CLK_TCK,
  cpuMs,
  cpuTicksMs,
  HAS_SCHEDSTAT,
  load,
  loadAverage,
  LOAD_TOOL,
  loadToolLabel,
  median,
  NOT_FOUND_PATH,
  percentile,
  processTree,
  query,
  queryLuaScript,
  rawGet,
  startServer,
  treeRssMb,
  type BenchPage,
  type Child,
  type LoadResult,
} from './lib.ts';
import { NGINX, startNginx, type Coding, type FixedPage, type Nginx } from './nginx.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connectionsList = (process.env.BENCH_CONNECTIONS ?? '20,100').split(',').map(Number);
const coldRequests = Number(process.env.BENCH_COLD_REQUESTS ?? 60);
const coldWarmup = Number(process.env.BENCH_COLD_WARMUP ?? 20);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const nginxWorkers = Number(process.env.BENCH_NGINX_WORKERS ?? 1);
const only = process.env.BENCH_PAGES?.split(',').map((s) => s.trim());
/** What a browser sends; the server and nginx both answer with brotli. */
const BROWSER_HEADERS = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
/** The load's header: brotli, as browsers get it (ours, the bare Node server and nginx alike). */
const BR_HEADERS = { 'Accept-Encoding': 'br' };
const SITE_URL = 'http://localhost:3000';

const kb = (n: number) => (n / 1024).toFixed(1);
const ratio = (x: number) => (!Number.isFinite(x) ? '-' : x >= 0.1 ? x.toFixed(2) : x.toPrecision(2));
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');

/** The same-origin script and stylesheet URLs a page's HTML asks for before any interaction. */
function firstLoadAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    const rel = /\srel="([^"]+)"/.exec(tag)?.[1];
    if (!href?.startsWith('/')) continue;
    if (rel === 'modulepreload') js.add(href);
    else if (rel === 'stylesheet') css.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\ssrc="(\/[^"]+)"/gi)) js.add(m[1]!);
  // Inline module scripts import the client entry and the route modules.
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) for (const i of m[1]!.matchAll(/import\s*(?:\(\s*)?["'](\/[^"']+\.js)["']/g)) js.add(i[1]!);
  return { js: [...js], css: [...css] };
}

interface ColdFigures {
  page: BenchPage;
  status: number;
  cpu: number[];
  wall: number[];
  /** Mean CPU per request from utime+stime over the whole run (clock-tick resolution). */
  tickMean: number;
}

/** Cold renders: sequential requests on one keep-alive connection, the server's CPU read around each. */
async function measureCold(server: Child, pages: BenchPage[]): Promise<ColdFigures[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const pids = await processTree(server.proc.pid!);
  const out: ColdFigures[] = [];
  try {
    for (const page of pages) {
      const url = server.url + page.path;
      let status = 0;
      for (let i = 0; i < coldWarmup; i++) status = (await rawGet(url, BROWSER_HEADERS, agent)).status;
      const cpu: number[] = [];
      const wall: number[] = [];
      const ticks0 = await cpuTicksMs(pids);
      for (let i = 0; i < coldRequests; i++) {
        const c0 = await cpuMs(pids);
        const t0 = performance.now();
        await rawGet(url, BROWSER_HEADERS, agent);
        const t1 = performance.now();
        const c1 = await cpuMs(pids);
        cpu.push(c1 - c0);
        wall.push(t1 - t0);
      }
      const tickMean = ((await cpuTicksMs(pids)) - ticks0) / coldRequests;
      out.push({ page, status, cpu, wall, tickMean });
    }
  } finally {
    agent.destroy();
  }
  return out;
}

function printCold(rows: ColdFigures[]) {
  console.log(
    `\nCold render — server CPU per request, page cache off (PAGE_CACHE_MB=0); one connection, sequential; ` +
      `${coldRequests} requests per page after ${coldWarmup} warm-up; ${HAS_SCHEDSTAT ? 'CPU of every server thread from /proc/PID/task/*/schedstat (ns)' : 'CPU from /proc/PID/stat (clock ticks: coarse)'}`,
  );
  console.log(
    '  page'.padEnd(17) + 'path'.padEnd(44) + 'status'.padStart(7) + 'CPU med'.padStart(9) + 'CPU p95'.padStart(9) + 'CPU mean*'.padStart(11) + 'wall med'.padStart(10) + 'wall p95'.padStart(10),
  );
  for (const r of rows)
    console.log(
      `  ${r.page.label}`.padEnd(17) +
        r.page.path.slice(0, 43).padEnd(44) +
        String(r.status).padStart(7) +
        ms(median(r.cpu)).padStart(9) +
        ms(percentile(r.cpu, 95)).padStart(9) +
        ms(r.tickMean).padStart(11) +
        ms(median(r.wall)).padStart(10) +
        ms(percentile(r.wall, 95)).padStart(10),
    );
  console.log(`  (ms; * mean from utime+stime over all the requests, in clock ticks of 1/${CLK_TCK} s: a cross-check of the per-request figures)`);
}

/** The page's bytes as the server sends them for each Accept-Encoding (after a first request renders it). */
async function fixedPage(base: string, p: BenchPage): Promise<FixedPage> {
  const codings: [Coding, Record<string, string>][] = [
    ['br', { 'accept-encoding': 'br' }],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['identity', {}],
  ];
  const bodies = {} as FixedPage['bodies'];
  let status = 0;
  let contentType = '';
  let cacheControl: string | undefined;
  for (const [coding, headers] of codings) {
    await rawGet(base + p.path, headers); // fills the page cache when there is one
    const res = await rawGet(base + p.path, headers);
    status = res.status;
    contentType = String(res.headers['content-type'] ?? 'text/html');
    cacheControl = res.headers['cache-control'];
    bodies[coding] = { body: res.body, encoding: res.headers['content-encoding'], headers: res.headers };
  }
  return { path: p.path, status, contentType, cacheControl, bodies };
}

interface LoadRow {
  page: BenchPage;
  connections: number;
  ours: LoadResult;
  bare: LoadResult;
  nginx?: LoadResult;
}

function printLoad(rows: LoadRow[], nginxLabel: string) {
  console.log(
    `\nCached pages under load — ${loadToolLabel()}; ${duration} s per run; header Accept-Encoding: ${BR_HEADERS['Accept-Encoding']}; ` +
      `a bare Node http server (${process.version}, one process) writing the same brotli bytes and headers, and ${nginxLabel}; ${loadAverage()} at the start`,
  );
  console.log(
    '  page'.padEnd(17) +
      'conns'.padStart(6) +
      'ours req/s'.padStart(12) +
      'p99 ms'.padStart(9) +
      'bare req/s'.padStart(12) +
      'p99 ms'.padStart(9) +
      'ours/bare'.padStart(11) +
      'nginx req/s'.padStart(13) +
      'p99 ms'.padStart(9) +
      'ours/nginx'.padStart(12) +
      '  errors, non-2xx (ours | bare | nginx)',
  );
  for (const r of rows)
    console.log(
      `  ${r.page.label}`.padEnd(17) +
        String(r.connections).padStart(6) +
        String(r.ours.rps).padStart(12) +
        ms(r.ours.p99).padStart(9) +
        String(r.bare.rps).padStart(12) +
        ms(r.bare.p99).padStart(9) +
        ratio(r.ours.rps / r.bare.rps).padStart(11) +
        (r.nginx ? String(r.nginx.rps) : '-').padStart(13) +
        (r.nginx ? ms(r.nginx.p99) : '-').padStart(9) +
        (r.nginx ? ratio(r.ours.rps / r.nginx.rps) : '-').padStart(12) +
        `  ${r.ours.errors}, ${r.ours.non2xx} | ${r.bare.errors}, ${r.bare.non2xx} | ${r.nginx ? `${r.nginx.errors}, ${r.nginx.non2xx}` : '-'}` +
        (r.page.path === NOT_FOUND_PATH ? ' (404 expected)' : ''),
    );
}

/** The framework chunk (React, react-dom's client, React Router: vite.config.ts names it `framework`) and the client entry, the same on every template. */
const isFramework = (href: string) => /\/(entry\.client|framework)-[^/]*\.js$/.test(href);

const assetSizes = new Map<string, { raw: number; gz: number }>();
async function firstLoad(base: string, html: string) {
  const { js, css } = firstLoadAssets(html);
  const size = async (href: string) => {
    let s = assetSizes.get(href);
    if (!s) {
      const body = (await rawGet(base + href)).body;
      s = { raw: body.length, gz: gzipSync(body, { level: 9 }).length };
      assetSizes.set(href, s);
    }
    return s;
  };
  const jsSizes = await Promise.all(js.map(size));
  const frameworkSizes = await Promise.all(js.filter(isFramework).map(size));
  const cssSizes = await Promise.all(css.map(size));
  const sum = (xs: { raw: number; gz: number }[], k: 'raw' | 'gz') => xs.reduce((a, x) => a + x[k], 0);
  const frameworkGz = sum(frameworkSizes, 'gz');
  return {
    jsFiles: js.length,
    jsGz: sum(jsSizes, 'gz'),
    jsRaw: sum(jsSizes, 'raw'),
    frameworkGz,
    restGz: sum(jsSizes, 'gz') - frameworkGz,
    cssGz: sum(cssSizes, 'gz'),
    cssRaw: sum(cssSizes, 'raw'),
  };
}

/** The same-origin scripts a browser loads for `url` until the page has hydrated and the network is idle. */
async function scriptsInBrowser(browser: import('playwright-core').Browser, url: string): Promise<string[]> {
  const page = await browser.newPage();
  const origin = new URL(url).origin;
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && r.url().startsWith(origin)) scripts.add(r.url().slice(origin.length));
  });
  await page.goto(url, { waitUntil: 'load' });
  await settled(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  return [...scripts];
}

/** A chunk of the UI's messages (a compiled catalogue's part, or a language's index of them). */
const isMessages = (body: string) => /export\s*\{\s*\w+ as (messages|chunks)\s*\};?\s*$/.test(body);

/** 5. First-load JavaScript per template in English and German, as a browser loads it. */
async function printBrowserJs(pages: BenchPage[]) {
  const site = await startServer({ SITE_URL, SITE_LANGUAGES: 'en,de,fr,es' });
  const browser = await launchBrowser();
  try {
    console.log(
      '\nFirst-load JavaScript in a browser, before interaction (KB, gzip -9 per file): every script until hydrated and idle (the lazy islands included), the framework chunk, the rest, ' +
        'the message chunks among them; then the rest before hydration: what the HTML names besides the framework, plus the message chunks the entry loads before hydrating',
    );
    console.log(
      '  page'.padEnd(17) +
        'lang'.padEnd(6) +
        'path'.padEnd(44) +
        'JS files'.padStart(9) +
        'JS gz'.padStart(8) +
        'framework'.padStart(10) +
        'rest'.padStart(8) +
        'messages'.padStart(10) +
        '  (files)' +
        'named'.padStart(8) +
        'named+msgs'.padStart(12),
    );
    for (const p of pages) {
      for (const language of ['en', 'de'] as const) {
        const [pathname, query] = p.path.split('?');
        const where = language === 'en' ? p.path : `${localizePath(pathname!, 'de')}${query ? `?${query}` : ''}`;
        const js = await scriptsInBrowser(browser, site.url + where);
        const html = js.map((href) => `<link rel="modulepreload" href="${href}">`).join('');
        const a = await firstLoad(site.url, html);
        const messages = [];
        for (const href of js) {
          const body = (await rawGet(site.url + href)).body;
          if (isMessages(body.toString('utf8'))) messages.push(gzipSync(body, { level: 9 }).length);
        }
        const messagesGz = messages.reduce((x, y) => x + y, 0);
        const named = await firstLoad(site.url, (await rawGet(site.url + where)).body.toString('utf8'));
        console.log(
          `  ${p.label}`.padEnd(17) +
            language.padEnd(6) +
            where.slice(0, 43).padEnd(44) +
            String(a.jsFiles).padStart(9) +
            kb(a.jsGz).padStart(8) +
            kb(a.frameworkGz).padStart(10) +
            kb(a.restGz).padStart(8) +
            kb(messagesGz).padStart(10) +
            `  (${messages.length})`.padEnd(9) +
            kb(named.restGz).padStart(8) +
            kb(named.restGz + messagesGz).padStart(12),
        );
      }
    }
  } finally {
    await browser.close();
    await site.stop();
  }
}

let server: Child | undefined;
let nginx: Nginx | undefined;
let bare: BareNode | undefined;
try {
  if (process.env.BENCH_JS_ONLY) {
    server = await startServer({ SITE_URL });
    const pages = benchPages(await siteRoutes(server.url), only);
    await server.stop();
    server = undefined;
    await printBrowserJs(pages);
    process.exit(0);
  }
  // 1. Cold renders, on a server with the page cache off.
  server = await startServer({ SITE_URL, PAGE_CACHE_MB: '0' });
  const routes = await siteRoutes(server.url);
  const pages = benchPages(routes, only);
  const cold = await measureCold(server, pages);
  await server.stop();
  server = undefined;
  printCold(cold);
  console.log(`  ${loadAverage()} after the cold renders`);

  // 2. Cached pages under load, ours then nginx with the same bytes, page by page.
  server = await startServer({ SITE_URL });
  const fixed = [];
  for (const p of pages) fixed.push(await fixedPage(server.url, p));
  let nginxLabel = 'nginx: not installed (apt-get install -y nginx-light), no comparison';
  if (NGINX) {
    nginx = await startNginx(fixed, nginxWorkers);
    const v = /nginx\/[\d.]+/.exec(spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr ?? '')?.[0];
    nginxLabel = `${v ?? 'nginx'} (${nginxWorkers} worker${nginxWorkers > 1 ? 's' : ''}) serving the same bytes in the same run`;
  }
  bare = await startBareNode(fixed);
  const rows: LoadRow[] = [];
  for (const p of pages) {
    await load('warm-up', server.url, { duration: warmupSeconds, connections: connectionsList[0], paths: [p.path], headers: BR_HEADERS });
    await load('warm-up', bare.url, { duration: warmupSeconds, connections: connectionsList[0], paths: [p.path], headers: BR_HEADERS });
    for (const connections of connectionsList) {
      const ours = await load(p.label, server.url, { duration, connections, paths: [p.path], headers: BR_HEADERS });
      const bareNode = await load(p.label, bare.url, { duration, connections, paths: [p.path], headers: BR_HEADERS });
      const theirs = nginx ? await load(p.label, nginx.url, { duration, connections, paths: [p.path], headers: BR_HEADERS }) : undefined;
      rows.push({ page: p, connections, ours, bare: bareNode, nginx: theirs });
    }
  }
  const rss = await treeRssMb(server.proc.pid!);
  printLoad(rows, nginxLabel);
  console.log(`  RSS of the server${rss.processes > 1 ? ` (${rss.processes} processes)` : ''} after the load: ${rss.now} MB; peak since start (VmHWM) ${rss.peak} MB`);

  // Search with every query different: each one rendered for its request (SPAM_CHECKS=off here).
  console.log(`\nSearch, every query different (/search?query=…; rendered for each request, nothing kept); ${loadAverage()} at the start`);
  console.log('  conns'.padEnd(8) + 'req/s'.padStart(9) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + '  errors, non-2xx');
  const generated = Array.from({ length: 50_000 }, (_, i) => `/search?query=${encodeURIComponent(query(i))}&n=${i}`);
  for (const connections of connectionsList) {
    const opts = LOAD_TOOL === 'wrk' ? { luaScript: queryLuaScript('/search?query=') } : { paths: generated };
    const r = await load('search', server.url, { duration, connections, headers: BR_HEADERS, ...opts });
    console.log(`  ${connections}`.padEnd(8) + String(r.rps).padStart(9) + ms(r.p50).padStart(9) + ms(r.p99).padStart(9) + `  ${r.errors}, ${r.non2xx}`);
  }

  // 3. Bytes per page.
  console.log(
    '\nBytes per page — HTML as the server sends it (KB), and first-load JavaScript and CSS (each file gzip -9 on its own, as a browser downloads them): ' +
      'the framework chunk (entry.client) and the rest',
  );
  console.log(
    '  page'.padEnd(17) +
      'path'.padEnd(44) +
      'HTML raw'.padStart(9) +
      'gzip'.padStart(8) +
      'br'.padStart(8) +
      'JS gz'.padStart(8) +
      'framework'.padStart(10) +
      'rest'.padStart(8) +
      'JS files'.padStart(9) +
      'CSS gz'.padStart(8),
  );
  for (let i = 0; i < pages.length; i++) {
    const f = fixed[i]!;
    const a = await firstLoad(server.url, f.bodies.identity.body.toString('utf8'));
    const enc = (c: Coding) => (f.bodies[c].encoding === (c === 'gzip' ? 'gzip' : c) ? kb(f.bodies[c].body.length) : 'n/a');
    console.log(
      `  ${pages[i]!.label}`.padEnd(17) +
        pages[i]!.path.slice(0, 43).padEnd(44) +
        kb(f.bodies.identity.body.length).padStart(9) +
        enc('gzip').padStart(8) +
        enc('br').padStart(8) +
        kb(a.jsGz).padStart(8) +
        kb(a.frameworkGz).padStart(10) +
        kb(a.restGz).padStart(8) +
        String(a.jsFiles).padStart(9) +
        kb(a.cssGz).padStart(8),
    );
  }

  // 4. First-load JavaScript of every template (the target holds on every one of them).
  if (!only) {
    console.log('\nFirst-load JavaScript and CSS of every template (KB; gzip -9 per file, raw in brackets; the gallery viewer and other on-demand chunks not counted)');
    console.log(
      '  template'.padEnd(44) + 'JS files'.padStart(9) + 'JS gz'.padStart(8) + 'framework'.padStart(10) + 'rest'.padStart(8) + 'JS raw'.padStart(10) + 'CSS gz'.padStart(8) + 'CSS raw'.padStart(10),
    );
    for (const r of onePerTemplate(routes)) {
      const html = (await rawGet(server.url + r.path)).body.toString('utf8');
      const a = await firstLoad(server.url, html);
      console.log(
        `  ${r.template} ${r.path}`.slice(0, 43).padEnd(44) +
          String(a.jsFiles).padStart(9) +
          kb(a.jsGz).padStart(8) +
          kb(a.frameworkGz).padStart(10) +
          kb(a.restGz).padStart(8) +
          `(${kb(a.jsRaw)})`.padStart(10) +
          kb(a.cssGz).padStart(8) +
          `(${kb(a.cssRaw)})`.padStart(10),
      );
    }
  }
  await server.stop();
  server = undefined;
  await printBrowserJs(pages);
} finally {
  await bare?.stop();
  await nginx?.stop();
  await server?.stop();
}
