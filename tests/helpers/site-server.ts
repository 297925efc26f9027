// The whole site (database, content, API, web) as a child process on a free port, on PGlite in a
// fresh temporary DATA_DIR, for the browser tests and the crawl. Started like production
// (scripts/serve.sh, NODE_ENV=production): inside the vitest process NODE_ENV is 'test', which
// would render with React's development build. Needs the production build (npm run build).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer } from './server.ts';

export interface SiteServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startSiteServer(env: Record<string, string> = {}): Promise<SiteServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'safari-e2e-'));
  const server = await startServer(
    { DATA_DIR: dataDir, DATABASE_URL: '', API_URL: '', SITE_URL: 'http://localhost:3000', LOG_LEVEL: 'warn', DAILY_BACKUPS: 'off', ...env },
    await freePort(),
    { ready: '/api/readyz' },
  );
  return {
    url: `http://127.0.0.1:${server.port}`,
    dataDir,
    stop: async () => {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
