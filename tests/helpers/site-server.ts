// The whole site (database, content, API, web) in one process on a free port, on PGlite in a fresh
// temporary DATA_DIR, for the browser tests. Needs the production build (npm run build).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { listen } from '../../server/serve.ts';

export interface SiteServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startSiteServer(env: Record<string, string> = {}): Promise<SiteServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'safari-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SITE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...env,
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
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
