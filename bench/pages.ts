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
//      the framework (the framework-* chunk: React, react-dom's client, React Router, and the
//      client entry) and the rest, the chunks awaited before hydration included (bench/first-load.ts),
//      for every template; then every page in German, French and Spanish too (HTML with brotli as
//      sent, against the budgets), and the first load of their home and safari pages;
//   4. resident memory of the server process after the load.
// Benchmarks print figures; they assert nothing.
//
// Settings (environment): BENCH_SECONDS (load per run, default 10), BENCH_CONNECTIONS (default
// "20,100"), BENCH_COLD_REQUESTS (default 60), BENCH_COLD_WARMUP (default 20), BENCH_WARMUP_SECONDS
// (default 2), BENCH_NGINX_WORKERS (default 1, like our one process), BENCH_PAGES (labels, comma
// separated, to measure only some pages), BENCH_TOOL=autocannon (force autocannon), BENCH_ONLY=bytes
// (only the byte tables of 3.: no cold renders, no load), BENCH_ONLY=cold (only the cold renders of 1.).
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { localizePath } from '../common/language-paths.ts';
import { onePerTemplate, siteRoutes, type RouteCase } from '../tests/helpers/site.ts';
import { closeFirstLoadBrowser, firstLoad, FRAMEWORK_FILES } from './first-load.ts';
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
/** BENCH_ONLY=bytes: only the byte tables (HTML as sent, first-load JavaScript and CSS). */
const bytesOnly = process.env.BENCH_ONLY === 'bytes';
const coldOnly = process.env.BENCH_ONLY === 'cold';
/** What a browser sends; the server and nginx both answer with brotli. */
const BROWSER_HEADERS = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
/** The load's header: brotli, as browsers get it (ours, the bare Node server and nginx alike). */
const BR_HEADERS = { 'Accept-Encoding': 'br' };
const SITE_URL = 'http://localhost:3000';

const kb = (n: number) => (n / 1024).toFixed(1);
const ratio = (x: number) => (!Number.isFinite(x) ? '-' : x >= 0.1 ? x.toFixed(2) : x.toPrecision(2));
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');

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
    // The first request fills the page cache with fast copies; asked again, the cache compresses
    // the page at its best setting in the background (server/http/cache.ts): the bytes measured are
    // the kept ones once they stop changing.
    await rawGet(base + p.path, headers);
    let res = await rawGet(base + p.path, headers);
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const next = await rawGet(base + p.path, headers);
      const settled = i >= 2 && next.body.equals(res.body);
      res = next;
      if (settled) break;
    }
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

/** HTML bytes as sent, and the first load split into the framework and the rest, for each page. */
async function printBytes(base: string, pages: BenchPage[], fixed: FixedPage[]) {
  console.log(
    '\nBytes per page — HTML as the server sends it (KB), and first-load JavaScript and CSS (each file gzip -9 on its own, as a browser downloads them): ' +
      `the framework (${FRAMEWORK_FILES}) and the rest (preloaded, plus "awaited": chunks the client entry loads before hydrating)`,
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
      'awaited'.padStart(8) +
      'JS files'.padStart(9) +
      'CSS gz'.padStart(8),
  );
  const details: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    const f = fixed[i]!;
    const a = await firstLoad(base, pages[i]!.path, f.bodies.identity.body.toString('utf8'));
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
        kb(a.awaitedGz).padStart(8) +
        String(a.jsFiles).padStart(9) +
        kb(a.cssGz).padStart(8),
    );
    details.push(`  ${pages[i]!.label}: ${a.restFiles.map((r) => `${r.href.replace(/^.*\//, '')} ${kb(r.gz)}`).join(', ')}`);
  }
  console.log('  the rest, file by file (KB gz):');
  for (const d of details) console.log(d);
}

/** First-load JavaScript of every template (the budget holds on every one of them). */
async function printTemplates(base: string, routes: RouteCase[]) {
  console.log(
    `\nFirst-load JavaScript and CSS of every template (KB; gzip -9 per file, raw in brackets; framework = ${FRAMEWORK_FILES}; the rest counts the chunks awaited before hydration; the gallery viewer and other on-demand chunks not counted)`,
  );
  console.log(
    '  template'.padEnd(44) + 'JS files'.padStart(9) + 'JS gz'.padStart(8) + 'framework'.padStart(10) + 'rest'.padStart(8) + 'JS raw'.padStart(10) + 'CSS gz'.padStart(8) + 'CSS raw'.padStart(10),
  );
  for (const r of onePerTemplate(routes)) {
    const html = (await rawGet(base + r.path)).body.toString('utf8');
    const a = await firstLoad(base, r.path, html);
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

/** The budgets of HTML as sent with brotli (issue 24): the home page, and every other template. */
const BR_BUDGET_KB = { home: 20, other: 14 };
const LANGUAGES_MEASURED = ['en', 'de', 'fr', 'es'] as const;

/**
 * Every template in every language (SITE_LANGUAGES=en,de,fr,es, the site's own translations): the
 * HTML as the server sends it with `Accept-Encoding: br`, against its budget; then the first load
 * of the home and safari pages in German, French and Spanish.
 */
async function printLanguageBytes(pages: BenchPage[]) {
  const site = await startServer({ SITE_URL, SITE_LANGUAGES: LANGUAGES_MEASURED.join(',') });
  try {
    console.log(`\nHTML as sent with Accept-Encoding: br, per template and language (KB; budget: home ≤ ${BR_BUDGET_KB.home}, the others ≤ ${BR_BUDGET_KB.other}; * over budget)`);
    console.log('  page'.padEnd(17) + LANGUAGES_MEASURED.map((l) => `${l} br`.padStart(9)).join('') + LANGUAGES_MEASURED.map((l) => `${l} raw`.padStart(9)).join(''));
    const firstLoads: BenchPage[] = [];
    for (const page of pages) {
      const budget = page.label === 'home' ? BR_BUDGET_KB.home : BR_BUDGET_KB.other;
      const br: string[] = [];
      const raw: string[] = [];
      for (const language of LANGUAGES_MEASURED) {
        const p = { label: `${page.label} (${language})`, path: localizePath(page.path, language) };
        if (language !== 'en' && (page.label === 'home' || page.label === 'safari detail')) firstLoads.push(p);
        const f = await fixedPage(site.url, p);
        const size = f.bodies.br.encoding === 'br' ? f.bodies.br.body.length : Number.NaN;
        br.push(`${kb(size)}${size > budget * 1024 ? '*' : ' '}`.padStart(9));
        raw.push(kb(f.bodies.identity.body.length).padStart(9));
      }
      console.log(`  ${page.label}`.padEnd(17) + br.join('') + raw.join(''));
    }
    const fixed = [];
    for (const p of firstLoads) fixed.push(await fixedPage(site.url, p));
    await printBytes(site.url, firstLoads, fixed);
  } finally {
    await site.stop();
  }
}

/** Cached pages under load, ours then the bare Node server and nginx with the same bytes. */
async function measureLoad(server: Child, pages: BenchPage[], fixed: FixedPage[]) {
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
}

/** Search with every query different: each one rendered for its request (SPAM_CHECKS=off here). */
async function measureSearch(server: Child) {
  console.log(`\nSearch, every query different (/search?query=…; rendered for each request, nothing kept); ${loadAverage()} at the start`);
  console.log('  conns'.padEnd(8) + 'req/s'.padStart(9) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + '  errors, non-2xx');
  const generated = Array.from({ length: 50_000 }, (_, i) => `/search?query=${encodeURIComponent(query(i))}&n=${i}`);
  for (const connections of connectionsList) {
    const opts = LOAD_TOOL === 'wrk' ? { luaScript: queryLuaScript('/search?query=') } : { paths: generated };
    const r = await load('search', server.url, { duration, connections, headers: BR_HEADERS, ...opts });
    console.log(`  ${connections}`.padEnd(8) + String(r.rps).padStart(9) + ms(r.p50).padStart(9) + ms(r.p99).padStart(9) + `  ${r.errors}, ${r.non2xx}`);
  }
}

let server: Child | undefined;
let nginx: Nginx | undefined;
let bare: BareNode | undefined;
try {
  let routes: RouteCase[] | undefined;
  let pages: BenchPage[] | undefined;
  if (!bytesOnly) {
    // 1. Cold renders, on a server with the page cache off.
    server = await startServer({ SITE_URL, PAGE_CACHE_MB: '0' });
    routes = await siteRoutes(server.url);
    pages = benchPages(routes, only);
    const cold = await measureCold(server, pages);
    await server.stop();
    server = undefined;
    printCold(cold);
    console.log(`  ${loadAverage()} after the cold renders`);
  }
  if (coldOnly) process.exit(0);

  // 2. Cached pages under load, ours then nginx with the same bytes, page by page; then search.
  server = await startServer({ SITE_URL });
  routes ??= await siteRoutes(server.url);
  pages ??= benchPages(routes, only);
  const fixed = [];
  for (const p of pages) fixed.push(await fixedPage(server.url, p));
  if (!bytesOnly) {
    await measureLoad(server, pages, fixed);
    await measureSearch(server);
  }

  // 3. Bytes per page; 4. first-load JavaScript of every template; every page in every language.
  await printBytes(server.url, pages, fixed);
  if (!only) await printTemplates(server.url, routes);
  await server.stop();
  server = undefined;
  await printLanguageBytes(pages);
} finally {
  await closeFirstLoadBrowser();
  await bare?.stop();
  await nginx?.stop();
  await server?.stop();
}
