// Databases for tests of one migration on data written before it (PGlite and PostgreSQL): a fresh
// database migrated with the real migrator from a copy of the migrations folder whose journal
// stops before the migration under test, filled, then migrated with the real folder
// (useMigratedAcross does all of it for a describe block).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { migrationsFolder } from '../../server/db/index.ts';
import { freshPostgresUrl, type Backend } from './db.ts';
import { rowsOf } from './forms.ts';

export interface Migratable {
  /** The database, for code under test (without the schema's relational queries). */
  db: Db;
  exec(query: string): Promise<unknown>;
  rows<T>(query: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

export async function openMigratable(backend: Backend): Promise<Migratable> {
  if (backend === 'pglite') {
    const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('@electric-sql/pglite/contrib/unaccent'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    await client.exec('create extension if not exists pg_trgm');
    const db = drizzle({ client });
    return {
      db: db as unknown as Db,
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
    db: db as unknown as Db,
    exec: (q) => client.unsafe(q),
    rows: async (q) => rowsOf(await db.execute(sql.raw(q))),
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await fresh.drop();
    },
  };
}

/**
 * The migrations folder as it was before the migration tagged `tag` (the same files, a journal
 * that stops earlier), and the real one. `remove()` deletes the copy.
 */
export async function migrationsBefore(tag: string): Promise<{ before: string; after: string; remove: () => Promise<void> }> {
  const before = await mkdtemp(path.join(os.tmpdir(), 'migrations-before-'));
  await cp(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at <= 0) throw new Error(`no migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return { before, after: migrationsFolder, remove: () => rm(before, { recursive: true, force: true }) };
}

/**
 * For the describe block it is called in: a database of `backend` migrated up to the migration
 * tagged `tag`, filled by `fill` (through the database returned, already open), then migrated with
 * the real folder, before the tests (within `timeoutMs`); closed after them.
 */
export function useMigratedAcross(backend: Backend, tag: string, fill: () => Promise<unknown>, timeoutMs: number): Migratable {
  let opened: Migratable | undefined;
  const t = (): Migratable => {
    if (!opened) throw new Error('the database opens before the tests');
    return opened;
  };
  beforeAll(async () => {
    const folders = await migrationsBefore(tag);
    try {
      opened = await openMigratable(backend);
      await opened.migrate(folders.before);
      await fill();
      await opened.migrate(folders.after);
    } finally {
      await folders.remove();
    }
  }, timeoutMs);
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get db() {
      return t().db;
    },
    exec: (query) => t().exec(query),
    rows: (query) => t().rows(query),
    migrate: (folder) => t().migrate(folder),
    close: () => t().close(),
  };
}
