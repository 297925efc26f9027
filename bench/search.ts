// npm run bench:search — site search under queries that are all different (nothing any cache can
// keep), on the production server over loopback:
//   1. /search?query=… (the results page) and /api/search?query=… at BENCH_CONNECTIONS (default
//      20): requests/s and p50/p99 latency; wrk -t1 with a Lua script that makes a new query for
//      every request (one or two words of the site's vocabulary, some misspelt), else autocannon
//      with a request generator;
//   2. the server's CPU per /search?query=… render and per /api/search answer: one connection,
//      sequential, each request a different query, after a warm-up; median and p95;
//   3. per language (SITE_LANGUAGES=en,de,fr,es; German, French and Spanish words): the resident
//      memory each language's index adds (RSS before and after its first search), the CPU per
//      /api/<lang>/search answer as in 2, and its load at BENCH_CONNECTIONS.
// SPAM_CHECKS=off (the per-address budget would refuse a load from one address). Benchmarks
// print figures; they assert nothing.
//
// Settings (environment): BENCH_SECONDS (load per run, default 10), BENCH_CONNECTIONS (default
// "20"), BENCH_COLD_REQUESTS (default 100), BENCH_COLD_WARMUP (default 30), BENCH_TOOL=autocannon.
import http from 'node:http';
import { cpuMs, HAS_SCHEDSTAT, LOAD_TOOL, load, loadToolLabel, median, percentile, printTable, processTree, query, queryLuaScript, rawGet, rssMb, startServer, type LoadResult } from './lib.ts';

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

/** Words of each other language's content, some with their accents, some without. */
const LANGUAGE_WORDS: Record<string, readonly string[] | undefined> = {
  de: 'Gorillas Gorilla-Trekking Schimpansen Berggorillas Ruanda Kivusee Vulkane Nationalpark Übernachtung Ubernachtung Bootsfahrt Löwen Savanne Tagesausflug Pirschfahrt Regenwald Wanderung Serengeti Goldmeerkatzen Bwindi Safari Nilpferde Elefanten Vögel'.split(
    ' ',
  ),
  fr: 'gorilles chimpanzés chimpanzes volcans parc lac safari savane lions forêt randonnée Rwanda Ouganda Bwindi éléphants hippopotames croisière nuit lodge singes dorés Serengeti migration'.split(
    ' ',
  ),
  es: 'gorilas chimpancés chimpances volcanes parque lago safari sabana leones bosque caminata Ruanda Uganda Bwindi elefantes hipopótamos crucero noche lodge monos dorados Serengeti migración'.split(
    ' ',
  ),
};

const pathIn = (language: string) => (i: number) => `${language === 'en' ? '/api/search' : `/api/${language}/search`}?query=${encodeURIComponent(query(i, LANGUAGE_WORDS[language]))}&n=${i}`;
/** The index alone: English cards, no answer translated (what the language's index costs by itself). */
const indexPathIn = (language: string) => (i: number) => `/api/search?language=${language}&query=${encodeURIComponent(query(i, LANGUAGE_WORDS[language]))}&n=${i}`;

/** Resident memory of the server's processes together, in MB. */
async function rss(pids: number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) total += (await rssMb(pid).catch(() => ({ now: 0 }))).now;
  return total;
}

/** The memory each language's index adds: RSS before and after the language's first search (English first). */
async function indexMemory(url: string, pids: number[]): Promise<void> {
  console.log("\nMemory of each language's index (RSS of the server, before and after its first search of /api/search?language=…; English's is made at start):");
  for (const language of ['en', 'de', 'fr', 'es']) {
    const before = await rss(pids);
    const res = await rawGet(url + indexPathIn(language)(3_000_000), HEADERS);
    const after = await rss(pids);
    console.log(`  ${language}: ${before.toFixed(0)} → ${after.toFixed(0)} MB (+${(after - before).toFixed(0)} MB), status ${res.status}`);
  }
}

/** German, French and Spanish: the CPU per answer (as for English above) and the load. */
async function otherLanguages(url: string, pids: number[]): Promise<LoadResult[]> {
  const rows: LoadResult[] = [];
  console.log("\nServer CPU per /api/<lang>/search answer, one connection, sequential, different queries of the language's words:");
  for (const language of ['de', 'fr', 'es']) {
    const path = pathIn(language);
    const prefix = `/api/${language}/search?query=`;
    for (const [name, p] of [
      [`${prefix}…`, path],
      [`/api/search?language=${language}&query=…`, indexPathIn(language)],
    ] as const) {
      const r = await cold(url, pids, p);
      console.log(
        `  ${name}`.padEnd(40) +
          `CPU median ${median(r.cpu).toFixed(2)} ms, p95 ${percentile(r.cpu, 95).toFixed(2)} ms; wall median ${median(r.wall).toFixed(2)} ms, p95 ${percentile(r.wall, 95).toFixed(2)} ms; statuses ${[...r.statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`,
      );
    }
    for (const connections of connectionsList) {
      const opts = LOAD_TOOL === 'wrk' ? { luaScript: queryLuaScript(prefix, LANGUAGE_WORDS[language]) } : { paths: Array.from({ length: 50_000 }, (_, i) => path(i)) };
      rows.push(await load(`${prefix}…, ${connections} conn`, url, { duration, connections, headers: HEADERS, ...opts }));
    }
  }
  return rows;
}

const server = await startServer({ SITE_LANGUAGES: 'en,de,fr,es' });
try {
  const pids = await processTree(server.proc.pid!);
  await indexMemory(server.url, pids);
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
  printTable('Load per language, every query different', await otherLanguages(server.url, pids));
} finally {
  await server.stop();
}
