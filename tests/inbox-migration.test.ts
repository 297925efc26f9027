// Migration 0008 on a database that already has enquiries (PGlite and PostgreSQL): every old
// enquiry becomes 'new', its source is read from its page address, and an enquiry sent from a
// safari's page gets that safari, exactly as new enquiries are recorded (common/enquiry-inbox.ts).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceOfPage } from '../common/enquiry-inbox.ts';
import { migrationsFolder } from '../server/db/index.ts';
import { backends, freshPostgresUrl } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';

interface Migratable {
  exec(query: string): Promise<unknown>;
  rows<T>(query: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function open(backend: 'pglite' | 'postgres'): Promise<Migratable> {
  if (backend === 'pglite') {
    const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await client.exec('create extension if not exists pg_trgm');
    const db = drizzle({ client });
    return {
      exec: (q) => client.exec(q),
      rows: async (q) => rowsOf(await db.execute(sql.raw(q))),
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const [{ default: postgres }, { drizzle }, { migrate }] = await Promise.all([import('postgres'), import('drizzle-orm/postgres-js'), import('drizzle-orm/postgres-js/migrator')]);
  const fresh = await freshPostgresUrl();
  const client = postgres(fresh.url, { max: 1, onnotice: () => {} });
  await client`create extension if not exists pg_trgm`;
  const db = drizzle({ client });
  return {
    exec: (q) => client.unsafe(q),
    rows: async (q) => rowsOf(await db.execute(sql.raw(q))),
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await fresh.drop();
    },
  };
}

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** The migrations folder as it was before 0008: the same files, a journal that stops earlier. */
async function foldersBeforeAndAfter(): Promise<{ before: string; after: string }> {
  const before = await mkdtemp(path.join(os.tmpdir(), 'migrations-before-'));
  dirs.push(before);
  await cp(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === '0008_enquiry_inbox');
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return { before, after: migrationsFolder };
}

describe.each(backends())('migration 0008 on %s', (backend) => {
  it('backfills status, source and safari of the enquiries already there', async () => {
    const { before, after } = await foldersBeforeAndAfter();
    const db = await open(backend);
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
