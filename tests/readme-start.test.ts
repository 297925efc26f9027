// The site started exactly as the README says: `npm start` in a shell where NODE_ENV is not set
// (only the port and a fresh data directory are given). It must render with React's production
// build: the process reports the react-dom/server file Node actually ran (server/react-build.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { site } from '../common/site.ts';
import { freePort } from './helpers/start-site.ts';

const root = path.resolve(import.meta.dirname, '..');
let child: ChildProcess | undefined;
let dataDir: string | undefined;

/** The npm process and everything it started (npm -> bash start.sh -> node) live in one group. */
function stopGroup(signal: NodeJS.Signals) {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  }
}

afterAll(async () => {
  stopGroup('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('`npm start` with NODE_ENV unset serves pages rendered by React’s production build', { timeout: 300_000 }, async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'safari-readme-'));
  const port = await freePort();
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  // As in a fresh shell: no NODE_ENV (vitest sets it to 'test'), no database or API elsewhere.
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  delete env.API_URL;
  child = spawn('npm', ['start', '--silent'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(`${url}/api/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  const logs = output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const up = logs.find((l) => l.msg === 'site is up');
  expect(up, output).toBeDefined();
  expect(up!.nodeEnv).toBe('production');
  expect(up!.react).toBe('production');
  expect(String(up!.reactFile)).toMatch(/[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/);
  expect(logs.some((l) => l.level === 40 && String(l.msg).includes('React development build'))).toBe(false);

  // And it serves the site.
  const home = await fetch(`${url}/`);
  expect(home.status).toBe(200);
  const html = await home.text();
  expect(html).toMatch(/^<!DOCTYPE html>/i);
  expect(html).toContain(`<title>`);
  expect(html).toContain(site.name);

  // Ctrl-C in a terminal signals the whole group; the server shuts down gracefully.
  stopGroup('SIGINT');
  await exited;
  const until = Date.now() + 30_000;
  while (!output.includes('shutdown complete') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  expect(output).toContain('shutdown complete');
});
