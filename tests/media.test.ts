// The media library over HTTP (issue 12 point 3): uploads accepted by their content, not their
// name; the bad ones the issue lists (a renamed executable, a truncated JPEG, a 100-megapixel PNG,
// a 25 MB file) refused with a clear message and nothing stored; good JPEG, PNG, WebP and AVIF files
// rendered in the background by the content image pipeline and served like the content images;
// alt text required and editable; delete refused while content uses an image; agents allowed only
// while an owner says so; anti-forgery token and role checks; no-store on every console answer.
import './helpers/production.ts';
import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, type MediaImage, type MediaList } from '../common/media-library.ts';
import { addMediaReferenceCheck } from '../server/media/references.ts';
import { createLogger } from '../server/logger.ts';
import { createMediaWorker, isComplete, sniffFormat, uploadDirs, uploadManifestEntries } from '../server/media/uploads.ts';
import { backends } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const OWNER = 'owner@kigezitrails.example';
const AGENT = 'agent@kigezitrails.example';
const MB = 1024 * 1024;

/** A photo-like picture (noise over a gradient), so that the encoders have something to do. */
async function picture(format: 'jpeg' | 'png' | 'webp' | 'avif', width = 1200, height = 800): Promise<Buffer> {
  const noise = sharp({ create: { width, height, channels: 3, background: '#7a9a5a', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  const img = sharp(await noise.png().toBuffer()).blur(2);
  return format === 'jpeg' ? img.jpeg({ quality: 85 }).toBuffer() : format === 'png' ? img.png().toBuffer() : format === 'webp' ? img.webp().toBuffer() : img.avif({ effort: 0 }).toBuffer();
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid-looking PNG whose header says 10000 x 10000 (100 megapixels), a few kilobytes long: decoding it would need 300 MB. */
function bombPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10_000, 0);
  ihdr.writeUInt32BE(10_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = deflateSync(Buffer.alloc((10_000 * 3 + 1) * 50));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

/** The start of a Linux executable (ELF) and of a Windows one (PE, "MZ"), padded. */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 0x90)]);
const PE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4000, 0xcc)]);

describe.each(backends())('media library on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  let agent: SignedIn;
  let jpeg: Buffer;

  const rows = async <T = Record<string, unknown>>(q: string) => rowsOf<T>(await site.app.database!.db.execute(sql.raw(q)));
  const uploadsDir = () => path.join(site.dataDir, 'uploads');
  async function storedFiles(): Promise<string[]> {
    const out: string[] = [];
    for (const sub of ['originals', 'images', 'renders']) for (const f of await readdir(path.join(uploadsDir(), sub)).catch(() => [] as string[])) out.push(`${sub}/${f}`);
    return out;
  }
  async function expectNothingStored() {
    expect(await rows('select id from media_uploads')).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  }

  function upload(
    who: SignedIn,
    file: Buffer | Blob,
    name: string,
    fields: Record<string, string> = { alt: 'A lion resting in the grass at dawn' },
    type = 'image/jpeg',
    headers: Record<string, string> = {},
  ) {
    const form = new FormData();
    form.append('file', file instanceof Blob ? file : new Blob([new Uint8Array(file)], { type }), name);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return fetch(`${site.base}/api/admin/media`, { method: 'POST', headers: { cookie: who.cookie, origin: site.base, 'x-csrf-token': who.csrf, ...headers }, body: form });
  }

  async function waitDone(who: SignedIn, id: number, timeoutMs = 30_000): Promise<MediaImage> {
    const until = Date.now() + timeoutMs;
    const seen = new Set<string>();
    for (;;) {
      const res = await who.get(`/media/${id}`);
      expect(res.status).toBe(200);
      const image = (await res.json()) as MediaImage;
      seen.add(image.status);
      if (image.status === 'done' || image.status === 'failed') return image;
      if (Date.now() > until) throw new Error(`image ${id} still ${image.status} (seen ${[...seen].join(', ')})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    site = await startSite({ backend, env: { SPAM_CHECKS: 'off' } });
    await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
    await addStaff(site.app.database!.db, AGENT, 'agent');
    owner = await signIn(site.base, OWNER);
    agent = await signIn(site.base, AGENT);
    jpeg = await picture('jpeg');
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
  });
  beforeEach(async () => {
    const left = await rows<{ id: number }>('select id from media_uploads');
    for (const r of left) await owner.send(`/media/${r.id}`, undefined, 'DELETE');
    await rows(`delete from console_settings`);
  });

  it('recognises the formats by their bytes and sees a file cut off', async () => {
    expect(sniffFormat(jpeg)).toBe('jpeg');
    expect(sniffFormat(await picture('png', 40, 30))).toBe('png');
    expect(sniffFormat(await picture('webp', 40, 30))).toBe('webp');
    const avif = await picture('avif', 40, 30);
    expect(sniffFormat(avif)).toBe('avif');
    expect(sniffFormat(ELF)).toBeUndefined();
    expect(sniffFormat(PE)).toBeUndefined();
    expect(sniffFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(isComplete('jpeg', jpeg)).toBe(true);
    expect(isComplete('jpeg', jpeg.subarray(0, jpeg.length - 2))).toBe(false);
    expect(isComplete('avif', avif)).toBe(true);
    expect(isComplete('avif', avif.subarray(0, avif.length - 10))).toBe(false);
    const webp = await picture('webp', 40, 30);
    expect(isComplete('webp', webp.subarray(0, webp.length - 5))).toBe(false);
    expect(isComplete('png', bombPng())).toBe(true);
  });

  it('accepts a good JPEG, PNG, WebP and AVIF, renders every variant in the background and serves them like content images', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      const bytes = format === 'jpeg' ? jpeg : await picture(format);
      // The declared type and name say nothing true: the bytes decide.
      const res = await upload(owner, bytes, `Lion at Dawn (${format}).bin`, { alt: `A lion at dawn, ${format}`, caption: 'Queen Elizabeth National Park' }, 'application/octet-stream');
      expect(res.status, await res.clone().text()).toBe(202);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const queued = (await res.json()) as MediaImage;
      expect(queued).toMatchObject({ format, width: 1200, height: 800, alt: `A lion at dawn, ${format}`, caption: 'Queen Elizabeth National Park', variantsTotal: 9 });
      expect(['queued', 'processing', 'done']).toContain(queued.status);
      expect(queued.path).toMatch(/^images\/uploads\/lion-at-dawn-[a-z]+-[0-9a-f]{10}\.jpg$/);
      const done = await waitDone(owner, queued.id);
      expect(done.status, done.error ?? '').toBe('done');
      expect(done.variantsDone).toBe(9);
      expect(done.meta).toMatchObject({ w: 1200, h: 800, widths: [480, 960, 1600] });
      expect(done.meta!.v).toMatch(/^[0-9a-f]{8}$/);
      expect(done.meta!.p).toMatch(/^data:image\/webp;base64,/);
      // The pages paint the upload's colour while it loads (its manifest entry, server/media/annotate.ts).
      const [entry] = Object.values(await uploadManifestEntries(site.app.database!.db, [done.path]));
      expect(entry!.colour).toMatch(/^#[0-9a-f]{6}$/);

      const stem = done.path.replace(/\.jpg$/, '');
      for (const [file, type, cache] of [
        [`${stem}.${done.meta!.v}.w480.avif`, 'image/avif', 'public, max-age=31536000, immutable'],
        [`${stem}.${done.meta!.v}.w960.webp`, 'image/webp', 'public, max-age=31536000, immutable'],
        [`${stem}.${done.meta!.v}.w1600.jpg`, 'image/jpeg', 'public, max-age=31536000, immutable'],
        [`${stem}.w480.avif`, 'image/avif', 'public, max-age=3600, stale-while-revalidate=86400'],
        [done.path, 'image/jpeg', 'public, max-age=3600, stale-while-revalidate=86400'],
      ] as const) {
        const img = await fetch(`${site.base}/api/${file}`);
        expect(img.status, file).toBe(200);
        expect(img.headers.get('content-type')).toBe(type);
        expect(img.headers.get('cache-control')).toBe(cache);
        expect(img.headers.get('x-content-type-options')).toBe('nosniff');
        expect(img.headers.get('cross-origin-resource-policy')).toBe('same-origin');
        expect(img.headers.get('content-security-policy')).toContain("default-src 'none'");
        const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
        expect(meta.format).toBe(type === 'image/avif' ? 'heif' : type === 'image/webp' ? 'webp' : 'jpeg');
        // The photo is smaller than the widest variant: no enlargement.
        expect(meta.width).toBe(file.includes('w480') ? 480 : file.includes('w960') ? 960 : 1200);
      }
    }
    // The originals are kept beside the variants.
    const files = await storedFiles();
    expect(files.filter((f) => f.startsWith('originals/'))).toHaveLength(4);
    expect(files.filter((f) => f.startsWith('renders/'))).toEqual([]);
  }, 120_000);

  it('refuses a renamed executable, a truncated JPEG, a 100-megapixel PNG and a 25 MB file with a clear message, storing nothing', async () => {
    for (const [bytes, name] of [
      [ELF, 'photo.jpg'],
      [PE, 'sunset.png'],
    ] as const) {
      const res = await upload(owner, bytes, name);
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ error: MEDIA_MESSAGES.notImage, code: 'not-image' });
    }
    // An SVG (a document that can carry script) is not among the formats.
    const svg = await upload(owner, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'logo.jpg', undefined, 'image/svg+xml');
    expect(svg.status).toBe(415);

    const truncated = await upload(owner, jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'cut.jpg');
    expect(truncated.status).toBe(422);
    expect(await truncated.json()).toMatchObject({ error: MEDIA_MESSAGES.truncated, code: 'truncated' });

    // The bomb: refused from its header, in far less time than decoding 100 megapixels would take.
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    const big = await upload(owner, bomb, 'panorama.png', undefined, 'image/png');
    expect(big.status).toBe(422);
    expect(await big.json()).toMatchObject({ error: MEDIA_MESSAGES.tooManyPixels, code: 'too-many-pixels' });
    expect(performance.now() - started).toBeLessThan(2000);

    // The same from a JPEG: a small file whose frame header (SOF) says 20000 x 20000.
    const jpegBomb = Buffer.from(jpeg);
    const sof = jpegBomb.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    jpegBomb.writeUInt16BE(20_000, sof + 5);
    jpegBomb.writeUInt16BE(20_000, sof + 7);
    const bigJpeg = await upload(owner, jpegBomb, 'wide.jpg');
    expect(bigJpeg.status).toBe(422);
    expect(await bigJpeg.json()).toMatchObject({ code: 'too-many-pixels' });

    // 25 MB: refused at the body limit, with the words of this upload's limit.
    const huge = Buffer.concat([jpeg, Buffer.alloc(25 * MB - jpeg.length)]);
    const tooLarge = await upload(owner, huge, 'huge.jpg');
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()) as { error: string }).toEqual({ error: 'The file is too large: at most 20 MB are accepted.' });
    expect(tooLarge.headers.get('connection')).toBe('close');

    // Without a declared length (chunked), 60 MB offered: the answer comes while it streams in,
    // before the end, and the server never keeps more than the limit. (60 MB stays within what the
    // server reads and drops after its refusal, 20 + 64 MB, so the connection is not cut while the
    // client still sends: a cut can reset the connection before the answer is read, which is what
    // the dropping is there to avoid.)
    const streamed = await new Promise<{ status: number; body: string; sentMb: number }>((resolve, reject) => {
      const boundary = 'x-media-test-boundary';
      const req = httpRequest(
        `${site.base}/api/admin/media`,
        {
          method: 'POST',
          headers: { cookie: owner.cookie, origin: site.base, 'x-csrf-token': owner.csrf, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          const done = () => {
            resolve({ status: res.statusCode!, body, sentMb: sent });
            req.destroy();
          };
          res.on('data', (d: Buffer) => (body += d.toString()));
          // The server closes the connection after its answer: the end of the body, or the close.
          res.on('end', done);
          res.on('close', done);
        },
      );
      req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' || (e as NodeJS.ErrnoException).code === 'EPIPE' ? undefined : reject(e)));
      // Connection reset before any answer: fail clearly rather than wait for the test's timeout.
      req.on('close', () => setTimeout(() => reject(new Error('the connection closed without an answer')), 2000).unref());
      req.write(
        `--${boundary}\r\ncontent-disposition: form-data; name="alt"\r\n\r\nStreamed\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="s.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
      );
      req.write(jpeg);
      const mb = Buffer.alloc(MB);
      let sent = 0;
      const pump = () => {
        while (sent < 60 && !req.destroyed) {
          sent++;
          if (!req.write(mb)) return void req.once('drain', pump);
        }
        if (!req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ error: 'The file is too large: at most 20 MB are accepted.' });
    expect(streamed.sentMb).toBeLessThan(60);

    // Between the limits: over 20 MB of file inside the 20 MB + 64 KB body allowance.
    const justOver = await upload(owner, Buffer.concat([jpeg, Buffer.alloc(20 * MB + 1000 - jpeg.length)]), 'over.jpg');
    expect(justOver.status).toBe(413);
    expect(await justOver.json()).toMatchObject({ error: MEDIA_MESSAGES.tooLarge });

    const empty = await upload(owner, Buffer.alloc(0), 'empty.jpg');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: MEDIA_MESSAGES.noFile });

    await expectNothingStored();
    // The worker has nothing to do either.
    expect(await site.app.mediaWorker!.runOnce()).toBe(0);
  }, 60_000);

  it('requires alt text, and lets it and the caption be edited later', async () => {
    for (const fields of [{}, { alt: '   ' }, { alt: 'x'.repeat(301) }, { alt: 'two\nlines' }] as Record<string, string>[]) {
      const res = await upload(owner, jpeg, 'lion.jpg', fields);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: MEDIA_MESSAGES.alt, code: 'invalid-alt' });
    }
    const longCaption = await upload(owner, jpeg, 'lion.jpg', { alt: 'A lion', caption: 'c'.repeat(501) });
    expect(longCaption.status).toBe(400);
    expect(await longCaption.json()).toMatchObject({ code: 'invalid-caption' });
    await expectNothingStored();

    const created = (await (await upload(owner, jpeg, 'lion.jpg', { alt: 'A lion' })).json()) as MediaImage;
    const edited = await owner.send(`/media/${created.id}`, { alt: '  A lioness watching the plains  ', caption: 'Ishasha' }, 'PATCH');
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ alt: 'A lioness watching the plains', caption: 'Ishasha' });
    const cleared = await owner.send(`/media/${created.id}`, { alt: '', caption: '' }, 'PATCH');
    expect(cleared.status).toBe(400);
    expect(await cleared.json()).toMatchObject({ code: 'invalid-alt' });
    expect(await owner.send('/media/999999', { alt: 'x' }, 'PATCH').then((r) => r.status)).toBe(404);
    expect(await owner.get('/media/abc').then((r) => r.status)).toBe(404);
    const [audit] = await rows<{ action: string; target: string }>(`select action, target from audit_log where action = 'media.edit' order by id desc limit 1`);
    expect(audit).toEqual({ action: 'media.edit', target: `media:${created.id}` });
  });

  it('lists and searches the library, and deletes an image with its files unless content uses it', async () => {
    const a = (await (await upload(owner, jpeg, 'gorilla.jpg', { alt: 'A silverback gorilla in Bwindi' })).json()) as MediaImage;
    const b = (await (await upload(owner, jpeg, 'boat.jpg', { alt: 'A boat on the Kazinga Channel', caption: 'Hippos ahead' })).json()) as MediaImage;
    await waitDone(owner, a.id);
    await waitDone(owner, b.id);
    const all = (await (await owner.get('/media')).json()) as MediaList;
    expect(all.items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(all.total).toBe(2);
    expect(all.items[0]!.uploadedBy).toBe(OWNER);
    // The content editor's view of processed uploads: manifest entries by stable path.
    const entries = await uploadManifestEntries(site.app.database!.db, [a.path, b.path, 'images/parks/bwindi.jpg', 'images/uploads/none-0000000000.jpg']);
    expect(Object.keys(entries).sort()).toEqual([a.path, b.path].sort());
    expect(entries[a.path]).toMatchObject({ w: 1200, h: 800, widths: [480, 960, 1600], source: 'uploads/gorilla.jpg' });
    expect(entries[a.path]!.v).toBe(all.items[1]!.meta!.v);
    const found = (await (await owner.get('/media?q=hippos')).json()) as MediaList;
    expect(found.items.map((i) => i.id)).toEqual([b.id]);
    expect(((await (await owner.get('/media?q=100%25')).json()) as MediaList).total).toBe(0);
    expect((await owner.get('/media?q=%00')).status).toBe(400);
    expect((await owner.get('/media?page=0')).status).toBe(400);

    const stem = a.path.replace(/\.jpg$/, '');
    const stop = addMediaReferenceCheck(async (_db, stable) => (stable === a.path ? [{ type: 'Safari', label: 'Gorillas and chimps' }] : []));
    try {
      const refused = await owner.send(`/media/${a.id}`, undefined, 'DELETE');
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: MEDIA_MESSAGES.inUse, references: [{ type: 'Safari', label: 'Gorillas and chimps' }] });
      expect((await fetch(`${site.base}/api/${stem}.w480.webp`)).status).toBe(200);
    } finally {
      stop();
    }
    const deleted = await owner.send(`/media/${a.id}`, undefined, 'DELETE');
    expect(deleted.status).toBe(200);
    expect((await fetch(`${site.base}/api/${stem}.w480.webp`)).status).toBe(404);
    expect((await fetch(`${site.base}/api/${a.path}`)).status).toBe(404);
    const name = path.basename(stem);
    expect((await storedFiles()).filter((f) => f.includes(name))).toEqual([]);
    // What is left of the other: its original, 9 variants under two names each, the stable JPEG and its share picture.
    expect((await storedFiles()).filter((f) => f.includes(path.basename(b.path, '.jpg'))).length).toBe(1 + 9 * 2 + 1 + 1);
    const share = await fetch(`${site.base}/api/${b.path.replace(/\.jpg$/, '.share.jpg')}`);
    expect(share.status).toBe(200);
    expect(await sharp(Buffer.from(await share.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect((await owner.send(`/media/${a.id}`, undefined, 'DELETE')).status).toBe(404);
  }, 60_000);

  it('takes over a job whose process died mid-way once its lease has lapsed', async () => {
    const created = (await (await upload(owner, jpeg, 'elephant.jpg', { alt: 'Elephants crossing' })).json()) as MediaImage;
    await waitDone(owner, created.id);
    // As if a process had claimed it and died: processing, lease over, no variants yet.
    await rows(`update media_uploads set status = 'processing', locked_until = now() - interval '1 second', variants_done = 3, token = null where id = ${created.id}`);
    expect(await site.app.mediaWorker!.runOnce()).toBeGreaterThanOrEqual(0);
    const again = await waitDone(owner, created.id);
    expect(again.status).toBe('done');
    expect(again.variantsDone).toBe(9);
    const [row] = await rows<{ attempts: number }>(`select attempts from media_uploads where id = ${created.id}`);
    expect(Number(row!.attempts)).toBe(2);
  }, 60_000);

  it('marks an image failed, with the reason, when its pixels cannot be decoded; it can then be deleted', async () => {
    // A whole PNG with a true header but compressed data that is not zlib: accepted from its
    // header, refused by the decoder in the background.
    const png = await picture('png', 300, 200);
    const idat = png.indexOf(Buffer.from('IDAT', 'latin1'));
    const broken = Buffer.from(png);
    broken.fill(0x5a, idat + 4, idat + 4 + 64);
    const res = await upload(owner, broken, 'broken.png', { alt: 'A broken picture' }, 'image/png');
    expect(res.status).toBe(202);
    const failed = await waitDone(owner, ((await res.json()) as MediaImage).id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain(MEDIA_MESSAGES.unreadable);
    expect(failed.meta).toBeNull();
    expect((await storedFiles()).filter((f) => !f.startsWith('originals/'))).toEqual([]);
    expect((await owner.send(`/media/${failed.id}`, undefined, 'DELETE')).status).toBe(200);
    expect(await storedFiles()).toEqual([]);
  }, 60_000);

  it('keeps a queued upload across a restart: the next worker renders it', async () => {
    // No worker running (as between a crash and the restart): the upload waits, queued, in the database.
    await site.app.mediaWorker!.stop();
    try {
      const res = await upload(owner, await picture('webp', 640, 480), 'queued.webp', { alt: 'Waiting for a worker' });
      expect(res.status).toBe(202);
      const queued = (await res.json()) as MediaImage;
      await new Promise((r) => setTimeout(r, 300));
      expect(((await (await owner.get(`/media/${queued.id}`)).json()) as MediaImage).status).toBe('queued');
      // A new process's worker, on the same database and DATA_DIR.
      const next = createMediaWorker({ db: site.app.database!.db, dirs: uploadDirs(site.dataDir), logger: createLogger('silent') });
      expect(await next.runOnce()).toBe(1);
      const done = (await (await owner.get(`/media/${queued.id}`)).json()) as MediaImage;
      expect(done).toMatchObject({ status: 'done', variantsDone: 9, width: 640, height: 480 });
      expect((await fetch(`${site.base}/api/${done.path.replace(/\.jpg$/, `.${done.meta!.v}.w480.webp`)}`)).status).toBe(200);
    } finally {
      site.app.mediaWorker!.start();
    }
  }, 60_000);

  it('lets agents use the library only while an owner allows content editing; checks roles and the anti-forgery token', async () => {
    // Agents: refused by default.
    for (const res of [await agent.get('/media'), await upload(agent, jpeg, 'a.jpg'), await agent.get('/settings'), await agent.send('/settings', { agentsEditContent: true }, 'PUT')]) {
      expect(res.status).toBe(403);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(await (await agent.get('/settings/access')).json()).toEqual({ editContent: false, export: false, timeZone: 'Africa/Kampala' });
    expect(await (await owner.get('/settings/access')).json()).toEqual({ editContent: true, export: true, timeZone: 'Africa/Kampala' });
    expect(await (await owner.get('/settings')).json()).toEqual({ agentsEditContent: false, timeZone: 'Africa/Kampala', agentsExport: false });
    expect((await owner.send('/settings', { agentsEditContent: 'yes' }, 'PUT')).status).toBe(400);

    const allow = await owner.send('/settings', { agentsEditContent: true }, 'PUT');
    expect(allow.status).toBe(200);
    expect(await allow.json()).toMatchObject({ agentsEditContent: true, changed: ['agentsEditContent'] });
    expect(await (await agent.get('/settings/access')).json()).toEqual({ editContent: true, export: false, timeZone: 'Africa/Kampala' });
    const list = await agent.get('/media');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const byAgent = await upload(agent, jpeg, 'by-agent.jpg', { alt: 'Uploaded by an agent' });
    expect(byAgent.status).toBe(202);
    const [audit] = await rows<{ action: string; actor: string }>(`select action, actor from audit_log where action = 'settings.change' order by id desc limit 1`);
    expect(audit).toEqual({ action: 'settings.change', actor: OWNER });

    // Taken back: refused again at once.
    await owner.send('/settings', { agentsEditContent: false }, 'PUT');
    expect((await agent.get('/media')).status).toBe(403);

    // Without the anti-forgery token, from another site, or signed out: refused, nothing stored.
    await rows('delete from media_uploads');
    const noToken = await upload(owner, jpeg, 'x.jpg', undefined, 'image/jpeg', { 'x-csrf-token': 'wrong' });
    expect(noToken.status).toBe(403);
    expect(await noToken.json()).toMatchObject({ code: 'csrf' });
    const crossSite = await upload(owner, jpeg, 'x.jpg', undefined, 'image/jpeg', { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)]), 'x.jpg');
    form.append('alt', 'x');
    const anonymous = await fetch(`${site.base}/api/admin/media`, { method: 'POST', headers: { origin: site.base }, body: form });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${site.base}/api/admin/media`)).status).toBe(401);
    const json = await owner.send('/media', { alt: 'x' });
    expect(json.status).toBe(415);
    expect(await rows('select id from media_uploads')).toEqual([]);
  }, 60_000);

  it('serves nothing but the library’s own files under /images/uploads/', async () => {
    for (const p of ['uploads/../../etc/passwd.jpg', 'uploads/originals/x.jpg', 'uploads/%2e%2e/x.jpg', 'uploads/missing.w480.avif']) {
      expect((await fetch(`${site.base}/api/images/${p}`)).status, p).toBe(404);
    }
  });
});
