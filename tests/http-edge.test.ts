// Requests the HTTP layer answers at its edge (server/http/edge.ts, server/http/serve.ts, server/web.ts):
// methods no address takes (TRACE, CONNECT, PROPFIND, a made-up one: 405 with Allow), a GET
// of an address that only takes a posted form (405), and request bodies that never arrive whole
// (the client went away, or stopped sending until the server's timeout). None is a server error:
// no 500, no stack, nothing logged at error level, one info line each.
import './helpers/production.ts';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type InProcessSite, startSite } from './helpers/start-site.ts';

/** Sends raw bytes and reads until the server closes or `waitMs` passes. */
function raw(port: number, text: string, opts: { waitMs?: number; closeAfterMs?: number } = {}): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    const done = () => resolve(Buffer.concat(chunks).toString('latin1'));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {});
    socket.on('close', done);
    const timer = setTimeout(() => socket.destroy(), opts.waitMs ?? 5000);
    socket.on('close', () => clearTimeout(timer));
    if (opts.closeAfterMs !== undefined) setTimeout(() => socket.destroy(), opts.closeAfterMs);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const headerOf = (answer: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(answer.split('\r\n\r\n')[0]!)?.[1]?.trim();

describe('the HTTP edge', () => {
  let site: InProcessSite;
  let port: number;
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const consoleError = vi.spyOn(console, 'error');

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, cb) {
        for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        cb();
      },
    });
    site = await startSite({ logger: pino({ level: 'info' }, sink) });
    port = Number(new URL(site.base).port);
  });
  afterAll(() => site?.stop());

  const request = (method: string, path: string, extra = '') => raw(port, `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${extra}\r\n`);

  /** `method` on `path` is refused with a 405 whose Allow is `allow`: the answer. */
  async function expectNotAllowed(method: string, path: string, allow: string): Promise<string> {
    const answer = await request(method, path);
    expect(statusOf(answer), `${method} ${path}`).toBe(405);
    expect(headerOf(answer, 'allow'), `${method} ${path}`).toBe(allow);
    return answer;
  }

  it('answers TRACE with 405 and the address’s Allow on a page, the API and the console', async () => {
    for (const [path, allow] of [
      ['/', 'GET, HEAD'],
      ['/safaris', 'GET, HEAD'],
      ['/enquiry', 'GET, HEAD, POST'],
      ['/api/safaris', 'GET, HEAD'],
      ['/api/admin/media', 'GET, HEAD, POST'],
      ['/admin', 'GET, HEAD'],
      ['/admin/content/preview', 'POST'],
    ] as const) {
      const answer = await expectNotAllowed('TRACE', path, allow);
      // TRACE echoes nothing back, and no stack is shown.
      expect(answer).not.toMatch(/\bat .*\(|Error:/);
    }
    // An API address that takes a POST says so.
    expect(headerOf(await request('TRACE', '/api/plan-a-safari'), 'allow')?.split(', ')).toContain('POST');
    const api = await request('TRACE', '/api/safaris');
    expect(headerOf(api, 'content-type')).toMatch(/^application\/json/);
  });

  it('answers CONNECT, PROPFIND and a made-up method with 405 and Allow', async () => {
    const connectAnswer = await raw(port, 'CONNECT localhost:443 HTTP/1.1\r\nHost: localhost:443\r\n\r\n');
    expect(statusOf(connectAnswer)).toBe(405);
    expect(headerOf(connectAnswer, 'allow')).toBe('GET, HEAD, POST');
    for (const [path, allow] of [
      ['/', 'GET, HEAD'],
      ['/api/safaris', 'GET, HEAD'],
      ['/admin', 'GET, HEAD'],
    ] as const) {
      await expectNotAllowed('PROPFIND', path, allow);
      // A method Node's parser does not know: refused before any path is read.
      await expectNotAllowed('FOO', path, 'GET, HEAD, POST');
    }
  });

  it('answers GET and HEAD of the content editor’s preview (a form’s address) with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${site.base}/admin/content/preview`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      await res.arrayBuffer();
    }
  });

  it('logs a body that never arrived whole (client gone, or too slow until the timeout) as one info line', async () => {
    const partial = (path: string) => `POST ${path} HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"name":`;
    const before = lines.length;
    // Gone: the connection is dropped half-way through the body.
    await Promise.all(['/enquiry', '/api/plan-a-safari', '/api/admin/media'].map((p) => raw(port, partial(p), { closeAfterMs: 300 })));
    // Too slow: the body stops and the server's request timeout (30 s) ends the request.
    const slow = await raw(port, partial('/api/plan-a-safari'), { waitMs: 45_000 });
    expect(statusOf(slow)).toBe(408);
    await new Promise((r) => setTimeout(r, 200));
    const faults = lines.slice(before).filter((l) => l.msg.startsWith('request body did not arrive'));
    // The anonymous upload is refused before its body is read, so whether its dropped body is
    // noticed depends on when the connection closes; when it is, it is an info line too.
    expect(faults.filter((l) => l.path === '/api/admin/media').every((l) => l.level === 30)).toBe(true);
    expect(
      faults
        .filter((l) => l.path !== '/api/admin/media')
        .map((l) => [l.level, l.path])
        .sort(),
    ).toEqual(
      [
        [30, '/api/plan-a-safari'],
        [30, '/api/plan-a-safari'],
        [30, '/enquiry'],
      ].sort(),
    );
  });

  it('logged nothing at error level and printed no stack', () => {
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    // The refusals were logged, one info line each.
    expect(lines.filter((l) => l.msg === 'request refused' && l.method === 'TRACE').length).toBeGreaterThanOrEqual(8);
  });
});
