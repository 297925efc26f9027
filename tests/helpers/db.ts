// Databases for integration tests: an in-memory PGlite, and, when TEST_DATABASE_URL points at a
// PostgreSQL server, a fresh database created on it for the test file and dropped afterwards.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { Database } from '../../server/db/index.ts';
import { openMemoryDatabase, openPreparedDatabase } from '../../server/db/prepare.ts';

export type Backend = 'pglite' | 'postgres';

/** The backends to run against: always PGlite; PostgreSQL when TEST_DATABASE_URL is set. */
export function backends(): Backend[] {
  if (process.env.TEST_REQUIRE_POSTGRES === '1' && !process.env.TEST_DATABASE_URL)
    throw new Error('TEST_REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server. */
export async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `safari_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = postgres(base, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export async function openTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const db = await openMemoryDatabase();
    return { ...db, drop: async () => {} };
  }
  const { url, drop } = await freshPostgresUrl();
  const db = await openPreparedDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
  return {
    ...db,
    url,
    drop: async () => {
      await db.close();
      await drop();
    },
  };
}
