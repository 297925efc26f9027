// Process configuration, read from the environment and validated once at start.
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './trust-proxy.ts';
import { parseSiteLanguages } from '../common/languages.ts';
import { site } from '../common/site.ts';

const WEB_CONCURRENCY_MESSAGE = 'WEB_CONCURRENCY must be a whole number of processes from 1 to 64';

/** An optional secret of a given shape (empty is unset). */
function optionalSecret(shape: RegExp, message: string) {
  return z
    .string()
    .trim()
    .regex(shape, message)
    .optional()
    .or(z.literal('').transform(() => undefined));
}

function optionalUrl(name: string) {
  return z
    .url({ message: `${name} must be an absolute URL such as http://127.0.0.1:41001` })
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((u) => u?.replace(/\/+$/, ''));
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address to listen on; unset: see listenHost (loopback when TRUST_PROXY is set). */
  HOST: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  SITE_URL: z
    .url({ message: 'SITE_URL must be an absolute URL such as https://www.example.com' })
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((u) => u?.replace(/\/+$/, '')),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  API_URL: z
    .url({ message: 'API_URL must be an absolute URL such as http://api.internal:4000' })
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((u) => u?.replace(/\/+$/, '')),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OPERATOR_EMAIL: z.email({ message: 'OPERATOR_EMAIL must be an e-mail address' }).default('bookings@kigezitrails.example'),
  // The sender's name is the operator's (common/site.ts), the same in every language.
  MAIL_FROM: z.string().default(`${site.name} <no-reply@kigezitrails.example>`),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set to 'off' to turn the spam checks (minimum fill time, rate limits) off, e.g. for load tests. */
  SPAM_CHECKS: z.enum(['on', 'off']).default('on'),
  /**
   * The reverse proxies whose X-Forwarded-For/-Host/-Proto are believed: a hop count or a
   * comma-separated list of addresses and CIDR blocks. Unset: none, the connection is the visitor.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const r = parseTrustProxy(v);
      if (r.ok) return r.value;
      ctx.addIssue({ code: 'custom', message: r.error });
      return z.NEVER;
    }),
  /**
   * The share of one process's time (percent) one address may use on work no cache absorbs
   * (searches, query strings not kept, form pages): beyond it, 429 with Retry-After
   * (server/spam/budget.ts). SPAM_CHECKS=off turns the budget off.
   */
  CLIENT_SHARE_PERCENT: z.coerce
    .number({ message: 'CLIENT_SHARE_PERCENT must be a percentage from 1 to 100' })
    .min(1, 'CLIENT_SHARE_PERCENT must be a percentage from 1 to 100')
    .max(100, 'CLIENT_SHARE_PERCENT must be a percentage from 1 to 100')
    .default(25),
  /**
   * The languages served (common/languages.ts), comma-separated: "en,de,fr,es". English is always
   * served; another language's addresses (/de/…, /fr/…, /es/…) answer 404 until it is named here.
   */
  SITE_LANGUAGES: z
    .string()
    .default('en')
    .transform((v, ctx) => {
      try {
        return parseSiteLanguages(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: `SITE_LANGUAGES: ${(e as Error).message}` });
        return z.NEVER;
      }
    }),
  /** Memory for rendered pages kept and served again (0 turns the page cache off). */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /** Memory for API answers kept and served again (0 turns the API cache off). */
  API_CACHE_MB: z.coerce.number().min(0).max(4096).default(16),
  /** A snapshot of the database into DATA_DIR/backups every day, the last 14 kept (server/db/backup.ts). */
  DAILY_BACKUPS: z.enum(['on', 'off']).default('on'),
  /** Newsletter campaign messages handed to the mail worker per minute (their send times are staggered). */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce
    .number({ message: 'NEWSLETTER_RATE_PER_MINUTE must be a whole number of messages from 1 to 100000' })
    .int('NEWSLETTER_RATE_PER_MINUTE must be a whole number of messages from 1 to 100000')
    .min(1, 'NEWSLETTER_RATE_PER_MINUTE must be a whole number of messages from 1 to 100000')
    .max(100_000, 'NEWSLETTER_RATE_PER_MINUTE must be a whole number of messages from 1 to 100000')
    .default(60),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Server processes sharing the port (node:cluster). More than one needs a database they can
   * share (DATABASE_URL), or a web process using API_URL: the embedded database belongs to one
   * process, so on it the server runs one process and says so in its log.
   */
  WEB_CONCURRENCY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ message: WEB_CONCURRENCY_MESSAGE }).int(WEB_CONCURRENCY_MESSAGE).min(1, WEB_CONCURRENCY_MESSAGE).max(64, WEB_CONCURRENCY_MESSAGE).default(1),
  ),
  /** Cards through Stripe Checkout (server/payments/stripe.ts): the secret API key and the webhook endpoint's signing secret. */
  STRIPE_SECRET_KEY: optionalSecret(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)'),
  STRIPE_WEBHOOK_SECRET: optionalSecret(/^whsec_[A-Za-z0-9+/=]+$/, 'STRIPE_WEBHOOK_SECRET must be the signing secret of the webhook endpoint (whsec_…)'),
  /** Mobile money through Flutterwave (server/payments/flutterwave.ts): the secret key and the webhook's secret hash. */
  FLUTTERWAVE_SECRET_KEY: optionalSecret(/^FLWSECK(_TEST)?-[A-Za-z0-9-]+$/, 'FLUTTERWAVE_SECRET_KEY must be a Flutterwave secret key (FLWSECK_TEST-… or FLWSECK-…)'),
  FLUTTERWAVE_WEBHOOK_HASH: optionalSecret(/^\S{16,200}$/, 'FLUTTERWAVE_WEBHOOK_HASH must be the secret hash set on the webhook, 16 characters or more, no spaces'),
  /** Tests and the demo only: the providers' API at another address (the test servers in tests/helpers/). */
  STRIPE_API_URL: optionalUrl('STRIPE_API_URL'),
  FLUTTERWAVE_API_URL: optionalUrl('FLUTTERWAVE_API_URL'),
});

/** Each provider's key goes with its webhook secret: one without the other is refused at start. */
const pairedSchema = envSchema.superRefine((env, ctx) => {
  const pairs = [
    ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    ['FLUTTERWAVE_SECRET_KEY', 'FLUTTERWAVE_WEBHOOK_HASH'],
  ] as const;
  for (const [key, secret] of pairs) {
    if (env[key] && !env[secret]) ctx.addIssue({ code: 'custom', path: [secret], message: `${secret} is required with ${key}: without it the provider's webhooks cannot be verified` });
    if (!env[key] && env[secret]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required with ${secret}` });
  }
});

/** Unset, SITE_URL is this machine at PORT (so the links a command prints lead to the server). */
const configSchema = pairedSchema.transform(({ SITE_URL, ...rest }) => ({ ...rest, SITE_URL: SITE_URL ?? `http://localhost:${rest.PORT}` }));

export type Config = z.output<typeof configSchema> & {
  dataDir: string;
  /**
   * Not from the environment: set by the start routine once the set-up step (server/setup.ts) has
   * migrated the database and loaded the content, so the serving process only opens it.
   */
  databasePrepared?: boolean;
};

export class ConfigError extends Error {}

/**
 * The address the server listens on, and why: HOST when set; otherwise loopback (127.0.0.1) when
 * TRUST_PROXY is set, because a server that believes X-Forwarded-For must be reachable only
 * through its proxy (anyone reaching it directly could name their own address); otherwise every
 * IPv4 interface (0.0.0.0).
 */
export function listenHost(config: Pick<Config, 'HOST' | 'TRUST_PROXY'>): { host: string; why: 'HOST' | 'TRUST_PROXY' | 'default' } {
  if (config.HOST) return { host: config.HOST, why: 'HOST' };
  if (config.TRUST_PROXY) return { host: '127.0.0.1', why: 'TRUST_PROXY' };
  return { host: '0.0.0.0', why: 'default' };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

/**
 * True when TRUST_PROXY is a hop count and the server listens at `address` beyond loopback: a
 * count trusts whoever connects, so anyone reaching the port could name their own address.
 */
export function trustsAnyoneDirectly(config: Pick<Config, 'TRUST_PROXY'>, address: string): boolean {
  if (!config.TRUST_PROXY || !('hops' in config.TRUST_PROXY)) return false;
  return !(/^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address));
}

/** The configuration of a process being started: a bad value stops it with the message, exit 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}
