// Starting a whole site for a test or a benchmark: one module, two ways.
// - startSite(): the site inside the test process, on a free port, for tests that look at the
//   process's own parts (its caches, its database, its log) as well as at its answers. Import
//   './production.ts' first in such a test file (React's production build).
// - startSiteProcess(): the built server as a child process, started like production
//   (scripts/serve.sh, NODE_ENV=production; vitest's own NODE_ENV=test would load React's
//   development build), for the browser tests, the crawl and the benchmarks. Needs `npm run build`.
// Either starts from a copy of the run's seeded database (tests/helpers/templates.ts) unless asked
// for an empty one (`database: 'empty'`, a site's very first start), on PGlite in a fresh DATA_DIR
// or on a fresh PostgreSQL database (`backend: 'postgres'`, TEST_DATABASE_URL). The set-up step
// still runs at every start, as in production.
// startServer() and freePort() are the low-level part, for tests that lay out the DATA_DIR and
// the environment themselves (several processes, restarts, outages); seededDataDir() gives them a
// DATA_DIR with the seeded database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp, type AppParts } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger, type Logger } from '../../server/logger.ts';
import { listen } from '../../server/http/serve.ts';
import type { Backend } from './db.ts';
import { FAST_MAIL, rowsOf } from './forms.ts';
import { copySeededPglite, newPostgresDatabase, TEST_SITE_ENV } from './templates.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');

interface SiteOptions {
  /** 'pglite' (default): the embedded database in the site's DATA_DIR; 'postgres': a database of its own on TEST_DATABASE_URL. */
  backend?: Backend;
  /** The site's environment, on top of the test defaults (SITE_URL http://localhost:3000, daily backups off, quiet log). */
  env?: Record<string, string>;
  /** 'seeded' (default): a copy of the run's migrated and seeded database; 'empty': nothing yet, as a first start. */
  database?: 'seeded' | 'empty';
  /** Another site's PostgreSQL database (its `databaseUrl`), shared as a second process would share it. */
  shareDatabase?: string;
}

export interface InProcessOptions extends SiteOptions {
  logger?: Logger;
  /** createApp's options (forms overrides, admin limits, schedule poll). */
  app?: Parameters<typeof createApp>[2];
  /**
   * The console's mail tests: spam checks off, the mail worker left stopped (the test drives it
   * with drainMail()), and fast mail timings.
   */
  drivenMail?: boolean;
}

export interface InProcessSite {
  app: AppParts;
  base: string;
  /** The PostgreSQL database's address (postgres backend only). */
  databaseUrl?: string;
  /** The site's DATA_DIR (removed by stop()). */
  dataDir: string;
  /** Runs a query on the site's database. */
  rows<T = Record<string, unknown>>(query: string): Promise<T[]>;
  /** Runs the mail worker until nothing is due or being sent (staggered messages included). */
  drainMail(timeoutMs?: number): Promise<void>;
  /**
   * Stops the site and starts it again on the same database and DATA_DIR, as a restart does (the
   * set-up step runs again): `app` and `base` (a new port) are replaced.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A fresh DATA_DIR and, on PostgreSQL, a database of the site's own, each as the options ask. */
async function prepareStorage(prefix: string, opts: SiteOptions): Promise<{ dataDir: string; databaseUrl?: string; dropDatabase?: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const seeded = (opts.database ?? 'seeded') === 'seeded';
  if (opts.shareDatabase) return { dataDir, databaseUrl: opts.shareDatabase };
  if (opts.backend === 'postgres') {
    const db = await newPostgresDatabase(seeded ? 'seeded' : undefined);
    return { dataDir, databaseUrl: db.url, dropDatabase: db.drop };
  }
  if (seeded) await copySeededPglite(dataDir);
  return { dataDir };
}

/** The whole site inside the test process, on a free port. */
export async function startSite(opts: InProcessOptions = {}): Promise<InProcessSite> {
  const storage = await prepareStorage('safari-site-', opts);
  const config = loadConfig({
    DATA_DIR: storage.dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ...TEST_SITE_ENV,
    LOG_LEVEL: 'silent',
    ...(opts.drivenMail ? { SPAM_CHECKS: 'off' } : {}),
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
    ...opts.env,
  });
  const log = opts.logger ?? createLogger(config.LOG_LEVEL);
  const appOptions: Parameters<typeof createApp>[2] = opts.drivenMail ? { ...opts.app, forms: { startWorker: false, mail: FAST_MAIL, ...opts.app?.forms } } : opts.app;
  let app = await createApp(config, log, appOptions);
  let served = await listen(app.web!, { port: 0, host: '127.0.0.1', logger: log });
  const rows = async <T>(q: string) => rowsOf<T>(await app.database!.db.execute(sql.raw(q)));
  const site: InProcessSite = {
    app,
    base: `http://127.0.0.1:${served.port}`,
    databaseUrl: storage.databaseUrl,
    dataDir: storage.dataDir,
    rows,
    async drainMail(timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        await app.forms!.worker.runOnce();
        const [left] = await rows<{ n: number }>(`select count(*)::int as n from mail_outbox where status in ('pending', 'sending') and attempts < 3`);
        if (Number(left!.n) === 0) return;
        await new Promise((r) => setTimeout(r, 30));
      }
      throw new Error('the outbox was not drained in time');
    },
    restart: async () => {
      await served.close();
      await app.stop();
      app = await createApp(config, log, appOptions);
      served = await listen(app.web!, { port: 0, host: '127.0.0.1', logger: log });
      site.app = app;
      site.base = `http://127.0.0.1:${served.port}`;
    },
    stop: async () => {
      await served.close();
      await app.stop();
      await storage.dropDatabase?.();
      await rm(storage.dataDir, { recursive: true, force: true });
    },
  };
  return site;
}

export interface ProcessOptions extends SiteOptions {
  /** The entry point (default server/index.ts; server/api/main.ts for the API alone). */
  entry?: string;
  /** The address that answers once the site is up (default /api/readyz). */
  ready?: string;
  /** The port (default: a free one). */
  port?: number;
  /** 'capture' (default): kept in `output`; 'inherit': printed with this process's output (benchmarks). */
  output?: 'capture' | 'inherit';
  /** How long it may take to come up (default 150 s, within a hook's 180 s: see START_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface SiteProcess {
  url: string;
  port: number;
  dataDir: string;
  /** The PostgreSQL database's address (postgres backend only). */
  databaseUrl?: string;
  child: ChildProcess;
  /** What the process printed (unless its output is inherited). */
  output: string[];
  stop(): Promise<void>;
}

/** The built site as a child process, on a free port (by default). */
export async function startSiteProcess(opts: ProcessOptions = {}): Promise<SiteProcess> {
  const storage = await prepareStorage('safari-e2e-', opts);
  const server = await startServer(
    { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '', API_URL: '', ...TEST_SITE_ENV, LOG_LEVEL: 'warn', ...opts.env },
    opts.port ?? (await freePort()),
    { entry: opts.entry, ready: opts.ready ?? '/api/readyz', output: opts.output, timeoutMs: opts.timeoutMs },
  );
  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port,
    dataDir: storage.dataDir,
    databaseUrl: storage.databaseUrl,
    child: server.child,
    output: server.output,
    stop: async () => {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await storage.dropDatabase?.();
      await rm(storage.dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh DATA_DIR holding a copy of the run's seeded embedded database, for startServer(). */
export async function seededDataDir(prefix = 'safari-site-'): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await copySeededPglite(dataDir);
  return dataDir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * How long a server may take to come up unless told otherwise: within a hook's time
 * (vitest.config.ts, hookTimeout 180 s). On a busy machine (a load of 25 on two cores) a start on a
 * copy of the seeded database, set-up step included, was not up within 90 s. A hook that starts a
 * server keeps the suite's 180 s: one that gave up first left the server it was starting running.
 */
const START_TIMEOUT_MS = 150_000;

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: string[];
  exited: Promise<number | null>;
}

/**
 * Starts the server (server/index.ts, or `entry`) with exactly `env` on top of this process's
 * environment, and resolves once `ready` (default /api/healthz) answers. The child is the Node
 * process itself: serve.sh execs it. It listens on 127.0.0.1 unless `env` names another HOST (''
 * leaves the choice to the server).
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  opts: { entry?: string; ready?: string; output?: 'capture' | 'inherit'; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const inherit = opts.output === 'inherit';
  const child = spawn('bash', [path.join(projectRoot, 'scripts/serve.sh'), opts.entry ?? 'server/index.ts'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // A run cut short (Ctrl+C) ends the test process without the tests' clean-up: the site goes with it.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  void exited.then(() => process.removeListener('exit', orphaned));
  const until = Date.now() + (opts.timeoutMs ?? START_TIMEOUT_MS);
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
