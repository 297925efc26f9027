// Database connection: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Migrations in server/db/migrations are applied when the database is set up (server/setup.ts at
// start, or on open for tests, through server/db/prepare.ts), under an advisory lock so several
// processes can start at once.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { traceLogger } from './reads.ts';
import { createFromTemplate } from './template.ts';
import { lockDataDir } from './lock.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Embedded database only: how it was created by this open, if it was. */
  created?: 'template' | 'initdb';
  /** Resolves when a trivial query succeeds. */
  ping(): Promise<void>;
  /** Embedded database on disk only: its data directory. */
  dataDirectory?: string;
  /**
   * Embedded database on disk only: runs `fn` while no statement runs, after a checkpoint has
   * written every change to the data directory's files, so they can be copied as they are
   * (backup.ts). Other statements wait until `fn` is done.
   */
  withWritesHeld?<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** In-memory database only: a copy of its files, to start another one from (openMemoryDatabase). */
  dump?(): Promise<Blob>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 727_274_001;
/** How long a connection to PostgreSQL may take to open. */
const CONNECT_TIMEOUT_SECONDS = 3;

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /**
   * Create the extensions and apply pending migrations (default). False when the set-up step
   * (server/setup.ts) already did, so a serving process only opens the database.
   */
  migrate?: boolean;
  /**
   * Runs after the migrations, under the same lock (db/prepare.ts passes the search index's
   * install, which is made from the content types and so is not this module's to know).
   */
  afterMigrate?: (db: Db) => Promise<void>;
  /** Embedded database: who holds its lock, named to a second process that is refused. */
  holder?: string;
}

/**
 * The embedded database's PostgreSQL settings (on top of PGlite's own start parameters). The
 * WebAssembly build allocates and zeroes its shared memory up front, so every megabyte of
 * shared_buffers is resident for the life of the process: the default 128 MB is more than the
 * whole database (about 17 MB with its catalogs; the site's tables and indexes under 10 MB).
 * Reads that miss it are served by the operating system's page cache.
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB'];

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const migrate = opts.migrate ?? true;
  if (opts.databaseUrl) {
    // Each driver is loaded only when used: the embedded database's WebAssembly build is large.
    const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
      import('drizzle-orm/postgres-js/migrator'),
    ]);
    const client = postgres(opts.databaseUrl, {
      max: opts.poolSize ?? 10,
      // A database that does not answer costs a request at most this long (seconds) per connection
      // attempt, never the client's default 30 s: while it is away, every attempt fails fast and the
      // request answers 503 (server/db/availability.ts). Queries queue on a connection being made,
      // so they wait no longer than its attempt either.
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      // The pause before a closed connection is opened again, in seconds, by the number of failed
      // attempts in the whole pool: the client's default grows to 20 s (3^n / 100), and queries
      // queued meanwhile wait for it, so requests hung for many seconds after the database was back.
      backoff: (retries: number) => Math.min(0.1 * retries, 1),
      onnotice: () => {},
      connection: { application_name: 'safari-site' },
    });
    const db = drizzlePostgres({ client, schema, logger: traceLogger }) as unknown as Db;
    if (migrate) {
      const reserved = await client.reserve();
      try {
        await reserved`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await reserved`create extension if not exists pg_trgm`.catch(() => {});
        await migratePostgres(db as never, { migrationsFolder });
        await opts.afterMigrate?.(db);
      } finally {
        await reserved`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
        reserved.release();
      }
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
  await mkdir(opts.dataDir, { recursive: true });
  // One process at a time (server/db/lock.ts): a second one is refused with a message naming the first.
  const lock = await lockDataDir(opts.dataDir, opts.holder ?? path.basename(process.argv[1] ?? 'node'));
  try {
    const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
    const fromTemplate = fresh && (await createFromTemplate(dir));
    const database = await openPglite(dir, migrate, opts.afterMigrate);
    const close = async () => {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    };
    return { ...database, close, ...(fresh ? { created: fromTemplate ? 'template' : 'initdb' } : {}) };
  } catch (e) {
    lock.release();
    throw e;
  }
}

async function openPglite(dataDir: string | undefined, migrate: boolean, afterMigrate?: (db: Db) => Promise<void>, loadDataDir?: Blob): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm, unaccent },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
  });
  const db = drizzlePglite({ client, schema, logger: traceLogger }) as unknown as Db;
  if (migrate) {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await client.exec('create extension if not exists pg_trgm');
    await migratePglite(db as never, { migrationsFolder });
    await afterMigrate?.(db);
  }
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    ...(dataDir
      ? {
          dataDirectory: dataDir,
          // PGlite runs one statement at a time: its transaction holds every other one back.
          withWritesHeld: <T>(fn: () => Promise<T>) =>
            client.transaction(async (tx) => {
              await tx.exec('checkpoint');
              return fn();
            }),
        }
      : { dump: () => client.dumpDataDir('none') }),
    close: () => client.close(),
  };
}

/**
 * An in-memory PGlite database, migrated (tests: db/prepare.ts's openMemoryDatabase adds the
 * search index); `from`: another one's dump() to start from (its migrations then have nothing to do).
 */
export function openMigratedMemoryDatabase(afterMigrate?: (db: Db) => Promise<void>, from?: Blob): Promise<Database> {
  return openPglite(undefined, true, afterMigrate, from);
}
