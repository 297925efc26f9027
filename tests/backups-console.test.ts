// The console's backups (server/api/admin/backups.ts, /admin/backups): owners list the backups in
// DATA_DIR/backups with their size and age, write one now (with the anti-forgery token) and
// download one (audited, never cached); agents and visitors who are not signed in are refused,
// and a name that is not a backup's is a 404.
import './helpers/production.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupList } from '../common/backups.ts';
import { auditLog } from '../server/db/schema.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

for (const backend of backends()) {
  describe(`the console's backups on ${backend}`, () => {
    let site: InProcessSite;
    let owner: SignedIn;
    let agent: SignedIn;

    beforeAll(async () => {
      site = await startSite({ backend, env: { DAILY_BACKUPS: 'off' } });
      const db = site.app.database!.db;
      await addStaff(db, 'owner@kigezitrails.example', 'owner');
      await addStaff(db, 'agent@kigezitrails.example', 'agent');
      owner = await signIn(site.base, 'owner@kigezitrails.example');
      agent = await signIn(site.base, 'agent@kigezitrails.example');
    });
    afterAll(async () => {
      await site?.stop();
    });

    it('lists nothing at first, writes a backup on request and lists it with its size', async () => {
      const empty = (await (await owner.get('/backups')).json()) as BackupList;
      expect(empty).toMatchObject({ backups: [], database: backend, daily: false, running: false });
      expect(empty.directory).toBe(path.join(site.dataDir, 'backups'));

      // A write without the session's anti-forgery token is refused.
      const forged = await fetch(`${site.base}/api/admin/backups`, { method: 'POST', headers: { cookie: owner.cookie, origin: site.base, 'content-type': 'application/json' }, body: '{}' });
      expect(forged.status).toBe(403);

      const made = await owner.send('/backups');
      expect(made.status).toBe(201);
      expect(made.headers.get('cache-control')).toBe('no-store');
      const { name, bytes } = (await made.json()) as { name: string; bytes: number };
      expect(name).toMatch(/^backup-\d{8}T\d{6}Z-manual\.tar\.gz$/);
      expect(bytes).toBeGreaterThan(0);

      const list = (await (await owner.get('/backups')).json()) as BackupList;
      expect(list.backups).toHaveLength(1);
      expect(list.backups[0]).toMatchObject({ name, bytes, reason: 'manual' });
      expect(Date.now() - Date.parse(list.backups[0]!.createdAt)).toBeLessThan(120_000);
      // What is in it: the manifest and the database of this kind.
      const entries = (await promisify(execFile)('tar', ['-tzf', path.join(site.dataDir, 'backups', name)])).stdout.split('\n');
      expect(entries).toContain('backup.json');
      expect(entries).toContain(backend === 'pglite' ? 'pglite/PG_VERSION' : 'database.pgdump');

      const [created] = await site.app.database!.db.select().from(auditLog).where(eq(auditLog.action, 'backup.create'));
      expect(created).toMatchObject({ actor: 'owner@kigezitrails.example', target: `backup:${name}` });
    });

    it('hands a backup to its owner as a download, never cached, and audits it', async () => {
      const { name } = ((await (await owner.get('/backups')).json()) as BackupList).backups[0]!;
      const res = await owner.get(`/backups/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-type')).toBe('application/gzip');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.equals(await readFile(path.join(site.dataDir, 'backups', name)))).toBe(true);
      const [downloaded] = await site.app.database!.db.select().from(auditLog).where(eq(auditLog.action, 'backup.download'));
      expect(downloaded).toMatchObject({ actor: 'owner@kigezitrails.example', target: `backup:${name}` });

      // Through the console page's address too (the web passes the file on as it is).
      const page = await fetch(`${site.base}/admin/backups/${name}`, { headers: { cookie: owner.cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(Buffer.from(await page.arrayBuffer()).equals(body)).toBe(true);

      for (const wrong of ['backup-20260101T000000Z-manual.tar.gz', 'not-a-backup.txt', '..%2Fpglite%2FPG_VERSION', 'backup.json']) expect((await owner.get(`/backups/${wrong}`)).status).toBe(404);
    });

    it('refuses agents and visitors who are not signed in', async () => {
      const { name } = ((await (await owner.get('/backups')).json()) as BackupList).backups[0]!;
      expect((await agent.get('/backups')).status).toBe(403);
      expect((await agent.send('/backups')).status).toBe(403);
      expect((await agent.get(`/backups/${name}`)).status).toBe(403);
      expect((await fetch(`${site.base}/api/admin/backups`)).status).toBe(401);
      expect((await fetch(`${site.base}/api/admin/backups/${name}`)).status).toBe(401);
      expect((await fetch(`${site.base}/api/admin/backups`, { method: 'POST', headers: { origin: site.base, 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
      // The page: agents get the console's refusal, visitors the sign-in page.
      expect((await fetch(`${site.base}/admin/backups`, { headers: { cookie: agent.cookie } })).status).toBe(403);
      const anonymous = await fetch(`${site.base}/admin/backups/${name}`, { redirect: 'manual' });
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.get('location')).toContain('/admin/login');
      // Only owners see the menu entry.
      expect(await (await fetch(`${site.base}/admin`, { headers: { cookie: owner.cookie } })).text()).toContain('href="/admin/backups"');
      expect(await (await fetch(`${site.base}/admin`, { headers: { cookie: agent.cookie } })).text()).not.toContain('href="/admin/backups"');
    });
  });
}
