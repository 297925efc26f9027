// Moved to tests/helpers/start-site.ts: startInProcess(backend, env, logger, app) is
// startSite({ backend, env, logger, app }).
import type { Logger } from '../../server/logger.ts';
import type { Backend } from './db.ts';
import { startSite, type InProcessOptions, type InProcessSite } from './start-site.ts';

export type { InProcessSite };

export function startInProcess(backend: Backend, env: Record<string, string> = {}, logger?: Logger, app?: InProcessOptions['app']): Promise<InProcessSite> {
  return startSite({ backend, env, logger, app });
}
