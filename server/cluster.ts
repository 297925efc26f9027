// Several server processes on one port (WEB_CONCURRENCY > 1, node:cluster). The primary process
// only supervises: it forks the workers (each runs the whole app, see server/start.ts), replaces
// a worker that dies unexpectedly (waiting longer after each recent death, so a crash loop does
// not spin), and on SIGTERM/SIGINT passes the signal on, waits for every worker's graceful
// shutdown and exits. On SIGHUP it replaces the workers one by one (a rolling restart, for a new
// version): the set-up step again (migrations), then for each old worker a new one is started,
// and once it listens (its app and database are open) the old one is stopped gracefully; the
// port is served throughout. The workers share nothing but the database.
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger.ts';

/** Deaths within this window count towards the back-off. */
const DEATH_WINDOW_MS = 60_000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/** How long to wait before replacing a worker, given the deaths in the last minute (this one included). */
export function restartDelay(recentDeaths: number): number {
  if (recentDeaths <= 1) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (recentDeaths - 2));
}

/** The processes to run: WEB_CONCURRENCY, or 1 when this process owns an embedded database. */
export function processCount(opts: { requested: number; embeddedDatabase: boolean }, logger: Logger): number {
  if (opts.requested > 1 && opts.embeddedDatabase) {
    logger.warn(
      { WEB_CONCURRENCY: opts.requested },
      'WEB_CONCURRENCY is ignored: the embedded database (no DATABASE_URL) belongs to one process; running one server process',
    );
    return 1;
  }
  return opts.requested;
}

export interface PrimaryOptions {
  workers: number;
  logger: Logger;
  /** Each worker's own shutdown timeout; the primary allows this plus a margin. */
  shutdownTimeoutMs: number;
  /** Run before a rolling restart replaces any worker (the database set-up step); a failure keeps the old workers. */
  prepare?: () => Promise<void>;
}

/** Runs the cluster primary until a stop signal and every worker's exit; then exits the process. */
export function runPrimary(opts: PrimaryOptions): void {
  const { logger } = opts;
  const deaths: number[] = [];
  const pending = new Set<NodeJS.Timeout>();
  let stopping = false;
  let upCount = 0;

  // During a rolling restart: the old workers being stopped on purpose, and the new worker not
  // yet in service (neither is replaced when it exits).
  const retiring = new Set<number>();
  const surge = new Set<number>();
  let rolling = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      upCount++;
      logger.info({ worker: worker.id, pid: worker.process.pid }, 'worker listening');
      if (upCount === opts.workers) logger.info({ workers: opts.workers }, 'all workers are up');
    });
    return worker;
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) {
      logger.info({ worker: worker.id, pid: worker.process.pid, code, signal }, 'worker stopped');
      if (Object.keys(cluster.workers ?? {}).length === 0) finish();
      return;
    }
    if (retiring.delete(worker.id)) {
      logger.info({ worker: worker.id, pid: worker.process.pid, code, signal }, 'old worker stopped');
      return;
    }
    if (surge.delete(worker.id)) {
      logger.error({ worker: worker.id, pid: worker.process.pid, code, signal }, 'new worker exited before it listened');
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && deaths[0]! < now - DEATH_WINDOW_MS) deaths.shift();
    const delay = restartDelay(deaths.length);
    logger.error({ worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: delay }, 'worker died unexpectedly; starting another');
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork();
    }, delay);
    pending.add(timer);
  });

  let failed = false;
  const finish = () => {
    logger.info('shutdown complete');
    process.exit(failed ? 1 : 0);
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const t of pending) clearTimeout(t);
    pending.clear();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    logger.info({ signal, workers: workers.length }, 'shutting down: stopping every worker gracefully');
    if (workers.length === 0) return finish();
    for (const w of workers) w.process.kill(signal);
    // A worker exits on its own once its in-flight requests are done (or its own timeout hits).
    const timer = setTimeout(() => {
      failed = true;
      for (const w of Object.values(cluster.workers ?? {})) {
        logger.error({ worker: w?.id, pid: w?.process.pid }, 'worker did not stop in time; killing it');
        w?.process.kill('SIGKILL');
      }
    }, opts.shutdownTimeoutMs + 5_000);
    timer.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  /** Resolves true once `worker` listens, false if it exits first. */
  const listening = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      worker.once('listening', () => resolve(true));
      worker.once('exit', () => resolve(false));
    });
  /** Stops `worker` gracefully (SIGTERM), killing it when it outlasts its own timeout. */
  const retire = (worker: Worker) =>
    new Promise<void>((resolve) => {
      retiring.add(worker.id);
      const timer = setTimeout(() => {
        logger.error({ worker: worker.id, pid: worker.process.pid }, 'old worker did not stop in time; killing it');
        worker.process.kill('SIGKILL');
      }, opts.shutdownTimeoutMs + 5_000);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.process.kill('SIGTERM');
    });

  const roll = async () => {
    if (stopping) return;
    if (rolling) return logger.warn('rolling restart already under way; SIGHUP ignored');
    rolling = true;
    const started = Date.now();
    const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    logger.info({ workers: old.length }, 'rolling restart: replacing the workers one by one');
    try {
      if (opts.prepare) await opts.prepare();
      for (const w of old) {
        if (stopping) return;
        if (w.isDead()) continue;
        const fresh = fork();
        surge.add(fresh.id);
        if (!(await listening(fresh))) {
          if (!stopping) logger.error('rolling restart stopped: a new worker did not start; the other workers go on serving');
          return;
        }
        surge.delete(fresh.id);
        if (stopping) return;
        await retire(w);
        logger.info({ old: w.id, new: fresh.id }, 'worker replaced');
      }
      logger.info({ workers: opts.workers, ms: Date.now() - started }, 'rolling restart complete');
    } catch (err) {
      logger.error({ err }, 'rolling restart stopped: the set-up step failed; the old workers go on serving');
    } finally {
      rolling = false;
    }
  };
  process.on('SIGHUP', () => void roll());

  logger.info({ workers: opts.workers, pid: process.pid }, 'starting worker processes');
  for (let i = 0; i < opts.workers; i++) fork();
}
