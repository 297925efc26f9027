// An empty, initialised embedded database kept with the build (build/pglite-template-<version>/),
// so that a first start copies files instead of running initdb: PGlite's initdb runs a second
// WebAssembly PostgreSQL and copies its whole memory, about 350 MB more at its peak. Made by
// `npm run build` (and scripts/ensure-build.sh) with `node server/db/template.ts`; keyed by the
// PGlite version, so an upgrade makes a new one. Without it, the database is created by initdb.
import { existsSync } from 'node:fs';
import { cp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const buildDir = path.resolve(import.meta.dirname, '../../build');

async function pgliteVersion(): Promise<string> {
  // The package's entry is dist/index.js; its package.json is one level up.
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const pkg = JSON.parse(await readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

export async function pgliteTemplateDir(): Promise<string> {
  return path.join(buildDir, `pglite-template-${await pgliteVersion()}`);
}

/**
 * Creates the embedded database in `dir` from the template when there is one and `dir` holds no
 * database yet. The copy goes to a sibling directory first and is renamed into place, so an
 * interrupted copy never looks like a database. Returns whether it did.
 */
export async function createFromTemplate(dir: string): Promise<boolean> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return false;
  const template = await pgliteTemplateDir();
  if (!existsSync(path.join(template, 'PG_VERSION'))) return false;
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(template, partial, { recursive: true });
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
  return true;
}

/** Makes the template when it is missing (initdb into a scratch directory, then renamed). */
export async function makePgliteTemplate(): Promise<{ dir: string; made: boolean }> {
  const dir = await pgliteTemplateDir();
  if (existsSync(path.join(dir, 'PG_VERSION'))) return { dir, made: false };
  const scratch = `${dir}.partial`;
  await rm(scratch, { recursive: true, force: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: scratch });
  await db.close();
  await rm(dir, { recursive: true, force: true });
  await rename(scratch, dir);
  return { dir, made: true };
}

if (import.meta.main) {
  const { dir, made } = await makePgliteTemplate();
  if (made) console.error(`Made the embedded database template ${path.relative(process.cwd(), dir)}`);
}
