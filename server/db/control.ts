// The embedded database belongs to the one process that has it open (server/db/lock.ts), so a
// command that needs it while the site runs asks that process: it listens on a Unix socket in
// DATA_DIR (readable by the same user only). The commands reach it through server/db/command.ts:
//   POST /backup       {file}                       a snapshot (server/db/backup.ts)
//   POST /export                                    the content export (npm run content:export)
//   POST /import       {ImportRequest}              the content re-import (npm run content:import)
//   POST /create-user  {email, name, role, password} a staff account (npm run admin:create-user)
import { existsSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import { STAFF_ROLES } from '../../common/staff.ts';
import type { ImportRequest } from '../content/reimport.ts';
import type { Logger } from '../logger.ts';
import type { Database } from './index.ts';

function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'control.sock');
}

/** Unix socket paths are limited to about 104 bytes. */
const MAX_SOCKET_PATH = 100;
const MAX_BODY = 16 * 1024;

export function controlAnswers(dataDir: string): Promise<boolean> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const c = createConnection(socketPath);
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

/** A request the server refused (its message is for the operator), or could not carry out. */
export class ControlError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

type Handler = (body: Record<string, unknown>) => Promise<unknown>;

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => {
      raw += d;
      if (raw.length > MAX_BODY) {
        req.destroy();
        reject(new ControlError('request too large', 413));
      }
    });
    req.on('end', () => {
      try {
        const v = raw ? (JSON.parse(raw) as unknown) : {};
        resolve(v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
      } catch {
        reject(new ControlError('the request is not JSON', 400));
      }
    });
    req.on('error', reject);
  });
}

export async function startControlSocket(opts: { dataDir: string; database: Database; logger: Logger; siteUrl: string }): Promise<{ stop(): Promise<void> } | null> {
  const socketPath = controlSocketPath(opts.dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    opts.logger.warn({ socketPath }, 'DATA_DIR path too long for the control socket: commands that need the database (db:backup, admin:create-user, content:export) need the server stopped');
    return null;
  }
  if (existsSync(socketPath)) {
    if (await controlAnswers(opts.dataDir)) {
      opts.logger.warn({ socketPath }, 'another process answers on the control socket; not listening');
      return null;
    }
    await rm(socketPath, { force: true });
  }
  const handlers: Record<string, Handler> = {
    '/backup': async ({ file }) => {
      if (typeof file !== 'string' || !path.isAbsolute(file) || !file.endsWith('.tar.gz')) throw new ControlError('file must be an absolute path ending in .tar.gz', 400);
      const { writeSnapshot } = await import('./backup.ts');
      const started = Date.now();
      const written = await writeSnapshot({ database: opts.database, dataDir: opts.dataDir }, file);
      opts.logger.info({ file, bytes: written.bytes, ms: Date.now() - started, heldMs: written.heldMs }, 'backup written on request');
      return written;
    },
    '/export': async () => {
      const { exportContent } = await import('../content/export.ts');
      return { files: await exportContent(opts.database.db) };
    },
    '/import': async (body) => {
      const [{ runImport }, { ContentError }] = await Promise.all([import('../content/reimport.ts'), import('./content.ts')]);
      try {
        return { result: await runImport(opts.database.db, opts.logger, body as unknown as ImportRequest) };
      } catch (err) {
        if (err instanceof ContentError) throw new ControlError(`the content files are invalid:\n  ${err.problems.join('\n  ')}`, 400);
        throw err;
      }
    },
    '/create-user': async ({ email, name, role, password }) => {
      if (typeof email !== 'string' || typeof password !== 'string' || typeof role !== 'string' || !(STAFF_ROLES as readonly string[]).includes(role))
        throw new ControlError('email, role and password are needed', 400);
      const { AccountError, createStaffFromCommand } = await import('../auth/accounts.ts');
      try {
        const row = await createStaffFromCommand(opts.database.db, { email, name: typeof name === 'string' ? name : '', role: role as (typeof STAFF_ROLES)[number], password });
        opts.logger.info({ staffId: row.id, role }, 'staff account created by admin:create-user');
        return { id: row.id, siteUrl: opts.siteUrl };
      } catch (e) {
        if (e instanceof AccountError) throw new ControlError(e.message, 409);
        throw e;
      }
    },
  };
  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const handler = req.method === 'POST' ? handlers[req.url ?? ''] : undefined;
    if (!handler) return reply(404, { error: 'unknown request' });
    void readJson(req)
      .then(handler)
      .then((answer) => reply(200, answer))
      .catch((err: unknown) => {
        if (err instanceof ControlError) return reply(err.status, { error: err.message });
        opts.logger.error({ err, request: req.url }, 'control request failed');
        reply(500, { error: err instanceof Error ? err.message : String(err) });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  server.unref();
  return {
    stop: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await rm(socketPath, { force: true });
    },
  };
}

/** Sends one request to the server on DATA_DIR's control socket; a refusal is a ControlError. */
export function controlRequest<T>(dataDir: string, requestPath: string, body: unknown = {}): Promise<T> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: requestPath, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (raw += d));
      res.on('end', () => {
        let answer: Record<string, unknown> = {};
        try {
          answer = JSON.parse(raw || '{}') as Record<string, unknown>;
        } catch {
          // not JSON: reported below with the status
        }
        if (res.statusCode === 200) resolve(answer as T);
        else reject(new ControlError(typeof answer.error === 'string' ? answer.error : `the server answered ${res.statusCode}`, res.statusCode ?? 500));
      });
    });
    req.once('error', reject);
    req.end(JSON.stringify(body));
  });
}
