// Publishes the items staff scheduled in the console when their time comes: every process looks
// every few seconds; the store's lock and its check of each row's state publish each item once.
import type { DatabaseAvailability } from '../db/availability.ts';
import type { Db } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import { publishDue } from './store.ts';

export const SCHEDULE_POLL_MS = 15_000;

export function startScheduledPublishing(db: Db, logger: Logger, pollMs = SCHEDULE_POLL_MS, availability?: DatabaseAvailability): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const n = await publishDue(db, new Date(), (msg, detail) => logger.warn(detail, msg));
      if (n) logger.info({ published: n }, 'scheduled content published');
    } catch (err) {
      // The database being away is logged once, by the availability watch.
      if (!availability?.noteFailure(err)) logger.warn({ err }, 'scheduled publishing could not run');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
