// Vitest's global set-up (vitest.config.ts): a directory for the run, where the database templates
// of tests/helpers/templates.ts are made once and copied by every file. The test files' processes
// inherit its path (SAFARI_TEST_RUN_DIR); it goes at the end of the run, with the templates made
// on PostgreSQL.
import { rm } from 'node:fs/promises';
import { dropPostgresTemplates, runDir } from './templates.ts';

export default async function setup() {
  const dir = runDir();
  return async () => {
    await dropPostgresTemplates().catch((e) => console.error('could not drop the PostgreSQL templates:', e));
    await rm(dir, { recursive: true, force: true });
  };
}
