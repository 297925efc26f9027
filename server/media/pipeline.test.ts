// The image pipeline on a small fixture: a content folder in a temp dir with one park (a real photo
// for its header, a generated drawing and a dropped-in SVG in its gallery), a blog without a photo,
// a page, and a stray photo nobody references.
import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectJobs } from './jobs.ts';
import { manifestSchema, readManifest } from './manifest.ts';
import { buildMedia, type BuildReport, placeholderColour } from './pipeline.ts';
import { FORMATS, variantPath, WIDTHS } from './variants.ts';

let dir: string;
let content: string;
let out: string;
let cache: string;
let first: BuildReport;

const park = `title: Test Forest National Park
destination: uganda
created: 2024-01-01
description: A forest.
overview: Forest overview.
details: Forest details.
location:
  lat: -1.03
  lng: 29.7
image:
  alt: A misty forest ridge
gallery:
  - file: forest-ridge
    alt: Mist over the ridges at dawn
    caption: Dawn on the ridge.
  - file: drawn-map
    alt: A hand-drawn map of the trails
    caption: The trail map.
seo:
  keywords: forest
  description: A forest park.
`;
const blog = `title: Watching elephants at sunset
created: 2024-02-01
description: Elephants.
body: Elephants at the river.
image:
  alt: Elephants walking along a river at sunset
seo:
  keywords: elephants
  description: Elephants at sunset.
`;
const page = `title: Safaris
keywords: safaris
description: All safaris.
`;
const destination = `title: Uganda
tag: The Pearl of Africa
order: 1
description: Uganda.
body: Uganda.
image:
  alt: Green hills
seo:
  keywords: uganda
  description: Uganda.
`;

async function photo(file: string, width: number, height: number, colour: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toFile(file);
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'media-test-'));
  content = path.join(dir, 'content');
  out = path.join(dir, 'build', 'media');
  cache = path.join(dir, '.cache', 'media');
  for (const [folder, name, text] of [
    ['parks', 'test-forest-national-park', park],
    ['blogs', 'elephants-at-sunset', blog],
    ['pages', 'safaris', page],
    ['destinations', 'uganda', destination],
  ] as const) {
    await mkdir(path.join(content, folder), { recursive: true });
    await writeFile(path.join(content, folder, `${name}.yaml`), text);
  }
  // A wide photo for the park header, a small photo nobody references, and an SVG gallery source.
  await photo(path.join(content, 'images', 'parks', 'test-forest-national-park.jpg'), 2400, 1350, '#2f6a3c');
  await photo(path.join(content, 'images', 'blogs', 'stray-photo.jpg'), 700, 500, '#c49a45');
  await mkdir(path.join(content, 'images', 'parks', 'test-forest-national-park'), { recursive: true });
  await writeFile(
    path.join(content, 'images', 'parks', 'test-forest-national-park', 'drawn-map.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="#f3e3c0"/><circle cx="400" cy="225" r="120" fill="#426f47"/></svg>',
  );
  first = await buildMedia({ contentDir: content, outDir: out, cacheDir: cache, concurrency: 2 });
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('collecting jobs', () => {
  it('uses real files where they exist and the artwork generator elsewhere', async () => {
    const { jobs } = await collectJobs(content);
    const byPath = new Map(jobs.map((j) => [j.stable, j]));
    const header = byPath.get('images/parks/test-forest-national-park.jpg')!;
    expect('file' in header.source && path.basename(header.source.file)).toBe('test-forest-national-park.jpg');
    const drawn = byPath.get('images/parks/test-forest-national-park/forest-ridge.jpg')!;
    expect(drawn.kind).toBe('gallery');
    expect('art' in drawn.source && drawn.source.art.country).toBe('uganda');
    const svg = byPath.get('images/parks/test-forest-national-park/drawn-map.jpg')!;
    expect('file' in svg.source && svg.source.file.endsWith('drawn-map.svg')).toBe(true);
    // The blog names no country; its elephants and river choose the picture.
    const blogJob = byPath.get('images/blogs/elephants-at-sunset.jpg')!;
    expect('art' in blogJob.source && blogJob.source.art.subject).toBe('elephant');
    expect('art' in blogJob.source && blogJob.source.art.time).toBe('dusk');
    expect(byPath.get('images/blogs/stray-photo.jpg')?.kind).toBe('header');
    expect(byPath.get('images/pages/safaris.jpg')?.kind).toBe('header');
    expect(byPath.get('images/pages/social.jpg')?.kind).toBe('social');
    expect(byPath.get('images/pages/default.jpg')?.kind).toBe('header');
    expect(byPath.get('images/destinations/uganda.jpg')).toBeDefined();
  });
});

describe('building', () => {
  it('writes every variant under its hashed and hash-free names, and the stable JPEG', async () => {
    const manifest = (await readManifest(out))!;
    expect(manifestSchema.safeParse(manifest).success).toBe(true);
    const paths = Object.keys(manifest.images).sort();
    expect(paths).toEqual(
      [
        'images/blogs/elephants-at-sunset.jpg',
        'images/blogs/stray-photo.jpg',
        'images/destinations/uganda.jpg',
        'images/pages/default.jpg',
        'images/pages/safaris.jpg',
        'images/pages/social.jpg',
        'images/parks/test-forest-national-park.jpg',
        'images/parks/test-forest-national-park/drawn-map.jpg',
        'images/parks/test-forest-national-park/forest-ridge.jpg',
      ].sort(),
    );
    for (const [stable, entry] of Object.entries(manifest.images)) {
      const rel = stable.replace(/^images\//, '');
      expect(await exists(path.join(out, rel)), rel).toBe(true);
      for (const w of entry.widths)
        for (const f of FORMATS) {
          expect(await exists(path.join(out, variantPath(rel, w, f))), variantPath(rel, w, f)).toBe(true);
          expect(await exists(path.join(out, variantPath(rel, w, f, entry.v))), variantPath(rel, w, f, entry.v)).toBe(true);
        }
    }
    expect(first.images).toBe(9);
    expect(first.rendered).toBe(9);
    expect(first.warnings).toEqual([]);
  });

  it('encodes each format at the right width, never enlarging', async () => {
    const rel = 'parks/test-forest-national-park';
    for (const w of WIDTHS.header) {
      const avif = await sharp(path.join(out, `${rel}.w${w}.avif`)).metadata();
      expect(avif.format).toBe('heif');
      expect(avif.compression).toBe('av1');
      expect(avif.width).toBe(w);
      expect((await sharp(path.join(out, `${rel}.w${w}.webp`)).metadata()).format).toBe('webp');
      const jpg = await sharp(path.join(out, `${rel}.w${w}.jpg`)).metadata();
      expect(jpg.format).toBe('jpeg');
      expect(jpg.width).toBe(w);
      expect(jpg.height).toBe(Math.round((w * 1350) / 2400));
    }
    // The 700 px stray photo keeps its size in the 960 and 1600 slots.
    expect((await sharp(path.join(out, 'blogs/stray-photo.w480.jpg')).metadata()).width).toBe(480);
    expect((await sharp(path.join(out, 'blogs/stray-photo.w1600.jpg')).metadata()).width).toBe(700);
    // The stable JPEG is the largest rendering.
    const stable = await readFile(path.join(out, `${rel}.jpg`));
    expect(stable.equals(await readFile(path.join(out, `${rel}.w1600.jpg`)))).toBe(true);
  });

  it('writes a 1200x630 share picture for every header image, and none for galleries', async () => {
    const share = await sharp(path.join(out, 'parks/test-forest-national-park.share.jpg')).metadata();
    expect([share.format, share.width, share.height]).toEqual(['jpeg', 1200, 630]);
    const small = await sharp(path.join(out, 'blogs/stray-photo.share.jpg')).metadata();
    expect([small.width, small.height]).toEqual([1200, 630]);
    await expect(readFile(path.join(out, 'parks/test-forest-national-park/forest-ridge.share.jpg'))).rejects.toThrow();
  });

  it('records sizes, widths, tokens, sources and a tiny placeholder in the manifest', async () => {
    const { images } = (await readManifest(out))!;
    const header = images['images/parks/test-forest-national-park.jpg']!;
    expect(header).toMatchObject({ w: 1600, h: 900, widths: [480, 960, 1600], source: 'images/parks/test-forest-national-park.jpg' });
    expect(header.v).toMatch(/^[0-9a-f]{8}$/);
    const gallery = images['images/parks/test-forest-national-park/forest-ridge.jpg']!;
    expect(gallery).toMatchObject({ w: 1280, h: 720, widths: [480, 1280], source: 'artwork' });
    expect(images['images/pages/social.jpg']).toMatchObject({ w: 1200, h: 630, widths: [1200] });
    expect(images['images/blogs/stray-photo.jpg']).toMatchObject({ w: 700, h: 500 });
    const tokens = new Set(Object.values(images).map((e) => e.v));
    expect(tokens.size).toBe(Object.keys(images).length);
    const placeholder = Buffer.from(header.placeholder.replace(/^data:image\/webp;base64,/, ''), 'base64');
    const tiny = await sharp(placeholder).metadata();
    expect(tiny.format).toBe('webp');
    expect(tiny.width).toBe(16);
    expect(header.placeholder.length).toBeLessThan(400);
    // The colour the pages paint while the image loads: the placeholder's mean.
    expect(header.colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(header.colour).toBe(await placeholderColour(header.placeholder));
  });

  it('takes a placeholder’s mean colour', async () => {
    const tiny = async (background: string) =>
      `data:image/webp;base64,${(
        await sharp({ create: { width: 16, height: 9, channels: 3, background } })
          .webp({ lossless: true })
          .toBuffer()
      ).toString('base64')}`;
    expect(await placeholderColour(await tiny('#2d5a27'))).toBe('#2d5a27');
    expect(await placeholderColour(await tiny('#ffffff'))).toBe('#ffffff');
    // Half black, half white: grey.
    const halves = await sharp({ create: { width: 16, height: 8, channels: 3, background: '#000000' } })
      .composite([{ input: { create: { width: 8, height: 8, channels: 3, background: '#ffffff' } }, left: 8, top: 0 }])
      .webp({ lossless: true })
      .toBuffer();
    expect(await placeholderColour(`data:image/webp;base64,${halves.toString('base64')}`)).toBe('#808080');
  });

  it('keeps the drawn SVGs in the cache for inspection', async () => {
    const svg = await readFile(path.join(cache, 'artwork', 'parks', 'test-forest-national-park', 'forest-ridge.svg'), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 1280 720"/);
    expect(svg).toContain('<title>Mist over the ridges at dawn</title>');
  });

  it('renders nothing again when no source changed, and only what changed otherwise', async () => {
    const before = (await readManifest(out))!;
    const again = await buildMedia({ contentDir: content, outDir: out, cacheDir: cache });
    expect(again.rendered).toBe(0);
    expect(again.cached).toBe(9);
    expect((await readManifest(out))!.images).toEqual(before.images);

    await photo(path.join(content, 'images', 'parks', 'test-forest-national-park.jpg'), 2400, 1350, '#7b9c78');
    const third = await buildMedia({ contentDir: content, outDir: out, cacheDir: cache });
    expect(third.rendered).toBe(1);
    const after = (await readManifest(out))!;
    const key = 'images/parks/test-forest-national-park.jpg';
    expect(after.images[key]!.v).not.toBe(before.images[key]!.v);
    expect(await exists(path.join(out, variantPath('parks/test-forest-national-park', 960, 'avif', after.images[key]!.v)))).toBe(true);
    // The old hashed files are gone from the output; the other images keep their tokens.
    expect(await exists(path.join(out, variantPath('parks/test-forest-national-park', 960, 'avif', before.images[key]!.v)))).toBe(false);
    expect(after.images['images/blogs/elephants-at-sunset.jpg']!.v).toBe(before.images['images/blogs/elephants-at-sunset.jpg']!.v);
  });

  it('draws the same artwork for the same item every time', async () => {
    const a = await collectJobs(content);
    const b = await collectJobs(content);
    expect(a.jobs).toEqual(b.jobs);
  });
});
