// The set-up step, run by server/start.ts as a short-lived child process before the server opens
// the database: creates the embedded database on first start (a copy of the build's template,
// server/db/template.ts, or initdb without one), applies migrations and loads the content files
// when they changed, then exits. Keeping this out of the serving process keeps its memory down:
// on PGlite, initdb runs a second WebAssembly PostgreSQL, and the content load parses every file
// and fills the search index; the memory they take is returned when this process ends.
// Runnable on its own too: `node server/setup.ts` (same environment as the server).
export {};

process.env.NODE_ENV ||= 'production';
const [{ loadConfigOrExit }, { createLogger }, { prepareDatabase }] = await Promise.all([import('./config.ts'), import('./logger.ts'), import('./db/prepare.ts')]);

const config = loadConfigOrExit();
const logger = createLogger(config.LOG_LEVEL).child({ step: 'set-up' });
// Started by the server, this step works under the server's lock on the embedded database
// (server/db/lock.ts). Should the server die (a kill -9), its lock is stale and another process
// may take the directory: this step stops rather than write on under a lock nobody holds.
const { LOCK_HOLDER_ENV } = await import('./db/lock.ts');
const parent = Number(process.env[LOCK_HOLDER_ENV]);
if (parent) {
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    logger.fatal('the server that started the set-up step is gone; stopping');
    process.exit(1);
  }, 500);
  watch.unref();
}
try {
  const database = await prepareDatabase(config, logger);
  await database.close();
} catch (err) {
  logger.fatal({ err }, 'database set-up failed');
  process.exit(1);
}
