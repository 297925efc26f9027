// Builds the whole process from a configuration: database, content, API, web. Used by
// server/index.ts and by the tests, which start it on a free port.
import path from 'node:path';
import { createApi } from './api/index.ts';
import type { Config } from './config.ts';
import { ContentError, loadContent } from './db/content.ts';
import { openDatabase, type Database } from './db/index.ts';
import { syncContent } from './db/seed.ts';
import { HttpCache } from './http-cache.ts';
import { createForms, type Forms, type FormsOverrides } from './forms.ts';
import { readContentVersion, watchContentVersion, type ContentVersionWatch } from './db/version.ts';
import type { Logger } from './logger.ts';
import { mediaDirs } from './media/dirs.ts';
import { ProxyTrust } from './spam/client-address.ts';
import { createWeb, loadServerBuild } from './web.ts';

export interface AppParts {
  /** Absent in a web-only process (API_URL set): the API host owns the database. */
  database?: Database;
  api?: ReturnType<typeof createApi>;
  web?: ReturnType<typeof createWeb>;
  /** Enquiries, newsletter and the mail outbox worker (where the database is). */
  forms?: Forms;
  /** The kept API answers and rendered pages (where the database is). */
  caches?: { answers: HttpCache; pages: HttpCache };
  contentVersion?: ContentVersionWatch;
  stop(): Promise<void>;
}

/** Opens the database, applies migrations and loads the content files when they changed. */
export async function prepareDatabase(config: Config, logger: Logger): Promise<Database> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  logger.info({ database: database.kind, dataDir: database.kind === 'pglite' ? path.join(config.dataDir, 'pglite') : undefined }, 'database ready');
  try {
    const content = await loadContent();
    const result = await syncContent(database.db, content);
    if (result.changed) logger.info({ counts: result.counts }, 'content loaded into the database');
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    // Keep serving what the database has, unless it has nothing.
    if ((await readContentVersion(database.db)) === 0) throw e;
    logger.error({ problems: e.problems }, 'content files are invalid; serving the content already in the database');
  }
  return database;
}

export async function createApp(config: Config, logger: Logger, opts: { web?: boolean; forms?: FormsOverrides } = {}): Promise<AppParts> {
  if (config.API_URL && opts.web !== false) {
    // Web-only process: pages are rendered from the API at API_URL, which /api proxies to.
    const web = createWeb({ apiUrl: config.API_URL, logger, build: await loadServerBuild(), siteUrl: config.SITE_URL, trust: new ProxyTrust(config.TRUST_PROXY) });
    logger.info({ apiUrl: config.API_URL }, 'web process using the API at API_URL');
    return { web, stop: async () => {} };
  }
  const database = await prepareDatabase(config, logger);
  const MB = 1024 * 1024;
  // The loaders read API answers in-process, uncompressed: keep that body too.
  const answers = new HttpCache({ maxBytes: config.API_CACHE_MB * MB, keepIdentity: true });
  const pages = new HttpCache({ maxBytes: config.PAGE_CACHE_MB * MB });
  // Both caches are scoped to the content version and dropped the moment it moves.
  const version = watchContentVersion(database.db, (v) => {
    answers.clear();
    pages.clear();
    logger.info({ version: v }, 'content changed; cached answers and pages dropped');
  });
  await version.ready;
  const forms = createForms(config, database.db, logger, opts.forms);
  const api = createApi({
    deps: { db: database.db, siteUrl: config.SITE_URL, logger, ping: database.ping },
    mediaDirs: mediaDirs(),
    cache: answers,
    contentVersion: () => version.current,
    // Inside the web process the API's routes start with /api; alone, at /.
    basePath: opts.web === false ? '' : '/api',
    extend: (app) => forms.mount(app),
  });
  const web =
    opts.web === false
      ? undefined
      : createWeb({
          api,
          apiUrl: config.API_URL,
          logger,
          siteUrl: config.SITE_URL,
          build: await loadServerBuild(),
          pages: { cache: pages, version: () => version.current },
          trust: new ProxyTrust(config.TRUST_PROXY),
        });
  return {
    database,
    api,
    web,
    forms,
    caches: { answers, pages },
    contentVersion: version,
    stop: async () => {
      version.stop();
      await forms.stop();
      await database.close();
    },
  };
}
