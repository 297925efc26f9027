// Several server processes on one port (WEB_CONCURRENCY > 1, node:cluster). The primary process
// only supervises: it forks the workers (each runs the whole app, see server/start.ts), replaces
// a worker that dies unexpectedly (waiting longer after each recent death, so a crash loop does
// not spin), and on SIGTERM/SIGINT passes the signal on, waits for every worker's graceful
// shutdown and exits. The workers share nothing but the database.
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
}

/** Runs the cluster primary until a stop signal and every worker's exit; then exits the process. */
export function runPrimary(opts: PrimaryOptions): void {
  const { logger } = opts;
  const deaths: number[] = [];
  const pending = new Set<NodeJS.Timeout>();
  let stopping = false;
  let upCount = 0;

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      upCount++;
      logger.info({ worker: worker.id, pid: worker.process.pid }, 'worker listening');
      if (upCount === opts.workers) logger.info({ workers: opts.workers }, 'all workers are up');
    });
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) {
      logger.info({ worker: worker.id, pid: worker.process.pid, code, signal }, 'worker stopped');
      if (Object.keys(cluster.workers ?? {}).length === 0) finish();
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

  logger.info({ workers: opts.workers, pid: process.pid }, 'starting worker processes');
  for (let i = 0; i < opts.workers; i++) fork();
}
