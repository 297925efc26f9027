// The media library's files and background work (issue 12 point 3).
//
// An upload is accepted by its CONTENT: the first bytes must be those of a JPEG, PNG, WebP or AVIF
// file (never the name or the declared type), the file must be whole (a JPEG ends with its EOI
// marker after its last scan, a PNG with IEND, a WebP's RIFF size and an AVIF's boxes fit in the
// file), and its header must declare at most UPLOAD_MAX_PIXELS — read with sharp's metadata(),
// which parses the header without decoding a pixel, so a decompression bomb is refused before it
// is decoded. Only then is anything stored: the original under DATA_DIR/uploads/originals and a
// row in media_uploads, which is also the job. The worker below renders the row's variants with
// the content image pipeline (server/media/pipeline.ts: the same AVIF/WebP/JPEG widths the site
// serves) into DATA_DIR/uploads/images, named like the built content images:
//
//   images/uploads/<name>.jpg                  the stable JPEG a content item stores
//   images/uploads/<name>.w960.avif            a variant by width
//   images/uploads/<name>.<token>.w960.avif    the same under its content token: immutable
//
// Jobs are claimed with FOR UPDATE SKIP LOCKED and a lease (like the mail outbox), so several
// processes share the work and a job whose process died is taken again once its lease lapses.
import type { DatabaseAvailability } from '../db/availability.ts';
import { randomBytes, createHash } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, rm, writeFile, copyFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { sql } from 'drizzle-orm';
import { MEDIA_MESSAGES, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, type UploadFormat } from '../../common/media-library.ts';
import { HttpError } from '../http/error.ts';
import type { Db } from '../db/index.ts';
import { jobWorker } from '../job-loop.ts';
import type { Logger } from '../logger.ts';
import { shareImagePath } from '../../common/media.ts';
import { hashOf, placeholderColour, renderImage, variantCount } from './pipeline.ts';
import type { ManifestEntry } from './manifest.ts';
import { variantPath, type ImageKind } from './variants.ts';

/** Uploaded images are rendered at the widths of header images (the stable path images/uploads/x.jpg is one). */
const UPLOAD_KIND: ImageKind = 'header';
const UPLOAD_COLLECTION = 'uploads';
export const uploadStablePath = (name: string) => `images/${UPLOAD_COLLECTION}/${name}.jpg`;

export interface UploadDirs {
  root: string;
  originals: string;
  /** Served at /images/uploads/ (server/api/images.ts). */
  images: string;
  renders: string;
}

export function uploadDirs(dataDir: string): UploadDirs {
  const root = path.join(dataDir, 'uploads');
  return { root, originals: path.join(root, 'originals'), images: path.join(root, 'images'), renders: path.join(root, 'renders') };
}

const EXT: Record<UploadFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

const ascii = (b: Buffer, at: number, n: number) => b.toString('latin1', at, at + n);

/** The format the first bytes announce, or undefined. */
export function sniffFormat(b: Buffer): UploadFormat | undefined {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  if (b.length >= 16 && ascii(b, 4, 4) === 'ftyp') {
    // ISO-BMFF: the major brand, then compatible brands to the end of the ftyp box.
    const size = b.readUInt32BE(0);
    const end = Math.min(b.length, Math.max(size, 16));
    const brands = [ascii(b, 8, 4)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(b, at, 4));
    if (brands.some((x) => x === 'avif' || x === 'avis')) return 'avif';
  }
  return undefined;
}

/** Whether the file is whole: false when it was cut off before its format's end. */
export function isComplete(format: UploadFormat, b: Buffer): boolean {
  switch (format) {
    case 'jpeg': {
      // The EOI marker (FF D9) must follow the last start-of-scan (FF DA). In the compressed data
      // a 0xFF byte is always followed by 0x00 or a restart marker, so neither pair occurs there.
      const eoi = b.lastIndexOf(Buffer.from([0xff, 0xd9]));
      const sos = b.lastIndexOf(Buffer.from([0xff, 0xda]));
      return sos > 0 && eoi > sos;
    }
    case 'png': {
      const iend = b.lastIndexOf(Buffer.from('IEND', 'latin1'));
      return iend > 8 && iend + 8 <= b.length;
    }
    case 'webp':
      return b.length >= 12 && b.readUInt32LE(4) + 8 <= b.length;
    case 'avif': {
      let at = 0;
      let sawMdat = false;
      while (at + 8 <= b.length) {
        let size = b.readUInt32BE(at);
        const type = ascii(b, at + 4, 4);
        if (size === 1) {
          if (at + 16 > b.length) return false;
          const big = b.readBigUInt64BE(at + 8);
          if (big > BigInt(Number.MAX_SAFE_INTEGER)) return false;
          size = Number(big);
        } else if (size === 0) size = b.length - at;
        if (size < 8 || at + size > b.length) return false;
        if (type === 'mdat') sawMdat = true;
        at += size;
      }
      return at === b.length && sawMdat;
    }
  }
}

export interface InspectedImage {
  format: UploadFormat;
  width: number;
  height: number;
}

/**
 * Decides whether bytes may become a library image, reading no pixel: the format from the magic
 * bytes, wholeness from the structure, the size from the header (sharp metadata() does not decode).
 * Refusals are HttpErrors with a message for the person uploading.
 */
export async function inspectUpload(bytes: Buffer): Promise<InspectedImage> {
  if (bytes.length === 0) throw new HttpError(400, MEDIA_MESSAGES.noFile, undefined, 'invalid-file');
  if (bytes.length > UPLOAD_MAX_BYTES) throw new HttpError(413, MEDIA_MESSAGES.tooLarge, undefined, 'too-large');
  const format = sniffFormat(bytes);
  if (!format) throw new HttpError(415, MEDIA_MESSAGES.notImage, undefined, 'not-image');
  if (!isComplete(format, bytes)) throw new HttpError(422, MEDIA_MESSAGES.truncated, undefined, 'truncated');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(422, MEDIA_MESSAGES.unreadable, undefined, 'unreadable');
  }
  const expected = format === 'avif' ? 'heif' : format;
  if (meta.format !== expected || (format === 'avif' && meta.compression !== 'av1')) throw new HttpError(415, MEDIA_MESSAGES.notImage, undefined, 'not-image');
  const stored = { w: meta.width ?? 0, h: meta.pageHeight ?? meta.height ?? 0 };
  if (stored.w < 1 || stored.h < 1) throw new HttpError(422, MEDIA_MESSAGES.unreadable, undefined, 'unreadable');
  if (stored.w * stored.h > UPLOAD_MAX_PIXELS) throw new HttpError(422, MEDIA_MESSAGES.tooManyPixels, undefined, 'too-many-pixels');
  // A photo taken with the camera turned (EXIF orientation 5-8) is shown turned: its size as seen.
  const turned = (meta.orientation ?? 1) >= 5;
  return { format, width: turned ? stored.h : stored.w, height: turned ? stored.w : stored.h };
}

/** A file-name stem from the uploaded name: lower-case words joined by hyphens, then a random suffix. */
function uploadName(originalName: string): string {
  const stem = originalName
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${stem || 'image'}-${randomBytes(5).toString('hex')}`;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Stores an inspected upload: the original file, then its row (queued). Returns the new id. When
 * the row cannot be written the file goes too, so a refused upload leaves nothing.
 */
export async function storeUpload(
  db: Db,
  dirs: UploadDirs,
  input: { bytes: Buffer; image: InspectedImage; originalName: string; alt: string; caption: string; staffId: number | null },
): Promise<number> {
  const name = uploadName(input.originalName);
  const file = path.join(dirs.originals, `${name}.${EXT[input.image.format]}`);
  await mkdir(dirs.originals, { recursive: true });
  const tmp = `${file}.part-${process.pid}`;
  await writeFile(tmp, input.bytes);
  await rename(tmp, file);
  try {
    const sha = createHash('sha256').update(input.bytes).digest('hex');
    const result = await db.execute(sql`
      insert into media_uploads (name, original_name, format, bytes, sha256, width, height, alt, caption, status, variants_total, uploaded_by)
      values (${name}, ${input.originalName.slice(0, 255)}, ${input.image.format}, ${input.bytes.length}, ${sha}, ${input.image.width}, ${input.image.height},
              ${input.alt}, ${input.caption}, 'queued', ${variantCount(UPLOAD_KIND)}, ${input.staffId})
      returning id`);
    return Number(rowsOf<{ id: number }>(result)[0]!.id);
  } catch (e) {
    await rm(file, { force: true });
    throw e;
  }
}

/** Removes every file of an upload: its original, its variants, any half-done render. */
export async function removeUploadFiles(dirs: UploadDirs, name: string): Promise<void> {
  for (const dir of [dirs.originals, dirs.images]) {
    const files = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(files.filter((f) => f.startsWith(`${name}.`)).map((f) => rm(path.join(dir, f), { force: true })));
  }
  const renders = await readdir(dirs.renders).catch(() => [] as string[]);
  await Promise.all(renders.filter((f) => f === name || f.startsWith(`${name}.`)).map((f) => rm(path.join(dirs.renders, f), { recursive: true, force: true })));
}

async function place(from: string, to: string): Promise<void> {
  await rm(to, { force: true });
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

export interface MediaWorkerSettings {
  /** How long a claim lasts without progress before another worker may take the job. */
  leaseMs: number;
  /** How often the queue is looked at when nothing kicks the worker. */
  pollMs: number;
  /** Attempts before a job is marked failed (a process that keeps dying on one image). */
  maxAttempts: number;
}

const DEFAULT_MEDIA_WORKER: MediaWorkerSettings = { leaseMs: 5 * 60_000, pollMs: 5_000, maxAttempts: 3 };

export interface MediaWorker {
  start(): void;
  /** Looks at the queue now (called after an upload). */
  kick(): void;
  /** Processes every job due, one by one; resolves with the number handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

interface Claimed {
  id: number;
  name: string;
  format: UploadFormat;
  attempts: number;
}

interface MediaContext {
  db: Db;
  dirs: UploadDirs;
  settings: MediaWorkerSettings;
  log: Logger;
  /** The claim's lease from now, as SQL. */
  lease: ReturnType<typeof sql>;
}

async function claimUpload({ db, lease }: MediaContext): Promise<Claimed | undefined> {
  const result = await db.execute(sql`
    update media_uploads
       set status = 'processing', attempts = attempts + 1, variants_done = 0, error = null, locked_until = ${lease}, updated_at = now()
     where id = (
       select id from media_uploads
        where status = 'queued' or (status = 'processing' and locked_until < now())
        order by id
        limit 1
        for update skip locked)
    returning id, name, format, attempts`);
  const row = rowsOf<Claimed>(result)[0];
  return row ? { ...row, id: Number(row.id), attempts: Number(row.attempts) } : undefined;
}

/** Updates the claimed row only while this claim is the latest (attempts is the fencing token). */
async function settle({ db }: MediaContext, job: Claimed, set: ReturnType<typeof sql>): Promise<boolean> {
  const result = await db.execute(sql`update media_uploads set ${set}, updated_at = now() where id = ${job.id} and attempts = ${job.attempts} and status = 'processing' returning id`);
  return rowsOf(result).length > 0;
}

/** Renders one claimed upload into its variants and places them; a failure marks it failed with the reason. */
async function processUpload(ctx: MediaContext, job: Claimed): Promise<void> {
  const { db, dirs, settings, log, lease } = ctx;
  if (job.attempts > settings.maxAttempts) {
    await settle(ctx, job, sql`status = 'failed', locked_until = null, error = ${'Processing stopped several times without finishing. Delete the image and upload it again.'}`);
    return;
  }
  const original = path.join(dirs.originals, `${job.name}.${EXT[job.format]}`);
  const tmpDir = path.join(dirs.renders, `${job.name}.${process.pid}-${job.attempts}`);
  try {
    const bytes = await readFile(original);
    // Rendered in memory by the content pipeline, then written under both names, like the build's.
    const rendered = await renderImage(UPLOAD_KIND, bytes, {
      maxPixels: UPLOAD_MAX_PIXELS,
      onVariant: async (done) => {
        await settle(ctx, job, sql`variants_done = ${done}, locked_until = ${lease}`);
      },
    });
    const meta = rendered.meta;
    const token = hashOf(UPLOAD_KIND, bytes).slice(0, 8);
    const stable = `${job.name}.jpg`;
    await mkdir(tmpDir, { recursive: true });
    await mkdir(dirs.images, { recursive: true });
    for (const f of rendered.files) {
      const from = path.join(tmpDir, `w${f.width}.${f.format}`);
      await writeFile(from, f.bytes);
      await place(from, path.join(dirs.images, variantPath(stable, f.width, f.format)));
      await place(from, path.join(dirs.images, variantPath(stable, f.width, f.format, token)));
    }
    await place(path.join(tmpDir, `w${meta.widths[meta.widths.length - 1]!}.jpg`), path.join(dirs.images, stable));
    if (rendered.share) await writeFile(path.join(dirs.images, shareImagePath(stable)), rendered.share);
    await rm(tmpDir, { recursive: true, force: true });
    const ok = await settle(
      ctx,
      job,
      sql`status = 'done', locked_until = null, processed_at = now(), token = ${token}, rendered_width = ${meta.w}, rendered_height = ${meta.h},
          widths = ${JSON.stringify(meta.widths)}::jsonb, placeholder = ${meta.placeholder}, variants_done = variants_total`,
    );
    // Deleted (or taken over) while it was being processed: the files are not this job's to keep.
    if (!ok) {
      const still = rowsOf(await db.execute(sql`select 1 from media_uploads where id = ${job.id}`)).length > 0;
      if (!still) await removeUploadFiles(dirs, job.name);
    }
    log.info({ id: job.id, name: job.name }, 'upload processed');
  } catch (err) {
    await rm(tmpDir, { recursive: true, force: true }).catch(() => {});
    const message = (err as Error).message ?? String(err);
    log.warn({ id: job.id, err: message }, 'upload could not be processed');
    const reason = /pixel limit/i.test(message) ? MEDIA_MESSAGES.tooManyPixels : `${MEDIA_MESSAGES.unreadable} (${message.slice(0, 200)})`;
    await settle(ctx, job, sql`status = 'failed', locked_until = null, error = ${reason}`).catch(() => {});
  }
}

export function createMediaWorker(opts: { db: Db; dirs: UploadDirs; logger: Logger; settings?: Partial<MediaWorkerSettings>; availability?: DatabaseAvailability }): MediaWorker {
  const { db, dirs } = opts;
  const settings = { ...DEFAULT_MEDIA_WORKER, ...opts.settings };
  const log = opts.logger.child({ component: 'media' });
  let busy: Promise<number> | null = null;

  const ctx: MediaContext = { db, dirs, settings, log, lease: sql`now() + ${Math.round(settings.leaseMs)}::int * interval '1 millisecond'` };

  async function drain(): Promise<number> {
    let n = 0;
    for (;;) {
      const job = await claimUpload(ctx);
      if (!job) return n;
      await processUpload(ctx, job);
      n++;
    }
  }

  function runOnce(): Promise<number> {
    // One drain at a time in this process; a second call waits for it and drains again.
    const run = (busy ?? Promise.resolve(0)).catch(() => 0).then(() => drain());
    busy = run.finally(() => {
      if (busy === run) busy = null;
    });
    // The caller handles the failure of this run; the copy kept for the next caller must not be an
    // unhandled rejection meanwhile (it would end the process, e.g. while the database is away).
    busy.catch(() => {});
    return run;
  }

  return jobWorker(
    { name: 'media', run: async () => void (await runOnce()), everyMs: settings.pollMs, failure: { level: 'error', message: 'media worker failed' } },
    { logger: log, availability: opts.availability },
    { runOnce, afterStop: () => busy?.catch(() => {}) },
  );
}

/**
 * Manifest entries of processed library images, by stable path (images/uploads/<name>.jpg), in the
 * shape build/media/manifest.json gives content images: for the content editor to merge wherever
 * pages get image metadata (server/media/annotate.ts), so that uploads used in content get the
 * hashed, immutable variant names too. Paths that are not processed uploads are left out.
 */
export async function uploadManifestEntries(db: Db, stablePaths: Iterable<string>): Promise<Record<string, ManifestEntry>> {
  const prefix = `images/${UPLOAD_COLLECTION}/`;
  const names = [...new Set([...stablePaths].filter((p) => p.startsWith(prefix) && p.endsWith('.jpg')).map((p) => p.slice(prefix.length, -4)))];
  if (!names.length) return {};
  const result = await db.execute(sql`
    select name, token, rendered_width, rendered_height, widths, placeholder, original_name from media_uploads
     where status = 'done' and name in (${sql.join(
       names.map((n) => sql`${n}`),
       sql`, `,
     )})`);
  const out: Record<string, ManifestEntry> = {};
  for (const r of rowsOf<{ name: string; token: string; rendered_width: number; rendered_height: number; widths: number[] | string; placeholder: string; original_name: string }>(result)) {
    const widths = typeof r.widths === 'string' ? (JSON.parse(r.widths) as number[]) : r.widths;
    out[uploadStablePath(r.name)] = {
      v: r.token,
      w: Number(r.rendered_width),
      h: Number(r.rendered_height),
      widths,
      placeholder: r.placeholder,
      colour: await placeholderColour(r.placeholder),
      source: `uploads/${r.original_name || r.name}`,
    };
  }
  return out;
}
