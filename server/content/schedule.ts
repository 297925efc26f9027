// Does what staff scheduled in the console when its time comes: content items are published and
// newsletter campaigns sent. Every process looks every few seconds; each job's own guard (the
// store's lock and its check of each row's state; a campaign's change draft → sending) does each
// thing once, whichever process finds it first, and a restart loses nothing (it is all in the
// database).
import type { DatabaseAvailability } from '../db/availability.ts';
import type { Db } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import { publishDue } from './store.ts';

export const SCHEDULE_POLL_MS = 15_000;

/**
 * Runs `job` now and every `pollMs` (never two runs at once in this process); its errors are logged,
 * except the database being away, which the availability watch logs once.
 */
export function everyFewSeconds(name: string, job: () => Promise<void>, logger: Logger, pollMs = SCHEDULE_POLL_MS, availability?: DatabaseAvailability): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (err) {
      if (!availability?.noteFailure(err)) logger.warn({ err }, `${name} could not run`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}

export function startScheduledPublishing(db: Db, logger: Logger, pollMs = SCHEDULE_POLL_MS, availability?: DatabaseAvailability): { stop(): void } {
  return everyFewSeconds(
    'scheduled publishing',
    async () => {
      const n = await publishDue(db, new Date(), (msg, detail) => logger.warn(detail, msg));
      if (n) logger.info({ published: n }, 'scheduled content published');
    },
    logger,
    pollMs,
    availability,
  );
}
