// Shared benchmark helpers: start the production server as a child process, load it with
// autocannon over loopback, and read the child's peak resident memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

export interface Child {
  proc: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>, entry = 'server/index.ts'): Promise<Child> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'safari-bench-'));
  const port = String(20000 + Math.floor(Math.random() * 20000));
  const proc = spawn('bash', [path.join(root, 'scripts/serve.sh'), entry], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const r = await fetch(`${url}/api/readyz`);
      if (r.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    proc,
    url,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident set size of a process in MB: now (VmRSS) and its peak since start (VmHWM). */
export async function rssMb(pid: number): Promise<{ now: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { now: mb('VmRSS'), peak: mb('VmHWM') };
}

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  name: string,
  url: string,
  opts: { connections?: number; duration?: number; paths?: string[]; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
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
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(title: string, rows: (LoadResult & { rss?: number })[]) {
  console.log(`\n${title}`);
  console.log('  scenario'.padEnd(44) + 'req/s'.padStart(9) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + 'errors'.padStart(9) + 'non-2xx'.padStart(9));
  for (const r of rows)
    console.log(
      `  ${r.name}`.padEnd(44) +
        String(r.rps).padStart(9) +
        String(r.p50).padStart(9) +
        String(r.p99).padStart(9) +
        String(r.errors).padStart(9) +
        String(r.non2xx).padStart(9),
    );
}
