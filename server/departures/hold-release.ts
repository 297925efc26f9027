// The job that releases the seats of bookings whose 30-minute hold ran out with no payment in
// their ledger (server/departures/seats.ts releaseExpiredHolds), on the job loop. Its clock is
// given, so tests move time instead of waiting. Seats are counted without expired holds anyway:
// the job tidies the bookings and drops the kept pages, it never decides whether a seat is free.
import type { DatabaseAvailability } from '../db/availability.ts';
import type { Db } from '../db/index.ts';
import { type RunningJob, startJob } from '../job-loop.ts';
import type { Logger } from '../logger.ts';
import type { Clock } from '../bookings/today.ts';
import { releaseExpiredHolds } from './seats.ts';

/** How often expired holds are looked for. */
const HOLD_RELEASE_EVERY_MS = 60_000;

export function startHoldRelease(db: Db, logger: Logger, clock: Clock, availability?: DatabaseAvailability): RunningJob {
  return startJob(
    {
      name: 'departure holds',
      run: async () => {
        const released = await releaseExpiredHolds(db, clock());
        if (released.length) logger.info({ bookings: released }, 'unpaid seat holds released');
        return released.length >= 100;
      },
      everyMs: HOLD_RELEASE_EVERY_MS,
      firstAfterMs: 5_000,
    },
    { logger, availability },
  );
}
