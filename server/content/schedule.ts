// Does what staff scheduled in the console when its time comes: content items are published and
// newsletter campaigns sent. Every process looks every few seconds; each job's own guard (the
// store's lock and its check of each row's state; a campaign's change draft → sending) does each
// thing once, whichever process finds it first, and a restart loses nothing (it is all in the
// database).
import type { DatabaseAvailability } from '../db/availability.ts';
import type { Db } from '../db/index.ts';
import { startJob, type RunningJob } from '../job-loop.ts';
import type { Logger } from '../logger.ts';
import { publishDue } from './writing.ts';

export const SCHEDULE_POLL_MS = 15_000;

/** Looks now and every `pollMs` (server/job-loop.ts: its failures logged, never two runs at once). */
export function startScheduledPublishing(db: Db, logger: Logger, pollMs = SCHEDULE_POLL_MS, availability?: DatabaseAvailability): RunningJob {
  return startJob(
    {
      name: 'scheduled publishing',
      run: async () => {
        const n = await publishDue(db, new Date(), (msg, detail) => logger.warn(detail, msg));
        if (n) logger.info({ published: n }, 'scheduled content published');
      },
      everyMs: pollMs,
    },
    { logger, availability },
  );
}
