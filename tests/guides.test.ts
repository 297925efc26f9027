// Guides end to end below the browser, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL:
// the content checks, GET /guides (pages, order), GET /guides/{slug} (the safaris they lead, other
// guides, refusals), a safari's guides in its order, search, the sitemap, the Person JSON-LD, the
// console's form, and the seed removing a guide. Expectations come from the content files.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GuideResponse, SafariResponse, SearchResponse } from '../common/api-types.ts';
import { contentTypeInfo } from '../common/content-types.ts';
import { pageGraph, routeKind } from '../app/lib/seo/jsonld.ts';
import { loadLanguage } from '../app/i18n/index.ts';
import { describeSchema } from '../server/content/describe.ts';
import { collections, crossReferenceProblems, loadContent, type Content } from '../server/db/content.ts';
import * as t from '../server/db/schema.ts';
import { apiRequests, breadcrumbNames, contentApi, expectInSitemap, expectItemPage, expectPagedList, inListOrder, itemNode, searchDocumentsOf, sorted, syncAgain } from './helpers/api.ts';
import { backends } from './helpers/db.ts';

// The structured data names a page's list in the page's language, as the server does once it has
// loaded the messages at start.
await loadLanguage('en', 'all');

const SITE = 'https://www.kigezitrails.example';

const CARD = ['id', 'guidetitle', 'guidetitleslug', 'guiderole', 'guidelanguages', 'guideyears', 'guideheaderimage', 'guideheaderimagealt', 'guidedescription'];
const FULL = [...CARD, 'guidespecialities', 'guideparagraph'];
const PAGE = contentTypeInfo('guides')!.page!.pageSize!;

describe('guide content checks', () => {
  let content: Content;
  beforeAll(async () => {
    content = await loadContent();
  });

  it('has at least eight guides, each leading some safari and speaking at least one language', () => {
    expect(content.guides.length).toBeGreaterThanOrEqual(8);
    for (const g of content.guides) {
      expect(
        content.safaris.some((s) => s.guides.includes(g.slug)),
        g.slug,
      ).toBe(true);
      expect(g.languages.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('refuses a safari naming an unknown guide', () => {
    const safari = content.safaris[0]!;
    expect(crossReferenceProblems(content)).toEqual([]);
    const broken = { ...content, safaris: content.safaris.map((s) => (s === safari ? { ...s, guides: ['nobody-here'] } : s)) };
    expect(crossReferenceProblems(broken)).toEqual([`safaris/${safari.slug}: unknown guide nobody-here`]);
  });

  it("gives the console a guide form read off the schema, and a safari's form the guides in order", () => {
    const names = describeSchema(collections.guides).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['name', 'role', 'languages', 'yearsGuiding', 'specialities', 'description', 'biography', 'image', 'seo']));
    const guides = describeSchema(collections.safaris).find((f) => f.name === 'guides');
    expect(guides).toMatchObject({ kind: 'refs', collections: ['guides'], ordered: true, min: 0 });
  });
});

for (const backend of backends()) {
  describe(`guides on ${backend}`, () => {
    const site = contentApi(backend, SITE);

    const requests = apiRequests({ request: (path) => site.api.request(path) });
    const { get, ok } = requests;

    it('GET /guides pages through every guide in their order, and refuses a page beyond the last', async () => {
      const slugs = inListOrder(site.content.guides);
      await expectPagedList(requests, { collection: 'guides', item: 'guide', limit: 4, title: 'Meet your guides', siteUrl: SITE, card: CARD, slugs, pageSize: PAGE });
    });

    it('GET /guides/{slug} has the guide, the safaris they lead and other guides; an unknown slug is a 404', async () => {
      const src = site.content.guides[1]!;
      const safaris = site.content.safaris.filter((s) => s.guides.includes(src.slug)).map((s) => s.slug);
      const body = await expectItemPage<GuideResponse>(requests, { collection: 'guides', item: 'guide', siteUrl: SITE, full: FULL, src, safaris, missing: 'nobody-here', notFound: 'Guide not found' });
      expect(body.guide).toMatchObject({
        guidetitle: src.name,
        guiderole: src.role,
        guidelanguages: src.languages,
        guideyears: src.yearsGuiding,
        guidespecialities: src.specialities,
        guidedescription: src.description,
      });
      expect(body.otherGuides.map((g) => g.guidetitleslug)).not.toContain(src.slug);
      expect(body.otherGuides.length).toBe(Math.min(4, site.content.guides.length - 1));
    });

    it("answers a safari with its guides in the safari's order", async () => {
      for (const s of site.content.safaris.filter((x) => x.guides.length > 1).slice(0, 3)) {
        const body = await ok<SafariResponse>(`/safaris/${s.slug}`);
        expect(body.guides.map((g) => g.guidetitleslug)).toEqual(s.guides);
        for (const g of body.guides) expect(sorted(Object.keys(g))).toEqual(sorted(CARD));
      }
    });

    it('finds a guide by name, by a language they speak and by a speciality', async () => {
      const guide = site.content.guides.find((g) => g.slug === 'grace-akello') ?? site.content.guides[0]!;
      const byName = await ok<SearchResponse>(`/search?query=${encodeURIComponent(guide.name.split(' ')[1]!)}`);
      expect(byName.results[0]).toMatchObject({ type: 'guide', guidetitleslug: guide.slug });
      expect(byName.counts.guide).toBeGreaterThanOrEqual(1);
      const speaker = site.content.guides.find((g) => g.languages.includes('Kinyarwanda'))!;
      const byLanguage = await ok<SearchResponse>('/search?query=kinyarwanda&types=guide');
      expect(byLanguage.guides.map((g) => (g.type === 'guide' ? g.guidetitleslug : ''))).toContain(speaker.slug);
      expect(byLanguage.results.every((r) => r.type === 'guide')).toBe(true);
      const birder = await ok<SearchResponse>('/search?query=shoebill&types=guide');
      expect(birder.guides.map((g) => (g.type === 'guide' ? g.guidetitleslug : ''))).toEqual(
        site.content.guides.filter((g) => /shoebill/i.test(g.specialities.join(' ') + g.biography)).map((g) => g.slug),
      );
    });

    it('lists /guides and every guide page in the sitemap', async () => {
      await expectInSitemap(
        requests,
        SITE,
        'guides',
        site.content.guides.map((g) => g.slug),
      );
    });

    it('describes a guide page as a Person working for the operator, with the languages they speak', async () => {
      const src = site.content.guides[0]!;
      const body = await ok<GuideResponse>(`/guides/${src.slug}`);
      const nodes = pageGraph(routeKind('routes/guide'), body as unknown as Record<string, unknown>)!['@graph'];
      expect(nodes.find((n) => n['@type'] === 'Person')).toEqual({
        '@type': 'Person',
        ...itemNode(SITE, 'guides', src, 'person'),
        jobTitle: src.role,
        knowsLanguage: src.languages,
        knowsAbout: src.specialities,
        worksFor: { '@id': `${SITE}/#organization` },
      });
      expect(breadcrumbNames(nodes)).toEqual(['Home', 'Guides', src.name]);
    });

    it('removes a guide whose file is gone, with its search document, and takes it off the safaris that named it', async () => {
      const gone = site.content.guides.find((g) => site.content.safaris.some((s) => s.guides.includes(g.slug)))!;
      const [row] = await site.db.db.select({ id: t.guides.id }).from(t.guides).where(eq(t.guides.guidetitleslug, gone.slug));
      const without = {
        ...site.content,
        guides: site.content.guides.filter((g) => g !== gone),
        safaris: site.content.safaris.map((s) => ({ ...s, guides: s.guides.filter((g) => g !== gone.slug) })),
      };
      await syncAgain(site, without);
      expect((await get(`/guides/${gone.slug}`)).status).toBe(404);
      const safari = site.content.safaris.find((s) => s.guides.includes(gone.slug))!;
      expect((await ok<SafariResponse>(`/safaris/${safari.slug}`)).guides.map((g) => g.guidetitleslug)).toEqual(safari.guides.filter((g) => g !== gone.slug));
      expect(await searchDocumentsOf(site, 'guide', row!.id)).toEqual([]);
      await syncAgain(site, site.content);
      expect((await ok<SafariResponse>(`/safaris/${safari.slug}`)).guides.map((g) => g.guidetitleslug)).toEqual(safari.guides);
    });
  });
}
