// Safaris: the full list, by country and by experience (nav and paginated forms). The detail is read
// off the registry (server/api/card-list.ts, server/content/types/safaris.queries.ts).
import { cached } from './cache.ts';
import { Hono } from 'hono';
import { NAV_MAX_SAFARIS, PAGE_SIZE } from '../../common/constants.ts';
import { allExperiences, dedupeById, destinationBySlug, experienceBySlug, findSafaris, findSafarisPage, pageRow } from '../db/queries.ts';
import { deps, parsePaging, slugParam, totalPagesFor, type ApiEnv } from '../http/deps.ts';
import { notFound } from '../http/error.ts';
import { destinationHeader, pageMeta } from './answers.ts';

export function safarisApi() {
  const app = new Hono<ApiEnv>();

  app.get('/safaris', cached(), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const [page, allsafaris] = await Promise.all([pageRow(db, 'safaris'), findSafaris(db, {}, 10_000)]);
    const title = page?.title ?? 'All safaris';
    return ctx.json({
      ...pageMeta(siteUrl, '/safaris', title, page?.pagekeywords ?? '', page?.pagedescription ?? ''),
      allsafaris: dedupeById(allsafaris),
    });
  });

  app.get('/safaris/in/:slug', cached({ query: ['page', 'limit'] }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const paging = parsePaging((k) => ctx.req.query(k), PAGE_SIZE.safarisByCountry);
    const destination = await destinationBySlug(db, slugParam(ctx));
    if (!destination) throw notFound('Destination');
    const { total, safaris } = await findSafarisPage(db, { destinationId: destination.id }, paging.limit, paging.offset);
    const totalPages = totalPagesFor(total, paging);
    return ctx.json({
      ...pageMeta(
        siteUrl,
        `/safaris/in/${destination.destinationtitleslug}`,
        `${destination.destinationtitle} Safaris`,
        `${destination.destinationtitle} safaris, ${destination.destinationtitle} tours, safari packages`,
        `Safari packages in ${destination.destinationtitle}: ${destination.destinationdescription}`.slice(0, 300),
      ),
      safaris: dedupeById(safaris),
      page: paging.page,
      totalPages,
      ...destinationHeader(destination),
    });
  });

  app.get('/safaris/experiences/:slug', cached({ query: ['navbar', 'page', 'limit'], values: { navbar: ['true', 'false'] } }), async (ctx) => {
    const { db, siteUrl } = deps(ctx);
    const navbar = ctx.req.query('navbar') === 'true';
    const paging = navbar ? { page: 1, limit: NAV_MAX_SAFARIS, offset: 0 } : parsePaging((k) => ctx.req.query(k), PAGE_SIZE.safarisByExperience);
    const experience = await experienceBySlug(db, slugParam(ctx));
    if (!experience) throw notFound('Experience');
    const [{ total, safaris }, safariexperiences] = await Promise.all([findSafarisPage(db, { experienceId: experience.id }, paging.limit, paging.offset), allExperiences(db)]);
    const totalPages = totalPagesFor(total, paging);
    return ctx.json({
      ...pageMeta(
        siteUrl,
        `/safaris/experiences/${experience.experiencetitleslug}`,
        `${experience.experiencetitle} Safaris`,
        `${experience.experiencetitle} safaris, ${experience.experiencetitle} tours`,
        `${experience.experiencetitle} safaris: ${experience.experiencedescription}`.slice(0, 300),
      ),
      safaris: dedupeById(safaris),
      page: paging.page,
      totalPages,
      experienceTitle: experience.experiencetitle,
      experienceTitleSlug: experience.experiencetitleslug,
      experienceImage: experience.experienceheaderimage,
      experienceImageAlt: experience.experienceheaderimagealt,
      safariexperiences,
    });
  });

  return app;
}
