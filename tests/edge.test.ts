// What a client can send that once gave 500s or held the server: each is a clear 4xx now, answered
// at the edge (server/http/security.ts, server/web.ts, server/http/deps.ts), on PGlite and PostgreSQL.
import './helpers/production.ts';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';

for (const backend of backends()) {
  describe(`the edge on ${backend}`, () => {
    let site: InProcessSite;
    let base: string;
    let port: number;

    beforeAll(async () => {
      site = await startSite({ backend });
      base = site.base;
      port = Number(new URL(base).port);
    });
    afterAll(() => site?.stop());

    it('answers a NUL or any other odd character in a slug with 404, on pages and in the API', async () => {
      for (const p of ['/api/safaris/a%00b', '/safaris/a%00b', '/parks/in/%00', '/api/parks/in/%00', '/api/blogs/%27%20or%201%3D1', '/api/animals/' + 'x'.repeat(5000), '/birds/%E2%80%AE']) {
        const res = await fetch(base + p);
        expect(res.status, p).toBe(404);
        await res.arrayBuffer();
      }
    });

    it('answers broken percent-encoding with 4xx', async () => {
      for (const p of ['/api/images/%ff.jpg', '/api/images/%zz/a.jpg', '/safaris/%ff', '/%e0%80', '/parks/%0d%0a']) {
        const res = await fetch(base + p);
        expect(res.status, p).toBeGreaterThanOrEqual(400);
        expect(res.status, p).toBeLessThan(500);
        await res.arrayBuffer();
      }
    });

    it('lets page actions take only POSTed forms from this site', async () => {
      const form = { 'content-type': 'application/x-www-form-urlencoded', origin: base };
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        const res = await fetch(`${base}/enquiry`, { method, headers: form, body: 'name=A' });
        expect(res.status, method).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
      }
      const noAction = await fetch(`${base}/safaris`, { method: 'POST', headers: form, body: 'a=1' });
      expect(noAction.status).toBe(405);
      expect(noAction.headers.get('allow')).toBe('GET, HEAD');
      const json = await fetch(`${base}/enquiry`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: '{"name":"A"}' });
      expect(json.status).toBe(415);
      const text = await fetch(`${base}/newsletter`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: base }, body: 'hello' });
      expect(text.status).toBe(415);
      const broken = await fetch(`${base}/enquiry`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=xyz', origin: base }, body: '--xyz\r\nbroken' });
      expect(broken.status).toBe(400);
      const foreign = await fetch(`${base}/enquiry`, { method: 'POST', headers: { ...form, origin: 'https://evil.example' }, body: 'name=A' });
      expect(foreign.status).toBe(403);
      const nullOrigin = await fetch(`${base}/enquiry`, { method: 'POST', headers: { ...form, origin: 'null' }, body: 'name=A' });
      expect(nullOrigin.status).toBe(403);
    });

    it('refuses a body over 64 KB before reading it, closes a declared one at once and a streamed one once its rest is dropped, and serves the next one', async () => {
      // Declared too large: refused at once.
      const declared = await fetch(`${base}/api/plan-a-safari`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: 'x'.repeat(70 * 1024) });
      expect(declared.status).toBe(413);
      expect(declared.headers.get('connection')).toBe('close');
      // Chunked, with no length: 100 MB offered, cut off at 64 KB.
      const status = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const req = httpRequest(`${base}/enquiry`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked', origin: base } }, (res) => {
          resolve({ status: res.statusCode!, connection: res.headers.connection });
          res.resume();
          req.destroy();
        });
        req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' || (e as NodeJS.ErrnoException).code === 'EPIPE' ? undefined : reject(e)));
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 100 && !req.destroyed) {
            sent++;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          if (!req.destroyed) req.end();
        };
        pump();
      });
      expect(status.status).toBe(413);
      // Not closed under the client's feet while it still sends: the rest is read and dropped first,
      // so the 413 cannot be erased by a reset (server/http/security.ts lingerThenCancel).
      expect(status.connection).not.toBe('close');
      expect((await fetch(`${base}/api/healthz`)).status).toBe(200);
    });

    it('drops a connection that never finishes its headers within the time allowed', async () => {
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n'));
        socket.on('data', () => {});
        socket.on('close', () => resolve(Date.now() - started));
        socket.on('error', () => {});
      });
      expect(closedAfter).toBeLessThan(15_000);
    }, 30_000);
  });
}
