// npm run bench:api — loads the production server's API over loopback (wrk -t1 when installed,
// else autocannon; 50 connections) and prints requests/s, p50/p99 latency and RSS, on PGlite and
// on PostgreSQL (BENCH_DATABASE_URL, or a throwaway server started from the machine's binaries and
// stopped at the end). Benchmarks print figures; they assert nothing.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { load, loadToolLabel, printTable, root, startServer, treeRssMb } from './lib.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);

async function run(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const base = `${server.url}/api`;
    const safaris = (await (await fetch(`${base}/safaris`)).json()) as { allsafaris: { safarititleslug: string }[] };
    const detail = `/api/safaris/${safaris.allsafaris[0]!.safarititleslug}`;
    // Warm up the cache and the JIT.
    await load('warm-up', server.url, { duration: 2, paths: ['/api/', detail] });
    const rows = [];
    rows.push(await load('cached read: GET /api/ (home)', server.url, { duration, paths: ['/api/'] }));
    rows.push(await load('cached read: GET safari detail', server.url, { duration, paths: [detail] }));
    // Uncached: a query string the API ignores makes every request miss the response cache.
    const uncached = Array.from({ length: 50_000 }, (_, i) => `/api/safaris/in/uganda?page=1&limit=9&nocache=${i}`);
    rows.push(await load('uncached list: GET /api/safaris/in/uganda', server.url, { duration, paths: uncached }));
    const uncachedParks = Array.from({ length: 50_000 }, (_, i) => `/api/parks?page=2&nocache=${i}`);
    rows.push(await load('uncached list: GET /api/parks?page=2', server.url, { duration, paths: uncachedParks }));
    const { peak, now } = await treeRssMb(server.proc.pid!);
    printTable(`API on ${label} (${loadToolLabel()}; 50 connections, ${duration}s each)`, rows);
    console.log(`  RSS of the server process: ${now} MB after the load; peak since start ${peak} MB (includes start-up: migrations and content load)`);
  } finally {
    await server.stop();
  }
}

await run('PGlite', {});

let pgUrl = process.env.BENCH_DATABASE_URL;
let startedPg: string | undefined;
if (!pgUrl) {
  try {
    const dir = path.join(os.tmpdir(), 'safari-bench-pg');
    const out = execFileSync('bash', [path.join(root, 'scripts/pg-start.sh'), dir, '54339'], { encoding: 'utf8' });
    pgUrl = /BENCH_DATABASE_URL=(\S+)/.exec(out)?.[1];
    startedPg = dir;
  } catch (e) {
    console.log(`\nPostgreSQL: skipped (${(e as Error).message.split('\n')[0]})`);
  }
}
try {
  if (pgUrl) await run('PostgreSQL', { DATABASE_URL: pgUrl });
} finally {
  if (startedPg) execFileSync('bash', [path.join(root, 'scripts/pg-stop.sh'), startedPg]);
}
