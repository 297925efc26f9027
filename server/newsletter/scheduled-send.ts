// Sends the campaigns owners scheduled, when their time comes (every process looks, in the job
// loop like scheduled content, server/job-loop.ts). Each due draft goes through the
// console's own send (sendCampaign): its change draft → sending, made only while the draft is
// still scheduled and due, is the one guard, so two processes (or a process and an owner pressing
// Send) cannot send it twice; a restart finds it still due in the database and sends it then.
// A scheduled campaign that cannot be sent (no confirmed subscriber) is unscheduled and the
// refusal is in the audit log, instead of being tried again and again.
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { HttpError } from '../http/error.ts';
import { audit } from '../auth/audit.ts';
import { SCHEDULE_POLL_MS } from '../content/schedule.ts';
import type { DatabaseAvailability } from '../db/availability.ts';
import type { Db } from '../db/index.ts';
import { newsletterCampaigns } from '../db/schema.ts';
import { startJob, type RunningJob } from '../job-loop.ts';
import type { Logger } from '../logger.ts';
import { sendCampaign, type NewsletterAdminOptions } from './send.ts';

/** The actor of the audit log's entries for sends nobody pressed. */
const SCHEDULE_ACTOR = 'system (scheduled)';

/** Sends what is due now; resolves with the ids of the campaigns this process sent. */
export async function sendDueCampaigns(db: Db, opts: NewsletterAdminOptions, logger: Logger): Promise<number[]> {
  const due = await db
    .select({ id: newsletterCampaigns.id })
    .from(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.status, 'draft'), isNotNull(newsletterCampaigns.scheduled_for), lte(newsletterCampaigns.scheduled_for, sql`now()`)))
    .orderBy(asc(newsletterCampaigns.scheduled_for))
    .limit(20);
  const sent: number[] = [];
  for (const { id } of due) {
    try {
      const r = await sendCampaign(db, opts, id, { staffId: null, actor: SCHEDULE_ACTOR, ip: null, due: true });
      sent.push(id);
      logger.info({ campaign: id, recipients: r.queued }, 'scheduled campaign sent');
    } catch (err) {
      if (err instanceof HttpError && err.code === 'already-sent') continue; // another process, or unscheduled meanwhile
      if (err instanceof HttpError && err.code === 'no-recipients') {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .update(newsletterCampaigns)
            .set({ scheduled_for: null })
            .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'draft'), isNotNull(newsletterCampaigns.scheduled_for)))
            .returning({ id: newsletterCampaigns.id });
          if (row) await audit(tx, { staffId: null, actor: SCHEDULE_ACTOR, action: 'campaign.schedule-failed', target: `campaign:${id}`, detail: { reason: err.message } });
        });
        logger.warn({ campaign: id }, 'a scheduled campaign had no confirmed subscriber to go to; it is unscheduled and stays a draft');
        continue;
      }
      throw err;
    }
  }
  if (sent.length) opts.kick();
  return sent;
}

export function startScheduledCampaigns(db: Db, opts: NewsletterAdminOptions, logger: Logger, pollMs = SCHEDULE_POLL_MS, availability?: DatabaseAvailability): RunningJob {
  return startJob({ name: 'scheduled campaigns', run: async () => void (await sendDueCampaigns(db, opts, logger)), everyMs: pollMs }, { logger, availability });
}
