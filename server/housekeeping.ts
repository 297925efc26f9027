// Hourly housekeeping of the tables that only grow: rate-limit windows, spent form tokens and ended
// console sessions are deleted once they no longer matter. Runs in the job loop (server/job-loop.ts),
// first an hour after start; each kind is pruned apart, so one failing does not keep the others.
import { pruneSessions } from './auth/sessions.ts';
import type { Db } from './db/index.ts';
import { startJob, type RunningJob } from './job-loop.ts';
import type { Logger } from './logger.ts';
import type { FormTokens } from './spam/form-token.ts';
import { pruneRateLimits } from './spam/rate-limit.ts';

const HOUR_MS = 3600_000;

export function startHousekeeping(db: Db, logger: Logger, tokens: Pick<FormTokens, 'prune'>): RunningJob {
  return startJob(
    {
      name: 'housekeeping',
      run: async () => {
        await Promise.all([
          pruneRateLimits(db).catch((err) => logger.warn({ err }, 'could not prune rate limits')),
          tokens.prune(db).catch((err) => logger.warn({ err }, 'could not prune spent form tokens')),
          pruneSessions(db).catch((err) => logger.warn({ err }, 'could not prune ended console sessions')),
        ]);
      },
      everyMs: HOUR_MS,
      firstAfterMs: HOUR_MS,
    },
    { logger },
  );
}
