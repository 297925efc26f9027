// The one loop every background job of a process runs in: mail delivery (server/mail/worker.ts),
// rendering uploaded images (server/media/uploads.ts), publishing scheduled content and sending
// scheduled campaigns (server/content/schedule.ts, server/newsletter/scheduled-send.ts) and the
// hourly housekeeping (server/housekeeping.ts). A job runs, then waits its interval (or less, when
// kicked); never two runs of one job at once. A failure is logged (the database being away is
// logged once, by its availability watch) and the job runs again at its next turn, after a
// longer wait when it says so; other jobs go on. Stopping waits for the run under way.
import type { Logger } from './logger.ts';

export interface Job {
  /** Names the job in its log lines. */
  name: string;
  /** Does what is due; resolves with true when more may be due at once (it runs again without waiting). */
  // biome-ignore lint/suspicious/noConfusingVoidType: a job that never has more to do returns nothing
  run(): Promise<boolean | void>;
  /** The wait between runs when nothing kicks the job. */
  everyMs: number;
  /** The wait before the first run (default: none, it runs at once). */
  firstAfterMs?: number;
  /** After failures in a row the wait doubles with each, up to this; absent: the usual wait. */
  maxBackoffMs?: number;
  /** The log line of a failure; default: "<name> could not run", at warn. */
  failure?: { level: 'warn' | 'error'; message: string };
}

export interface JobLoopOptions {
  logger: Logger;
  /** Whether a failure is the database being away, which it logs itself (server/db/availability.ts). */
  availability?: { noteFailure(err: unknown): boolean };
}

export interface RunningJob {
  /** Runs the job now rather than at the end of its wait (or once more as soon as the run under way ends). */
  kick(): void;
  /** Stops the loop and resolves once the run under way, if any, has ended. */
  stop(): Promise<void>;
}

export function startJob(job: Job, opts: JobLoopOptions): RunningJob {
  let running = true;
  let kicked = false;
  let wake: (() => void) | null = null;

  /** Waits `ms`, or until kicked or stopped; the timer does not keep the process alive. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      wake = done;
    });

  const logFailure = (err: unknown) => {
    if (!running || opts.availability?.noteFailure(err)) return;
    const failure = job.failure ?? { level: 'warn', message: `${job.name} could not run` };
    opts.logger[failure.level]({ err, job: job.name }, failure.message);
  };

  const waitAfter = (failures: number) => (failures > 0 && job.maxBackoffMs !== undefined ? Math.min(job.everyMs * 2 ** failures, job.maxBackoffMs) : job.everyMs);

  async function loop(): Promise<void> {
    if (job.firstAfterMs) await sleep(job.firstAfterMs);
    let failures = 0;
    while (running) {
      kicked = false;
      let more = false;
      try {
        more = (await job.run()) === true;
        failures = 0;
      } catch (err) {
        failures++;
        logFailure(err);
      }
      if (!running) break;
      if (more || kicked) continue;
      await sleep(waitAfter(failures));
    }
  }

  const done = loop();
  return {
    kick() {
      kicked = true;
      wake?.();
    },
    async stop() {
      running = false;
      wake?.();
      await done;
    },
  };
}

/** A worker whose loop starts on demand: its job's loop, and a pass its callers can run themselves. */
export interface JobWorker {
  /** Starts the loop (once; a second call does nothing). */
  start(): void;
  /** Runs the job now rather than at the end of its wait. */
  kick(): void;
  /** One pass, in the caller's hands; resolves with the number of items handled. */
  runOnce(): Promise<number>;
  /** Stops the loop, waits for the run under way, then cleans up (`afterStop`). */
  stop(): Promise<void>;
}

/** The mail and media workers' shape around their job: started, kicked, run once, stopped. */
export function jobWorker(job: Job, opts: JobLoopOptions, parts: { runOnce(): Promise<number>; afterStop(): unknown }): JobWorker {
  let loop: RunningJob | null = null;
  return {
    start() {
      if (loop) return;
      loop = startJob(job, opts);
    },
    kick() {
      loop?.kick();
    },
    runOnce: parts.runOnce,
    async stop() {
      await loop?.stop();
      loop = null;
      await parts.afterStop();
    },
  };
}
