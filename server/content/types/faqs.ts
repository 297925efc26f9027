// Questions and answers: the FAQ page, some on the home page too.
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml, sanitize } from '../../db/html.ts';
import * as t from '../../db/schema.ts';
import { markdown, text } from './fields.ts';
import { contentType, upsertEach } from './type.ts';

const faqSchema = z.object({
  question: text,
  answer: markdown,
  order: z.number().int(),
  /** Shown in the home page's FAQ accordion. */
  home: z.boolean().default(false),
});

export default contentType({
  collection: 'faqs',
  schema: faqSchema,
  table: t.faqs,
  slugKey: 'faqslug',
  search: {
    type: 'faq',
    // Answers are shown as sanitised HTML.
    results: async (db, ids) => (await db.select(c.faqFields).from(t.faqs).where(inArray(t.faqs.id, ids))).map((f) => ({ ...f, answer: sanitize(f.answer) })),
    document: { slug: 'x.faqslug', title: 'x.question', description: `''`, body: 'x.answer', keywords: `''` },
  },
  async project(tx, items, p) {
    await upsertEach(tx, items, p, t.faqs, t.faqs.faqslug, (f) => ({
      question: f.question,
      answer: markdownToHtml(f.answer),
      faqslug: f.slug,
      sort_order: f.order,
      show_on_home: f.home,
    }));
  },
});
