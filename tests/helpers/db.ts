// Databases for integration tests: an in-memory PGlite, and, when TEST_DATABASE_URL points at a
// PostgreSQL server, a fresh database created on it for the test file (a copy of the run's migrated
// template, or of its content template) and dropped afterwards.
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { openMemoryDatabase } from '../../server/db/prepare.ts';
import { migratedMemoryDump, newPostgresDatabase } from './templates.ts';

export type Backend = 'pglite' | 'postgres';

/** The backends to run against: always PGlite; PostgreSQL when TEST_DATABASE_URL is set. */
export function backends(): Backend[] {
  if (process.env.TEST_REQUIRE_POSTGRES === '1' && !process.env.TEST_DATABASE_URL) throw new Error('TEST_REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server. */
export function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  return newPostgresDatabase();
}

/** What a test database holds: the schema only, or the content files' projection too. */
type TestDatabaseKind = 'migrated' | 'content';

/**
 * An in-memory PGlite database, migrated: a copy of the run's (tests/helpers/templates.ts);
 * `content`: with the content files' projection in its tables, as syncContent(db, loadContent())
 * leaves them.
 */
export async function openMigratedMemoryDatabase(from: TestDatabaseKind = 'migrated'): Promise<Database> {
  return openMemoryDatabase(await migratedMemoryDump(from));
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server, migrated and seeded (a copy of the run's template). */
export function seededPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  return newPostgresDatabase('seeded');
}

/**
 * A test database of `backend`: migrated, and with `content` its content tables already hold the
 * content files' projection (what syncContent(db, await loadContent()) writes), copied from the
 * run's template instead of written again by each file.
 */
export async function openTestDatabase(backend: Backend, from: TestDatabaseKind = 'migrated'): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const db = await openMigratedMemoryDatabase(from);
    return { ...db, drop: async () => {} };
  }
  // A copy of one of the run's databases (tests/helpers/templates.ts): opening it migrates nothing.
  const { url, drop } = await newPostgresDatabase(from);
  const db = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
  return {
    ...db,
    url,
    drop: async () => {
      await db.close();
      await drop();
    },
  };
}

/** A test database of `backend` for the describe block it is called in: opened before its tests, closed (and dropped) after them. */
export function useTestDatabase(backend: Backend): () => TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await openTestDatabase(backend);
  });
  afterAll(async () => {
    if (backend === 'pglite') await db?.close();
    else await db?.drop();
  });
  return () => db!;
}
