// The databases a test site starts from, made once per run and copied by each file instead of
// migrating and seeding its own (about 6 s of a start each on this machine):
// - a migrated in-memory database, as a dump each in-memory test database is loaded from;
// - the same with the content files' projection in its content tables (syncContent, about 4 s of
//   CPU on the embedded database each time a file did it), for the files that read the site's own
//   content through the API;
// - a seeded embedded database: a DATA_DIR's `pglite` directory after the set-up step
//   (server/setup.ts: the build's empty template, every migration, the content files), copied
//   into the site's fresh DATA_DIR;
// - on PostgreSQL (TEST_DATABASE_URL), a migrated, a content and a seeded database that each
//   file's database is created from with CREATE DATABASE … TEMPLATE.
// The first file that needs one makes it under a lock in the run's directory (SAFARI_TEST_RUN_DIR,
// made by tests/helpers/run-setup.ts; outside vitest, a directory of this process); the others wait
// for it. A start from a copy still runs the set-up step (migrations and content files: nothing to
// do), so what a site serves is what a first start would serve.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Db } from '../../server/db/index.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/** The environment of every test site's set-up step (and of the sites themselves, by default). */
export const TEST_SITE_ENV = { SITE_URL: 'http://localhost:3000', DAILY_BACKUPS: 'off' } as const;

/** The run's directory; made here when there is none yet (and then inherited by child processes). */
export function runDir(): string {
  process.env.SAFARI_TEST_RUN_DIR ||= mkdtempSync(path.join(os.tmpdir(), 'safari-test-run-'));
  return process.env.SAFARI_TEST_RUN_DIR;
}

/** The run's name in PostgreSQL database names. */
function runTag(): string {
  return path
    .basename(runDir())
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(-12);
}

/**
 * Makes `name` in the run's directory once: the first caller runs `make(dir)` holding the lock,
 * the others wait until it is ready (or failed, with its error).
 */
async function once(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  const dir = path.join(runDir(), name);
  const ready = path.join(dir, '.ready');
  const failed = path.join(runDir(), `${name}.failed`);
  if (existsSync(ready)) return dir;
  let mine = false;
  try {
    await mkdir(path.join(runDir(), `${name}.lock`));
    mine = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  if (mine) {
    try {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      await make(dir);
      await writeFile(ready, '');
      return dir;
    } catch (e) {
      await writeFile(failed, String((e as Error).stack ?? e));
      throw e;
    }
  }
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (existsSync(ready)) return dir;
    if (existsSync(failed)) throw new Error(`the template ${name} could not be made:\n${await readFile(failed, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the template ${name} was not ready in time`);
}

/** Runs the production set-up step (migrations, content files) on the database `env` names. */
async function runSetUpStep(env: Record<string, string>): Promise<void> {
  const child = spawn('bash', [path.join(projectRoot, 'scripts/serve.sh'), 'server/setup.ts'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '', API_URL: '', ...TEST_SITE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  if (code !== 0) throw new Error(`the set-up step failed (${code}):\n${output.join('')}`);
}

/** Puts a copy of the run's seeded embedded database into `dataDir` (which must hold none yet). */
export async function copySeededPglite(dataDir: string): Promise<void> {
  const template = await once('seeded-data-dir', (dir) => runSetUpStep({ DATA_DIR: dir }));
  await mkdir(dataDir, { recursive: true });
  await cp(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
}

/**
 * The run's migrated in-memory database, as a dump to start a new in-memory database from
 * (openMemoryDatabase(dump)): migrating one from nothing takes seconds, loading the dump a fraction.
 * `content`: its content tables hold the content files' projection too (syncContent).
 */
export async function migratedMemoryDump(kind: 'migrated' | 'content' = 'migrated'): Promise<Blob> {
  const dir = await once(`memory-${kind}`, async (dir) => {
    const { openMemoryDatabase } = await import('../../server/db/prepare.ts');
    const db = await openMemoryDatabase(kind === 'content' ? await migratedMemoryDump('migrated') : undefined);
    try {
      if (kind === 'content') await syncContentFiles(db.db);
      await writeFile(path.join(dir, 'pgdata.tar'), Buffer.from(await (await db.dump!()).arrayBuffer()));
    } finally {
      await db.close();
    }
  });
  return new Blob([await readFile(path.join(dir, 'pgdata.tar'))]);
}

/** Writes the content files' projection into the content tables, as a test that seeds its database does. */
async function syncContentFiles(db: Db): Promise<void> {
  const [{ loadContent }, { syncContent }] = await Promise.all([import('../../server/db/content.ts'), import('../../server/db/seed.ts')]);
  await syncContent(db, await loadContent());
}

const TEMPLATE_KINDS = ['migrated', 'content', 'seeded'] as const;
type TemplateKind = (typeof TEMPLATE_KINDS)[number];

function admin(): postgres.Sql {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  return postgres(base, { max: 1, onnotice: () => {} });
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** CREATE DATABASE `name`, empty or as a copy of `template`. */
async function createDatabase(a: postgres.Sql, name: string, template?: string): Promise<void> {
  // A template may be copied by one CREATE DATABASE at a time: another file's copy makes this
  // one fail with "source database … is being accessed by other users"; it is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      await a.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
      return;
    } catch (e) {
      if (!template || attempt >= 50 || !/being accessed by other users/.test(String((e as Error).message))) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/**
 * The name of the run's PostgreSQL template (`migrated`: schema only; `content`: with the content
 * files' projection, as migratedMemoryDump('content'); `seeded`: after the set-up step).
 */
async function postgresTemplate(kind: TemplateKind): Promise<string> {
  const name = `safari_tpl_${kind}_${runTag()}`;
  await once(`postgres-${kind}`, async () => {
    // The content template starts as a copy of the migrated one.
    const from = kind === 'content' ? await postgresTemplate('migrated') : undefined;
    const a = admin();
    try {
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await createDatabase(a, name, from);
    } finally {
      await a.end();
    }
    if (kind === 'seeded') await runSetUpStep({ DATABASE_URL: databaseUrl(name) });
    else {
      // Migrated and with its search index, as the set-up step leaves a database (server/db/prepare.ts).
      const { openPreparedDatabase } = await import('../../server/db/prepare.ts');
      const db = await openPreparedDatabase({ databaseUrl: databaseUrl(name), dataDir: '/nonexistent' });
      try {
        if (kind === 'content') await syncContentFiles(db.db);
      } finally {
        await db.close();
      }
    }
  });
  return name;
}

/** Drops the run's PostgreSQL templates (tests/helpers/run-setup.ts, at the end of the run). */
export async function dropPostgresTemplates(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return;
  const a = admin();
  try {
    for (const kind of TEMPLATE_KINDS) await a.unsafe(`drop database if exists safari_tpl_${kind}_${runTag()} with (force)`);
  } finally {
    await a.end();
  }
}

/**
 * A new PostgreSQL database on the TEST_DATABASE_URL server: empty (`from` absent), or a copy of
 * one of the run's templates.
 */
export async function newPostgresDatabase(from?: TemplateKind): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = from ? await postgresTemplate(from) : undefined;
  const name = `safari_t_${randomBytes(6).toString('hex')}`;
  const a = admin();
  try {
    await createDatabase(a, name, template);
  } finally {
    await a.end();
  }
  return {
    url: databaseUrl(name),
    drop: async () => {
      const d = admin();
      await d.unsafe(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}
