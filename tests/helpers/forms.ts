// An API with the enquiry and newsletter resources on a test database, a test SMTP server
// (or .eml files) behind it, and a few helpers to post and wait.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createApi, type Api } from '../../server/api/index.ts';
import { loadConfig } from '../../server/config.ts';
import { createFormsAndMail, type FormsAndMail, type FormsAndMailOverrides } from '../../server/forms-and-mail.ts';
import { openTestDatabase, type Backend, type TestDatabase } from './db.ts';
import type { TestSmtp } from './smtp.ts';

export const SITE = 'https://www.kigezitrails.example';
export const OPERATOR = 'bookings@kigezitrails.example';
export const FROM = 'Kigezi Trails <no-reply@kigezitrails.example>';

export const FAST_MAIL = { pollMs: 40, retryBaseMs: 80, retryMaxMs: 400, giveUpMs: 60_000, leaseMs: 5_000, smtpTimeoutMs: 1_500, probeMs: 200 };

export interface FormsHarness {
  api: Api;
  forms: FormsAndMail;
  tdb: TestDatabase;
  dataDir: string;
  logs: Record<string, unknown>[];
  /** Posts as a client connected from `peer` (the socket address the API sees; none: unknown). */
  post(path: string, body: unknown, headers?: Record<string, string>, peer?: string): Promise<Response>;
  /** A fresh form token (POST /form-token). */
  token(): Promise<string>;
  rows<T = Record<string, unknown>>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export async function formsHarness(backend: Backend, opts: { smtp?: TestSmtp; forms?: FormsAndMailOverrides; tdb?: TestDatabase; spam?: boolean; trustProxy?: string } = {}): Promise<FormsHarness> {
  const tdb = opts.tdb ?? (await openTestDatabase(backend));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'enquiries-test-'));
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      cb();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const config = loadConfig({
    SITE_URL: SITE,
    OPERATOR_EMAIL: OPERATOR,
    MAIL_FROM: FROM,
    DATA_DIR: dataDir,
    SMTP_URL: opts.smtp?.url ?? '',
    SPAM_CHECKS: opts.spam ? 'on' : 'off',
    TRUST_PROXY: opts.trustProxy ?? '',
  });
  const forms = createFormsAndMail(config, tdb.db, logger, { ...opts.forms, mail: { ...FAST_MAIL, ...opts.forms?.mail } });
  const api = createApi({
    deps: { db: tdb.db, siteUrl: SITE, logger, ping: tdb.ping },
    mediaDirs: [],
    extend: (app) => forms.mount(app),
  });
  return {
    api,
    forms,
    tdb,
    dataDir,
    logs,
    post: async (p, body, headers = {}, peer) =>
      api.fetch(
        new Request(`http://localhost${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'vitest-agent/1.0', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
        peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined,
      ),
    token: async () => {
      const res = await api.fetch(new Request('http://localhost/form-token', { method: 'POST' }));
      if (res.status !== 200) throw new Error(`POST /form-token answered ${res.status}`);
      return ((await res.json()) as { token: string }).token;
    },
    rows: async (q) => rowsOf(await tdb.db.execute(sql.raw(q))),
    close: async () => {
      await forms.stop();
      if (!opts.tdb) await tdb.drop();
    },
  };
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const goodEnquiry = (i = 0) => ({
  name: `Amina Otieno ${String.fromCharCode(65 + (i % 26))}`,
  email: `amina${i}@example.com`,
  phone: '+256772418260',
  country: 'Kenya',
  message: `Enquiry ${i}: we would like a five day gorilla and chimpanzee trip in July for two adults.`,
  preferredContactMethod: 'Whatsapp',
  currentUrl: `${SITE}/safaris/3-days-bwindi-gorilla-safari`,
});

/** Posts an enquiry to the site at `base` as its public form does: a form token, then the enquiry carrying it. */
export async function postPublicEnquiry(base: string, fields: Record<string, string>): Promise<Response> {
  const headers = { 'content-type': 'application/json', origin: base };
  const { token } = (await (await fetch(`${base}/api/form-token`, { method: 'POST', headers })).json()) as { token: string };
  return fetch(`${base}/api/plan-a-safari`, { method: 'POST', headers, body: JSON.stringify({ ...fields, formToken: token }) });
}
