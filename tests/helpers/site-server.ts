// Moved to tests/helpers/start-site.ts: startSiteServer(env) is startSiteProcess({ env }).
import { startSiteProcess, type SiteProcess } from './start-site.ts';

export type SiteServer = SiteProcess;

export function startSiteServer(env: Record<string, string> = {}): Promise<SiteServer> {
  return startSiteProcess({ env });
}
