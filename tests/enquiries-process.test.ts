// The whole server process (node server/index.ts, from the production build) killed with SIGKILL
// in the middle of a burst of enquiries, then started again on the same data: every enquiry that
// was answered 201 must be stored and delivered. Needs `npm run build` to have run.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPreparedDatabase } from '../server/db/prepare.ts';
import { buildDir } from '../server/web.ts';
import { backends, seededPostgresUrl } from './helpers/db.ts';
import { goodEnquiry, OPERATOR, rowsOf, waitFor } from './helpers/forms.ts';
import { freePort, seededDataDir, startServer } from './helpers/start-site.ts';
import { startTestSmtp, type TestSmtp } from './helpers/smtp.ts';
import { sql } from 'drizzle-orm';

const BURST = 120;
const KILL_AFTER = 40;
const CONCURRENCY = 12;

type Outcome = { status: number; id?: number } | { status: 'network-error' };

async function send(port: number, i: number): Promise<Outcome> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/plan-a-safari`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(goodEnquiry(i)),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await res.json()) as { id?: number };
    return { status: res.status, id: body.id };
  } catch {
    return { status: 'network-error' };
  }
}

describe.each(backends())('the server killed mid-burst, on %s', (backend) => {
  let smtp: TestSmtp;
  let dataDir: string;
  let databaseUrl = '';
  let dropDb = async () => {};
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    if (!existsSync(path.join(buildDir, 'server', 'index.js'))) {
      throw new Error('No production build: run `npm run build` before this test.');
    }
    smtp = await startTestSmtp();
    dataDir = await seededDataDir('enquiries-kill-');
    if (backend === 'postgres') {
      const fresh = await seededPostgresUrl();
      databaseUrl = fresh.url;
      dropDb = fresh.drop;
    }
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await smtp.stop();
    await dropDb();
  });

  it('stores and delivers every enquiry answered 201', { timeout: 240_000 }, async () => {
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      SPAM_CHECKS: 'off',
      LOG_LEVEL: 'warn',
      SITE_URL: 'http://localhost',
      OPERATOR_EMAIL: OPERATOR,
      MAIL_POLL_MS: '100',
      MAIL_RETRY_BASE_MS: '100',
      MAIL_RETRY_MAX_MS: '1000',
      MAIL_SMTP_TIMEOUT_MS: '1000',
      MAIL_LEASE_MS: '3000',
    };
    const port = await freePort();
    const first = await startServer(env, port);
    children.push(first.child);

    // The burst: CONCURRENCY senders; the process is killed once KILL_AFTER enquiries were accepted.
    const outcomes = new Map<number, Outcome>();
    let next = 0;
    let accepted = 0;
    let killed = false;
    const sender = async () => {
      while (next < BURST) {
        const i = next++;
        const o = await send(port, i);
        outcomes.set(i, o);
        if (o.status === 201 && ++accepted >= KILL_AFTER && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));
    expect(killed).toBe(true);
    await first.exited;
    const lost = [...outcomes].filter(([, o]) => o.status === 'network-error').map(([i]) => i);
    expect(lost.length).toBeGreaterThan(0);

    // Started again on the same data; the enquiries that got no answer are sent again.
    const second = await startServer(env, port);
    children.push(second.child);
    for (const i of lost) outcomes.set(i, await send(port, i));
    const ok = [...outcomes.values()].filter((o): o is { status: number; id: number } => o.status === 201);
    expect([...outcomes.values()].every((o) => o.status === 201)).toBe(true);
    const ids = new Set(ok.map((o) => o.id));
    expect(ids.size).toBe(ok.length);

    // Every accepted enquiry reaches the operator (and its visitor).
    const operatorSubjects = () => smtp.received.filter((m) => m.to.includes(OPERATOR)).map((m) => m.header('subject') ?? '');
    await waitFor(
      () => {
        const seen = new Set(operatorSubjects().map((s) => Number(/#(\d+)/.exec(s)?.[1])));
        return [...ids].every((id) => seen.has(id));
      },
      60_000,
      'every accepted enquiry delivered',
    );

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // And the database holds each of them with its outbox rows sent.
    const db = await openPreparedDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    try {
      const stored = rowsOf<{ id: number; email: string }>(await db.db.execute(sql`select id, email from enquiries`));
      const storedIds = new Set(stored.map((r) => r.id));
      for (const id of ids) expect(storedIds.has(id)).toBe(true);
      const outbox = rowsOf<{ enquiry_id: number; status: string; message_id: string }>(await db.db.execute(sql`select enquiry_id, status, message_id from mail_outbox`));
      for (const id of ids) {
        const rows = outbox.filter((r) => r.enquiry_id === id);
        expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
      }
      // Every stored enquiry (including any committed just before the kill without its answer
      // reaching the client) was delivered, with the Message-ID the outbox gave it.
      const delivered = new Map<string, number>();
      for (const m of smtp.received) delivered.set(m.header('message-id')!, (delivered.get(m.header('message-id')!) ?? 0) + 1);
      for (const r of outbox) expect(delivered.get(r.message_id) ?? 0).toBeGreaterThanOrEqual(1);
      const duplicates = [...delivered.values()].filter((n) => n > 1).length;
      // A second copy can only come from a send cut off by the kill (at most one batch in flight).
      expect(duplicates).toBeLessThanOrEqual(8);
      console.info(
        `[kill test, ${backend}] accepted ${ok.length} (${lost.length} resent after the restart), stored ${stored.length}, delivered ${smtp.received.length} messages, ${duplicates} duplicated Message-IDs`,
      );
    } finally {
      await db.close();
    }
  });
});
