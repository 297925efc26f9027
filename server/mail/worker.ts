// Delivers the mail outbox. Rows are claimed with FOR UPDATE SKIP LOCKED in one short statement
// that also sets a lease, so several processes can share the work and no transaction stays open
// while talking to the SMTP server (PGlite has a single connection). The lease is renewed while the
// send goes on; a row whose process died mid-send is claimed again once its lease runs out. Failures are retried with exponential
// backoff until MAIL_GIVE_UP_MS after the message was queued; then the row is marked failed.
// The attempt number doubles as a fencing token: only the latest claimer may settle a row.
// While messages wait because the server was unreachable, it is probed every MAIL_PROBE_MS and,
// once it answers, they are retried at once instead of at the end of their backoff.
import type { DatabaseAvailability } from '../db/availability.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { jobWorker } from '../job-loop.ts';
import type { Logger } from '../logger.ts';
import { backoffMs, type MailSettings } from './settings.ts';
import { isPermanentSmtpError, UNREACHABLE_CODES, type MailTransport } from './transport.ts';

interface ClaimedRow {
  id: number;
  kind: string;
  message_id: string;
  message: OutboxMessage;
  attempts: number;
  created_at: Date;
}

export interface MailWorker {
  start(): void;
  /** Looks at the outbox now instead of at the next poll (called after a message is queued). */
  kick(): void;
  /** Claims and sends what is due once; resolves with the number of rows handled. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for sends in progress. */
  stop(): Promise<void>;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const errorText = (err: unknown) => {
  const e = err as { message?: string; code?: string; responseCode?: number };
  return [e?.code, e?.responseCode, e?.message ?? String(err)].filter(Boolean).join(' ').slice(0, 1000);
};

interface WorkerContext {
  db: Db;
  transport: MailTransport;
  settings: MailSettings;
  log: Logger;
}

async function claim({ db, settings }: WorkerContext): Promise<ClaimedRow[]> {
  const result = await db.execute(sql`
    update mail_outbox
       set status = 'sending',
           attempts = attempts + 1,
           locked_until = now() + ${Math.round(settings.leaseMs)}::int * interval '1 millisecond'
     where id in (
       select id from mail_outbox
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by id
        limit ${settings.batchSize}
        for update skip locked)
    returning id, kind, message_id, message, attempts, created_at`);
  return rowsOf<ClaimedRow>(result).map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at) }));
}

/** A failed send: given up (permanent refusal, or past MAIL_GIVE_UP_MS) or tried again after its backoff. */
async function settleFailure({ db, settings, log }: WorkerContext, row: ClaimedRow, err: unknown): Promise<void> {
  const permanent = isPermanentSmtpError(err);
  const deadline = row.created_at.getTime() + settings.giveUpMs;
  const giveUp = permanent || Date.now() >= deadline;
  // The last attempt is made at the deadline itself, not skipped because the backoff overshoots it.
  const delay = Math.max(0, Math.min(backoffMs(row.attempts, settings), deadline - Date.now()));
  if (giveUp) {
    await db.execute(sql`
      update mail_outbox set status = 'failed', failed_at = now(), locked_until = null, last_error = ${errorText(err)}
       where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
    log.error({ err, outboxId: row.id, kind: row.kind, messageId: row.message_id, attempts: row.attempts, permanent }, 'mail delivery failed for good; the message is marked failed');
  } else {
    await db.execute(sql`
      update mail_outbox
         set status = 'pending', locked_until = null, last_error = ${errorText(err)},
             next_attempt_at = now() + ${Math.round(delay)}::int * interval '1 millisecond'
       where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
    log.warn({ err: errorText(err), outboxId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay }, 'mail delivery failed; will retry');
  }
}

async function deliver(ctx: WorkerContext, row: ClaimedRow): Promise<void> {
  const { db, transport, log } = ctx;
  try {
    await transport.send(row.message, row.message_id);
  } catch (err) {
    await settleFailure(ctx, row, err);
    return;
  }
  await db.execute(sql`
    update mail_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null
     where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
  log.info({ outboxId: row.id, kind: row.kind, messageId: row.message_id, attempts: row.attempts, via: transport.kind }, 'mail sent');
}

const unreachable = `^(${UNREACHABLE_CODES.join('|')})( |$)`;

/** Retries now the messages held back by an outage, if the SMTP server answers again. */
async function wakeHeldBack({ db, transport, log }: WorkerContext): Promise<void> {
  const waiting = rowsOf(await db.execute(sql`select 1 from mail_outbox where status = 'pending' and next_attempt_at > now() and last_error ~ ${unreachable} limit 1`));
  if (waiting.length === 0 || !(await transport.verify?.())) return;
  const woken = rowsOf(
    await db.execute(sql`
      update mail_outbox set next_attempt_at = now()
       where status = 'pending' and next_attempt_at > now() and last_error ~ ${unreachable}
      returning id`),
  );
  log.info({ messages: woken.length }, 'SMTP server reachable again; retrying the waiting messages now');
}

/** Extends the lease of rows still being sent, so a long SMTP exchange keeps its rows. */
function renewWhileSending({ db, settings, log }: WorkerContext, rows: ClaimedRow[]): () => void {
  const timer = setInterval(
    () => {
      for (const row of rows) {
        db.execute(sql`
        update mail_outbox set locked_until = now() + ${Math.round(settings.leaseMs)}::int * interval '1 millisecond'
         where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`).catch((err) => log.warn({ err, outboxId: row.id }, 'could not renew a mail lease'));
      }
    },
    Math.max(Math.floor(settings.leaseMs / 3), 100),
  );
  timer.unref();
  return () => clearInterval(timer);
}

export function createMailWorker(opts: { db: Db; transport: MailTransport; logger: Logger; settings: MailSettings; availability?: DatabaseAvailability }): MailWorker {
  const { transport, settings } = opts;
  const ctx: WorkerContext = { db: opts.db, transport, settings, log: opts.logger.child({ component: 'mail' }) };
  let lastProbe = 0;

  /** While messages wait because the server was unreachable, it is asked every MAIL_PROBE_MS. */
  async function probe(): Promise<void> {
    if (!transport.verify || Date.now() - lastProbe < settings.probeMs) return;
    lastProbe = Date.now();
    await wakeHeldBack(ctx);
  }

  async function runOnce(): Promise<number> {
    const rows = await claim(ctx);
    if (rows.length === 0) return 0;
    const stopRenewing = renewWhileSending(ctx, rows);
    try {
      await Promise.all(rows.map((row) => deliver(ctx, row)));
    } finally {
      stopRenewing();
    }
    return rows.length;
  }

  /** One turn of the job loop: what is due, then the probe when nothing was; a full batch may mean more is due. */
  async function turn(): Promise<boolean> {
    const handled = await runOnce();
    if (handled === 0) await probe();
    return handled >= settings.batchSize;
  }

  // After failures in a row the outbox is looked at less often, up to once a minute.
  return jobWorker(
    { name: 'mail', run: turn, everyMs: settings.pollMs, maxBackoffMs: 60_000, failure: { level: 'error', message: 'mail outbox could not be read' } },
    { logger: ctx.log, availability: opts.availability },
    { runOnce, afterStop: () => transport.close() },
  );
}
