// The console's large writes (the media library's 20 MB upload and the subscribers' CSV import, to
// the API and to their pages' form actions) are checked before a byte of the body is read: signed
// out, cross-site or without the anti-forgery token they are refused at once, and thirty such
// uploads at the same time do not make the server's memory grow by their size. A signed-in upload
// still works, its body spooled to a file under DATA_DIR that is gone afterwards. The memory is
// measured on the built site in a process of its own (/proc/<pid>/status).
import './helpers/production.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InProcessSite, type ServerProcess, seededDataDir, startServer, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const MB = 1024 * 1024;

/** Resident memory of a process, in bytes. */
function rss(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) * 1024;
}

const built = existsSync(path.resolve(import.meta.dirname, '../build/server/index.js'));

describe.skipIf(!built)('anonymous 20 MB uploads to the built site', () => {
  let server: ServerProcess;
  let dataDir: string;
  let base: string;
  beforeAll(async () => {
    dataDir = await seededDataDir('safari-large-writes-');
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', API_URL: '', SITE_URL: 'http://localhost:3000', LOG_LEVEL: 'warn', DAILY_BACKUPS: 'off' }, 43404, { ready: '/api/readyz' });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses 30 at once before reading them (401 from the API, 303 to sign-in from the page), the server’s memory not growing by their size', async () => {
    // One 20 MB body shared by every request (the client keeps one copy).
    const body = new Uint8Array(20 * MB - 1024).fill(0x41);
    const multipart = { 'content-type': 'multipart/form-data; boundary=----kigezi', origin: base };
    const upload = async (p: string) => {
      const res = await fetch(`${base}${p}`, { method: 'POST', headers: multipart, body, redirect: 'manual' });
      await res.arrayBuffer();
      return res.status;
    };
    // Warmed up with one of each, so that what is measured is the load.
    expect(await upload('/api/admin/media')).toBe(401);
    expect(await upload('/admin/media')).toBe(303);
    // Their connections are left to the server's keep-alive timeout (5 s), so that none is reused
    // by a POST just as the server closes it (a POST is not retried).
    await new Promise((r) => setTimeout(r, 6000));
    const pid = server.child.pid!;
    const before = rss(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
    let statuses: number[];
    try {
      statuses = await Promise.all([...Array.from({ length: 15 }, () => upload('/api/admin/media')), ...Array.from({ length: 15 }, () => upload('/admin/media'))]);
    } finally {
      clearInterval(sampler);
    }
    expect(statuses.slice(0, 15)).toEqual(Array(15).fill(401));
    expect(statuses.slice(15)).toEqual(Array(15).fill(303));
    // Thirty bodies of 20 MB kept in memory would be 600 MB; refused unread, they cost a fraction
    // of it (the bound is loose: a busy machine's sockets and collector vary).
    expect(peak - before).toBeLessThan(300 * MB);
    expect(server.child.exitCode).toBeNull();
  });
});

describe('the console’s large writes', () => {
  let site: InProcessSite;
  let owner: SignedIn;
  let base: string;

  beforeAll(async () => {
    site = await startSite();
    base = site.base;
    await addStaff(site.app.database!.db, 'owner@large.example', 'owner');
    owner = await signIn(base, 'owner@large.example');
  });
  afterAll(() => site?.stop());

  it('refuses signed-in writes without the anti-forgery token, and cross-site ones, before reading them', async () => {
    const big = new Uint8Array(4 * MB).fill(0x41);
    const multipart = { 'content-type': 'multipart/form-data; boundary=----kigezi', origin: base, cookie: owner.cookie };
    const noToken = await fetch(`${base}/api/admin/media`, { method: 'POST', headers: multipart, body: big });
    expect(noToken.status).toBe(403);
    expect(((await noToken.json()) as { code: string }).code).toBe('csrf');
    const forged = await fetch(`${base}/api/admin/subscribers/import`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', origin: base, cookie: owner.cookie, 'x-csrf-token': 'forged' },
      body: big.subarray(0, MB),
    });
    expect(forged.status).toBe(403);
    await forged.arrayBuffer();
    const foreign = await fetch(`${base}/api/admin/media`, { method: 'POST', headers: { ...multipart, origin: 'https://evil.example', 'x-csrf-token': owner.csrf }, body: big });
    expect(foreign.status).toBe(403);
    await foreign.arrayBuffer();
    expect((await (await owner.get('/media')).json()) as { total: number }).toMatchObject({ total: 0 });
  });

  it('refuses a cross-site post to the page action before reading it', async () => {
    const res = await fetch(`${base}/admin/media`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', origin: 'https://evil.example', cookie: owner.cookie },
      body: 'x'.repeat(1024),
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    await res.arrayBuffer();
  });

  it('still takes a signed-in upload, to the API and through the page’s form, and leaves no spooled file', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'bwindi.jpg');
    form.set('alt', 'A gorilla family in the Bwindi forest');
    form.set('caption', '');
    const api = await fetch(`${base}/api/admin/media`, { method: 'POST', headers: { cookie: owner.cookie, origin: base, 'x-csrf-token': owner.csrf }, body: form });
    const image = (await api.json()) as { id: number; originalName: string; alt: string };
    expect(api.status).toBe(202);
    expect(image).toMatchObject({ originalName: 'bwindi.jpg', alt: 'A gorilla family in the Bwindi forest' });

    // The form without JavaScript: the page action hands the file on with the form's token.
    const plain = new FormData();
    plain.set('intent', 'upload');
    plain.set('_csrf', owner.csrf);
    plain.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'kidepo.jpg');
    plain.set('alt', 'Kidepo valley at dusk');
    plain.set('caption', 'Northern Uganda');
    const page = await fetch(`${base}/admin/media`, { method: 'POST', headers: { cookie: owner.cookie, origin: base }, body: plain, redirect: 'manual' });
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    const list = (await (await owner.get('/media')).json()) as { items: { originalName: string; alt: string }[] };
    expect(list.items.map((i) => i.originalName).sort()).toEqual(['bwindi.jpg', 'kidepo.jpg']);
    expect(list.items.find((i) => i.originalName === 'kidepo.jpg')!.alt).toBe('Kidepo valley at dusk');

    // The CSV import, signed in with the token, is read and imported.
    const csv = await fetch(`${base}/api/admin/subscribers/import`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', cookie: owner.cookie, origin: base, 'x-csrf-token': owner.csrf },
      body: 'email,name\nnaledi@example.com,Naledi\n',
    });
    expect(csv.status).toBe(200);
    await csv.arrayBuffer();

    // The spooled bodies were files under DATA_DIR/tmp, removed from the directory at once.
    expect(readdirSync(path.join(site.dataDir, 'tmp'))).toEqual([]);
  });
});
