// The visitors' forms and the mail they send, wired together: the public write resources of the
// API (enquiries, newsletter, reviews, WhatsApp leads) with their spam defences and form tokens,
// the mail transport and the outbox worker that delivers what they queue. createApp mounts the
// resources on the API and stops the worker on shutdown.
import type { Hono } from 'hono';
import { enquiriesApi, type FormsApiOptions } from './api/enquiries.ts';
import { DEFAULT_SPAM_SETTINGS, type SpamSettings } from './api/forms-http.ts';
import type { ApiEnv } from './http/deps.ts';
import { newsletterApi } from './api/newsletter.ts';
import { leadsApi } from './api/leads.ts';
import { reviewsApi } from './api/reviews.ts';
import { tripApi } from './api/trip.ts';
import { departuresApi } from './api/departures.ts';
import type { Config } from './config.ts';
import type { DatabaseAvailability } from './db/availability.ts';
import type { Db } from './db/index.ts';
import type { Logger } from './logger.ts';
import { messageIdDomain } from './mail/outbox.ts';
import { mailSettingsFromEnv, type MailSettings } from './mail/settings.ts';
import { createMailTransport, type MailTransport } from './mail/transport.ts';
import { createMailWorker, type MailWorker } from './mail/worker.ts';
import { ProxyTrust } from './http/client-address.ts';
import { createFormTokens, type FormTokens } from './spam/form-token.ts';

export interface FormsAndMail {
  mount(app: Hono<ApiEnv>): void;
  worker: MailWorker;
  transport: MailTransport;
  /** The forms' anti-replay tokens (their spent ids are pruned by server/housekeeping.ts). */
  tokens: FormTokens;
  stop(): Promise<void>;
}

export interface FormsAndMailOverrides {
  /** Spam settings; `limits` are merged with the defaults, limit by limit. */
  spam?: Partial<Omit<SpamSettings, 'limits'>> & { limits?: Partial<SpamSettings['limits']> };
  mail?: Partial<MailSettings>;
  transport?: MailTransport;
  /** Leave the worker stopped (tests drive it with runOnce). */
  startWorker?: boolean;
}

type FormsAndMailConfig = Pick<Config, 'SITE_URL' | 'OPERATOR_EMAIL' | 'MAIL_FROM' | 'SMTP_URL' | 'SPAM_CHECKS' | 'TRUST_PROXY' | 'dataDir'>;

export function createFormsAndMail(config: FormsAndMailConfig, db: Db, logger: Logger, overrides: FormsAndMailOverrides = {}, availability?: DatabaseAvailability): FormsAndMail {
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
  if (overrides.startWorker !== false) worker.start();
  logger.info({ mail: transport.kind, spamChecks: spam.enabled }, 'enquiries and newsletter ready');
  return {
    mount(app) {
      app.route('/', enquiriesApi(options));
      app.route('/', newsletterApi(options));
      app.route('/', reviewsApi(options));
      app.route('/', leadsApi(options));
      app.route('/', tripApi(options));
      app.route('/', departuresApi(options));
    },
    worker,
    transport,
    tokens: options.tokens,
    async stop() {
      await worker.stop();
    },
  };
}
