// Starting the built server as a child process on a free port, the way scripts/serve.sh starts it
// (same Node flags, NODE_ENV=production unless the caller sets it: vitest's own NODE_ENV=test
// would otherwise be inherited and load React's development build).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: string[];
  exited: Promise<number | null>;
}

/**
 * Starts the server (server/index.ts, or `entry`) and resolves once `ready` (default
 * /api/healthz) answers. The child is the Node process itself: serve.sh execs it. It listens on
 * 127.0.0.1 unless `env` names another HOST ('' leaves the choice to the server).
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  opts: { entry?: string; ready?: string } = {},
): Promise<ServerProcess> {
  const child = spawn('bash', [path.join(projectRoot, 'scripts/serve.sh'), opts.entry ?? 'server/index.ts'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${opts.ready ?? '/api/healthz'}`);
      if (res.ok) return { child, port, output, exited };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not come up:\n${output.join('')}`);
}
