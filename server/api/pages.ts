// Home (and a featured review's full text), about, tips, FAQ and the static content pages.
import { PAGES_WITH_SIDE_LISTS, PLAIN_PAGES } from '../../common/content-types.ts';
import { cached } from './cache.ts';
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { aboutPath } from '../../common/site.ts';
import * as c from '../db/columns.ts';
import { dedupeById, featuredSafaris, latestBlogs, pageRow, allExperiences } from '../db/queries.ts';
import * as t from '../db/schema.ts';
import { deps, type ApiContext, type ApiEnv } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';
import { pageMeta } from './answers.ts';
import { experienceBySlug, destinationBySlug } from '../db/queries.ts';

/** Metadata and copy of a static page; the page row must exist. */
async function pageFor(ctx: ApiContext, slug: string, path: string) {
  const { db, siteUrl } = deps(ctx);
  const row = await pageRow(db, slug);
  if (!row) throw new HttpError(404, 'Page not found');
  return {
    ...pageMeta(siteUrl, path, row.title, row.pagekeywords, row.pagedescription),
    content: row.body,
    blocks: row.blocks,
  };
}

async function sideLists(ctx: ApiContext) {
  const { db } = deps(ctx);
  const [safaris, blogs] = await Promise.all([featuredSafaris(db, { popular: true }, 5), latestBlogs(db, 4)]);
  return { safaris, blogs };
}

/** Fixed pages answered with their page's fields only (the form pages, and the plain pages). */
const STATIC_PAGES = [...PLAIN_PAGES, 'plan-a-safari', 'contact-us'] as const;

export function pagesApi() {
  const app = new Hono<ApiEnv>();

  app.get('/', cached(), async (ctx) => {
    const { db } = deps(ctx);
    const [uganda, chimps, gorillas] = await Promise.all([destinationBySlug(db, 'uganda'), experienceBySlug(db, 'chimpanzee-trekking'), experienceBySlug(db, 'gorilla-trekking')]);
    const none = Promise.resolve([]);
    const [page, blogs, parks, safaris, ugchimpsafaris, uggorillasafaris, experiences, faqs, reviews] = await Promise.all([
      pageFor(ctx, 'home', '/'),
      latestBlogs(db, 3),
      db.select(c.parkCard).from(t.parks).innerJoin(t.destinations, eq(t.parks.destination_id, t.destinations.id)).orderBy(asc(t.parks.sort_order), asc(t.parks.id)).limit(6),
      featuredSafaris(db, { popular: true }, 6),
      uganda && chimps ? featuredSafaris(db, { destinationId: uganda.id, experienceId: chimps.id }, 3) : none,
      uganda && gorillas ? featuredSafaris(db, { destinationId: uganda.id, experienceId: gorillas.id }, 3) : none,
      allExperiences(db).then((all) => all.slice(0, 6)),
      db.select(c.faqFields).from(t.faqs).where(eq(t.faqs.show_on_home, true)).orderBy(asc(t.faqs.sort_order), asc(t.faqs.id)),
      db.select(c.reviewFields).from(t.reviews).where(eq(t.reviews.featured, true)).orderBy(asc(t.reviews.id)).limit(3),
    ]);
    return ctx.json({
      ...page,
      blogs,
      parks,
      safaris,
      ugchimpsafaris: dedupeById(ugchimpsafaris),
      uggorillasafaris: dedupeById(uggorillasafaris),
      experiences,
      faqs,
      reviews,
    });
  });

  // A featured review's full text, for the home page's Read more popup (the page's data carries
  // the cards' fields only: the full texts are in no visible HTML, and most visitors open none).
  app.get('/reviews/:id', cached(), async (ctx) => {
    const id = Number(/^[1-9][0-9]{0,9}$/.exec(ctx.req.param('id'))?.[0]);
    if (!(id <= 2 ** 31 - 1)) throw new HttpError(404, 'Review not found');
    const { db } = deps(ctx);
    const [review] = await db
      .select({ id: t.reviews.id, details: t.reviews.details })
      .from(t.reviews)
      .where(and(eq(t.reviews.id, id), eq(t.reviews.featured, true)));
    if (!review) throw new HttpError(404, 'Review not found');
    return ctx.json(review);
  });

  app.get(aboutPath, cached(), async (ctx) => ctx.json({ ...(await pageFor(ctx, 'about', aboutPath)), ...(await sideLists(ctx)) }));

  app.get('/gorilla-tracking-tips', cached(), async (ctx) => {
    const { db } = deps(ctx);
    const gorillas = await experienceBySlug(db, 'gorilla-trekking');
    const gorillasafaris = gorillas ? await featuredSafaris(db, { experienceId: gorillas.id }, 6) : [];
    return ctx.json({ ...(await pageFor(ctx, 'gorilla-tracking-tips', '/gorilla-tracking-tips')), gorillasafaris: dedupeById(gorillasafaris) });
  });

  for (const slug of STATIC_PAGES) app.get(`/${slug}`, cached(), async (ctx) => ctx.json(await pageFor(ctx, slug, `/${slug}`)));

  app.get('/frequently-asked-questions', cached(), async (ctx) => {
    const { db } = deps(ctx);
    const row = await pageRow(db, 'frequently-asked-questions');
    if (!row) throw new HttpError(404, 'Faqs not found');
    const faqs = await db.select(c.faqFields).from(t.faqs).orderBy(asc(t.faqs.sort_order), asc(t.faqs.id));
    return ctx.json({ ...(await pageFor(ctx, 'frequently-asked-questions', '/frequently-asked-questions')), faqs });
  });

  for (const slug of PAGES_WITH_SIDE_LISTS) app.get(`/${slug}`, cached(), async (ctx) => ctx.json({ ...(await pageFor(ctx, slug, `/${slug}`)), ...(await sideLists(ctx)) }));

  return app;
}
