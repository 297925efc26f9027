// Starts the whole site (database, content, API, web) in-process on a free port, on PGlite in a
// temporary DATA_DIR or on a fresh PostgreSQL database. Needs the production build (npm run build).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { listen } from '../../server/serve.ts';
import { freshPostgresUrl, type Backend } from './db.ts';

export interface TestServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestServer(opts: { backend?: Backend; env?: Record<string, string> } = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'safari-test-'));
  const pg = opts.backend === 'postgres' ? await freshPostgresUrl() : undefined;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SITE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...opts.env,
  });
  const logger = createLogger(config.LOG_LEVEL);
  const app = await createApp(config, logger);
  const served = await listen(app.web!, { port: 0, host: '127.0.0.1', logger });
  return {
    url: `http://127.0.0.1:${served.port}`,
    dataDir,
    stop: async () => {
      await served.close();
      await app.stop();
      await pg?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
