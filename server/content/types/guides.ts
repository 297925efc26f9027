// Guides: the team the operator sends out. Each has a page (/guides/<slug>) with a drawn portrait,
// the languages they speak, their years guiding and specialities, and the safaris they usually
// lead; a safari names its guides (server/content/types/safaris.ts), and its page shows them.
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import type { Db } from '../../db/index.ts';
import * as t from '../../db/schema.ts';
import { image, markdown, seo, text } from './fields.ts';
import { cardsById, contentType, headerImage, inOrder, upsertEach } from './type.ts';

const guideSchema = z.object({
  /** The guide's name. */
  name: text,
  /** What they do on a trip ("Head guide", "Birding guide"). */
  role: text.max(80),
  languages: z.array(text.max(40)).min(1),
  yearsGuiding: z.number().int().min(0).max(70),
  specialities: z.array(text.max(80)).min(1),
  order: z.number().int().default(100),
  /** One or two sentences, for cards and meta. */
  description: text.max(320),
  biography: markdown,
  /** The portrait: drawn by the image build unless a photo or a library image is named. */
  image,
  seo,
});

/** A guide's card on the wire: lists, a safari's "Your guides", search results. */
const guideCard = {
  id: t.guides.id,
  guidetitle: t.guides.guidetitle,
  guidetitleslug: t.guides.guidetitleslug,
  guiderole: t.guides.guiderole,
  guidelanguages: t.guides.guidelanguages,
  guideyears: t.guides.guideyears,
  guideheaderimage: t.guides.guideheaderimage,
  guideheaderimagealt: t.guides.guideheaderimagealt,
  guidedescription: t.guides.guidedescription,
};
const guideFull = { ...guideCard, guidespecialities: t.guides.guidespecialities, guideparagraph: t.guides.guideparagraph };

/** The guides who usually lead a safari, in the safari's order. */
export function guidesOfSafari(db: Db, safariId: number) {
  return db.select(guideCard).from(t.safariGuides).innerJoin(t.guides, eq(t.safariGuides.guide_id, t.guides.id)).where(eq(t.safariGuides.safari_id, safariId)).orderBy(asc(t.safariGuides.position));
}

export default contentType({
  collection: 'guides',
  schema: guideSchema,
  table: t.guides,
  slugKey: 'guidetitleslug',
  images: 'portrait',
  cardList: inOrder(t.guides, guideCard, 'Meet your guides'),
  detail: {
    notFound: 'Guide',
    async read(db, slug) {
      const [row] = await db
        .select({ ...guideFull, metatitle: t.guides.metatitle, metakeywords: t.guides.metakeywords, metadescription: t.guides.metadescription })
        .from(t.guides)
        .where(eq(t.guides.guidetitleslug, slug));
      if (!row) return null;
      const { metatitle, metakeywords, metadescription, ...guide } = row;
      const [safaris, others] = await Promise.all([
        db
          .select(c.safariCard)
          .from(t.safariGuides)
          .innerJoin(t.safaris, eq(t.safariGuides.safari_id, t.safaris.id))
          .where(eq(t.safariGuides.guide_id, guide.id))
          .orderBy(asc(t.safaris.sort_order), asc(t.safaris.id)),
        db.select(guideCard).from(t.guides).orderBy(asc(t.guides.sort_order), asc(t.guides.id)),
      ]);
      return {
        title: metatitle ?? `${guide.guidetitle}, ${guide.guiderole}`,
        keywords: metakeywords,
        description: metadescription || guide.guidedescription,
        body: { guide, safaris, otherGuides: others.filter((g) => g.id !== guide.id).slice(0, 4) },
      };
    },
  },
  search: {
    type: 'guide',
    titleBoost: 0.35,
    results: cardsById(t.guides, guideCard),
    document: {
      slug: 'x.guidetitleslug',
      title: 'x.guidetitle',
      description: `x.guiderole || ' ' || x.guidedescription`,
      // What they speak and know, and their story.
      body: `coalesce((SELECT string_agg(v, ' ') FROM jsonb_array_elements_text(x.guidelanguages || x.guidespecialities) AS v), '') || ' ' || x.guideparagraph`,
      keywords: 'x.metakeywords',
    },
  },
  async project(tx, items, p) {
    await upsertEach(tx, items, p, t.guides, t.guides.guidetitleslug, (g) => ({
      guidetitle: g.name,
      guidetitleslug: g.slug,
      guiderole: g.role,
      guidelanguages: g.languages,
      guideyears: g.yearsGuiding,
      guidespecialities: g.specialities,
      guideheaderimage: headerImage('guides', g.slug, g.image),
      guideheaderimagealt: g.image.alt,
      guidedescription: g.description,
      guideparagraph: markdownToHtml(g.biography),
      sort_order: g.order,
      metatitle: g.seo.title ?? null,
      metakeywords: g.seo.keywords,
      metadescription: g.seo.description,
    }));
  },
});
