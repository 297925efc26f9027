// Animals and birds: paginated lists (8 per page) and details with related and other species.
import { cached } from './cache.ts';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { PAGE_SIZE } from '../../common/constants.ts';
import * as c from '../db/columns.ts';
import { galleryOf, pageRow, ringNeighbours } from '../db/queries.ts';
import * as t from '../db/schema.ts';
import { deps, notFound, pageMeta, parsePaging, slugParam, totalPagesFor, type ApiEnv } from './http.ts';

export function animalsApi() {
  const app = new Hono<ApiEnv>();
  const order = [asc(t.animals.sort_order), asc(t.animals.id)];

  app.get('/animals', cached({ query: ['page', 'limit'] }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const paging = parsePaging((k) => ctx.req.query(k), PAGE_SIZE.animals);
    const [[count], page] = await Promise.all([db.select({ n: c.countAll }).from(t.animals), pageRow(db, 'animals')]);
    const totalPages = totalPagesFor(count?.n ?? 0, paging);
    const animals = await db.select(c.animalCard).from(t.animals).orderBy(...order).limit(paging.limit).offset(paging.offset);
    const title = page?.title ?? 'Animals of East Africa';
    return ctx.json({ ...pageMeta(siteUrl, '/animals', title, page?.pagekeywords ?? '', page?.pagedescription ?? ''), animals, page: paging.page, totalPages });
  });

  app.get('/animals/:slug', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [row] = await db
      .select({ ...c.animalFull, metatitle: t.animals.metatitle, metakeywords: t.animals.metakeywords, metadescription: t.animals.metadescription })
      .from(t.animals)
      .where(eq(t.animals.animaltitleslug, slugParam(ctx)));
    if (!row) throw notFound('Animal');
    const { metatitle, metakeywords, metadescription, ...animal } = row;
    const [all, galleryImages] = await Promise.all([db.select(c.animalCard).from(t.animals).orderBy(...order), galleryOf(db, 'animal', animal.id)]);
    const relatedAnimals = ringNeighbours(all, animal.id, 4);
    const otherAnimals = all.filter((a) => a.id !== animal.id && !relatedAnimals.some((r) => r.id === a.id)).slice(0, 5);
    return ctx.json({
      ...pageMeta(siteUrl, `/animals/${animal.animaltitleslug}`, metatitle ?? animal.animaltitle, metakeywords, metadescription || animal.animaldescription),
      animal,
      relatedAnimals,
      otherAnimals,
      galleryImages,
    });
  });

  return app;
}

export function birdsApi() {
  const app = new Hono<ApiEnv>();
  const order = [asc(t.birds.sort_order), asc(t.birds.id)];

  app.get('/birds', cached({ query: ['page', 'limit'] }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const paging = parsePaging((k) => ctx.req.query(k), PAGE_SIZE.birds);
    const [[count], page] = await Promise.all([db.select({ n: c.countAll }).from(t.birds), pageRow(db, 'birds')]);
    const totalPages = totalPagesFor(count?.n ?? 0, paging);
    const birds = await db.select(c.birdCard).from(t.birds).orderBy(...order).limit(paging.limit).offset(paging.offset);
    const title = page?.title ?? 'Birds of East Africa';
    return ctx.json({ ...pageMeta(siteUrl, '/birds', title, page?.pagekeywords ?? '', page?.pagedescription ?? ''), birds, page: paging.page, totalPages });
  });

  app.get('/birds/:slug', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [row] = await db
      .select({ ...c.birdFull, metatitle: t.birds.metatitle, metakeywords: t.birds.metakeywords, metadescription: t.birds.metadescription })
      .from(t.birds)
      .where(eq(t.birds.birdtitleslug, slugParam(ctx)));
    if (!row) throw notFound('Bird');
    const { metatitle, metakeywords, metadescription, ...bird } = row;
    const [all, galleryImages] = await Promise.all([db.select(c.birdCard).from(t.birds).orderBy(...order), galleryOf(db, 'bird', bird.id)]);
    const relatedBirds = ringNeighbours(all, bird.id, 4);
    const otherBirds = all.filter((b) => b.id !== bird.id && !relatedBirds.some((r) => r.id === b.id)).slice(0, 5);
    return ctx.json({
      ...pageMeta(siteUrl, `/birds/${bird.birdtitleslug}`, metatitle ?? bird.birdtitle, metakeywords, metadescription || bird.birddescription),
      bird,
      relatedBirds,
      otherBirds,
      galleryImages,
    });
  });

  return app;
}
