// Moved to tests/helpers/start-site.ts: startConsoleSite(backend, env, shareDatabase, schedulePollMs)
// is startSite({ backend, env, shareDatabase, drivenMail: true, app: { schedulePollMs } }).
import type { Backend } from './db.ts';
import { startSite, type InProcessSite } from './start-site.ts';

export type ConsoleSite = InProcessSite;

export function startConsoleSite(backend: Backend, env: Record<string, string> = {}, shareDatabase?: string, schedulePollMs?: number): Promise<ConsoleSite> {
  return startSite({ backend, env, shareDatabase, drivenMail: true, app: { schedulePollMs } });
}
