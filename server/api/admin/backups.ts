// /api/admin/backups (owners): the backups in DATA_DIR/backups (list, size, age), "Back up now"
// (the same snapshot as npm run db:backup, written by this process, server/db/backup.ts) and the
// download of one. Every answer no-store (server/api/admin/index.ts); writes need the session's
// anti-forgery token (requireStaff); each backup taken and each download is in the audit log.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { BACKUP_MESSAGES, type BackupList } from '../../../common/backups.ts';
import { audit } from '../../auth/audit.ts';
import { readOperatorTimeZone } from '../../auth/content-access.ts';
import { requireStaff, sessionOf, type AdminContext, type AdminEnv } from '../../auth/guard.ts';
import { BACKUP_FILE, backupName, backupsDir, listBackups, writeSnapshot } from '../../db/backup.ts';
import type { Database } from '../../db/index.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';

export interface BackupsApiOptions {
  trust: ProxyTrust;
  database: Pick<Database, 'kind' | 'dataDirectory' | 'withWritesHeld'>;
  databaseUrl?: string;
  dataDir: string;
  daily: boolean;
}

export function backupsApi(opts: BackupsApiOptions) {
  const app = new Hono<AdminEnv>();
  const owner = requireStaff({ roles: ['owner'] });
  const dir = backupsDir(opts.dataDir);
  let running: Promise<unknown> | null = null;
  const who = (c: AdminContext) => {
    const s = sessionOf(c);
    return { staffId: s.staff.id, actor: s.staff.email, ip: sourceOf(c, opts.trust).address ?? null };
  };

  app.get('/backups', owner, async (c) => {
    const [backups, timeZone] = await Promise.all([listBackups(opts.dataDir), readOperatorTimeZone(deps(c).db)]);
    const body: BackupList = { backups, directory: dir, database: opts.database.kind, daily: opts.daily, running: running !== null, timeZone };
    return c.json(body);
  });

  app.post('/backups', owner, async (c) => {
    if (running) throw new HttpError(409, BACKUP_MESSAGES.running, undefined, 'running');
    const file = path.join(dir, backupName('manual'));
    const started = Date.now();
    const job = writeSnapshot({ database: opts.database, databaseUrl: opts.databaseUrl, dataDir: opts.dataDir }, file);
    running = job;
    try {
      const written = await job;
      const name = path.basename(written.file);
      await audit(deps(c).db, { ...who(c), action: 'backup.create', target: `backup:${name}`, detail: { bytes: written.bytes, ms: Date.now() - started } });
      deps(c).logger.info({ file: written.file, bytes: written.bytes, ms: Date.now() - started, heldMs: written.heldMs }, 'backup written from the console');
      return c.json({ name, bytes: written.bytes }, 201);
    } catch (err) {
      deps(c).logger.error({ err }, 'backup from the console failed');
      throw new HttpError(503, BACKUP_MESSAGES.failed, undefined, 'failed');
    } finally {
      running = null;
    }
  });

  app.get('/backups/:name', owner, async (c) => {
    const name = c.req.param('name');
    if (!BACKUP_FILE.test(name)) throw new HttpError(404, BACKUP_MESSAGES.missing, undefined, 'missing');
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new HttpError(404, BACKUP_MESSAGES.missing, undefined, 'missing');
    await audit(deps(c).db, { ...who(c), action: 'backup.download', target: `backup:${name}`, detail: { bytes: info.size } });
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
      status: 200,
      headers: {
        // An older PostgreSQL backup is pg_dump's own file.
        'content-type': name.endsWith('.pgdump') ? 'application/octet-stream' : 'application/gzip',
        'content-length': String(info.size),
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      },
    });
  });

  return app;
}
