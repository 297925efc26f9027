// Migration 0015 on a database the earlier content load had already hurt: a start had imported
// the file of a renamed item a second time, as a copy at the old address. The migration gives each
// item the origin of its first import, removes such a copy nobody changed since, keeps one staff
// changed (as a console item), marks unpublished items as the console's and turns old deletions
// into tombstones; the next load of the files then adds nothing.
import { describe, expect, it } from 'vitest';
import { importContentFiles } from '../server/content/content-files.ts';
import { backends } from './helpers/db.ts';
import { useMigratedAcross } from './helpers/migrations.ts';

describe.each(backends())('migration 0015 (content origins) on %s', (backend) => {
  const run = (q: string) => t.exec(q);
  const rows = <T>(q: string) => t.rows<T>(q);
  const t = useMigratedAcross(
    backend,
    '0015_content_origins',
    async () => {
      // The database as it was before 0015, holding what the earlier load made of renamed items.
      const doc = `'{"question":"Q?","answer":"A.","order":1,"home":false}'::jsonb`;
      await run(`insert into content_items (id, collection, slug, document, revision, status, seed_hash) values
      (901, 'faqs', 'renamed-q', ${doc}, 2, 'published', null),
      (902, 'faqs', 'first-q', ${doc}, 1, 'published', 'h1'),
      (903, 'faqs', 'other-renamed', ${doc}, 2, 'published', null),
      (904, 'faqs', 'other-q', ${doc}, 2, 'published', null),
      (905, 'faqs', 'hidden-q', ${doc}, 1, 'draft', 'h2'),
      (906, 'faqs', 'plain-q', ${doc}, 1, 'published', 'h3')`);
      await run(`insert into content_revisions (item_id, collection, slug, revision, document, status, action) values
      (901, 'faqs', 'first-q', 1, ${doc}, 'published', 'import'), (901, 'faqs', 'renamed-q', 2, ${doc}, 'published', 'save'),
      (902, 'faqs', 'first-q', 1, ${doc}, 'published', 'import'),
      (903, 'faqs', 'other-q', 1, ${doc}, 'published', 'import'), (903, 'faqs', 'other-renamed', 2, ${doc}, 'published', 'save'),
      (904, 'faqs', 'other-q', 1, ${doc}, 'published', 'import'), (904, 'faqs', 'other-q', 2, ${doc}, 'published', 'save'),
      (905, 'faqs', 'hidden-q', 1, ${doc}, 'published', 'import'),
      (906, 'faqs', 'plain-q', 1, ${doc}, 'published', 'import'),
      (null, 'faqs', 'gone-q', 1, ${doc}, 'published', 'import'), (null, 'faqs', 'gone-q', 2, ${doc}, 'published', 'delete')`);
    },
    120_000,
  );

  it('gives items their origin, drops the untouched copy of a renamed item, keeps a changed one as the console’s, and leaves tombstones', async () => {
    const items = await rows<{ id: number; slug: string; origin: string | null; seed_hash: string | null }>(`select id, slug, origin, seed_hash from content_items where id > 900 order by id`);
    expect(items).toEqual([
      { id: 901, slug: 'renamed-q', origin: 'faqs/first-q', seed_hash: null },
      { id: 903, slug: 'other-renamed', origin: 'faqs/other-q', seed_hash: null },
      { id: 904, slug: 'other-q', origin: null, seed_hash: null },
      { id: 905, slug: 'hidden-q', origin: 'faqs/hidden-q', seed_hash: null },
      { id: 906, slug: 'plain-q', origin: 'faqs/plain-q', seed_hash: 'h3' },
    ]);
    expect(await rows(`select origin, slug from content_tombstones`)).toEqual([{ origin: 'faqs/gone-q', slug: 'gone-q' }]);
  });

  it('then a load of the files matches them by origin: no copy, nothing deleted comes back', async () => {
    const doc = { question: 'Q?', answer: 'A.', order: 1, home: false };
    const files = ['first-q', 'other-q', 'hidden-q', 'gone-q'].map((slug) => ({ collection: 'faqs' as const, slug, document: doc }));
    const result = await importContentFiles(t.db, files);
    // plain-q's file is not in this load, and nobody changed it: it goes with its file.
    expect(result).toEqual({ imported: 0, updated: 0, removed: 1, kept: [], deleted: ['faqs/gone-q'], taken: [], overwritten: [], restored: [] });
    const slugs = await rows<{ slug: string }>(`select slug from content_items where collection = 'faqs' order by slug`);
    expect(slugs.map((r) => r.slug)).toEqual(['hidden-q', 'other-q', 'other-renamed', 'renamed-q']);
  });
});
