// Databases for integration tests: an in-memory PGlite, and, when TEST_DATABASE_URL points at a
// PostgreSQL server, a fresh database created on it for the test file (a copy of the run's migrated
// template) and dropped afterwards.
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

/** An in-memory PGlite database, migrated: a copy of the run's (tests/helpers/templates.ts). */
export async function openMigratedMemoryDatabase(): Promise<Database> {
  return openMemoryDatabase(await migratedMemoryDump());
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server, migrated and seeded (a copy of the run's template). */
export function seededPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  return newPostgresDatabase('seeded');
}

export async function openTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const db = await openMigratedMemoryDatabase();
    return { ...db, drop: async () => {} };
  }
  // A copy of the run's migrated database (tests/helpers/templates.ts): opening it migrates nothing.
  const { url, drop } = await newPostgresDatabase('migrated');
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
