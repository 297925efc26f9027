// npm run bench:search — site search under queries that are all different (nothing any cache can
// keep), on the production server over loopback:
//   1. /search?query=… (the results page) and /api/search?query=… at BENCH_CONNECTIONS (default
//      20): requests/s and p50/p99 latency; wrk -t1 with a Lua script that makes a new query for
//      every request (one or two words of the site's vocabulary, some misspelt), else autocannon
//      with a request generator;
//   2. the server's CPU per /search?query=… render and per /api/search answer: one connection,
//      sequential, each request a different query, after a warm-up; median and p95.
// SPAM_CHECKS=off (the per-address budget would refuse a load from one address). Benchmarks
// print figures; they assert nothing.
//
// Settings (environment): BENCH_SECONDS (load per run, default 10), BENCH_CONNECTIONS (default
// "20"), BENCH_COLD_REQUESTS (default 100), BENCH_COLD_WARMUP (default 30), BENCH_TOOL=autocannon.
import http from 'node:http';
import { cpuMs, HAS_SCHEDSTAT, LOAD_TOOL, load, loadToolLabel, median, percentile, printTable, processTree, query, queryLuaScript, rawGet, startServer, type LoadResult } from './lib.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connectionsList = (process.env.BENCH_CONNECTIONS ?? '20').split(',').map(Number);
const coldRequests = Number(process.env.BENCH_COLD_REQUESTS ?? 100);
const coldWarmup = Number(process.env.BENCH_COLD_WARMUP ?? 30);
const HEADERS = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

async function cold(url: string, pids: number[], path: (i: number) => string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const cpu: number[] = [];
  const wall: number[] = [];
  const statuses = new Map<number, number>();
  try {
    for (let i = 0; i < coldWarmup; i++) await rawGet(url + path(1_000_000 + i), HEADERS, agent);
    for (let i = 0; i < coldRequests; i++) {
      const c0 = await cpuMs(pids);
      const t0 = performance.now();
      const res = await rawGet(url + path(i), HEADERS, agent);
      wall.push(performance.now() - t0);
      cpu.push((await cpuMs(pids)) - c0);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  } finally {
    agent.destroy();
  }
  return { cpu, wall, statuses };
}

const server = await startServer({});
try {
  const pids = await processTree(server.proc.pid!);
  const page = (i: number) => `/search?query=${encodeURIComponent(query(i))}&n=${i}`;
  const api = (i: number) => `/api/search?query=${encodeURIComponent(query(i))}&n=${i}`;
  console.log(`Search with every query different (${loadToolLabel()}; ${duration}s per run)`);
  const coldPage = await cold(server.url, pids, page);
  const coldApi = await cold(server.url, pids, api);
  const fmt = (n: number) => n.toFixed(2);
  console.log(`\nServer CPU per request, one connection, sequential, ${coldRequests} different queries after ${coldWarmup} warm-up (${HAS_SCHEDSTAT ? 'schedstat, ns' : 'clock ticks'}):`);
  for (const [name, r] of [
    ['/search?query=…', coldPage],
    ['/api/search?query=…', coldApi],
  ] as const)
    console.log(
      `  ${name}`.padEnd(24) +
        `CPU median ${fmt(median(r.cpu))} ms, p95 ${fmt(percentile(r.cpu, 95))} ms; wall median ${fmt(median(r.wall))} ms, p95 ${fmt(percentile(r.wall, 95))} ms; statuses ${[...r.statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`,
    );

  const rows: LoadResult[] = [];
  const generated = Array.from({ length: 50_000 }, (_, i) => i);
  for (const connections of connectionsList) {
    for (const [name, prefix, path] of [
      ['/search?query=… (page)', '/search?query=', page],
      ['/api/search?query=…', '/api/search?query=', api],
    ] as const) {
      const opts = LOAD_TOOL === 'wrk' ? { luaScript: queryLuaScript(prefix) } : { paths: generated.map((i) => path(i)) };
      rows.push(await load(`${name}, ${connections} conn`, server.url, { duration, connections, headers: HEADERS, ...opts }));
    }
  }
  printTable('Load, every query different', rows);
} finally {
  await server.stop();
}
