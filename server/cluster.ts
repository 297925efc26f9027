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
    logger.warn({ WEB_CONCURRENCY: opts.requested }, 'WEB_CONCURRENCY is ignored: the embedded database (no DATABASE_URL) belongs to one process; running one server process');
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

/** What the primary keeps track of while it runs. */
interface Primary {
  opts: PrimaryOptions;
  logger: Logger;
  /** Recent unexpected deaths (for the restart delay). */
  deaths: number[];
  /** Restarts waiting for their delay. */
  pending: Set<NodeJS.Timeout>;
  stopping: boolean;
  failed: boolean;
  upCount: number;
  // During a rolling restart: the old workers being stopped on purpose, and the new worker not
  // yet in service (neither is replaced when it exits).
  retiring: Set<number>;
  surge: Set<number>;
  rolling: boolean;
}

function fork(p: Primary): Worker {
  const worker = cluster.fork();
  worker.once('listening', () => {
    p.upCount++;
    p.logger.info({ worker: worker.id, pid: worker.process.pid }, 'worker listening');
    if (p.upCount === p.opts.workers) p.logger.info({ workers: p.opts.workers }, 'all workers are up');
  });
  return worker;
}

function finish(p: Primary): void {
  p.logger.info('shutdown complete');
  process.exit(p.failed ? 1 : 0);
}

/** A worker exited: the end of a shutdown, a replaced worker, or a death (replaced after a delay). */
function onExit(p: Primary, worker: Worker, code: number | null, signal: string | null): void {
  const { logger } = p;
  if (p.stopping) {
    logger.info({ worker: worker.id, pid: worker.process.pid, code, signal }, 'worker stopped');
    if (Object.keys(cluster.workers ?? {}).length === 0) finish(p);
    return;
  }
  if (p.retiring.delete(worker.id)) {
    logger.info({ worker: worker.id, pid: worker.process.pid, code, signal }, 'old worker stopped');
    return;
  }
  if (p.surge.delete(worker.id)) {
    logger.error({ worker: worker.id, pid: worker.process.pid, code, signal }, 'new worker exited before it listened');
    return;
  }
  const now = Date.now();
  p.deaths.push(now);
  while (p.deaths.length && p.deaths[0]! < now - DEATH_WINDOW_MS) p.deaths.shift();
  const delay = restartDelay(p.deaths.length);
  logger.error({ worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: delay }, 'worker died unexpectedly; starting another');
  const timer = setTimeout(() => {
    p.pending.delete(timer);
    if (!p.stopping) fork(p);
  }, delay);
  p.pending.add(timer);
}

/** A stop signal: every worker is stopped gracefully, and killed when it outlasts its own timeout. */
function stopAll(p: Primary, signal: NodeJS.Signals): void {
  if (p.stopping) return;
  p.stopping = true;
  for (const t of p.pending) clearTimeout(t);
  p.pending.clear();
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
  p.logger.info({ signal, workers: workers.length }, 'shutting down: stopping every worker gracefully');
  if (workers.length === 0) {
    finish(p);
    return;
  }
  for (const w of workers) w.process.kill(signal);
  // A worker exits on its own once its in-flight requests are done (or its own timeout hits).
  const timer = setTimeout(() => {
    p.failed = true;
    for (const w of Object.values(cluster.workers ?? {})) {
      p.logger.error({ worker: w?.id, pid: w?.process.pid }, 'worker did not stop in time; killing it');
      w?.process.kill('SIGKILL');
    }
  }, p.opts.shutdownTimeoutMs + 5_000);
  timer.unref();
}

/** Resolves true once `worker` listens, false if it exits first. */
const listening = (worker: Worker) =>
  new Promise<boolean>((resolve) => {
    worker.once('listening', () => resolve(true));
    worker.once('exit', () => resolve(false));
  });

/** Stops `worker` gracefully (SIGTERM), killing it when it outlasts its own timeout. */
const retire = (p: Primary, worker: Worker) =>
  new Promise<void>((resolve) => {
    p.retiring.add(worker.id);
    const timer = setTimeout(() => {
      p.logger.error({ worker: worker.id, pid: worker.process.pid }, 'old worker did not stop in time; killing it');
      worker.process.kill('SIGKILL');
    }, p.opts.shutdownTimeoutMs + 5_000);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.process.kill('SIGTERM');
  });

/** SIGHUP: the set-up step, then each worker replaced by a new one once that one listens. */
async function roll(p: Primary): Promise<void> {
  const { logger } = p;
  if (p.stopping) return;
  if (p.rolling) return logger.warn('rolling restart already under way; SIGHUP ignored');
  p.rolling = true;
  const started = Date.now();
  const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
  logger.info({ workers: old.length }, 'rolling restart: replacing the workers one by one');
  try {
    if (p.opts.prepare) await p.opts.prepare();
    for (const w of old) {
      if (p.stopping) return;
      if (w.isDead()) continue;
      const fresh = fork(p);
      p.surge.add(fresh.id);
      if (!(await listening(fresh))) {
        if (!p.stopping) logger.error('rolling restart stopped: a new worker did not start; the other workers go on serving');
        return;
      }
      p.surge.delete(fresh.id);
      if (p.stopping) return;
      await retire(p, w);
      logger.info({ old: w.id, new: fresh.id }, 'worker replaced');
    }
    logger.info({ workers: p.opts.workers, ms: Date.now() - started }, 'rolling restart complete');
  } catch (err) {
    logger.error({ err }, 'rolling restart stopped: the set-up step failed; the old workers go on serving');
  } finally {
    p.rolling = false;
  }
}

/** Runs the cluster primary until a stop signal and every worker's exit; then exits the process. */
export function runPrimary(opts: PrimaryOptions): void {
  const p: Primary = { opts, logger: opts.logger, deaths: [], pending: new Set(), stopping: false, failed: false, upCount: 0, retiring: new Set(), surge: new Set(), rolling: false };
  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => onExit(p, worker, code, signal));
  process.on('SIGTERM', () => stopAll(p, 'SIGTERM'));
  process.on('SIGINT', () => stopAll(p, 'SIGINT'));
  process.on('SIGHUP', () => void roll(p));
  p.logger.info({ workers: opts.workers, pid: process.pid }, 'starting worker processes');
  for (let i = 0; i < opts.workers; i++) fork(p);
}
