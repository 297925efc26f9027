// Experiences (the paginated list is read off the registry, server/api/card-list.ts): by country (nav and paginated forms) and the detail.
import { cached } from './cache.ts';
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { NAV_MAX_EXPERIENCES, PAGE_SIZE } from '../../common/constants.ts';
import * as c from '../db/columns.ts';
import { allDestinations, allExperiences, destinationBySlug, featuredSafaris, galleryOf, latestBlogs, ringNeighbours } from '../db/queries.ts';
import * as t from '../db/schema.ts';
import { deps, parsePaging, slugParam, totalPagesFor, type ApiEnv } from '../http/deps.ts';
import { notFound } from '../http/error.ts';
import { destinationHeader, dedupeById, pageMeta } from './answers.ts';

const order = [asc(t.experiences.sort_order), asc(t.experiences.id)];

export function experiencesApi() {
  const app = new Hono<ApiEnv>();

  app.get('/experiences/in/:slug', cached({ query: ['navbar', 'page', 'limit'], values: { navbar: ['true', 'false'] } }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const navbar = ctx.req.query('navbar') === 'true';
    const paging = navbar ? { page: 1, limit: NAV_MAX_EXPERIENCES, offset: 0 } : parsePaging((k) => ctx.req.query(k), PAGE_SIZE.experiencesByCountry);
    const destination = await destinationBySlug(db, slugParam(ctx));
    if (!destination) throw notFound('Destination');
    const where = exists(
      db
        .select({ x: sql`1` })
        .from(t.experienceDestinations)
        .where(and(eq(t.experienceDestinations.experience_id, t.experiences.id), eq(t.experienceDestinations.destination_id, destination.id))),
    );
    const [[count], destinations] = await Promise.all([db.select({ n: c.countAll }).from(t.experiences).where(where), allDestinations(db)]);
    const totalPages = totalPagesFor(count?.n ?? 0, paging);
    const experiences = await db
      .select(c.experienceCard)
      .from(t.experiences)
      .where(where)
      .orderBy(...order)
      .limit(paging.limit)
      .offset(paging.offset);
    return ctx.json({
      ...pageMeta(
        siteUrl,
        `/experiences/in/${destination.destinationtitleslug}`,
        `Experiences in ${destination.destinationtitle}`,
        `${destination.destinationtitle} experiences, things to do in ${destination.destinationtitle}`,
        `Things to do on safari in ${destination.destinationtitle}: ${destination.destinationdescription}`.slice(0, 300),
      ),
      experiences: dedupeById(experiences),
      page: paging.page,
      totalPages,
      ...destinationHeader(destination),
      destinations,
    });
  });

  app.get('/experiences/:slug', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [row] = await db
      .select({ ...c.experienceFull, metatitle: t.experiences.metatitle, metakeywords: t.experiences.metakeywords, metadescription: t.experiences.metadescription })
      .from(t.experiences)
      .where(eq(t.experiences.experiencetitleslug, slugParam(ctx)));
    if (!row) throw notFound('Experience');
    const { metatitle, metakeywords, metadescription, ...experience } = row;
    const [all, relatedSafaris, blogs, galleryImages] = await Promise.all([
      allExperiences(db),
      featuredSafaris(db, { experienceId: experience.id }, 6),
      latestBlogs(db, 3),
      galleryOf(db, 'experience', experience.id),
    ]);
    return ctx.json({
      ...pageMeta(siteUrl, `/experiences/${experience.experiencetitleslug}`, metatitle ?? experience.experiencetitle, metakeywords, metadescription || experience.experiencedescription),
      experience,
      relatedExperiences: ringNeighbours(all, experience.id, 4),
      relatedSafaris: dedupeById(relatedSafaris),
      blogs,
      galleryImages,
    });
  });

  return app;
}
