// The real process: started as `node server/index.ts` (and the API alone as server/api/main.ts),
// configuration errors, the API behind API_URL, static assets, and graceful shutdown on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/index.ts';
import { contentVersion } from '../server/db/schema.ts';
import { makePgliteTemplate } from '../server/db/template.ts';
import { freePort, seededDataDir, startServer } from './helpers/start-site.ts';

const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** A DATA_DIR holding a copy of the run's seeded database: a start that finds its content loaded already. */
async function seeded(): Promise<string> {
  const dir = await seededDataDir('safari-proc-');
  dirs.push(dir);
  return dir;
}

async function start(entry: string, env: Record<string, string>, reuseDataDir?: string) {
  const dataDir = reuseDataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'safari-proc-')));
  if (!reuseDataDir) dirs.push(dataDir);
  const ready = entry.includes('api/main') ? '/readyz' : '/api/readyz';
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', ...env }, await freePort(), { entry, ready });
  children.push(server.child);
  return { child: server.child, url: `http://127.0.0.1:${server.port}`, dataDir, output: () => server.output.join('') };
}

/** The JSON log lines a process wrote. */
function logLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code))));
}

describe('the server process', () => {
  it('refuses a bad configuration with a clear message', async () => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/index.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://nope' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    expect(await exitOf(child)).toBe(1);
    expect(err).toContain('Invalid configuration');
    expect(err).toContain('PORT');
    expect(err).toContain('DATABASE_URL must start with postgres');
  });

  it('serves pages, the API at /api and fingerprinted assets; drains in-flight requests on SIGTERM', async () => {
    // WEB_CONCURRENCY cannot apply to the embedded database: one process, and a warning.
    const { child, url, output } = await start('server/index.ts', { WEB_CONCURRENCY: '2' }, await seeded());
    expect(logLines(output()).some((l) => l.level === 40 && String(l.msg).startsWith('WEB_CONCURRENCY is ignored'))).toBe(true);
    expect(logLines(output()).filter((l) => l.msg === 'site is up')).toHaveLength(1);
    const home = await fetch(`${url}/`);
    expect(home.headers.get('x-worker')).toBeNull();
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    const html = await home.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const a = await fetch(url + asset);
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${url}/api/healthz`)).status).toBe(200);

    // A burst of requests, then SIGTERM while they are in flight: every one completes.
    const burst = Array.from({ length: 60 }, (_, i) => fetch(`${url}/api/safaris?page=1&n=${i}`).then((r) => r.status));
    await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGTERM');
    const statuses = await Promise.all(burst.map((p) => p.catch(() => 0)));
    const code = await exitOf(child);
    expect(code).toBe(0);
    // Requests accepted before the signal were answered; none failed with a server error.
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(output()).toContain('shutdown complete');
  });

  it('runs the API alone at / and the web process through API_URL', async () => {
    const api = await start('server/api/main.ts', {}, await seeded());
    const direct = await fetch(`${api.url}/safaris`);
    expect(direct.status).toBe(200);
    const body = (await direct.json()) as { allsafaris: { safarititleslug: string }[] };
    expect(body.allsafaris.length).toBeGreaterThan(0);
    expect((await fetch(`${api.url}/`)).headers.get('content-type')).toBe('application/json; charset=utf-8');

    const web = await start('server/index.ts', { API_URL: api.url });
    const proxied = await fetch(`${web.url}/api/safaris`);
    expect(proxied.status).toBe(200);
    expect(((await proxied.json()) as typeof body).allsafaris.length).toBe(body.allsafaris.length);
    const page = await fetch(`${web.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    // The web-only process keeps no database of its own: the API host owns it.
    expect(existsSync(path.join(web.dataDir, 'pglite'))).toBe(false);
    expect(existsSync(path.join(api.dataDir, 'pglite'))).toBe(true);
    api.child.kill('SIGTERM');
    web.child.kill('SIGTERM');
    expect(await exitOf(api.child)).toBe(0);
    expect(await exitOf(web.child)).toBe(0);
  });

  it('sets the database up in a short-lived process: from the build’s template, content re-loaded at start when it changed', async () => {
    // The template the build makes (npm run build, scripts/ensure-build.sh).
    await makePgliteTemplate();

    const first = await start('server/index.ts', {});
    const logs = logLines(first.output());
    const setUp = logs.filter((l) => l.step === 'set-up');
    const serving = logs.filter((l) => l.step === undefined);
    // The set-up process created the database by copying the template (no initdb) and loaded the content...
    expect(setUp.find((l) => l.msg === 'database ready')).toMatchObject({ database: 'pglite', created: 'template' });
    expect(setUp.some((l) => l.msg === 'content loaded into the database')).toBe(true);
    // ...and the serving process only opened it.
    const opened = serving.filter((l) => l.msg === 'database ready');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.created).toBeUndefined();
    expect(serving.some((l) => l.msg === 'content loaded into the database')).toBe(false);
    expect((await fetch(`${first.url}/safaris`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);

    // Restarted with unchanged content: nothing to load.
    const second = await start('server/index.ts', {}, first.dataDir);
    expect(logLines(second.output()).some((l) => l.msg === 'content loaded into the database')).toBe(false);
    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);

    // The content files differ from what the database holds (as after an edit): the next start
    // loads them again, in the set-up process, before serving.
    const db = await openDatabase({ dataDir: first.dataDir, migrate: false });
    await db.db.update(contentVersion).set({ content_hash: 'edited' }).where(eq(contentVersion.id, 1));
    await db.close();
    const third = await start('server/index.ts', {}, first.dataDir);
    const reloaded = logLines(third.output()).filter((l) => l.msg === 'content loaded into the database');
    expect(reloaded).toHaveLength(1);
    expect(reloaded[0]!.step).toBe('set-up');
    expect((await fetch(`${third.url}/`)).status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await exitOf(third.child)).toBe(0);
  });
});
