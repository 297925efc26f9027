// Shared benchmark helpers: start the production server as a child process (the tests' helper), load it over loopback
// (wrk when installed, else autocannon in-process), read a process tree's CPU time and resident
// memory from /proc, and fetch a response's bytes exactly as they go over the wire.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { RouteCase } from '../tests/helpers/site.ts';
import { freePort, startSiteProcess } from '../tests/helpers/start-site.ts';

export const root = path.resolve(import.meta.dirname, '..');

export interface Child {
  proc: ChildProcess;
  url: string;
  /** The server's DATA_DIR (and its database's address on PostgreSQL), for commands run beside it. */
  env: { DATA_DIR: string; DATABASE_URL: string };
  stop(): Promise<void>;
}

export { freePort };

/**
 * Starts the built server (one process) on a free loopback port with a fresh DATA_DIR and an empty
 * database, as a first start in production (tests/helpers/start-site.ts).
 */
export async function startServer(env: Record<string, string>, entry = 'server/index.ts'): Promise<Child> {
  const site = await startSiteProcess({
    database: 'empty',
    entry,
    env: { DATABASE_URL: process.env.DATABASE_URL ?? '', WEB_CONCURRENCY: '1', SPAM_CHECKS: 'off', ...env },
    output: 'inherit',
    timeoutMs: 180_000,
  });
  return { proc: site.child, url: site.url, env: { DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl ?? env.DATABASE_URL ?? process.env.DATABASE_URL ?? '' }, stop: site.stop };
}

// ---------------------------------------------------------------------------------------------
// Processes: CPU time and resident memory from /proc.

/** A process and all its descendants (a server that forks workers is measured as a whole). */
export async function processTree(pid: number): Promise<number[]> {
  const children = new Map<number, number[]>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid)!.push(Number(name));
    } catch {}
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]!) ?? []));
  return out;
}

export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of the processes in ms (kernel clock-tick resolution, usually 10 ms). */
export async function cpuTicksMs(pids: number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // fields 14 and 15 of proc(5): utime, stime
    } catch {}
  }
  return (ticks * 1000) / CLK_TCK;
}

/** Whether the kernel reports per-thread CPU time in nanoseconds (/proc/PID/task/TID/schedstat). */
export const HAS_SCHEDSTAT = existsSync('/proc/self/schedstat');

/**
 * CPU time of the processes (every thread) in ms with nanosecond resolution, from the first
 * field of /proc/PID/task/TID/schedstat. Falls back to clock ticks when schedstat is missing.
 */
export async function cpuMs(pids: number[]): Promise<number> {
  if (!HAS_SCHEDSTAT) return cpuTicksMs(pids);
  let ns = 0;
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = await readdir(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        ns += Number((await readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')).split(' ')[0]);
      } catch {}
    }
  }
  return ns / 1e6;
}

/**
 * Resident set size of a process in MB: now (VmRSS), its peak since start (VmHWM), and its
 * anonymous (heaps, WebAssembly memory) and file-backed (code, mapped files) parts now.
 */
export async function rssMb(pid: number): Promise<{ now: number; peak: number; anon: number; file: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { now: mb('VmRSS'), peak: mb('VmHWM'), anon: mb('RssAnon'), file: mb('RssFile') };
}

/** RSS and VmHWM summed over a process tree (shared pages of forked workers count once per process). */
export async function treeRssMb(pid: number): Promise<{ now: number; peak: number; processes: number }> {
  let now = 0;
  let peak = 0;
  let processes = 0;
  for (const p of await processTree(pid)) {
    try {
      const r = await rssMb(p);
      now += r.now;
      peak += r.peak;
      processes++;
    } catch {}
  }
  return { now, peak, processes };
}

// ---------------------------------------------------------------------------------------------
// Raw HTTP: the bytes as sent (no decompression), for sizes and for serving them from nginx.

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function rawGet(url: string, headers: Record<string, string> = {}, agent?: http.Agent): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------
// Load generation.

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  non2xx: number;
  requests: number;
}

export interface LoadOptions {
  connections?: number;
  /** Seconds. */
  duration?: number;
  /** Paths requested in turn (a single path when absent: the URL's own). */
  paths?: string[];
  headers?: Record<string, string>;
  /** wrk only: a Lua script of its own (replaces `paths`). */
  luaScript?: string;
}

export const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
/** The load generator: wrk (a separate process, -t1) when installed, else autocannon in this process. */
export const LOAD_TOOL: 'wrk' | 'autocannon' = process.env.BENCH_TOOL === 'autocannon' || !WRK ? 'autocannon' : 'wrk';

export function loadToolLabel(): string {
  return LOAD_TOOL === 'wrk' ? 'wrk -t1 (separate process)' : 'autocannon (in the benchmark process; install wrk for figures less disturbed by the load generator)';
}

export async function load(name: string, url: string, opts: LoadOptions = {}): Promise<LoadResult> {
  return LOAD_TOOL === 'wrk' ? wrkLoad(name, url, opts) : autocannonLoad(name, url, opts);
}

async function autocannonLoad(name: string, url: string, opts: LoadOptions): Promise<LoadResult> {
  const paths = opts.paths;
  let i = 0;
  const result = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.duration ?? 10,
    headers: opts.headers,
    requests: paths ? [{ setupRequest: (req: { path?: string }) => ({ ...req, path: paths[i++ % paths.length]! }) }] : undefined,
  });
  return {
    name,
    rps: Math.round(result.requests.total / (result.duration || opts.duration || 10)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/** A Lua string literal for a URL path (printable ASCII only; anything else is percent-encoded first). */
export function luaString(s: string): string {
  const safe = s.replace(/[^\x21-\x7e]/g, (ch) => encodeURIComponent(ch));
  return `"${safe.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function pathsScript(paths: string[]): string {
  return `local paths = {\n${paths.map(luaString).join(',\n')}\n}
local n = #paths
local i = 0
request = function()
  i = i + 1
  return wrk.format(nil, paths[(i - 1) % n + 1])
end
`;
}

function wrkMs(value: string, unit: string): number {
  const v = Number(value);
  return unit === 'us' ? v / 1000 : unit === 'ms' ? v : unit === 's' ? v * 1000 : v * 60_000;
}

/** Parses wrk's report (run with --latency). */
export function parseWrk(name: string, out: string): LoadResult {
  const pct = (p: string) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
    return m ? Math.round(wrkMs(m[1]!, m[2]!) * 100) / 100 : NaN;
  };
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    name,
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN)),
    p50: pct('50'),
    p99: pct('99'),
    errors: sock ? sock.slice(1).reduce((a, x) => a + Number(x), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN),
  };
}

async function wrkLoad(name: string, url: string, opts: LoadOptions): Promise<LoadResult> {
  const connections = opts.connections ?? 50;
  const args = ['-t1', `-c${connections}`, `-d${opts.duration ?? 10}s`, '--latency', '--timeout', '10s'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  let scriptDir: string | undefined;
  let target = url;
  const script = opts.luaScript ?? (opts.paths && opts.paths.length > 1 ? pathsScript(opts.paths) : undefined);
  if (script) {
    scriptDir = await mkdtemp(path.join(os.tmpdir(), 'safari-wrk-'));
    await writeFile(path.join(scriptDir, 'load.lua'), script);
    args.push('-s', path.join(scriptDir, 'load.lua'));
  } else if (opts.paths?.length === 1) {
    target = url + opts.paths[0];
  }
  args.push(target);
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(WRK!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`wrk exited with ${code}: ${stderr || stdout}`))));
    });
    return parseWrk(name, out);
  } finally {
    if (scriptDir) await rm(scriptDir, { recursive: true, force: true });
  }
}

export function printTable(title: string, rows: LoadResult[]) {
  console.log(`\n${title}`);
  console.log('  scenario'.padEnd(46) + 'req/s'.padStart(9) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + 'errors'.padStart(9) + 'non-2xx'.padStart(9));
  for (const r of rows)
    console.log(
      `  ${r.name}`.slice(0, 45).padEnd(46) + String(r.rps).padStart(9) + String(r.p50).padStart(9) + String(r.p99).padStart(9) + String(r.errors).padStart(9) + String(r.non2xx).padStart(9),
    );
}

// ---------------------------------------------------------------------------------------------
// The pages measured, one per template, with real paths from the route table.

export interface BenchPage {
  label: string;
  path: string;
}

export const NOT_FOUND_PATH = '/no-such-page';

/**
 * The benchmark's pages: home, safari detail, safaris list, park detail, blog post, contact,
 * search, a paginated list page (page 2) and the 404 page. `only` picks some of them by label.
 */
export function benchPages(routes: RouteCase[], only?: string[]): BenchPage[] {
  const find = (pred: (r: RouteCase) => boolean, what: string) => {
    const r = routes.find(pred);
    if (!r) throw new Error(`no route for ${what}`);
    return r.path;
  };
  const all: BenchPage[] = [
    { label: 'home', path: find((r) => r.template === 'home', 'home') },
    { label: 'safari detail', path: find((r) => r.template === 'safari', 'safari detail') },
    { label: 'safaris list', path: find((r) => r.template === 'safaris', 'safaris list') },
    { label: 'park detail', path: find((r) => r.template === 'park', 'park detail') },
    { label: 'blog post', path: find((r) => r.template === 'blog', 'blog post') },
    { label: 'contact', path: find((r) => r.template === 'contact-us', 'contact') },
    { label: 'search', path: find((r) => r.template === 'search', 'search') },
    { label: 'list, page 2', path: routes.find((r) => r.path === '/parks?page=2')?.path ?? find((r) => r.path.endsWith('?page=2'), 'a page 2') },
    { label: '404 page', path: NOT_FOUND_PATH },
  ];
  return only ? all.filter((p) => only.includes(p.label)) : all;
}

/** The machine's load average, to print beside a figure (figures on a loaded machine are not a quiet machine's). */
export function loadAverage(): string {
  return `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`;
}

export function median(xs: number[]): number {
  return percentile(xs, 50);
}

/** Nearest-rank percentile. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

// ---------------------------------------------------------------------------------------------
// Searches that are all different (nothing any cache can keep): bench:search and bench:pages.

/** Words visitors search for: places, animals, activities, and their misspellings. */
const WORDS = (
  'gorilla gorillas gorila trekking treking chimpanzee chimpanze chimps bwindi bwindy kibale queen elizabeth murchison falls ' +
  'murchisson serengeti masai maasai mara ngorongoro kilimanjaro amboseli rwanda uganda kenya tanzania congo kigali entebbe ' +
  'kampala volcanoes nyungwe akagera kidepo mburo semuliki budongo mgahinga virunga lake bunyonyi victoria kivu nile jinja ' +
  'safari safaris lodge lodges camp luxury budget birding birds shoebill shoebil turaco crane hornbill lion lions leopard ' +
  'elephant elephants buffalo rhino hippo giraffe zebra cheetah monkey golden habituation canoe boat cruise launch channel ' +
  'kazinga hiking hike walk nature culture batwa community permit permits visa price cost best time season rain dry ' +
  'migration wildebeest balloon flight drive game day days week family honeymoon photography forest mountain volcano ' +
  'crater waterfall rafting island beach zanzibar tips pack packing health vaccine malaria'
).split(' ');

/** The i-th query of the run: one or two words, every seventh with a letter left out. */
export function query(i: number, words: readonly string[] = WORDS): string {
  const a = words[(i * 7919) % words.length]!;
  const b = words[(i * 104729 + 13) % words.length]!;
  let q = i % 3 === 0 ? a : `${a} ${b}`;
  if (i % 7 === 0 && q.length > 5) q = q.slice(0, 3) + q.slice(4);
  return q;
}

/** A wrk script making a new query for every request on `prefix` (the same words and rule as query()). */
export function queryLuaScript(prefix: string, words: readonly string[] = WORDS): string {
  return `local words = { ${words.map((w) => `"${encodeURIComponent(w)}"`).join(', ')} }
local n = #words
local i = math.random(1, 1000000)
request = function()
  i = i + 1
  local a = words[(i * 7919) % n + 1]
  local b = words[(i * 104729 + 13) % n + 1]
  local q = a
  if i % 3 ~= 0 then q = a .. "+" .. b end
  if i % 7 == 0 and #q > 5 and not q:find("%", 1, true) then q = q:sub(1, 3) .. q:sub(5) end
  return wrk.format(nil, "${prefix}" .. q .. "&n=" .. i)
end
`;
}
