// The whole site inside the test process, on a free port, on PGlite (a fresh DATA_DIR) or on a
// fresh PostgreSQL database: for tests that look at the process's own parts (its caches, its
// database, its log) as well as at its answers. Import './production.ts' first in such a test file.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp, type AppParts } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger, type Logger } from '../../server/logger.ts';
import { listen } from '../../server/http/serve.ts';
import { freshPostgresUrl, type Backend } from './db.ts';

export interface InProcessSite {
  app: AppParts;
  base: string;
  /** The PostgreSQL database's address (postgres backend only). */
  databaseUrl?: string;
  /** The site's DATA_DIR (removed by stop()). */
  dataDir: string;
  /**
   * Stops the site and starts it again on the same database and DATA_DIR, as a restart does (the
   * set-up step runs again): `app` and `base` (a new port) are replaced.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startInProcess(backend: Backend, env: Record<string, string> = {}, logger?: Logger, appOptions?: Parameters<typeof createApp>[2]): Promise<InProcessSite> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'safari-site-'));
  const fresh = backend === 'postgres' ? await freshPostgresUrl() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SITE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DAILY_BACKUPS: 'off',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...env,
  });
  const log = logger ?? createLogger(config.LOG_LEVEL);
  let app = await createApp(config, log, appOptions);
  let served = await listen(app.web!, { port: 0, host: '127.0.0.1', logger: log });
  const site: InProcessSite = {
    app,
    base: `http://127.0.0.1:${served.port}`,
    databaseUrl: fresh?.url,
    dataDir,
    restart: async () => {
      await served.close();
      await app.stop();
      app = await createApp(config, log, appOptions);
      served = await listen(app.web!, { port: 0, host: '127.0.0.1', logger: log });
      site.app = app;
      site.base = `http://127.0.0.1:${served.port}`;
    },
    stop: async () => {
      await served.close();
      await app.stop();
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return site;
}
