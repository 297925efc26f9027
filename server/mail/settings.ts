// Delivery timing of the mail outbox. Defaults suit production; each can be overridden from the
// environment (the tests shorten them).
import { z } from 'zod';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  /** Pause between polls of the outbox when there is nothing to send. */
  MAIL_POLL_MS: ms(2_000),
  /** First retry delay; doubled after every failed attempt, with jitter. */
  MAIL_RETRY_BASE_MS: ms(10_000),
  /** Longest pause between two attempts. */
  MAIL_RETRY_MAX_MS: ms(30 * 60_000),
  /** After this long since the message was queued, a failing message is marked failed. */
  MAIL_GIVE_UP_MS: ms(48 * 3600_000),
  /** How long a claimed row stays reserved for the process sending it; renewed every third of it while
   * the send goes on, so a row whose process died is taken up again by another (or the restarted) one
   * about this long after. */
  MAIL_LEASE_MS: ms(30_000),
  /** SMTP connection, greeting and socket timeouts. */
  MAIL_SMTP_TIMEOUT_MS: ms(30_000),
  /** While messages wait because the SMTP server could not be reached, how often to check whether it is back. */
  MAIL_PROBE_MS: ms(15_000),
});

export interface MailSettings {
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  giveUpMs: number;
  leaseMs: number;
  smtpTimeoutMs: number;
  probeMs: number;
  /** Rows claimed at once, and sent in parallel. */
  batchSize: number;
}

export function mailSettingsFromEnv(env: Record<string, string | undefined> = process.env): MailSettings {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid mail settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return {
    pollMs: e.MAIL_POLL_MS,
    retryBaseMs: e.MAIL_RETRY_BASE_MS,
    retryMaxMs: e.MAIL_RETRY_MAX_MS,
    giveUpMs: e.MAIL_GIVE_UP_MS,
    leaseMs: Math.max(e.MAIL_LEASE_MS, 3000),
    smtpTimeoutMs: e.MAIL_SMTP_TIMEOUT_MS,
    probeMs: e.MAIL_PROBE_MS,
    batchSize: 8,
  };
}

/** Delay before attempt number `attempts + 1`, after `attempts` failures: base·2^(n-1), capped, ±20 % jitter. */
export function backoffMs(attempts: number, s: Pick<MailSettings, 'retryBaseMs' | 'retryMaxMs'>, random = Math.random): number {
  const exp = Math.min(s.retryBaseMs * 2 ** Math.max(attempts - 1, 0), s.retryMaxMs);
  return Math.round(exp * (0.8 + 0.4 * random()));
}
