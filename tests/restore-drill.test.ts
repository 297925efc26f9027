// The restore drill (README "Backups"): a site with an owner made by admin:create-user, a content
// edit made in the console and a picture uploaded to the media library is backed up with
// `npm run db:backup` while enquiries and newsletter sign-ups keep arriving; the backup is
// restored with `npm run db:restore` into an empty DATA_DIR (and, on PostgreSQL, an empty
// database), a server is started on it, and every enquiry, subscriber, upload and console edit
// committed before the backup began is there, with each enquiry's outbox rows. On PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set (pg_dump and pg_restore from the machine).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ContentItem, ContentList } from '../common/content-editing.ts';
import { openDatabase } from '../server/db/index.ts';
import { backends, freshPostgresUrl, seededPostgresUrl } from './helpers/db.ts';
import { goodEnquiry, rowsOf } from './helpers/forms.ts';
import { type ServerProcess, freePort, startServer } from './helpers/start-site.ts';
import { uploadLibraryPicture } from './helpers/console-site.ts';
import { signIn, STAFF_PASSWORD } from './helpers/staff.ts';
import { copySeededPglite } from './helpers/templates.ts';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const OWNER = 'drill-owner@kigezitrails.example';
const EDITED = 'Restored from the drill: Bwindi and beyond';

function node(script: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _skip, ...base } = process.env;
  return run(process.execPath, [path.join(root, script), ...args], { cwd: root, env: { ...base, LOG_LEVEL: 'silent', ...env } });
}

for (const backend of backends()) {
  describe(`restore drill on ${backend}`, () => {
    // Two server starts, the commands, the load and the backup: more than the suite's 240 s on a busy machine.
    it('restores every enquiry, subscriber, upload and console edit committed before a backup taken under load', { timeout: 480_000 }, async () => {
      const work = await mkdtemp(path.join(os.tmpdir(), 'safari-drill-'));
      // The site starts on a copy of the run's seeded database; the restore goes into an empty one.
      const source = backend === 'postgres' ? await seededPostgresUrl() : undefined;
      const target = backend === 'postgres' ? await freshPostgresUrl() : undefined;
      const env = (dir: string, url?: string) => ({
        DATA_DIR: dir,
        DATABASE_URL: url ?? '',
        API_URL: '',
        SITE_URL: 'http://localhost:3000',
        DAILY_BACKUPS: 'off',
        SPAM_CHECKS: 'off',
        LOG_LEVEL: 'warn',
      });
      const first = env(path.join(work, 'site'), source?.url);
      const second = env(path.join(work, 'restored'), target?.url);
      let server: ServerProcess | undefined;
      const stop = async () => {
        if (server && server.child.exitCode === null) {
          server.child.kill('SIGTERM');
          await server.exited;
        }
      };
      try {
        if (backend === 'pglite') await copySeededPglite(first.DATA_DIR);
        server = await startServer(first, await freePort(), { ready: '/api/readyz' });
        const base = `http://127.0.0.1:${server.port}`;
        await node('server/auth/create-user.ts', ['--email', OWNER, '--role', 'owner'], { ...first, ADMIN_PASSWORD: STAFF_PASSWORD });
        const owner = await signIn(base, OWNER);

        // A console edit: a safari renamed.
        const list = (await (await owner.get('/content/safaris')).json()) as ContentList;
        const target0 = list.items[0]!;
        const { item } = (await (await owner.get(`/content/safaris/${target0.id}`)).json()) as { item: ContentItem };
        const saved = await owner.send(`/content/safaris/${item.id}`, { slug: item.slug, document: { ...item.document, title: EDITED }, baseRevision: item.revision }, 'PUT');
        expect(saved.status, await saved.clone().text()).toBe(200);

        // A picture uploaded to the media library, rendered.
        const up = await uploadLibraryPicture(base, owner, 'Drill kob.jpg', 'A Uganda kob in the grass', { width: 900, height: 600, background: '#6b8e4e' });
        expect(up.status, await up.clone().text()).toBe(202);
        const upload = (await up.json()) as { id: number; path: string };
        for (let until = Date.now() + 60_000; ; ) {
          const s = (await (await owner.get(`/media/${upload.id}`)).json()) as { status: string };
          if (s.status === 'done') break;
          if (s.status === 'failed' || Date.now() > until) throw new Error(`the upload ended ${s.status}`);
          await new Promise((r) => setTimeout(r, 200));
        }

        // Load: enquiries and sign-ups sent one after another on two connections each, until told to stop.
        const accepted: { kind: 'enquiry' | 'subscriber'; key: string; at: number }[] = [];
        let loading = true;
        let sent = 0;
        const sender = (kind: 'enquiry' | 'subscriber', lane: number) =>
          (async () => {
            for (let i = 0; loading; i++) {
              const n = lane * 100_000 + i;
              const body = kind === 'enquiry' ? { ...goodEnquiry(n), email: `drill${n}@example.com` } : { fullName: `Drill Person ${n}`, email: `drill-sub${n}@example.com` };
              const res = await fetch(`${base}/api/${kind === 'enquiry' ? 'plan-a-safari' : 'admin/clients'}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', origin: base },
                body: JSON.stringify(body),
              });
              sent++;
              if (res.status === 201 || res.status === 200) accepted.push({ kind, key: body.email, at: Date.now() });
              else await res.body?.cancel();
            }
          })();
        const load = [sender('enquiry', 1), sender('enquiry', 2), sender('subscriber', 3), sender('subscriber', 4)];
        while (accepted.length < 20) await new Promise((r) => setTimeout(r, 50));

        // Everything answered before this moment was committed before the backup began.
        const cut = Date.now();
        const file = path.join(work, 'drill.tar.gz');
        const backedUp = await node('server/db/backup-cli.ts', ['backup', '--out', file], first);
        expect(backedUp.stdout).toContain(`Backup written: ${file}`);
        const during = accepted.filter((a) => a.at > cut).length;
        loading = false;
        await Promise.all(load);
        const before = accepted.filter((a) => a.at < cut);
        console.info(`[restore drill, ${backend}] ${sent} requests sent, ${accepted.length} accepted, ${before.length} before the backup began, ${during} while it was taken`);
        await stop();

        // Restored into an empty DATA_DIR (and database), then started as usual.
        const restored = await node('server/db/backup-cli.ts', ['restore', file, '--yes'], second);
        expect(restored.stdout).toMatch(/^Restored .* with \d+ uploaded files/);
        server = await startServer(second, await freePort(), { ready: '/api/readyz' });
        const base2 = `http://127.0.0.1:${server.port}`;
        const owner2 = await signIn(base2, OWNER);
        expect(owner2.session.staff.role).toBe('owner');
        const safari = (await (await fetch(`${base2}/api/safaris/${item.slug}`)).json()) as { safari: { safarititle: string } };
        expect(safari.safari.safarititle).toBe(EDITED);
        const picture = await fetch(`${base2}/api/${upload.path}`);
        expect(picture.status).toBe(200);
        expect(picture.headers.get('content-type')).toBe('image/jpeg');
        await picture.arrayBuffer();
        await stop();

        const database = await openDatabase({ dataDir: second.DATA_DIR, databaseUrl: target?.url, migrate: false });
        try {
          const enquiries = new Set(rowsOf<{ email: string }>(await database.db.execute(sql`select email from enquiries`)).map((r) => r.email));
          const subscribers = new Set(rowsOf<{ email: string }>(await database.db.execute(sql`select email from newsletter_subscribers`)).map((r) => r.email));
          const missing = before.filter((a) => !(a.kind === 'enquiry' ? enquiries : subscribers).has(a.key));
          expect(missing).toEqual([]);
          expect(before.some((a) => a.kind === 'enquiry') && before.some((a) => a.kind === 'subscriber')).toBe(true);
          // Consistent: every enquiry in the backup has its two e-mails in the outbox.
          const orphans = rowsOf<{ id: number }>(await database.db.execute(sql`select e.id from enquiries e where (select count(*) from mail_outbox m where m.enquiry_id = e.id) <> 2`));
          expect(orphans).toEqual([]);
        } finally {
          await database.close();
        }
      } finally {
        await stop();
        await source?.drop();
        await target?.drop();
        await rm(work, { recursive: true, force: true });
      }
    });
  });
}
