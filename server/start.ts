// Starting a process: configuration (a bad value stops it with a clear message), the database
// set-up step (a short-lived child process), the app, the HTTP server, and graceful shutdown.
// `web` serves the whole site; `api` the JSON API alone at /. With WEB_CONCURRENCY > 1 this
// process becomes the cluster primary (server/cluster.ts) and each worker runs this again.
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import path from 'node:path';
import { processCount, runPrimary } from './cluster.ts';
import { listenHost, loadConfigOrExit, trustsAnyoneDirectly } from './config.ts';
import { DataDirLockedError, lockDataDir, LOCK_HOLDER_ENV, type DataDirLock } from './db/lock.ts';
import { createLogger } from './logger.ts';
import { loadedReactBuild } from './react-build.ts';
import { listen, onShutdown } from './http/serve.ts';

export async function startProcess(role: 'web' | 'api'): Promise<void> {
  const config = loadConfigOrExit();
  // A worker's log lines say which worker (and process) wrote them.
  const logger = cluster.isWorker ? createLogger(config.LOG_LEVEL).child({ worker: cluster.worker!.id, pid: process.pid }) : createLogger(config.LOG_LEVEL);
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
      // SIGHUP to the primary: a rolling restart, which runs the set-up step again (migrations).
      if (processes > 1) return runPrimary({ workers: processes, logger, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS, prepare: ownsDatabase ? runSetUp : undefined });
    }
    // The app (React, the router, the API) is loaded after the set-up step, so this process stays
    // small while the set-up process runs.
    const { createApp } = await import('./app.ts');
    const app = await createApp({ ...config, databasePrepared: ownsDatabase }, logger, { web: role === 'web' });
    const handler = role === 'web' ? app.web! : app.api!;
    const bind = listenHost(config);
    const served = await listen(handler, { port: config.PORT, host: bind.host, logger, worker: cluster.worker?.id });
    // The React build this process renders with (read from the files Node loaded, not assumed).
    const react = loadedReactBuild();
    // The address actually bound (not the one asked for), and why when HOST was not set.
    const bound = served.server.address();
    const address = bound && typeof bound === 'object' ? bound.address : bind.host;
    logger.info(
      {
        url: `http://${address.includes(':') ? `[${address}]` : address}:${served.port}`,
        ...(bind.why === 'TRUST_PROXY' ? { listen: 'loopback only: TRUST_PROXY is set and HOST is not, so only a proxy on this machine reaches the server (set HOST to listen elsewhere)' } : {}),
        siteUrl: config.SITE_URL,
        nodeEnv: config.NODE_ENV,
        react: react.build,
        reactFile: react.file,
      },
      role === 'web' ? 'site is up' : 'API is up',
    );
    // A hop count trusts whoever connects: fine behind a proxy on loopback, not on an open port.
    if (trustsAnyoneDirectly(config, address))
      logger.warn(
        { TRUST_PROXY: process.env.TRUST_PROXY, HOST: address },
        'TRUST_PROXY is a number of proxies and the server listens beyond this machine: anyone who reaches this port directly can choose their address with X-Forwarded-For and step around the per-address limits. Name the proxy in TRUST_PROXY (its address) or listen on 127.0.0.1',
      );
    if (config.NODE_ENV === 'production' && react.build === 'development') logger.warn('React development build loaded although NODE_ENV is production: pages render several times slower');
    // SIGHUP restarts the workers one by one in a cluster (server/cluster.ts); a worker leaves it
    // to the primary (a hang-up of the terminal reaches the whole group), and a single process,
    // which has no other process to hand its port to, says so instead of exiting.
    if (cluster.isWorker) process.on('SIGHUP', () => {});
    else process.on('SIGHUP', () => logger.warn('SIGHUP ignored: a rolling restart needs WEB_CONCURRENCY of 2 or more (and DATABASE_URL); restart the process instead'));
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
async function runSetUp(env: Record<string, string> = {}): Promise<void> {
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
