// The whole site inside the test process for the console's newsletter tests: a real SMTP server
// behind the outbox, the mail worker left stopped (the test drives it), and fast mail timings.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createApp, type AppParts } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { listen } from '../../server/http/serve.ts';
import { freshPostgresUrl, type Backend } from './db.ts';
import { FAST_MAIL, rowsOf } from './forms.ts';
import type { SignedIn } from './staff.ts';

export interface ConsoleSite {
  app: AppParts;
  base: string;
  /** The PostgreSQL database's address (postgres backend only). */
  databaseUrl?: string;
  rows<T = Record<string, unknown>>(query: string): Promise<T[]>;
  /** Runs the mail worker until nothing is due or being sent (staggered messages included). */
  drainMail(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `shareDatabase`: a second server on the first one's PostgreSQL database (as a second process would be).
 * `schedulePollMs`: how often it looks for scheduled content and campaigns (default: the production 15 s).
 */
export async function startConsoleSite(backend: Backend, env: Record<string, string> = {}, shareDatabase?: string, schedulePollMs?: number): Promise<ConsoleSite> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'safari-console-'));
  const fresh = backend === 'postgres' && !shareDatabase ? await freshPostgresUrl() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SITE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SPAM_CHECKS: 'off',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...(shareDatabase ? { DATABASE_URL: shareDatabase } : {}),
    ...env,
  });
  const log = createLogger(config.LOG_LEVEL);
  const app = await createApp(config, log, { forms: { startWorker: false, mail: FAST_MAIL }, schedulePollMs });
  const served = await listen(app.web!, { port: 0, host: '127.0.0.1', logger: log });
  const db = app.database!.db;
  const rows = async <T,>(q: string) => rowsOf<T>(await db.execute(sql.raw(q)));
  return {
    app,
    base: `http://127.0.0.1:${served.port}`,
    databaseUrl: fresh?.url ?? shareDatabase,
    rows,
    async drainMail(timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        await app.forms!.worker.runOnce();
        const [left] = await rows<{ n: number }>(`select count(*)::int as n from mail_outbox where status in ('pending', 'sending') and attempts < 3`);
        if (Number(left!.n) === 0) return;
        await new Promise((r) => setTimeout(r, 30));
      }
      throw new Error('the outbox was not drained in time');
    },
    stop: async () => {
      await served.close();
      await app.stop();
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Uploads a 1200 × 800 JPEG of one colour to the media library through the console API as `who`
 * (signed in) and waits until it is processed (30 s at most); its id.
 */
export async function addLibraryPicture(base: string, who: SignedIn, name: string, alt: string, background = '#4f6b52'): Promise<number> {
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), name);
  form.append('alt', alt);
  const res = await fetch(`${base}/api/admin/media`, { method: 'POST', headers: { cookie: who.cookie, origin: base, 'x-csrf-token': who.csrf }, body: form });
  if (res.status !== 202) throw new Error(`upload refused: ${res.status}`);
  const { id } = (await res.json()) as { id: number };
  for (const until = Date.now() + 30_000; ; ) {
    const { status } = (await (await who.get(`/media/${id}`)).json()) as { status: string };
    if (status === 'done') return id;
    if (status === 'failed' || Date.now() > until) throw new Error(`the library picture was not processed (${status})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
