// Enquiries and newsletter wired together: their API resources, the mail transport and the
// outbox worker. createApp mounts the resources on the API and stops the worker on shutdown.
import type { Hono } from 'hono';
import { enquiriesApi, type FormsApiOptions } from './api/enquiries.ts';
import { DEFAULT_SPAM_SETTINGS, type SpamSettings } from './api/forms-http.ts';
import type { ApiEnv } from './http/deps.ts';
import { newsletterApi } from './api/newsletter.ts';
import { leadsApi } from './api/leads.ts';
import { reviewsApi } from './api/reviews.ts';
import type { Config } from './config.ts';
import type { DatabaseAvailability } from './db/availability.ts';
import type { Db } from './db/index.ts';
import type { Logger } from './logger.ts';
import { messageIdDomain } from './mail/outbox.ts';
import { mailSettingsFromEnv, type MailSettings } from './mail/settings.ts';
import { createMailTransport, type MailTransport } from './mail/transport.ts';
import { createMailWorker, type MailWorker } from './mail/worker.ts';
import { ProxyTrust } from './http/client-address.ts';
import { createFormTokens } from './spam/form-token.ts';
import { pruneRateLimits } from './spam/rate-limit.ts';
import { pruneSessions } from './auth/sessions.ts';

export interface Forms {
  mount(app: Hono<ApiEnv>): void;
  worker: MailWorker;
  transport: MailTransport;
  stop(): Promise<void>;
}

export interface FormsOverrides {
  /** Spam settings; `limits` are merged with the defaults, limit by limit. */
  spam?: Partial<Omit<SpamSettings, 'limits'>> & { limits?: Partial<SpamSettings['limits']> };
  mail?: Partial<MailSettings>;
  transport?: MailTransport;
  /** Leave the worker stopped (tests drive it with runOnce). */
  startWorker?: boolean;
}

type FormsConfig = Pick<Config, 'SITE_URL' | 'OPERATOR_EMAIL' | 'MAIL_FROM' | 'SMTP_URL' | 'SPAM_CHECKS' | 'TRUST_PROXY' | 'dataDir'>;

export function createForms(config: FormsConfig, db: Db, logger: Logger, overrides: FormsOverrides = {}, availability?: DatabaseAvailability): Forms {
  const mail = { ...mailSettingsFromEnv(), ...overrides.mail };
  const spam: SpamSettings = {
    ...DEFAULT_SPAM_SETTINGS,
    enabled: config.SPAM_CHECKS === 'on',
    ...overrides.spam,
    limits: { ...DEFAULT_SPAM_SETTINGS.limits, ...overrides.spam?.limits },
  };
  const transport = overrides.transport ?? createMailTransport({ smtpUrl: config.SMTP_URL, dataDir: config.dataDir, timeoutMs: mail.smtpTimeoutMs });
  const worker = createMailWorker({ db, transport, logger, settings: mail, availability });
  const options: FormsApiOptions = {
    siteUrl: config.SITE_URL,
    operatorEmail: config.OPERATOR_EMAIL,
    mailFrom: config.MAIL_FROM,
    messageIdDomain: messageIdDomain(config.MAIL_FROM),
    spam,
    // SPAM_CHECKS=off: no fill time (a token that is sent is still checked and spent).
    tokens: createFormTokens(db, { minFillMs: spam.enabled ? spam.minFillMs : 0 }),
    trust: new ProxyTrust(config.TRUST_PROXY),
    onQueued: () => worker.kick(),
  };
  const prune = setInterval(() => {
    pruneRateLimits(db).catch((err) => logger.warn({ err }, 'could not prune rate limits'));
    options.tokens.prune(db).catch((err) => logger.warn({ err }, 'could not prune spent form tokens'));
    pruneSessions(db).catch((err) => logger.warn({ err }, 'could not prune ended console sessions'));
  }, 3600_000);
  prune.unref();
  if (overrides.startWorker !== false) worker.start();
  logger.info({ mail: transport.kind, spamChecks: spam.enabled }, 'enquiries and newsletter ready');
  return {
    mount(app) {
      app.route('/', enquiriesApi(options));
      app.route('/', newsletterApi(options));
      app.route('/', reviewsApi(options));
      app.route('/', leadsApi(options));
    },
    worker,
    transport,
    async stop() {
      clearInterval(prune);
      await worker.stop();
    },
  };
}
