// Migration 0008 on a database that already has enquiries (PGlite and PostgreSQL): every old
// enquiry becomes 'new', its source is read from its page address, and an enquiry sent from a
// safari's page gets that safari, exactly as new enquiries are recorded (common/enquiry-inbox.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { sourceOfPage } from '../common/enquiry-inbox.ts';
import { backends } from './helpers/db.ts';
import { migrationsBefore, openMigratable } from './helpers/migrations.ts';

const removals: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const remove of removals) await remove();
});

/** The migrations folder as it was before 0008, and the real one. */
async function foldersBeforeAndAfter(): Promise<{ before: string; after: string }> {
  const folders = await migrationsBefore('0008_enquiry_inbox');
  removals.push(folders.remove);
  return folders;
}

describe.each(backends())('migration 0008 on %s', (backend) => {
  it('backfills status, source and safari of the enquiries already there', async () => {
    const { before, after } = await foldersBeforeAndAfter();
    const db = await openMigratable(backend);
    try {
      await db.migrate(before);
      await db.exec(`insert into safaris (safarititle, safarititleslug, safariday, safariprice) values ('Three days in Bwindi', '3-days-bwindi', 3, 900), ('Kidepo', 'kidepo-explorer', 4, 1400)`);
      const pages = [
        'https://www.kigezitrails.example/safaris/3-days-bwindi',
        'https://www.kigezitrails.example/safaris/kidepo-explorer/?utm_source=x#quote',
        'https://www.kigezitrails.example/safaris/no-such-safari',
        'https://www.kigezitrails.example/safaris/in/uganda',
        'https://www.kigezitrails.example/contact-us',
        'https://www.kigezitrails.example/plan-a-safari?from=nav',
        'https://www.kigezitrails.example/',
        'https://www.kigezitrails.example',
        'https://www.kigezitrails.example/blogs/a-story',
        null,
      ];
      for (const [i, page] of pages.entries()) {
        await db.exec(
          `insert into enquiries (name, email, phone, message, preferred_contact_method, page_url) values ('V ${i}', 'v${i}@example.com', '+256700000000', 'Hello', 'Email', ${page === null ? 'null' : `'${page}'`})`,
        );
      }
      await db.migrate(after);
      const rows = await db.rows<{ page_url: string | null; status: string; source: string; slug: string | null }>(
        `select e.page_url, e.status, e.source, s.safarititleslug as slug from enquiries e left join safaris s on s.id = e.safari_id order by e.id`,
      );
      expect(rows.map((r) => [r.source, r.slug])).toEqual([
        ['safari', '3-days-bwindi'],
        ['safari', 'kidepo-explorer'],
        ['other', null],
        ['other', null],
        ['contact', null],
        ['plan-a-safari', null],
        ['home', null],
        ['home', null],
        ['other', null],
        ['other', null],
      ]);
      expect(rows.every((r) => r.status === 'new')).toBe(true);
      // The same reading as the one new enquiries get.
      const known = new Set(['3-days-bwindi', 'kidepo-explorer']);
      for (const r of rows) {
        const read = sourceOfPage(r.page_url);
        const safari = read.safariSlug && known.has(read.safariSlug) ? read.safariSlug : null;
        expect([safari ? 'safari' : read.source, safari]).toEqual([r.source, r.slug]);
      }
    } finally {
      await db.close();
    }
  });
});
