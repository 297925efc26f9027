// The embedded database belongs to the one process that has it open, so a backup of it while the
// site runs is taken by that process: it listens on a Unix socket in DATA_DIR (readable by the
// same user only), and `npm run db:backup` asks it there (server/db/backup-cli.ts); so do
// `npm run content:export` and `npm run content:import` (server/content/).
import { existsSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { writeSnapshot } from './backup.ts';
import type { ImportRequest } from '../content/reimport.ts';
import type { ImportResult } from '../content/store.ts';
import type { Database } from './index.ts';

export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'control.sock');
}

/** Unix socket paths are limited to about 104 bytes. */
const MAX_SOCKET_PATH = 100;

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = createConnection(socketPath);
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

export async function startControlSocket(opts: { dataDir: string; database: Database; logger: Logger }): Promise<{ stop(): Promise<void> } | null> {
  const socketPath = controlSocketPath(opts.dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    opts.logger.warn({ socketPath }, 'DATA_DIR path too long for the control socket: npm run db:backup needs the server stopped');
    return null;
  }
  if (existsSync(socketPath)) {
    if (await answers(socketPath)) {
      opts.logger.warn({ socketPath }, 'another process answers on the control socket; not listening');
      return null;
    }
    await rm(socketPath, { force: true });
  }
  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && req.url === '/export') {
      // npm run content:export while the server has the database open.
      void import('../content/export.ts')
        .then(({ exportContent }) => exportContent(opts.database.db))
        .then((files) => reply(200, { files }))
        .catch((err: unknown) => {
          opts.logger.error({ err }, 'content export on request failed');
          reply(500, { error: err instanceof Error ? err.message : String(err) });
        });
      return;
    }
    if (req.method === 'POST' && req.url === '/import') {
      // npm run content:import while the server has the database open.
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (d: string) => {
        raw += d;
        if (raw.length > 65_536) req.destroy();
      });
      req.on('end', () => {
        void (async () => {
          const [{ runImport }, { ContentError }] = await Promise.all([import('../content/reimport.ts'), import('./content.ts')]);
          try {
            const request = JSON.parse(raw) as ImportRequest;
            reply(200, { result: await runImport(opts.database.db, opts.logger, request) });
          } catch (err) {
            if (err instanceof ContentError) return reply(400, { error: err.message });
            opts.logger.error({ err }, 'content import on request failed');
            reply(500, { error: err instanceof Error ? err.message : String(err) });
          }
        })();
      });
      return;
    }
    if (req.method !== 'POST' || req.url !== '/backup') return reply(404, { error: 'unknown request' });
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => {
      raw += d;
      if (raw.length > 4096) req.destroy();
    });
    req.on('end', () => {
      void (async () => {
        try {
          const { file } = JSON.parse(raw) as { file?: unknown };
          if (typeof file !== 'string' || !path.isAbsolute(file) || !file.endsWith('.tar.gz')) return reply(400, { error: 'file must be an absolute path ending in .tar.gz' });
          const started = Date.now();
          const written = await writeSnapshot({ database: opts.database }, file);
          opts.logger.info({ file, bytes: written.bytes, ms: Date.now() - started }, 'backup written on request');
          reply(200, written);
        } catch (err) {
          opts.logger.error({ err }, 'backup on request failed');
          reply(500, { error: err instanceof Error ? err.message : String(err) });
        }
      })();
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

/** Asks the running server for a snapshot; null when no server answers on the socket. */
export async function requestBackup(dataDir: string, file: string): Promise<{ file: string; bytes: number } | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath) || !(await answers(socketPath))) return null;
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/backup', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (raw += d));
      res.on('end', () => {
        const body = JSON.parse(raw || '{}') as { file: string; bytes: number; error?: string };
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(body.error ?? `the server answered ${res.statusCode}`));
      });
    });
    req.once('error', reject);
    req.end(JSON.stringify({ file }));
  });
}

/** Asks the running server for the content export; null when no server answers on the socket. */
export async function requestExport(dataDir: string): Promise<{ path: string; text: string }[] | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath) || !(await answers(socketPath))) return null;
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/export', method: 'POST' }, (res) => {
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (raw += d));
      res.on('end', () => {
        const body = JSON.parse(raw || '{}') as { files?: { path: string; text: string }[]; error?: string };
        if (res.statusCode === 200 && body.files) resolve(body.files);
        else reject(new Error(body.error ?? `the server answered ${res.statusCode}`));
      });
    });
    req.once('error', reject);
    req.end();
  });
}

/** Asks the running server to re-import the content files; null when no server answers on the socket. */
export async function requestImport(dataDir: string, importRequest: ImportRequest): Promise<ImportResult | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath) || !(await answers(socketPath))) return null;
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/import', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (raw += d));
      res.on('end', () => {
        const body = JSON.parse(raw || '{}') as { result?: ImportResult; error?: string };
        if (res.statusCode === 200 && body.result) resolve(body.result);
        else reject(new Error(body.error ?? `the server answered ${res.statusCode}`));
      });
    });
    req.once('error', reject);
    req.end(JSON.stringify(importRequest));
  });
}
