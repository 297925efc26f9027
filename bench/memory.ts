// npm run bench:memory — resident memory of the server under a long mixed load of pages and API:
// the home page, every detail page of the sitemap, every page of every list, search with varied
// terms (known words and ever-new ones), API lists and details, and unknown addresses, in a
// weighted random mix. Prints RSS and VmHWM every BENCH_SAMPLE_SECONDS (default 30) and, at the
// end, RSS at 1 minute against RSS at the end and their difference in %. Halfway through the load
// a snapshot is taken beside the running server (`npm run db:backup`, as an operator would), and
// the server's RSS just before and after it is printed. Benchmarks print figures; they assert
// nothing.
//
// Settings (environment): BENCH_MINUTES (default 10), BENCH_CONNECTIONS (default 20),
// BENCH_SAMPLE_SECONDS (default 30), BENCH_DATABASE_URL (run on PostgreSQL instead of PGlite:
// `eval "$(bash scripts/pg-start.sh /tmp/pg-bench 54341)"` prints one), BENCH_TOOL=autocannon.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PAGE_SIZE } from '../common/constants.ts';
import { BACKUP_EXTENSION } from '../server/db/backup.ts';
import { getJson, type Json } from '../tests/helpers/site.ts';
import { load, LOAD_TOOL, loadToolLabel, luaString, root, rssMb, startServer, treeRssMb, type Child } from './lib.ts';

const minutes = Number(process.env.BENCH_MINUTES ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const sampleSeconds = Number(process.env.BENCH_SAMPLE_SECONDS ?? 30);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const SITE_URL = 'http://localhost:3000';
const BROWSER_HEADERS = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

/** A group of the mix: a weight (share of the requests) and the paths drawn from at random. */
interface Group {
  name: string;
  weight: number;
  paths: string[];
  /** Lua expression that builds a path instead (search terms, unknown addresses). */
  lua?: string;
}

async function pathsOf(base: string): Promise<{ groups: Group[]; words: string[] }> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const indexed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const u = new URL(m[1]!);
    return u.pathname + u.search;
  });
  const details = indexed.filter((p) => /^\/(safaris|parks|animals|birds|blogs|experiences|destinations)\/[^/]+$/.test(p));
  const otherPages = indexed.filter((p) => p !== '/' && !details.includes(p));

  // Every page of every list: the main lists, and the by-country and by-experience lists.
  const listPages: string[] = [];
  const listApi: string[] = [];
  const addList = async (pagePath: string, size: number) => {
    const first: Json = await getJson(base, `${pagePath}?page=1&limit=${size}`);
    const total = Number(first.totalPages ?? 1);
    for (let page = 1; page <= total; page++) {
      listPages.push(page === 1 ? pagePath : `${pagePath}?page=${page}`);
      listApi.push(`/api${pagePath}?page=${page}&limit=${size}`);
    }
  };
  for (const [p, size] of [
    ['/parks', PAGE_SIZE.parks],
    ['/animals', PAGE_SIZE.animals],
    ['/birds', PAGE_SIZE.birds],
    ['/blogs', PAGE_SIZE.blogs],
    ['/experiences', PAGE_SIZE.experiences],
  ] as const)
    await addList(p, size);
  for (const p of indexed.filter((x) => /^\/(parks|safaris|experiences)\/in\/[^/]+$/.test(x))) {
    const size = p.startsWith('/parks') ? PAGE_SIZE.parksByCountry : p.startsWith('/safaris') ? PAGE_SIZE.safarisByCountry : PAGE_SIZE.experiencesByCountry;
    await addList(p, size);
  }
  for (const p of indexed.filter((x) => x.startsWith('/safaris/experiences/'))) await addList(p, PAGE_SIZE.safarisByExperience);
  const safaris: Json = await getJson(base, '/safaris');
  const safariPages = Math.ceil(safaris.allsafaris.length / PAGE_SIZE.safaris);
  for (let page = 1; page <= safariPages; page++) listPages.push(page === 1 ? '/safaris' : `/safaris?page=${page}`);
  listApi.push('/api/safaris');

  // Search terms: the words of the site's own addresses.
  const words = [...new Set(details.flatMap((p) => p.split('/').pop()!.split('-')).filter((w) => w.length >= 4 && /^[a-z]+$/.test(w)))];
  const word = 'words[math.random(#words)]';
  const groups: Group[] = [
    { name: 'home page', weight: 10, paths: ['/'] },
    { name: `detail pages (${details.length})`, weight: 30, paths: details },
    { name: `list pages (${listPages.length})`, weight: 14, paths: listPages },
    { name: `other pages (${otherPages.length})`, weight: 5, paths: otherPages },
    { name: `search pages, site words (${words.length})`, weight: 8, paths: [], lua: `"/search?query=" .. ${word}` },
    { name: 'search pages, two words, some never seen', weight: 5, paths: [], lua: `"/search?query=" .. ${word} .. "+" .. ${word} .. (math.random(3) == 1 and ("+" .. next_id()) or "")` },
    { name: `API lists (${listApi.length})`, weight: 10, paths: listApi },
    { name: `API details (${details.length})`, weight: 10, paths: details.map((p) => `/api${p}`) },
    { name: 'API search', weight: 3, paths: [], lua: `"/api/search?query=" .. ${word}` },
    { name: 'unknown addresses (404, each new)', weight: 5, paths: [], lua: `"/no-such-page-" .. next_id()` },
  ];
  return { groups, words };
}

function luaScript(groups: Group[], words: string[]): string {
  const lines = [
    `wrk.headers["Accept-Encoding"] = "${BROWSER_HEADERS['Accept-Encoding']}"`,
    `local words = { ${words.map(luaString).join(', ')} }`,
    'local counter = 0',
    'local function next_id() counter = counter + 1; return tostring(counter) end',
    'local groups = {}',
  ];
  for (const g of groups) {
    const gen = g.lua ? `function() return ${g.lua} end` : `function() return p[math.random(#p)] end`;
    lines.push(`do local p = { ${g.paths.map(luaString).join(', ')} }; table.insert(groups, { w = ${g.weight}, gen = ${gen} }) end`);
  }
  lines.push(
    'local total = 0',
    'for _, g in ipairs(groups) do total = total + g.w end',
    'function setup(thread) thread:set("seed", math.random(1000000)) end',
    'function init(args) math.randomseed(seed or os.time()) end',
    'request = function()',
    '  local r = math.random() * total',
    '  for _, g in ipairs(groups) do',
    '    if r < g.w then return wrk.format("GET", g.gen()) end',
    '    r = r - g.w',
    '  end',
    '  return wrk.format("GET", groups[1].gen())',
    'end',
  );
  return lines.join('\n') + '\n';
}

/** The same mix drawn in advance, for autocannon. */
function drawPaths(groups: Group[], words: string[], n: number): string[] {
  let counter = 0;
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const gen = (g: Group): string => {
    if (!g.lua) return pick(g.paths);
    if (g.name.startsWith('unknown')) return `/no-such-page-${++counter}`;
    if (g.name.startsWith('API search')) return `/api/search?query=${pick(words)}`;
    if (g.name.includes('two words')) return `/search?query=${pick(words)}+${pick(words)}${Math.random() < 1 / 3 ? `+${++counter}` : ''}`;
    return `/search?query=${pick(words)}`;
  };
  const total = groups.reduce((a, g) => a + g.weight, 0);
  return Array.from({ length: n }, () => {
    let r = Math.random() * total;
    for (const g of groups) {
      if (r < g.weight) return gen(g);
      r -= g.weight;
    }
    return '/';
  });
}

const fmt = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

/**
 * The first request of each kind, one after the other, before any load: what each adds to the
 * server's memory (a template's first render, the first search, the first API list, a PDF and a
 * map, each drawn for the first time). Printed as a table; the load starts after it.
 */
async function firstRequests(base: string, pid: number): Promise<void> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const first = (prefix: string) => [...sitemap.matchAll(/<loc>[^<]*?(\/[a-z]+\/[a-z0-9-]+)<\/loc>/g)].map((m) => m[1]!).find((p) => p.startsWith(`${prefix}/`));
  const safari = first('/safaris') ?? '/safaris';
  const steps: [string, string][] = [
    ['home page', '/'],
    ['safari detail', safari],
    ['safaris list', '/safaris'],
    ['park detail', first('/parks') ?? '/parks'],
    ['blog post', first('/blogs') ?? '/blogs'],
    ['contact', '/contact-us'],
    ["a list's page 2", '/animals?page=2'],
    ['404 page', '/no-such-page'],
    ['first search page', '/search?query=gorilla'],
    ['first API search', '/api/search?query=lion'],
    ['first API list', `/api/parks?page=1&limit=${PAGE_SIZE.parks}`],
    ['first API detail', `/api${safari}`],
    ['itinerary PDF', `${safari}/itinerary.pdf`],
    ['route map', `${safari}/route.svg`],
    ['a kept page again', safari],
  ];
  const row = (name: string, m: Awaited<ReturnType<typeof rssMb>>, status = '') =>
    console.log(`  ${name.padEnd(26)}${String(m.now).padStart(7)}${String(m.peak).padStart(8)}${String(m.anon).padStart(8)}${String(m.file).padStart(8)}  ${status}`);
  console.log(`\n  ${'first requests of each kind'.padEnd(26)}${'RSS'.padStart(7)}${'VmHWM'.padStart(8)}${'RssAnon'.padStart(8)}${'RssFile'.padStart(8)}  (MB)`);
  row('after start and sitemap', await rssMb(pid));
  for (const [name, p] of steps) {
    const res = await fetch(base + p, { headers: BROWSER_HEADERS });
    await res.arrayBuffer();
    row(name, await rssMb(pid), `${res.status} ${p}`);
  }
}

let server: Child | undefined;
let timer: NodeJS.Timeout | undefined;
try {
  server = await startServer({ SITE_URL, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const pid = server.proc.pid!;
  await firstRequests(server.url, pid);
  const { groups, words } = await pathsOf(server.url);
  const atStart = await treeRssMb(pid);

  console.log(`\nMemory under a mixed load — ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${minutes} min; ${connections} connections; ${loadToolLabel()}`);
  console.log('  the mix (share of requests):');
  const total = groups.reduce((a, g) => a + g.weight, 0);
  for (const g of groups) console.log(`    ${String(Math.round((g.weight / total) * 100)).padStart(3)} %  ${g.name}`);
  console.log(`  RSS before the load (after start and path discovery): ${atStart.now} MB; VmHWM ${atStart.peak} MB`);
  console.log('\n  time   RSS MB   VmHWM MB');

  const samples: { t: number; rss: number; peak: number }[] = [];
  let atMinute: number | undefined;
  const t0 = Date.now();
  const sample = async () => {
    const t = (Date.now() - t0) / 1000;
    const r = await treeRssMb(pid).catch(() => undefined);
    if (!r) return;
    samples.push({ t, rss: r.now, peak: r.peak });
    console.log(`  ${fmt(t).padStart(5)}${String(r.now).padStart(9)}${String(r.peak).padStart(11)}`);
  };
  timer = setInterval(() => void sample(), sampleSeconds * 1000);
  // RSS at one minute, the reference of the comparison (sampled on its own when 30 s does not divide it).
  const minuteTimer = setTimeout(async () => {
    atMinute = (await treeRssMb(pid).catch(() => undefined))?.now;
  }, 60_000);

  const duration = Math.round(minutes * 60);
  // The snapshot, halfway: what it adds to the serving process (it is written outside it).
  let snapshotLine = '  snapshot: not taken (the load ended first)';
  const snapshotFile = path.join(os.tmpdir(), `safari-bench-snapshot-${process.pid}${BACKUP_EXTENSION}`);
  const env = server.env;
  let snapshotTaken: Promise<void> | undefined;
  const snapshotTimer = setTimeout(
    () =>
      (snapshotTaken = (async () => {
        const before = await treeRssMb(pid);
        const s0 = Date.now();
        // Asynchronously: the load generator (autocannon) may run in this process.
        const run = await new Promise<{ status: number; output: string }>((resolve) =>
          execFile(
            process.execPath,
            ['server/db/backup-cli.ts', 'backup', '--out', snapshotFile],
            { cwd: root, env: { ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' } },
            (err, stdout, stderr) => resolve({ status: err ? Number((err as { code?: number }).code ?? 1) : 0, output: `${stderr}${stdout}` }),
          ),
        );
        const after = await treeRssMb(pid);
        snapshotLine =
          `  snapshot at ${fmt((s0 - t0) / 1000)} (npm run db:backup beside the server, ${((Date.now() - s0) / 1000).toFixed(1)} s, exit ${run.status}): ` +
          `server RSS ${before.now} MB before, ${after.now} MB after (${after.now - before.now >= 0 ? '+' : ''}${after.now - before.now} MB); VmHWM ${before.peak} → ${after.peak} MB` +
          (run.status === 0 ? '' : `\n    ${run.output.trim().split('\n').slice(-3).join('\n    ')}`);
        console.log(snapshotLine);
      })()),
    (duration / 2) * 1000,
  );
  const result =
    LOAD_TOOL === 'wrk'
      ? await load('mixed', server.url, { connections, duration, luaScript: luaScript(groups, words) })
      : await load('mixed', server.url, { connections, duration, headers: BROWSER_HEADERS, paths: drawPaths(groups, words, 200_000) });
  clearInterval(timer);
  clearTimeout(minuteTimer);
  clearTimeout(snapshotTimer);
  // A snapshot still being written is waited for (the server stays up until it is done).
  await snapshotTaken;
  const end = await treeRssMb(pid);
  const tEnd = (Date.now() - t0) / 1000;
  console.log(`  ${fmt(tEnd).padStart(5)}${String(end.now).padStart(9)}${String(end.peak).padStart(11)}   (end of the load)`);

  console.log(
    `\n  load: ${result.requests} requests, ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms; socket errors ${result.errors}; non-2xx ${result.non2xx} (the unknown addresses answer 404)`,
  );
  if (atMinute !== undefined) {
    const diff = ((end.now - atMinute) / atMinute) * 100;
    console.log(`  RSS at 1 minute ${atMinute} MB; at the end (${fmt(tEnd)}) ${end.now} MB: ${diff >= 0 ? '+' : ''}${diff.toFixed(1)} %`);
  } else {
    console.log(`  RSS at the end (${fmt(tEnd)}) ${end.now} MB (the load ran under a minute: no 1-minute reference)`);
  }
  console.log(`  peak RSS (VmHWM) since start ${end.peak} MB; highest RSS sampled under load ${Math.max(end.now, ...samples.map((s) => s.rss))} MB`);
  console.log(snapshotLine);
  await rm(snapshotFile, { force: true });
} finally {
  if (timer) clearInterval(timer);
  await server?.stop();
}
