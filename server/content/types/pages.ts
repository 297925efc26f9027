// Site pages: the metadata and copy of the fixed and list pages, keyed by route slug ('home',
// 'about', 'safaris'...). Edited only, never added or removed.
import { z } from 'zod';
import { markdownToHtml } from '../../db/html.ts';
import * as t from '../../db/schema.ts';
import { markdown, text } from './fields.ts';
import { contentType } from './type.ts';

/** Static and index pages: metadata plus optional Markdown body and named blocks. */
const pageSchema = z.object({
  title: text,
  keywords: text,
  description: text.max(320),
  body: markdown.optional(),
  /** Named Markdown blocks, e.g. vision and mission, or the tips sections. */
  blocks: z.record(z.string(), markdown).default({}).meta({ widget: 'blocks' }),
});

export default contentType({
  collection: 'pages',
  schema: pageSchema,
  table: t.pages,
  slugKey: 'slug',
  async project(tx, items, p) {
    for (const page of items) {
      if (!p.want(page.slug)) continue;
      const values = {
        slug: page.slug,
        title: page.title,
        pagekeywords: page.keywords,
        pagedescription: page.description,
        body: page.body ? markdownToHtml(page.body) : '',
        blocks: Object.fromEntries(Object.entries(page.blocks).map(([k, v]) => [k, markdownToHtml(v)])),
        updated_at: new Date(),
      };
      await tx.insert(t.pages).values(values).onConflictDoUpdate({ target: t.pages.slug, set: values });
    }
  },
});
