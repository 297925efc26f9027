// Database connection: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Migrations in server/db/migrations are applied at start, under an advisory lock so several
// processes can start at once.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when a trivial query succeeds. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 727_274_001;

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    // Each driver is loaded only when used: the embedded database's WebAssembly build is large.
    const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
      import('drizzle-orm/postgres-js/migrator'),
    ]);
    const client = postgres(opts.databaseUrl, {
      max: opts.poolSize ?? 10,
      onnotice: () => {},
      connection: { application_name: 'safari-site' },
    });
    const db = drizzlePostgres({ client, schema }) as unknown as Db;
    const reserved = await client.reserve();
    try {
      await reserved`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await reserved`create extension if not exists pg_trgm`.catch(() => {});
      await migratePostgres(db as never, { migrationsFolder });
    } finally {
      await reserved`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
      reserved.release();
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await client`select 1`;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const dir = path.join(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  await client.exec('create extension if not exists pg_trgm');
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/** An in-memory PGlite database for tests. */
export function openMemoryDatabase(): Promise<Database> {
  return openPglite();
}
