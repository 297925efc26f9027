// Every image path the database holds after seeding the real content has an image: the pipeline
// plans one for it, and, when the site has been built, the built manifest lists it, its variants are
// on disk and the API serves them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagesApi } from '../server/api/images.ts';
import { loadContent } from '../server/db/content.ts';
import type { Database } from '../server/db/index.ts';
import { openMigratedMemoryDatabase } from './helpers/db.ts';
import * as t from '../server/db/schema.ts';
import { mediaDirs } from '../server/media/dirs.ts';
import { collectJobs } from '../server/media/jobs.ts';
import { readManifest, type Manifest } from '../server/media/manifest.ts';
import { FORMATS, variantPath } from '../server/media/variants.ts';

const contentDir = path.resolve(import.meta.dirname, '../content');
const builtDir = mediaDirs()[0]!;
const built = existsSync(path.join(builtDir, 'manifest.json'));

let database: Database;
let stored: string[] = [];

beforeAll(async () => {
  // The content files' projection (content/, a copy of the run's: tests/helpers/templates.ts).
  database = await openMigratedMemoryDatabase('content');
  const { db } = database;
  const columns = await Promise.all([
    db.select({ p: t.destinations.destinationheaderimage }).from(t.destinations),
    db.select({ p: t.parks.parkheaderimage }).from(t.parks),
    db.select({ p: t.experiences.experienceheaderimage }).from(t.experiences),
    db.select({ p: t.safaris.safariheaderimage }).from(t.safaris),
    db.select({ p: t.blogs.blogheaderimage }).from(t.blogs),
    db.select({ p: t.animals.animalheaderimage }).from(t.animals),
    db.select({ p: t.birds.birdheaderimage }).from(t.birds),
    db.select({ p: t.galleryImages.filepath }).from(t.galleryImages),
    db.select({ p: t.reviews.profileimage }).from(t.reviews),
  ]);
  stored = [
    ...new Set(
      columns
        .flat()
        .map((r) => r.p)
        .filter((p): p is string => !!p),
    ),
  ].sort();
});

afterAll(async () => {
  await database?.close();
});

describe('images of the seeded content', () => {
  it('stores a stable image path for every item and gallery entry', async () => {
    const content = await loadContent(contentDir);
    const galleries = [...content.parks, ...content.experiences, ...content.animals, ...content.birds].reduce((n, i) => n + i.gallery.length, 0);
    const items = content.destinations.length + content.parks.length + content.experiences.length + content.safaris.length + content.blogs.length + content.animals.length + content.birds.length;
    expect(stored.length).toBeGreaterThanOrEqual(items + galleries);
    for (const p of stored) expect(p).toMatch(/^images\/[a-z0-9-]+\/([a-z0-9-]+\/)?[a-z0-9][a-z0-9_.-]*\.jpg$/);
  });

  it('plans a picture for every stored path', async () => {
    const { jobs } = await collectJobs(contentDir);
    const planned = new Set(jobs.map((j) => j.stable));
    expect(stored.filter((p) => !planned.has(p))).toEqual([]);
  });

  describe.skipIf(!built)('in the build (run `npm run build` first)', () => {
    let manifest: Manifest;
    beforeAll(async () => {
      manifest = (await readManifest(builtDir))!;
    });

    it('lists every stored path in the manifest, with its variants on disk', () => {
      const missing: string[] = [];
      for (const p of stored) {
        const entry = manifest.images[p];
        if (!entry) {
          missing.push(p);
          continue;
        }
        const rel = p.replace(/^images\//, '');
        const files = [rel, ...entry.widths.flatMap((w) => FORMATS.flatMap((f) => [variantPath(rel, w, f), variantPath(rel, w, f, entry.v)]))];
        for (const f of files) if (!existsSync(path.join(builtDir, f))) missing.push(f);
      }
      expect(missing).toEqual([]);
    });

    it('serves every stored path through the API', async () => {
      const api = imagesApi(mediaDirs());
      const failures: string[] = [];
      for (const p of stored) {
        const res = await api.request(`/${p}`, { method: 'HEAD' });
        if (res.status !== 200 || res.headers.get('content-type') !== 'image/jpeg') failures.push(`${p}: ${res.status}`);
      }
      expect(failures).toEqual([]);
    });
  });
});
