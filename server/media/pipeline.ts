// The responsive image pipeline. Every image job (see jobs.ts) is rendered once per content hash to
// AVIF, WebP and JPEG at the widths of its kind, plus a tiny blurred placeholder, into a cache
// under .cache/media/renders/<hash>/. The output directory (build/media) is then assembled from the
// cache with hard links: each variant under its hash-free and its hashed name, the stable JPEG at the
// path the database stores, and manifest.json describing them all. A rebuild with unchanged sources
// renders nothing.
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { drawPortrait, renderArt } from '../../content/artwork/index.ts';
import { collectJobs, type ImageJob } from './jobs.ts';
import { MANIFEST_FILE, type Manifest, type ManifestEntry } from './manifest.ts';
import { SHARE_SIZE, shareImagePath } from '../../common/media.ts';
import { ART_SIZE, FORMATS, variantPath, WIDTHS, type ImageFormat, type ImageKind } from './variants.ts';

const SHARE_FILE = 'share.jpg';

/** Part of every hash: bump when encoder settings change so that everything is re-encoded. */
const PIPELINE_VERSION = 2;

// Measured on the artwork, per 1600/960/480 set: AVIF effort 0 takes a quarter of the time of
// effort 2 for files about 15% larger; WebP effort 2 half the time of effort 3 for 5% more.
const ENCODE = {
  avif: { quality: 48, effort: 0, chromaSubsampling: '4:2:0' },
  webp: { quality: 76, effort: 2 },
  jpg: { quality: 78, mozjpeg: true, progressive: true },
} as const;

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  cacheDir: string;
  /** Images rendered at once (each uses one libvips thread). */
  concurrency?: number;
  /** Use these jobs instead of reading the content (tests). */
  jobs?: ImageJob[];
  log?: (message: string) => void;
}

export interface BuildReport {
  images: number;
  rendered: number;
  cached: number;
  files: number;
  /** Size of the distinct rendered files (each is linked under two or three names). */
  bytes: number;
  /** CPU time spent by this process, for comparing runs on a busy machine. */
  cpuMs: number;
  ms: number;
  warnings: string[];
  manifest: Manifest;
}

interface RenderMeta {
  w: number;
  h: number;
  widths: number[];
  placeholder: string;
  /** The placeholder's mean colour (placeholderColour). */
  colour: string;
}

const fileName = (width: number, format: ImageFormat) => `w${width}.${format}`;

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** The bytes a job starts from: the file, or the SVG the artwork generator draws (a scene or a portrait). */
async function sourceOf(job: ImageJob): Promise<{ bytes: Buffer; svg: boolean; label: string }> {
  if ('file' in job.source) {
    return { bytes: await readFile(job.source.file), svg: job.source.file.toLowerCase().endsWith('.svg'), label: job.source.file };
  }
  const size = ART_SIZE[job.kind];
  if ('portrait' in job.source) return { bytes: Buffer.from(drawPortrait(job.source.portrait, size.width, size.height)), svg: true, label: 'artwork' };
  return { bytes: Buffer.from(renderArt(job.source.art, size.width, size.height)), svg: true, label: 'artwork' };
}

export function hashOf(kind: ImageKind, bytes: Buffer): string {
  return createHash('sha256')
    .update(`${PIPELINE_VERSION}|${kind}|${WIDTHS[kind].join(',')}|${JSON.stringify(ENCODE)}|`)
    .update(bytes)
    .digest('hex');
}

export interface RenderedImage {
  meta: RenderMeta;
  /** Every variant: each width of the kind in each format (and the share crop of a header). */
  files: { width: number; format: ImageFormat; bytes: Buffer }[];
  share?: Buffer;
}

export interface RenderInputOptions {
  /** The source is an SVG drawing (rasterised at the largest width). */
  svg?: boolean;
  /** Refuse sources of more pixels than this (a picture sent by a visitor). */
  maxPixels?: number;
  /** Called after each variant is encoded (the media library shows its uploads' progress with it). */
  onVariant?: (done: number, total: number) => void | Promise<void>;
}

/** Variants one render makes (widths x formats): the progress total of an upload. */
export const variantCount = (kind: ImageKind) => WIDTHS[kind].length * FORMATS.length;

/**
 * Renders one source to every variant of its kind, in memory: resized to each width (never
 * enlarged), flattened on white, in sRGB, with no metadata kept (a visitor's photo loses its
 * camera and location data), plus the tiny blurred placeholder. The build writes the files
 * (render below); a review's photo is stored as it is (server/reviews.ts); the media library
 * writes an upload's files under DATA_DIR/uploads (server/media/uploads.ts).
 */
export async function renderImage(kind: ImageKind, bytes: Buffer, opts: RenderInputOptions = {}): Promise<RenderedImage> {
  const widths = WIDTHS[kind];
  const maxWidth = widths[widths.length - 1]!;
  const limitInputPixels = opts.maxPixels ?? true;
  let input: Sharp;
  if (opts.svg) {
    // Rasterise vector sources straight at the largest width, for crisp edges.
    const meta = await sharp(bytes).metadata();
    const density = Math.min(2400, (72 * maxWidth) / (meta.width ?? maxWidth));
    input = sharp(bytes, { density });
  } else {
    input = sharp(bytes, { limitInputPixels }).rotate();
  }
  const base = await input.resize({ width: maxWidth, withoutEnlargement: true }).flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } } as const;
  const files: RenderedImage['files'] = [];
  for (const width of widths) {
    const w = Math.min(width, base.info.width);
    const resized = sharp(base.data, raw).resize({ width: w });
    for (const format of FORMATS) {
      const out = format === 'avif' ? resized.clone().avif(ENCODE.avif) : format === 'webp' ? resized.clone().webp(ENCODE.webp) : resized.clone().jpeg(ENCODE.jpg);
      files.push({ width, format, bytes: await out.toBuffer() });
      await opts.onVariant?.(files.length, widths.length * FORMATS.length);
    }
  }
  // The page's share picture for social previews: a 1200x630 crop, a little below the centre
  // where the artwork's subjects stand.
  const share =
    kind === 'header' ? await sharp(base.data, raw).resize({ width: SHARE_SIZE.width, height: SHARE_SIZE.height, fit: 'cover', position: 'centre' }).jpeg(ENCODE.jpg).toBuffer() : undefined;
  const tiny = await sharp(base.data, raw).resize({ width: 16 }).blur(0.6).webp({ quality: 40, effort: 6 }).toBuffer();
  const placeholder = `data:image/webp;base64,${tiny.toString('base64')}`;
  const meta: RenderMeta = { w: base.info.width, h: base.info.height, widths: [...widths], placeholder, colour: await placeholderColour(placeholder) };
  return { meta, files, share };
}

/**
 * The colour a page paints behind an image while it loads: the mean of its tiny placeholder, as
 * "#rrggbb" (seven bytes in the page, where the placeholder's data URI takes about a hundred).
 */
export async function placeholderColour(placeholder: string): Promise<string> {
  const bytes = Buffer.from(placeholder.replace(/^data:image\/[a-z]+;base64,/, ''), 'base64');
  const { channels } = await sharp(bytes).removeAlpha().stats();
  return `#${channels
    .slice(0, 3)
    .map((c) => Math.round(c.mean).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Renders every variant of one source into `dir` and returns its metadata. */
async function render(kind: ImageKind, bytes: Buffer, svg: boolean, dir: string): Promise<RenderMeta> {
  const rendered = await renderImage(kind, bytes, { svg });
  const tmp = `${dir}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  for (const f of rendered.files) await writeFile(path.join(tmp, fileName(f.width, f.format)), f.bytes);
  if (rendered.share) await writeFile(path.join(tmp, SHARE_FILE), rendered.share);
  await writeFile(path.join(tmp, 'meta.json'), JSON.stringify(rendered.meta));
  await rm(dir, { recursive: true, force: true });
  await rename(tmp, dir);
  return rendered.meta;
}

async function readMeta(dir: string, kind: ImageKind): Promise<RenderMeta | undefined> {
  try {
    const meta = JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as RenderMeta;
    for (const width of WIDTHS[kind]) for (const format of FORMATS) if (!(await exists(path.join(dir, fileName(width, format))))) return undefined;
    if (kind === 'header' && !(await exists(path.join(dir, SHARE_FILE)))) return undefined;
    // A render cached before colours were kept gets its colour once.
    if (!meta.colour) {
      meta.colour = await placeholderColour(meta.placeholder);
      await writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta));
    }
    return meta;
  } catch {
    return undefined;
  }
}

/** Hard-links a cached file into the output (copies when linking is impossible). */
async function place(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return;
    await copyFile(from, to);
  }
}

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.max(1, Math.min(size, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(runners);
}

type Rendered = Map<string, { hash: string; meta: RenderMeta; label: string }>;

/** Keeps the drawn SVG of an artwork image next to the cache, for looking at and for editors. */
async function keepArtwork(artDir: string, job: ImageJob, bytes: Buffer): Promise<void> {
  const svgPath = path.join(artDir, job.stable.replace(/^images\//, '').replace(/\.jpg$/, '.svg'));
  const old = await readFile(svgPath).catch(() => undefined);
  if (old?.equals(bytes)) return;
  await mkdir(path.dirname(svgPath), { recursive: true });
  await writeFile(svgPath, bytes);
}

/** Renders every job whose source changed (the others come from the cache of renders). */
async function renderAll(opts: BuildOptions, jobs: ImageJob[], warnings: string[], rendersDir: string) {
  const log = opts.log ?? (() => {});
  const artDir = path.join(opts.cacheDir, 'artwork');
  const entries: Rendered = new Map();
  let rendered = 0;
  let cached = 0;
  let done = 0;
  await pool(jobs, opts.concurrency ?? 2, async (job) => {
    const src = await sourceOf(job);
    if (src.label === 'artwork') await keepArtwork(artDir, job, src.bytes);
    const hash = hashOf(job.kind, src.bytes);
    const dir = path.join(rendersDir, hash.slice(0, 16));
    let meta = await readMeta(dir, job.kind);
    if (meta) cached++;
    else {
      try {
        meta = await render(job.kind, src.bytes, src.svg, dir);
      } catch (e) {
        warnings.push(`${job.stable}: cannot render ${src.label}: ${(e as Error).message}`);
        return;
      }
      rendered++;
    }
    entries.set(job.stable, { hash, meta, label: src.label });
    done++;
    if (done % 100 === 0) log(`images: ${done}/${jobs.length}`);
  });
  return { entries, rendered, cached };
}

/** Assembles the output in a fresh directory (every variant under both names, and the manifest), then swaps it in. */
async function writeOutput(opts: BuildOptions, entries: Rendered, rendersDir: string): Promise<{ manifest: Manifest; files: number }> {
  const staging = `${opts.outDir}.next-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const images: Record<string, ManifestEntry> = {};
  let files = 0;
  for (const [stable, { hash, meta, label }] of [...entries].sort(([a], [b]) => a.localeCompare(b))) {
    const dir = path.join(rendersDir, hash.slice(0, 16));
    const token = hash.slice(0, 8);
    const rel = stable.replace(/^images\//, '');
    for (const width of meta.widths) {
      for (const format of FORMATS) {
        const from = path.join(dir, fileName(width, format));
        await place(from, path.join(staging, variantPath(rel, width, format)));
        await place(from, path.join(staging, variantPath(rel, width, format, token)));
        files += 2;
      }
    }
    await place(path.join(dir, fileName(meta.widths[meta.widths.length - 1]!, 'jpg')), path.join(staging, rel));
    files++;
    if (await exists(path.join(dir, SHARE_FILE))) {
      await place(path.join(dir, SHARE_FILE), path.join(staging, shareImagePath(rel)));
      files++;
    }
    images[stable] = {
      v: token,
      w: meta.w,
      h: meta.h,
      widths: meta.widths,
      placeholder: meta.placeholder,
      colour: meta.colour,
      source: label === 'artwork' ? 'artwork' : path.relative(opts.contentDir, label).split(path.sep).join('/'),
    };
  }
  const manifest: Manifest = { version: 1, builtAt: new Date().toISOString(), images };
  await writeFile(path.join(staging, MANIFEST_FILE), JSON.stringify(manifest));
  const old = `${opts.outDir}.old-${process.pid}`;
  await rm(old, { recursive: true, force: true });
  if (await exists(opts.outDir)) await rename(opts.outDir, old);
  await rename(staging, opts.outDir);
  await rm(old, { recursive: true, force: true });
  return { manifest, files };
}

/**
 * Forgets renders no longer used, so the cache does not grow with every change (renders younger
 * than a day are kept: another checkout or a concurrent build may still be using them); resolves
 * with the bytes of the renders in use.
 */
async function pruneRenders(rendersDir: string, entries: Rendered): Promise<number> {
  const keep = new Set([...entries.values()].map((e) => e.hash.slice(0, 16)));
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of await readdir(rendersDir)) {
    if (keep.has(name)) continue;
    const info = await stat(path.join(rendersDir, name)).catch(() => undefined);
    if (info && info.mtimeMs < dayAgo) await rm(path.join(rendersDir, name), { recursive: true, force: true });
  }
  let bytes = 0;
  for (const name of keep) {
    for (const f of await readdir(path.join(rendersDir, name))) bytes += (await stat(path.join(rendersDir, name, f))).size;
  }
  return bytes;
}

export async function buildMedia(opts: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  sharp.concurrency(1);
  sharp.cache(false);
  const { jobs, warnings } = opts.jobs ? { jobs: opts.jobs, warnings: [] } : await collectJobs(opts.contentDir);
  const rendersDir = path.join(opts.cacheDir, 'renders');
  await mkdir(rendersDir, { recursive: true });
  const { entries, rendered, cached } = await renderAll(opts, jobs, warnings, rendersDir);
  const { manifest, files } = await writeOutput(opts, entries, rendersDir);
  const bytes = await pruneRenders(rendersDir, entries);
  const cpu = process.cpuUsage(cpuStart);
  return {
    images: entries.size,
    rendered,
    cached,
    files,
    bytes,
    ms: Math.round(performance.now() - started),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    warnings,
    manifest,
  };
}
