// The reference deployment (deploy/): nginx with deploy/nginx-safari.conf (changed only in ports,
// paths, name and certificate) terminating TLS for a throwaway self-signed safari.test, in front of
// the built server on PostgreSQL with two worker processes, TRUST_PROXY naming the proxy and no
// HOST. Everything a visitor and a member of staff do goes through nginx. nginx is installed with
// apt when missing (as root); runs when the suite has a PostgreSQL server (TEST_DATABASE_URL).
// Needs `npm run build` to have run.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import postgres from 'postgres';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDir } from '../server/web.ts';
import { seededPostgresUrl } from './helpers/db.ts';
import { goodEnquiry, OPERATOR } from './helpers/forms.ts';
import { debianBinary, startNginx, type Nginx } from './helpers/nginx.ts';
import { STAFF_PASSWORD } from './helpers/staff.ts';
import { type ServerProcess, freePort, startServer } from './helpers/start-site.ts';

const root = path.resolve(import.meta.dirname, '..');
const pg = process.env.TEST_DATABASE_URL;
const NAME = 'safari.test';

/** Every variable of the README's Configuration table. */
function readmeVariables(): string[] {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const table = /## Configuration\n[\s\S]*?\n\| Variable[^\n]*\n\|[-|]+\n((?:\|[^\n]*\n)+)/.exec(readme)![1]!;
  return table
    .split('\n')
    .filter(Boolean)
    .flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
}

describe('the reference deployment files', () => {
  it('the environment template names every variable of the README', () => {
    const env = readFileSync(path.join(root, 'deploy/safari.env'), 'utf8');
    const named = new Set([...env.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    const variables = readmeVariables();
    expect(variables).toContain('HOST');
    expect(variables.length).toBeGreaterThan(20);
    expect(variables.filter((v) => !named.has(v))).toEqual([]);
  });

  // Debian's own checks of the two other files (caddy and systemd installed with apt when missing,
  // as root; elsewhere the test is skipped when they are not on the machine).
  it("the Caddyfile is a valid configuration for Debian's caddy", (ctx) => {
    const caddy = debianBinary(['/usr/bin/caddy'], 'caddy');
    if (!caddy && process.getuid?.() !== 0) return ctx.skip();
    expect(caddy, 'caddy could not be installed with apt').not.toBeNull();
    const out = spawnSync(caddy!, ['validate', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], { encoding: 'utf8', env: { ...process.env, HOME: os.tmpdir() } });
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout + out.stderr).toContain('Valid configuration');
  });

  it('the systemd unit passes systemd-analyze verify', (ctx) => {
    const analyze = debianBinary(['/usr/bin/systemd-analyze', '/bin/systemd-analyze'], 'systemd');
    if (!analyze && process.getuid?.() !== 0) return ctx.skip();
    expect(analyze, 'systemd-analyze could not be installed with apt').not.toBeNull();
    const out = spawnSync(analyze!, ['verify', path.join(root, 'deploy/safari.service')], { encoding: 'utf8' });
    expect(out.status, out.stderr).toBe(0);
    expect(out.stderr.trim()).toBe('');
  });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text(): string;
}

describe.skipIf(!pg)('nginx with the reference configuration in front of two workers on PostgreSQL', () => {
  let dir = '';
  let app: ServerProcess | undefined;
  let nginx: Nginx | undefined;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl = '';
  let httpsPort = 0;
  let httpPort = 0;
  let appPort = 0;
  let ca: Buffer;
  let agent: https.Agent;
  let origin = '';

  /** A request to nginx over TLS as a browser at https://safari.test:<port> sends it. */
  function request(p: string, opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string; fresh?: boolean } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          servername: NAME,
          ca,
          path: p,
          method: opts.method ?? 'GET',
          agent: opts.fresh ? false : agent,
          headers: { host: `${NAME}:${httpsPort}`, 'user-agent': 'deploy-test/1.0', ...opts.headers },
          timeout: 60_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({ status: res.statusCode!, headers: res.headers, body, text: () => body.toString('utf8') });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer to ${p}`)));
      req.on('error', reject);
      req.end(opts.body);
    });
  }

  const json = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    request(p, { method: 'POST', headers: { 'content-type': 'application/json', origin, ...headers }, body: JSON.stringify(body) });

  async function formToken(): Promise<string> {
    const res = await request('/api/form-token', { method: 'POST', headers: { origin } });
    expect(res.status).toBe(200);
    return (JSON.parse(res.text()) as { token: string }).token;
  }
  /** Past the forms' minimum fill time. */
  const fillTime = () => new Promise((r) => setTimeout(r, 2600));

  async function sql<T>(query: string): Promise<T[]> {
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      return (await db.unsafe(query)) as unknown as T[];
    } finally {
      await db.end();
    }
  }

  const logs = () =>
    app!.output
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  async function until(what: string, check: () => boolean, ms = 120_000) {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${app?.output.join('').slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before this test.');
    dir = await mkdtemp(path.join(os.tmpdir(), 'safari-deploy-'));
    [httpsPort, httpPort, appPort] = [await freePort(), await freePort(), await freePort()];
    origin = `https://${NAME}:${httpsPort}`;

    // A throwaway certificate for safari.test.
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${NAME}`,
      '-addext',
      `subjectAltName=DNS:${NAME}`,
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ]);
    ca = await readFile(path.join(dir, 'cert.pem'));
    agent = new https.Agent({ keepAlive: true, maxSockets: 8 });

    // The app as deploy/safari.env configures it: TRUST_PROXY names the proxy, HOST is not set.
    ({ url: databaseUrl, drop } = await seededPostgresUrl());
    const dataDir = path.join(dir, 'data');
    app = await startServer(
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SITE_URL: origin,
        OPERATOR_EMAIL: OPERATOR,
        SMTP_URL: '',
        SPAM_CHECKS: 'on',
        // Every request of these tests comes from one address (the test's), four at a time during
        // the rolling restart, while new workers start beside them; the per-address time budget
        // (its own tests: tests/budget.test.ts) would then refuse some as a flood, so here one
        // address may use the whole process.
        CLIENT_SHARE_PERCENT: '100',
        TRUST_PROXY: '127.0.0.1',
        HOST: '',
        WEB_CONCURRENCY: '2',
        DAILY_BACKUPS: 'off',
        LOG_LEVEL: 'info',
      },
      appPort,
      { ready: '/api/readyz' },
    );
    await until('both workers', () => logs().some((l) => l.msg === 'all workers are up'));

    // The reference site, changed in ports, paths, name and certificate only.
    const reference = await readFile(path.join(root, 'deploy/nginx-safari.conf'), 'utf8');
    const changes: [string | RegExp, string][] = [
      [/^.*\[::\].*\n/gm, ''],
      [/listen 80( default_server)?;/g, `listen 127.0.0.1:${httpPort}$1;`],
      [/listen 443 ssl/g, `listen 127.0.0.1:${httpsPort} ssl`],
      [/https:\/\/www\.example\.com/g, origin],
      [/(Host) www\.example\.com;/g, `$1 ${NAME}:${httpsPort};`],
      [/\/etc\/letsencrypt\/live\/www\.example\.com\/fullchain\.pem/g, path.join(dir, 'cert.pem')],
      [/\/etc\/letsencrypt\/live\/www\.example\.com\/privkey\.pem/g, path.join(dir, 'key.pem')],
      [/server_name www\.example\.com;/g, `server_name ${NAME};`],
      [/\/var\/cache\/nginx\/safari-assets/g, path.join(dir, 'cache')],
      [/\/var\/www\/html/g, path.join(dir, 'www')],
      [/server 127\.0\.0\.1:3000;/g, `server 127.0.0.1:${appPort};`],
    ];
    let site = reference;
    for (const [from, to] of changes) {
      const next = site.replace(from, to);
      expect(next, `the test's change of ${from} no longer applies to deploy/nginx-safari.conf`).not.toBe(site);
      site = next;
    }
    expect(site.replace(/^\s*#.*$/gm, '')).not.toMatch(/example\.com|letsencrypt|:3000/);
    await mkdir(path.join(dir, 'www'), { recursive: true });
    nginx = await startNginx(dir, site, httpsPort);
  }, 240_000);

  afterAll(async () => {
    agent?.destroy();
    await nginx?.stop();
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGTERM');
      await app.exited;
    }
    await drop?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('the app listens on loopback only, says so, and is not reached on another address', async () => {
    const up = logs().filter((l) => l.msg === 'site is up');
    expect(up).toHaveLength(2);
    for (const l of up) {
      expect(l.url).toBe(`http://127.0.0.1:${appPort}`);
      expect(String(l.listen)).toMatch(/^loopback only: TRUST_PROXY is set and HOST is not/);
    }
    // Another address of this machine, when it has one: nothing listens there.
    const other = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (other) {
      const outcome = await new Promise<string>((r) =>
        net
          .connect(appPort, other)
          .once('connect', function (this: net.Socket) {
            this.destroy();
            r('connected');
          })
          .once('error', (e: NodeJS.ErrnoException) => r(e.code ?? 'error')),
      );
      expect(outcome).toBe('ECONNREFUSED');
    } else console.log('no address other than loopback on this machine: the direct-connection check is left out');
  });

  it('serves a page, an asset and an image over TLS; plain http and other names are sent away', { timeout: 120_000 }, async () => {
    const home = await request('/');
    expect(home.status).toBe(200);
    const html = home.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain(`<link rel="canonical" href="${origin}/"`);
    expect(home.headers['strict-transport-security']).toMatch(/max-age=\d+/);

    const asset = /(\/assets\/[^"'\s>]+\.js)/.exec(html)![1]!;
    const first = await request(asset, { headers: { 'accept-encoding': 'br' } });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await request(asset, { headers: { 'accept-encoding': 'br' } });
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body.equals(first.body)).toBe(true);

    const image = /<img[^>]+src="(\/[^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const picture = await request(image);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
    expect(picture.body.length).toBeGreaterThan(500);
    expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(image)).headers['x-cache']).toBe('HIT');

    // http: a permanent redirect to the same address over https.
    const plain = await new Promise<{ status: number; location?: string }>((resolve, reject) =>
      net
        .connect(httpPort, '127.0.0.1', function (this: net.Socket) {
          let got = '';
          this.setEncoding('latin1');
          this.on('data', (d: string) => (got += d));
          this.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(got)?.[1]), location: /\r\nLocation: ([^\r]+)/i.exec(got)?.[1] }));
          this.write(`GET /safaris?page=2 HTTP/1.1\r\nHost: ${NAME}\r\nConnection: close\r\n\r\n`);
        })
        .once('error', reject),
    );
    expect(plain).toEqual({ status: 301, location: `${origin}/safaris?page=2` });
    // Another name: no TLS handshake, no answer.
    const otherName = await new Promise<string>((r) => {
      const s = tls.connect({ host: '127.0.0.1', port: httpsPort, servername: 'shop.example', ca }, () => r('connected'));
      s.once('error', (e: NodeJS.ErrnoException) => r(e.code ?? e.message));
    });
    expect(otherName).not.toBe('connected');
  });

  it('takes an enquiry with JavaScript and without, from the address nginx saw, whatever X-Forwarded-For says', { timeout: 120_000 }, async () => {
    const [t1, t2] = [await formToken(), await formToken()];
    await fillTime();
    const withJs = await json('/api/plan-a-safari', { ...goodEnquiry(1), formToken: t1 }, { 'x-forwarded-for': '9.9.9.9' });
    expect(withJs.status).toBe(201);
    const plain = await request('/enquiry', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'x-forwarded-for': '9.9.9.9, 8.8.8.8' },
      body: new URLSearchParams({ ...goodEnquiry(2), variant: 'plan', formToken: t2! }).toString(),
    });
    expect(plain.status).toBe(303);
    expect(plain.headers.location).toBe('/enquiry?sent=plan');
    const rows = await sql<{ email: string; client_ip: string }>(`select email, client_ip from enquiries order by id`);
    expect(rows).toEqual([
      { email: goodEnquiry(1).email, client_ip: '127.0.0.1' },
      { email: goodEnquiry(2).email, client_ip: '127.0.0.1' },
    ]);
  });

  it('refuses a cross-site post that forges X-Forwarded-Host', { timeout: 60_000 }, async () => {
    const [t1, t2] = [await formToken(), await formToken()];
    await fillTime();
    // The newsletter sign-up (POST /api/admin/clients).
    const forged = await json('/api/admin/clients', { fullName: 'Eve', email: 'eve@example.com', formToken: t1 }, { origin: 'https://shop.example', 'x-forwarded-host': 'shop.example' });
    expect(forged.status).toBe(403);
    // The same post from the site's own page is taken.
    const own = await json('/api/admin/clients', { fullName: 'Ann', email: 'ann@example.com', formToken: t2 });
    expect(own.status).toBeLessThan(300);
  });

  it('signs a member of staff in with a __Host- cookie, takes a 5 MB image and turns away a larger one with its own page', { timeout: 240_000 }, async () => {
    // The first owner, as the guide makes it.
    execFileSync('npm', ['run', '--silent', 'admin:create-user', '--', '--email', 'owner@safari.test', '--role', 'owner', '--name', 'Owner'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, 'data'), ADMIN_PASSWORD: STAFF_PASSWORD, NODE_ENV: 'production' },
      stdio: 'pipe',
    });
    const login = await json('/api/admin/login', { email: 'owner@safari.test', password: STAFF_PASSWORD });
    expect(login.status).toBe(200);
    const setCookie = String((login.headers['set-cookie'] as string[])[0]);
    expect(setCookie).toMatch(/^__Host-staff=[^;]+;/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).not.toMatch(/Domain=/i);
    const cookie = setCookie.split(';')[0]!;
    const { csrf } = JSON.parse(login.text()) as { csrf: string };
    const consolePage = await request('/admin', { headers: { cookie } });
    expect(consolePage.status).toBe(200);
    expect(consolePage.headers['cache-control']).toBe('no-store');

    // A 5 MB image (noise, stored without compression).
    const width = 1600;
    const height = 1100;
    const png = await sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(5 * 1024 * 1024);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'noise.png');
    form.append('alt', 'A test pattern');
    form.append('caption', '');
    const multipart = new Response(form);
    const upload = await request('/api/admin/media', {
      method: 'POST',
      headers: { cookie, origin, 'x-csrf-token': csrf, accept: 'application/json', 'content-type': multipart.headers.get('content-type')! },
      body: Buffer.from(await multipart.arrayBuffer()),
    });
    expect(upload.status, upload.text()).toBe(202);
    const image = JSON.parse(upload.text()) as { id: number; status: string };
    const deadline = Date.now() + 180_000;
    let status = image.status;
    while (status !== 'done' && status !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      status = (JSON.parse((await request(`/api/admin/media/${image.id}`, { headers: { cookie } })).text()) as { status: string }).status;
    }
    expect(status).toBe('done');

    // Larger than nginx lets through: its own page, before the body is sent.
    const tooLarge = await request('/admin/media', {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(22 * 1024 * 1024) },
      fresh: true,
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers['content-type']).toMatch(/^text\/html/);
    expect(tooLarge.text()).toContain('The file is larger than this web server accepts.');
  });

  it('spreads requests over both workers, and replaces them one by one on SIGHUP without a failed request', { timeout: 300_000 }, async () => {
    const count = (answers: Answer[]) => {
      const by: Record<string, number> = {};
      for (const a of answers) by[String(a.headers['x-worker'])] = (by[String(a.headers['x-worker'])] ?? 0) + 1;
      return by;
    };
    // Six browsers at once.
    const concurrent: Answer[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, b) => {
        for (let i = 0; i < 10; i++) concurrent.push(await request(i % 2 ? '/api/healthz' : `/safaris?b=${b}`));
      }),
    );
    const spread = count(concurrent);
    console.log('60 requests from 6 clients, per worker:', spread);
    expect(concurrent.every((a) => a.status === 200)).toBe(true);
    expect(Object.keys(spread).sort()).toEqual(['1', '2']);
    // Each has a real share (observed in three runs: 30/30, 35/25, 16/44).
    expect(Math.min(...Object.values(spread))).toBeGreaterThanOrEqual(6);
    // One client, one request after another (a figure, not a check: which worker they reach
    // depends on the connections nginx holds from before, each renewed after keepalive_requests).
    const sequential: Answer[] = [];
    for (let i = 0; i < 250; i++) sequential.push(await request('/api/healthz'));
    expect(sequential.every((a) => a.status === 200)).toBe(true);
    console.log('250 requests one after another, per worker:', count(sequential));

    // Light load while the primary gets SIGHUP: four clients, each a request after another.
    const outcomes: { ok: boolean; what: string }[] = [];
    let loading = true;
    const targets = ['/', '/safaris', '/api/safaris?page=1', '/api/healthz'];
    const load = Array.from({ length: 4 }, async (_, c) => {
      for (let i = 0; loading; i++) {
        const target = targets[(i + c) % targets.length]!;
        try {
          const a = await request(target);
          outcomes.push({ ok: a.status === 200, what: `${target} ${a.status} worker ${String(a.headers['x-worker'])}` });
        } catch (e) {
          outcomes.push({ ok: false, what: `${target} ${String(e)}` });
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    const started = Date.now();
    process.kill(app!.child.pid!, 'SIGHUP');
    await until('the rolling restart', () => logs().some((l) => l.msg === 'rolling restart complete'), 240_000);
    const took = Date.now() - started;
    await new Promise((r) => setTimeout(r, 1000));
    loading = false;
    await Promise.all(load);
    const failed = outcomes.filter((o) => !o.ok);
    const replaced = logs().filter((l) => l.msg === 'worker replaced');
    console.log(`rolling restart: ${took} ms, ${outcomes.length} requests, ${failed.length} failed; replaced:`, replaced.map((l) => `${l.old}->${l.new}`).join(', '));
    expect(failed.map((o) => o.what)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(20);
    expect(replaced.map((l) => [l.old, l.new])).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(
      logs()
        .filter((l) => l.msg === 'old worker stopped')
        .map((l) => l.code),
    ).toEqual([0, 0]);
    // The new workers answer, both of them, and the old ones are gone.
    const after: Answer[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let i = 0; i < 5; i++) after.push(await request('/api/healthz', { fresh: true }));
      }),
    );
    expect(Object.keys(count(after)).sort()).toEqual(['3', '4']);
    expect(app!.child.exitCode).toBeNull();
  });

  it('keeps the workers it has when the set-up step of a rolling restart fails', { timeout: 180_000 }, async () => {
    const name = new URL(databaseUrl).pathname.slice(1);
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const said = (msg: string) => logs().filter((l) => l.msg === msg).length;
    const moves = () => [said('worker replaced'), said('old worker stopped'), said('rolling restart complete'), said('worker listening')];
    // The workers serving now: the ones that started and were not replaced.
    const replaced = new Set(
      logs()
        .filter((l) => l.msg === 'worker replaced')
        .map((l) => String(l.old)),
    );
    const serving = logs()
      .filter((l) => l.msg === 'worker listening' && !replaced.has(String(l.worker)))
      .map((l) => String(l.worker));
    expect(serving).toHaveLength(2);
    try {
      const before = moves();
      // The set-up process cannot connect to the database: the roll stops before any worker goes.
      await admin.unsafe(`alter database ${name} allow_connections false`);
      process.kill(app!.child.pid!, 'SIGHUP');
      await until('the failed set-up step', () => said('rolling restart stopped: the set-up step failed; the old workers go on serving') === 1);
      await admin.unsafe(`alter database ${name} allow_connections true`);
      expect(moves()).toEqual(before);
      for (let i = 0; i < 12; i++) {
        const a = await request('/api/healthz', { fresh: true });
        expect(a.status).toBe(200);
        expect(serving).toContain(String(a.headers['x-worker']));
      }
    } finally {
      await admin.unsafe(`alter database ${name} allow_connections true`);
      await admin.end();
    }
  });
});
