// PostgreSQL restarting under traffic. The built site runs as a child process on a throwaway
// PostgreSQL server of its own (scripts/pg-start.sh), with a test SMTP server behind the outbox.
// The database is stopped while enquiries (the JSON API and the plain form post), page views, the
// console and the health check keep coming: whatever needs the database answers 503 with
// Retry-After (a form with the visitor's values and its message), never 500, nothing hangs, kept
// pages go on answering, the health check says "degraded" and the log has one warning for the
// outage, not an error per request. Then the database comes back: the site recovers by itself and
// every accepted enquiry is delivered exactly once.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_CODE, UNAVAILABLE_MESSAGE } from '../common/forms.ts';
import { openDatabase, type Database } from '../server/db/index.ts';
import { freePort, type ServerProcess, startServer } from './helpers/start-site.ts';
import { decodeEntities } from './helpers/site.ts';
import { startTestSmtp, type TestSmtp } from './helpers/smtp.ts';
import { addStaff, signIn } from './helpers/staff.ts';

const root = path.resolve(import.meta.dirname, '..');
const pgBin = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
const built = existsSync(path.join(root, 'build/server/index.js'));
/** Ports of this test (its own PostgreSQL server and the site): free ones, chosen before it starts. */
let PG_PORT = 0;
let SITE_PORT = 0;

function pg(command: 'start' | 'stop', dir: string) {
  try {
    execFileSync('bash', [path.join(root, `scripts/pg-${command}.sh`), dir, String(PG_PORT)], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    // The server's own words on why it did not start (its log is removed with the directory).
    const log = existsSync(path.join(dir, 'server.log')) ? readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000) : '(no server log)';
    throw new Error(`pg-${command}.sh on port ${PG_PORT} failed: ${(e as Error).message}\n${log}`);
  }
}

interface Sent {
  kind: 'api' | 'form' | 'enhanced' | 'page' | 'kept' | 'console' | 'health';
  status: number;
  retryAfter: string | null;
  body: string;
  email?: string;
}

const enquiry = (n: number) => ({
  name: `Zawadi Mwangi ${n}`,
  email: `outage${n}@example.com`,
  phone: '+256772418260',
  country: 'Kenya',
  message: `Enquiry ${n}: a week of gorillas and chimpanzees in August for two adults, please.`,
  preferredContactMethod: 'Whatsapp',
});

describe.skipIf(!pgBin || !built)('PostgreSQL stopped and started again under traffic', () => {
  let pgDir: string;
  let dataDir: string;
  let smtp: TestSmtp;
  let site: ServerProcess;
  let base: string;
  let cookie: string;
  let databaseUrl = '';

  beforeAll(async () => {
    PG_PORT = await freePort();
    SITE_PORT = await freePort();
    databaseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/safari_test`;
    pgDir = await mkdtemp(path.join(os.tmpdir(), 'safari-outage-pg-'));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'safari-outage-site-'));
    pg('start', pgDir);
    smtp = await startTestSmtp();
    site = await startServer(
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        API_URL: '',
        SITE_URL: 'http://localhost:3000',
        SMTP_URL: smtp.url,
        SPAM_CHECKS: 'off',
        DAILY_BACKUPS: 'off',
        LOG_LEVEL: 'info',
        MAIL_POLL_MS: '200',
        MAIL_RETRY_BASE_MS: '200',
        MAIL_RETRY_MAX_MS: '1000',
      },
      SITE_PORT,
      { ready: '/api/readyz' },
    );
    base = `http://127.0.0.1:${SITE_PORT}`;
    const database: Database = await openDatabase({ databaseUrl, dataDir, migrate: false });
    try {
      await addStaff(database.db, 'owner@outage.example', 'owner');
    } finally {
      await database.close();
    }
    cookie = (await signIn(base, 'owner@outage.example')).cookie;
  });

  afterAll(async () => {
    if (site && site.child.exitCode === null) {
      site.child.kill('SIGTERM');
      await site.exited;
    }
    await smtp?.stop();
    if (pgDir) {
      pg('stop', pgDir);
      await rm(pgDir, { recursive: true, force: true });
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** One request of each kind; every answer is read whole (a request that hung would fail the test). */
  async function send(kind: Sent['kind'], n: number): Promise<Sent> {
    const signal = AbortSignal.timeout(30_000);
    let res: Response;
    let email: string | undefined;
    switch (kind) {
      case 'api': {
        const e = enquiry(n);
        email = e.email;
        res = await fetch(`${base}/api/plan-a-safari`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(e), signal });
        break;
      }
      case 'form': {
        const e = enquiry(n);
        email = e.email;
        res = await fetch(`${base}/enquiry`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
          body: new URLSearchParams({ ...e, variant: 'plan' }),
          signal,
        });
        break;
      }
      case 'enhanced': {
        // The form with JavaScript: the same action, as the page's fetcher calls it.
        const e = enquiry(n);
        email = e.email;
        res = await fetch(`${base}/enquiry.data`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
          body: new URLSearchParams({ ...e, variant: 'plan', enhanced: '1' }),
          signal,
        });
        break;
      }
      case 'page':
        // A page the API must look up in the database each time: a safari address nobody has kept
        // (a 404 while the database is there). Searches no longer need the database: they are
        // answered from each process's own index.
        res = await fetch(`${base}/safaris/no-such-safari-${n}`, { signal });
        break;
      case 'kept':
        res = await fetch(`${base}/`, { signal });
        break;
      case 'console':
        res = await fetch(`${base}/admin/enquiries`, { headers: { cookie }, redirect: 'manual', signal });
        break;
      case 'health':
        res = await fetch(`${base}/api/healthz`, { signal });
        break;
    }
    return { kind, status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text(), ...(email ? { email } : {}) };
  }

  const KINDS: Sent['kind'][] = ['api', 'form', 'enhanced', 'page', 'kept', 'console', 'health'];

  /** Rounds of one request of each kind at once, until `until()` says so. */
  async function traffic(from: number, until: () => boolean): Promise<Sent[]> {
    const out: Sent[] = [];
    for (let n = from; !until(); n += KINDS.length) {
      out.push(...(await Promise.all(KINDS.map((k, i) => send(k, n + i)))));
      await new Promise((r) => setTimeout(r, 100));
    }
    return out;
  }

  it('answers 503 with Retry-After while the database is away, never 500, and delivers every accepted enquiry exactly once', async () => {
    // Before: everything answers, and the home page is kept.
    const before = await traffic(
      0,
      (() => {
        let rounds = 0;
        return () => rounds++ >= 2;
      })(),
    );
    for (const s of before) expect(s.kind === 'page' ? [404] : [200, 201, 303], `${s.kind} before the outage`).toContain(s.status);
    const logFrom = site.output.join('').length;

    // The database stops while the traffic goes on, for about 6 s.
    let stopped = false;
    const during = traffic(1000, () => stopped);
    await new Promise((r) => setTimeout(r, 300));
    pg('stop', pgDir);
    const stoppedAt = Date.now();
    await new Promise((r) => setTimeout(r, 6000));
    stopped = true;
    const away = await during;
    // It comes back; the traffic goes on until enquiries are taken again.
    pg('start', pgDir);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(6000);
    const again: Sent[] = [];
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const round = await Promise.all((['api', 'form', 'enhanced', 'page', 'console', 'health'] as const).map((k, i) => send(k, 9000 + again.length + i)));
      again.push(...round);
      if (round.every((s) => (s.kind === 'page' ? [404] : [200, 201, 303]).includes(s.status)) && round.find((s) => s.kind === 'health')!.body.includes('"ok"')) break;
      await new Promise((r) => setTimeout(r, 250));
    }

    const all = [...away, ...again];
    // Never a 500 (nor any other 5xx than 503).
    const errors = all.filter((s) => s.status >= 500 && s.status !== 503);
    expect(errors.map((s) => `${s.kind} ${s.status}`)).toEqual([]);

    // While it was away: each kind that needs the database answered 503, with Retry-After.
    const unavailable = away.filter((s) => s.status === 503);
    for (const kind of ['api', 'form', 'enhanced', 'page', 'console'] as const)
      expect(
        unavailable.some((s) => s.kind === kind),
        `${kind} answered 503`,
      ).toBe(true);
    for (const s of unavailable) expect(Number(s.retryAfter), `${s.kind} Retry-After`).toBeGreaterThan(0);
    // The API says why in its words and code; the plain form comes back with the visitor's values.
    for (const s of unavailable.filter((x) => x.kind === 'api')) expect(JSON.parse(s.body)).toEqual({ error: UNAVAILABLE_MESSAGE, code: UNAVAILABLE_CODE });
    for (const s of unavailable.filter((x) => x.kind === 'form')) {
      const html = decodeEntities(s.body);
      const n = Number(/outage(\d+)@/.exec(s.email!)![1]);
      const e = enquiry(n);
      expect(html).toContain(UNAVAILABLE_MESSAGE);
      expect(html).toContain(`value="${e.name}"`);
      expect(html).toContain(`value="${e.email}"`);
      expect(html).toContain(e.message);
    }
    // With JavaScript, the form's fetcher gets the same words and values as its answer's data.
    for (const s of unavailable.filter((x) => x.kind === 'enhanced')) {
      expect(s.body).toContain(UNAVAILABLE_MESSAGE);
      expect(s.body).toContain(s.email!);
    }
    // Kept pages went on answering, and liveness said the site is degraded, not dead.
    expect(away.filter((s) => s.kind === 'kept').every((s) => s.status === 200)).toBe(true);
    const health = away.filter((s) => s.kind === 'health');
    expect(health.every((s) => s.status === 200)).toBe(true);
    expect(health.some((s) => JSON.parse(s.body).status === 'degraded')).toBe(true);

    // Back: ready again, and the process is the one that was started (it recovered by itself).
    expect((await fetch(`${base}/api/readyz`)).status).toBe(200);
    expect(JSON.parse((await send('health', 0)).body)).toEqual({ status: 'ok' });
    expect(site.child.exitCode).toBeNull();

    // Every accepted enquiry is delivered exactly once (the operator's copy and the visitor's
    // acknowledgement); a refused one is not delivered at all.
    const accepted = [...before, ...all].filter((s) => s.email && (s.status === 201 || s.status === 303 || (s.kind === 'enhanced' && s.status === 200))).map((s) => s.email!);
    const refused = [...before, ...all].filter((s) => s.email && s.status === 503).map((s) => s.email!);
    expect(accepted.length).toBeGreaterThan(0);
    expect(new Set(accepted).size).toBe(accepted.length);
    const delivered = () => smtp.received.filter((m) => m.to.some((t) => t.startsWith('outage')));
    const deadline = Date.now() + 60_000;
    while (delivered().length < accepted.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // A moment more for a duplicate to show up, were there one.
    await new Promise((r) => setTimeout(r, 1500));
    const acks = new Map<string, number>();
    for (const m of delivered()) for (const t of m.to) acks.set(t, (acks.get(t) ?? 0) + 1);
    for (const email of accepted) expect(acks.get(email), `acknowledgements to ${email}`).toBe(1);
    for (const email of refused) expect(acks.get(email), `acknowledgements to ${email}`).toBeUndefined();
    const operatorCopies = smtp.received.filter((m) => !m.to.some((t) => t.startsWith('outage')));
    for (const email of accepted) expect(operatorCopies.filter((m) => m.raw.includes(email)).length, `operator copies about ${email}`).toBe(1);

    // The log: no error line for the outage; a warning when the database went away and one when
    // it was back (a connection dropped by the restart may be noticed once more just after).
    const lines = site.output
      .join('')
      .slice(logFrom)
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([]);
    const wentAway = lines.filter((l) => l.msg.startsWith('database unreachable')).length;
    const cameBack = lines.filter((l) => l.msg === 'database reachable again').length;
    expect(wentAway).toBeGreaterThanOrEqual(1);
    expect(wentAway).toBeLessThanOrEqual(2);
    expect(cameBack).toBe(wentAway);
    // Nothing but JSON log lines: no stack printed by anything.
    expect(site.output.join('').slice(logFrom)).not.toMatch(/\n\s+at /);
  });
});
