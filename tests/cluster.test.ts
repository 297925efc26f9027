// WEB_CONCURRENCY=2 on PostgreSQL: one primary, two worker processes answering on one port, a
// worker that dies is replaced, and SIGTERM to the primary stops both gracefully with every
// request answered. Runs when the suite has a PostgreSQL server (TEST_DATABASE_URL).
import http from 'node:http';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seededPostgresUrl } from './helpers/db.ts';
import { type ServerProcess, freePort, startServer } from './helpers/start-site.ts';

const pg = process.env.TEST_DATABASE_URL;
let server: ServerProcess | undefined;
let drop: (() => Promise<void>) | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await drop?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A GET on a connection of its own; resolves with the status and the X-Worker header. `connected` is called once the TCP connection is up. */
function get(port: number, p: string, connected?: () => void): Promise<{ status: number; worker: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: p, agent: false, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, worker: res.headers['x-worker'] as string | undefined }));
    });
    req.on('socket', (s) => s.once('connect', () => connected?.()));
    req.on('timeout', () => req.destroy(new Error(`no answer to ${p} within 30 s`)));
    req.on('error', reject);
  });
}

/**
 * A keep-alive connection that a worker has answered once (GET /api/healthz); `finish` sends the
 * rest of a request already begun on it and resolves with the answer's status.
 */
async function holdConnection(port: number): Promise<{ socket: net.Socket; worker: string; finish(rest: string): Promise<number> }> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => (received += d));
  socket.write('GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  const deadline = Date.now() + 30_000;
  // The first answer is a small JSON body with a Content-Length.
  for (;;) {
    const head = /^HTTP\/1\.1 (\d+)[\s\S]*?\r\n\r\n/.exec(received);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(received)?.[1] ?? NaN);
    if (head && received.length >= head[0].length + length) break;
    if (Date.now() > deadline) throw new Error(`no answer on a held connection: ${received}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const worker = /\r\nx-worker: (\d+)/i.exec(received)![1]!;
  received = '';
  return {
    socket,
    worker,
    finish: (rest) =>
      new Promise((resolve, reject) => {
        socket.once('error', reject);
        socket.once('end', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(received)?.[1] ?? 0)));
        socket.write(rest);
      }),
  };
}

function logLines(output: string[]): Record<string, unknown>[] {
  return output
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

async function until(what: string, check: () => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server?.output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!pg)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('answers from two worker processes, replaces one that dies, and stops both gracefully on SIGTERM', { timeout: 240_000 }, async () => {
    const fresh = await seededPostgresUrl();
    drop = fresh.drop;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'safari-cluster-'));
    const port = await freePort();
    server = await startServer({ DATABASE_URL: fresh.url, WEB_CONCURRENCY: '2', DATA_DIR: dataDir, LOG_LEVEL: 'info' }, port, { ready: '/api/readyz' });
    const { child, output } = server;
    await until('both workers', () => logLines(output).some((l) => l.msg === 'all workers are up'));

    // Each worker is its own process, not the primary.
    const up = () => logLines(output).filter((l) => l.msg === 'site is up');
    const pidOf = (worker: string) => up().find((l) => String(l.worker) === worker)?.pid;
    expect(up()).toHaveLength(2);
    const pids = new Set(up().map((l) => l.pid));
    expect(pids.size).toBe(2);
    expect(pids.has(child.pid)).toBe(false);

    // Requests on separate connections are shared between the two workers.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get(port, i % 2 ? '/' : `/api/safaris?page=1&n=${i}`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const workers = new Set(answers.map((a) => a.worker));
    expect([...workers].sort()).toEqual(['1', '2']);
    expect(new Set([...workers].map((w) => pidOf(w!))).size).toBe(2);

    // A worker that dies is replaced by a new process; the other one answers meanwhile. (The
    // requests the dead worker was handling are lost with it.)
    process.kill(pidOf('1') as number, 'SIGKILL');
    await until('the primary to notice', () => logLines(output).some((l) => l.msg === 'worker died unexpectedly; starting another' && l.worker === 1));
    expect((await get(port, '/api/healthz')).status).toBe(200);
    await until('a replacement worker', () => up().some((l) => l.worker === 3));
    const after = await Promise.all(Array.from({ length: 20 }, () => get(port, '/api/healthz')));
    expect(new Set(after.map((a) => a.worker))).toEqual(new Set(['2', '3']));

    // SIGTERM to the primary while requests are in flight. Each in-flight request is on a
    // connection a worker already served once (so a worker holds it), and has sent part of its
    // headers; the rest follows after the signal. Every one is answered in full, both workers shut
    // down gracefully, and the primary exits 0. A burst of new requests at the same moment gets
    // answers or, once the workers stopped accepting, a refused connection, never an error answer.
    const held = await Promise.all(Array.from({ length: 6 }, () => holdConnection(port)));
    expect(new Set(held.map((h) => h.worker))).toEqual(new Set(['2', '3']));
    const targets = ['/', '/safaris', '/api/safaris?page=1'];
    held.forEach((h, i) => h.socket.write(`GET ${targets[i % targets.length]} HTTP/1.1\r\nHost: 127.0.0.1\r\n`));
    await new Promise((r) => setTimeout(r, 300));
    const burst = Array.from({ length: 30 }, (_, i) =>
      get(port, targets[i % targets.length]!).then(
        (a) => a.status,
        (e: NodeJS.ErrnoException) => (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' ? 'refused' : String(e)),
      ),
    );
    child.kill('SIGTERM');
    await until('the workers to begin shutting down', () => logLines(output).filter((l) => l.msg === 'shutting down: no new connections, finishing in-flight requests').length === 2);
    const answers2 = held.map((h) => h.finish('Connection: close\r\n\r\n'));
    expect(await Promise.all(answers2)).toEqual(held.map(() => 200));
    expect(await server.exited).toBe(0);
    expect((await Promise.all(burst)).filter((s) => s !== 200 && s !== 'refused')).toEqual([]);
    const stopped = logLines(output).filter((l) => l.msg === 'worker stopped');
    expect(stopped.map((l) => l.code)).toEqual([0, 0]);
    expect(logLines(output).filter((l) => l.msg === 'shutdown complete' && l.worker === undefined)).toHaveLength(1);
  });
});
