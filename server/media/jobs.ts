// Which images to build: one per stable path the database stores (every item's header and gallery
// entries, review photos, page heroes, the default and social pictures), each from a real file under
// content/images when there is one, else from the artwork generator. Image files under content/images
// that no item names are built too, so a photo dropped in is always served.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { chooseArt, choosePageArt, type ArtChoice, type ArtItem, type PortraitSpec } from '../../content/artwork/index.ts';
import { collections, type CollectionName } from '../db/content.ts';
import { CONTENT_MODULES, GALLERY_OWNERS } from '../content/types/index.ts';
import { galleryImagePath, headerImagePath, type ImageCollection } from './paths.ts';
import { DEFAULT_IMAGE, kindOf, SOCIAL_IMAGE, type ImageKind } from './variants.ts';

export interface ImageJob {
  /** The stable public path, as stored in the database: images/<collection>/<name>.jpg */
  stable: string;
  kind: ImageKind;
  /** A file under content/images, a picture for the artwork generator, or a drawn portrait. */
  source: { file: string } | { art: ArtChoice } | { portrait: PortraitSpec };
}

/** Source file types, in order of preference when several share a name (photos before drawings). */
const SOURCE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif', '.tif', '.tiff', '.svg'];

/** Types whose items get a drawn scene (and their galleries' pictures) when they have no photo. */
const WITH_IMAGES = CONTENT_MODULES.filter((m) => 'images' in m && m.images === 'art');
const WITH_GALLERY = new Set(GALLERY_OWNERS.map((m) => m.collection));

interface LoadedItem extends ArtItem {
  gallery?: { file?: string; upload?: string; alt: string; caption: string }[];
  image?: { alt: string; file?: string; upload?: string };
}

/** Reads one collection, keeping every valid file and reporting the others (the seed rejects them anyway). */
async function readCollection(contentDir: string, name: CollectionName, warnings: string[]): Promise<Record<string, unknown>[]> {
  const folder = path.join(contentDir, name);
  const files = await readdir(folder).catch(() => [] as string[]);
  const out: Record<string, unknown>[] = [];
  for (const file of files.filter((f) => /\.ya?ml$/.test(f)).sort()) {
    const slug = file.replace(/\.ya?ml$/, '');
    try {
      const parsed = collections[name].safeParse(parseYaml(await readFile(path.join(folder, file), 'utf8')));
      if (parsed.success) out.push({ ...(parsed.data as object), slug });
      else warnings.push(`${name}/${file}: invalid, no image built`);
    } catch (e) {
      warnings.push(`${name}/${file}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  return out;
}

/** A source file for `name` in `dir`: the exact file when it exists, else the same stem with any image extension. */
async function findSource(dir: string, name: string, listing: Map<string, string[]>): Promise<string | undefined> {
  let files = listing.get(dir);
  if (!files) {
    files = await readdir(dir).catch(() => [] as string[]);
    listing.set(dir, files);
  }
  const ext = path.extname(name).toLowerCase();
  if (ext && SOURCE_EXTENSIONS.includes(ext) && files.includes(name)) return path.join(dir, name);
  const stem = ext && SOURCE_EXTENSIONS.includes(ext) ? name.slice(0, -ext.length) : name;
  for (const e of SOURCE_EXTENSIONS) {
    const hit = files.find((f) => f.toLowerCase() === `${stem}${e}`.toLowerCase());
    if (hit) return path.join(dir, hit);
  }
  return undefined;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(full)));
    else if (SOURCE_EXTENSIONS.includes(path.extname(e.name).toLowerCase())) out.push(full);
  }
  return out;
}

export async function collectJobs(contentDir: string): Promise<{ jobs: ImageJob[]; warnings: string[] }> {
  const warnings: string[] = [];
  const imagesDir = path.join(contentDir, 'images');
  const listing = new Map<string, string[]>();
  const jobs = new Map<string, ImageJob>();
  const add = (job: ImageJob) => {
    if (!jobs.has(job.stable)) jobs.set(job.stable, job);
  };

  // A lodge's picture takes the country of its park.
  const parkCountry = new Map<string, string>();
  for (const { collection: name } of WITH_IMAGES) {
    const items = (await readCollection(contentDir, name, warnings)) as unknown as LoadedItem[];
    const collection = name as ImageCollection;
    if (name === 'parks') for (const p of items) if (p.destination) parkCountry.set(p.slug, p.destination);
    if (name === 'lodges') for (const l of items) l.destination ??= l.park ? parkCountry.get(l.park) : undefined;
    for (const item of items) {
      // A library image chosen in the console is rendered by the media library, not here.
      if (!item.image?.upload) {
        const stable = headerImagePath(collection, item.slug, item.image?.file);
        const file = await findSource(path.join(imagesDir, name), item.image?.file ?? item.slug, listing);
        add({ stable, kind: 'header', source: file ? { file } : { art: chooseArt(name, item) } });
      }
      if (!WITH_GALLERY.has(name)) continue;
      for (const g of item.gallery ?? []) {
        if (!g.file) continue;
        const gStable = galleryImagePath(collection, item.slug, g.file);
        const gFile = await findSource(path.join(imagesDir, name, item.slug), g.file, listing);
        add({ stable: gStable, kind: 'gallery', source: gFile ? { file: gFile } : { art: chooseArt(name, item, { ...g, file: g.file }) } });
      }
    }
  }

  // Types whose items are people: a photo when there is one, else a drawn portrait (in the header's shape).
  for (const { collection: name } of CONTENT_MODULES.filter((m) => 'images' in m && m.images === 'portrait')) {
    for (const item of (await readCollection(contentDir, name, warnings)) as unknown as (LoadedItem & { name?: string })[]) {
      if (item.image?.upload) continue;
      const stable = headerImagePath(name, item.slug, item.image?.file);
      const file = await findSource(path.join(imagesDir, name), item.image?.file ?? item.slug, listing);
      add({ stable, kind: 'header', source: file ? { file } : { portrait: { seed: `${name}/${item.slug}`, name: item.name ?? item.title ?? item.slug } } });
    }
  }

  // Review photos: the file when the review names one, else a drawn portrait of the traveller.
  for (const review of (await readCollection(contentDir, 'reviews', warnings)) as { slug: string; name: string; image?: string }[]) {
    if (review.image) {
      const file = await findSource(path.join(imagesDir, 'reviews'), review.image, listing);
      if (file) add({ stable: headerImagePath('reviews', review.slug, review.image), kind: 'avatar', source: { file } });
      else warnings.push(`reviews/${review.slug}: image ${review.image} not found under content/images/reviews`);
      continue;
    }
    add({ stable: headerImagePath('reviews', review.slug), kind: 'avatar', source: { portrait: { seed: `reviews/${review.slug}`, name: review.name } } });
  }

  // Page heroes, the fallback picture and the social-share picture.
  const pages = (await readCollection(contentDir, 'pages', warnings)) as { slug: string; title: string }[];
  for (const page of [...pages, { slug: 'default', title: 'Kigezi Trails' }, { slug: 'social', title: 'Kigezi Trails' }]) {
    const stable = page.slug === 'social' ? SOCIAL_IMAGE : page.slug === 'default' ? DEFAULT_IMAGE : headerImagePath('pages', page.slug);
    const file = await findSource(path.join(imagesDir, 'pages'), page.slug, listing);
    add({ stable, kind: kindOf(stable)!, source: file ? { file } : { art: choosePageArt(page.slug, page.title) } });
  }

  // Any other image dropped under content/images.
  for (const file of (await walk(imagesDir)).sort()) {
    const rel = path.relative(imagesDir, file).split(path.sep).join('/');
    const stable = `images/${rel.replace(/\.[^./]+$/, '')}.jpg`;
    const kind = kindOf(stable);
    if (!kind) {
      warnings.push(`content/images/${rel}: not a valid image name (lower-case words joined by hyphens)`);
      continue;
    }
    const existing = jobs.get(stable);
    if (!existing) add({ stable, kind, source: { file } });
    else if ('file' in existing.source && existing.source.file !== file) warnings.push(`content/images/${rel}: ignored, ${path.relative(imagesDir, existing.source.file)} has the same name`);
  }
  return { jobs: [...jobs.values()], warnings };
}
