// Builds the whole process from a configuration: database, content, API, web. Used by
// server/index.ts and by the tests, which start it on a free port.
import { createApi } from './api/index.ts';
import { ResponseCache } from './api/cache.ts';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { prepareDatabase } from './db/prepare.ts';
import { createForms, type Forms, type FormsOverrides } from './forms.ts';
import { watchContentVersion } from './db/version.ts';
import type { Logger } from './logger.ts';
import { mediaDirs } from './media/dirs.ts';
import { createWeb, loadServerBuild } from './web.ts';

export interface AppParts {
  /** Absent in a web-only process (API_URL set): the API host owns the database. */
  database?: Database;
  api?: ReturnType<typeof createApi>;
  web?: ReturnType<typeof createWeb>;
  /** Enquiries, newsletter and the mail outbox worker (where the database is). */
  forms?: Forms;
  stop(): Promise<void>;
}

export async function createApp(config: Config, logger: Logger, opts: { web?: boolean; forms?: FormsOverrides } = {}): Promise<AppParts> {
  if (config.API_URL && opts.web !== false) {
    // Web-only process: pages are rendered from the API at API_URL, which /api proxies to.
    const web = createWeb({ apiUrl: config.API_URL, logger, build: await loadServerBuild() });
    logger.info({ apiUrl: config.API_URL }, 'web process using the API at API_URL');
    return { web, stop: async () => {} };
  }
  const database = await prepareDatabase(config, logger);
  const cache = new ResponseCache();
  const forms = createForms(config, database.db, logger, opts.forms);
  const api = createApi({
    deps: { db: database.db, siteUrl: config.SITE_URL, logger, ping: database.ping },
    mediaDirs: mediaDirs(),
    cache,
    // Inside the web process the API's routes start with /api; alone, at /.
    basePath: opts.web === false ? '' : '/api',
    extend: (app) => forms.mount(app),
  });
  const stopWatching = watchContentVersion(database.db, (version) => {
    cache.clear();
    logger.info({ version }, 'content changed; API cache cleared');
  });
  const web = opts.web === false ? undefined : createWeb({ api, apiUrl: config.API_URL, logger, build: await loadServerBuild() });
  return {
    database,
    api,
    web,
    forms,
    stop: async () => {
      stopWatching();
      await forms.stop();
      await database.close();
    },
  };
}
