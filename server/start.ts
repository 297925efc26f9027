// Starting a process: configuration (a bad value stops it with a clear message), the database
// set-up step (a short-lived child process), the app, the HTTP server, and graceful shutdown.
// `web` serves the whole site; `api` the JSON API alone at /. With WEB_CONCURRENCY > 1 this
// process becomes the cluster primary (server/cluster.ts) and each worker runs this again.
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import path from 'node:path';
import { processCount, runPrimary } from './cluster.ts';
import { loadConfigOrExit } from './config.ts';
import { DataDirLockedError, lockDataDir, LOCK_HOLDER_ENV, type DataDirLock } from './db/lock.ts';
import { createLogger } from './logger.ts';
import { loadedReactBuild } from './react-build.ts';
import { listen, onShutdown } from './serve.ts';

export async function startProcess(role: 'web' | 'api'): Promise<void> {
  const config = loadConfigOrExit();
  // A worker's log lines say which worker (and process) wrote them.
  const logger = cluster.isWorker
    ? createLogger(config.LOG_LEVEL).child({ worker: cluster.worker!.id, pid: process.pid })
    : createLogger(config.LOG_LEVEL);
  // A web process using the API at API_URL has no database of its own.
  const ownsDatabase = role === 'api' || !config.API_URL;
  // The embedded database's directory is this process's from before the set-up step until it
  // stops (server/db/lock.ts): a command started meanwhile goes through the control socket.
  let lock: DataDirLock | undefined;
  try {
    if (ownsDatabase && !config.DATABASE_URL && cluster.isPrimary) lock = await lockDataDir(config.dataDir, role === 'web' ? 'server' : 'API server');
    if (cluster.isPrimary) {
      // The set-up runs once, before any worker starts.
      if (ownsDatabase) await runSetUp(lock ? { [LOCK_HOLDER_ENV]: String(process.pid) } : {});
      const processes = processCount({ requested: config.WEB_CONCURRENCY, embeddedDatabase: ownsDatabase && !config.DATABASE_URL }, logger);
      if (processes > 1) return runPrimary({ workers: processes, logger, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
    }
    // The app (React, the router, the API) is loaded after the set-up step, so this process stays
    // small while the set-up process runs.
    const { createApp } = await import('./app.ts');
    const app = await createApp({ ...config, databasePrepared: ownsDatabase }, logger, { web: role === 'web' });
    const handler = role === 'web' ? app.web! : app.api!;
    const served = await listen(handler, { port: config.PORT, host: config.HOST, logger, worker: cluster.worker?.id });
    // The React build this process renders with (read from the files Node loaded, not assumed).
    const react = loadedReactBuild();
    logger.info(
      { url: `http://localhost:${served.port}`, siteUrl: config.SITE_URL, nodeEnv: config.NODE_ENV, react: react.build, reactFile: react.file },
      role === 'web' ? 'site is up' : 'API is up',
    );
    if (config.NODE_ENV === 'production' && react.build === 'development')
      logger.warn('React development build loaded although NODE_ENV is production: pages render several times slower');
    onShutdown(logger, config.SHUTDOWN_TIMEOUT_MS, async () => {
      await served.close();
      await app.stop();
      lock?.release();
    });
  } catch (err) {
    lock?.release();
    if (err instanceof DataDirLockedError) {
      logger.fatal(err.message);
      process.exit(1);
    }
    logger.fatal({ err }, 'could not start');
    process.exit(1);
  }
}

/**
 * Runs the database set-up step (server/setup.ts: the embedded database created on first start,
 * migrations, the content load when it changed) in a child process with this process's Node flags
 * and environment, and waits for it to exit. The memory it needed goes with it.
 */
export async function runSetUp(env: Record<string, string> = {}): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, path.join(import.meta.dirname, 'setup.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A stop request during set-up stops the set-up too.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  try {
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c, s) => resolve([c, s]));
    });
    if (code !== 0) throw new Error(`database set-up ${signal ? `stopped by ${signal}` : `failed with exit code ${code}`}`);
  } finally {
    process.off('SIGTERM', forward);
    process.off('SIGINT', forward);
  }
}
