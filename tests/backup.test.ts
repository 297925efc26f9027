// Backups (server/db/backup.ts, npm run db:backup / db:restore), on PGlite and PostgreSQL: a
// snapshot taken while the site runs, restored into a fresh, empty database, holds the same
// content (an edit included), enquiries, subscribers, staff and uploads; a restore refuses a
// database that is not empty, asks for a confirmation, and is refused while a server has the
// embedded database; daily snapshots keep the last 14.
import './helpers/production.ts';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneDaily, startDailyBackups } from '../server/db/backup.ts';
import { openDatabase, type Database } from '../server/db/index.ts';
import { openPreparedDatabase } from '../server/db/prepare.ts';
import { documentHash } from '../server/content/documents.ts';
import { contentItems, contentRevisions, enquiries, newsletterSubscribers, safaris, staff } from '../server/db/schema.ts';
import { createLogger } from '../server/logger.ts';
import { backends, freshPostgresUrl } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn } from './helpers/staff.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const cli = (args: string[], env: Record<string, string | undefined>) =>
  run(process.execPath, [path.join(root, 'server/db/backup-cli.ts'), ...args], { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent', ...env } });

interface Snapshot {
  safaris: { slug: string; title: string }[];
  enquiries: { name: string; email: string; message: string }[];
  subscribers: { email: string; status: string }[];
  staff: { email: string; role: string; password_hash: string }[];
  /** The content as the console edits it: documents with their revisions. */
  documents: { collection: string; slug: string; revision: number; hash: string }[];
  revisions: number;
}

async function snapshotOf(db: Database['db']): Promise<Snapshot> {
  return {
    safaris: await db.select({ slug: safaris.safarititleslug, title: safaris.safarititle }).from(safaris).orderBy(safaris.safarititleslug),
    enquiries: await db.select({ name: enquiries.name, email: enquiries.email, message: enquiries.message }).from(enquiries).orderBy(enquiries.id),
    subscribers: await db.select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status }).from(newsletterSubscribers).orderBy(newsletterSubscribers.id),
    staff: await db.select({ email: staff.email, role: staff.role, password_hash: staff.password_hash }).from(staff).orderBy(staff.id),
    documents: (
      await db
        .select({ collection: contentItems.collection, slug: contentItems.slug, revision: contentItems.revision, document: contentItems.document })
        .from(contentItems)
        .orderBy(contentItems.collection, contentItems.slug)
    ).map(({ document, ...r }) => ({ ...r, hash: documentHash(document) })),
    revisions: (await db.select({ id: contentRevisions.id }).from(contentRevisions)).length,
  };
}

for (const backend of backends()) {
  describe(`backup and restore on ${backend}`, () => {
    let site: InProcessSite;
    let work: string;
    let before: Snapshot;
    const edited = 'Edited in the console: Bwindi and beyond';

    beforeAll(async () => {
      site = await startSite({ backend, env: { DAILY_BACKUPS: 'off' } });
      work = await mkdtemp(path.join(os.tmpdir(), 'safari-backup-'));
      const db = site.app.database!.db;
      await addStaff(db, 'owner@kigezitrails.example', 'owner');
      await db
        .insert(enquiries)
        .values({ name: 'Wanjiru Otieno', email: 'wanjiru@example.com', phone: '+254700000001', message: 'Three days in the Mara in August', preferred_contact_method: 'Email' });
      await db
        .insert(newsletterSubscribers)
        .values({ full_name: 'Sam Lee', email: 'Sam@Example.com', email_key: 'sam@example.com', status: 'confirmed', confirm_token_hash: 'c1', unsubscribe_token_hash: 'u1' });
      // A safari renamed in the console: a new revision of its document, and the site's row.
      const owner = await signIn(site.base, 'owner@kigezitrails.example');
      const [first] = await db.select().from(contentItems).where(eq(contentItems.collection, 'safaris')).orderBy(contentItems.slug).limit(1);
      const saved = await owner.send(`/content/safaris/${first!.id}`, { slug: first!.slug, document: { ...first!.document, title: edited }, baseRevision: first!.revision }, 'PUT');
      if (saved.status !== 200) throw new Error(`the console refused the edit: ${saved.status} ${await saved.text()}`);
      before = await snapshotOf(db);
    });

    afterAll(async () => {
      await site?.stop();
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('takes a snapshot while the site runs and restores it into an empty database with the same data', async () => {
      const file = path.join(work, 'snap.tar.gz');
      // An uploaded picture's files, which live beside the database.
      await mkdir(path.join(site.dataDir, 'uploads', 'originals'), { recursive: true });
      await writeFile(path.join(site.dataDir, 'uploads', 'originals', 'kob.jpg'), 'the original picture');
      const source = backend === 'pglite' ? { DATA_DIR: site.dataDir } : { DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl! };
      const out = await cli(['backup', '--out', file], source);
      expect(out.stdout).toContain(`Backup written: ${file}`);
      // On PostgreSQL it says which pg_dump it used.
      if (backend === 'postgres') expect(out.stdout).toMatch(/database dumped with \S*pg_dump/);
      expect(existsSync(file)).toBe(true);
      // The site kept answering while the snapshot was taken (PGlite: by the server itself).
      expect((await fetch(`${site.base}/api/readyz`)).status).toBe(200);

      const fresh = backend === 'postgres' ? await freshPostgresUrl() : undefined;
      const dataDir = path.join(work, 'restored');
      try {
        const target = fresh ? { DATA_DIR: dataDir, DATABASE_URL: fresh.url } : { DATA_DIR: dataDir };
        // Without a terminal to ask, and without --yes, nothing is restored.
        const unconfirmed = await cli(['restore', file], target).then(
          () => null,
          (e: { code: number; stderr: string }) => e,
        );
        expect(unconfirmed?.code).toBe(1);
        expect(unconfirmed?.stderr).toContain('--yes');
        const restored = await cli(['restore', file, '--yes'], target);
        expect(restored.stdout).toContain('Restored');
        expect(restored.stdout).toContain('with 1 uploaded files');
        expect(await readFile(path.join(dataDir, 'uploads', 'originals', 'kob.jpg'), 'utf8')).toBe('the original picture');
        const database = await openDatabase({ dataDir, databaseUrl: fresh?.url, migrate: false });
        try {
          const after = await snapshotOf(database.db);
          expect(after).toEqual(before);
          expect(after.safaris.some((s) => s.title === edited)).toBe(true);
          expect(after.enquiries).toHaveLength(1);
          expect(after.staff[0]?.email).toBe('owner@kigezitrails.example');
        } finally {
          await database.close();
        }
        // A second restore into the same, now full, database is refused with a reason.
        const again = await cli(['restore', file, '--yes'], target).then(
          () => null,
          (e: { code: number; stderr: string }) => e,
        );
        expect(again?.code).toBe(1);
        expect(again?.stderr).toMatch(/not empty|already holds a database/);
      } finally {
        await fresh?.drop();
      }
    });

    it('refuses a file of the other kind, a file that is no backup and a missing file with a clear message', async () => {
      const fresh = backend === 'postgres' ? await freshPostgresUrl() : undefined;
      const env = fresh ? { DATA_DIR: path.join(work, 'empty'), DATABASE_URL: fresh.url } : { DATA_DIR: path.join(work, 'empty') };
      const refusal = (args: string[]) =>
        cli(['restore', ...args, '--yes'], env).then(
          () => null,
          (e: { code: number; stderr: string }) => e,
        );
      const junk = path.join(work, 'x.tar.gz');
      await writeFile(junk, 'not a backup');
      const e0 = await refusal([junk]);
      expect(e0?.code).toBe(1);
      expect(e0?.stderr).toContain('is not a backup archive');
      // A backup of the other kind of database: made here, by the other backend's command.
      const other = path.join(work, 'other-kind.tar.gz');
      await mkdir(path.join(work, 'other', 'backup'), { recursive: true });
      await writeFile(path.join(work, 'other', 'backup.json'), JSON.stringify({ format: 1, kind: backend === 'pglite' ? 'postgres' : 'pglite', createdAt: new Date().toISOString(), uploads: false }));
      await run('tar', ['-czf', other, '-C', path.join(work, 'other'), 'backup.json']);
      const e1 = await refusal([other]);
      expect(e1?.code).toBe(1);
      expect(e1?.stderr).toMatch(/is restored from a backup made with(out)? DATABASE_URL/);
      const e2 = await cli(['restore', path.join(work, 'nothing-here.tar.gz'), '--yes'], env).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(e2?.code).toBe(1);
      expect(e2?.stderr).toContain('No backup file at');
      await fresh?.drop();
    });
  });
}

describe('daily backups', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'safari-daily-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the newest 14 daily snapshots and every manual one', async () => {
    const backups = path.join(dir, 'prune');
    await mkdir(backups, { recursive: true });
    const names: string[] = [];
    for (let d = 1; d <= 20; d++) names.push(`backup-202611${String(d).padStart(2, '0')}T030000Z-daily.tar.gz`);
    names.push('backup-20261101T120000Z-manual.tar.gz');
    for (const n of names) await writeFile(path.join(backups, n), 'x');
    const gone = await pruneDaily(backups);
    expect(gone).toHaveLength(6);
    const left = (await readdir(backups)).sort();
    expect(left).toHaveLength(15);
    expect(left).toContain('backup-20261101T120000Z-manual.tar.gz');
    expect(left).not.toContain('backup-20261106T030000Z-daily.tar.gz');
    expect(left).toContain('backup-20261107T030000Z-daily.tar.gz');
  });

  it('takes one snapshot when the newest is over a day old, and none when one is recent', async () => {
    const dataDir = path.join(dir, 'site');
    const database = await openPreparedDatabase({ dataDir });
    const logger = createLogger('silent');
    try {
      const daily = startDailyBackups({ database, dataDir, logger, firstDelayMs: 10 });
      const backups = path.join(dataDir, 'backups');
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && !(existsSync(backups) && (await readdir(backups)).some((f) => f.endsWith('-daily.tar.gz')))) await new Promise((r) => setTimeout(r, 100));
      daily.stop();
      const files = (await readdir(backups)).filter((f) => f.endsWith('-daily.tar.gz'));
      expect(files).toHaveLength(1);
      // With a fresh one there, a new start takes none.
      const again = startDailyBackups({ database, dataDir, logger, firstDelayMs: 10 });
      await new Promise((r) => setTimeout(r, 1500));
      again.stop();
      expect((await readdir(backups)).filter((f) => f.endsWith('-daily.tar.gz'))).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
