// Two server processes of the built site on one PostgreSQL database, started like production, with
// a direct connection to that database and its owner's account: the set-up of the tests that race
// two processes against each other (a departure's last seats, concurrent ledger entries). Needs
// TEST_DATABASE_URL and `npm run build`.
import { type Database, openDatabase } from '../../server/db/index.ts';
import { type SiteProcess, startSiteProcess } from './start-site.ts';
import { addStaff } from './staff.ts';

export const OWNER = 'owner@kigezitrails.example';

export interface TwoProcesses {
  a: SiteProcess;
  b: SiteProcess;
  db: Database;
  /** Closes the connection and stops both processes. */
  stop(): Promise<void>;
}

/** Starts process a on a fresh PostgreSQL database and b on the same one, and adds the owner. */
export async function startTwoProcesses(): Promise<TwoProcesses> {
  const a = await startSiteProcess({ backend: 'postgres', env: { SPAM_CHECKS: 'off' } });
  let b: SiteProcess | undefined;
  let db: Database | undefined;
  try {
    b = await startSiteProcess({ shareDatabase: a.databaseUrl, env: { SPAM_CHECKS: 'off' } });
    db = await openDatabase({ databaseUrl: a.databaseUrl!, dataDir: '/nonexistent' });
    await addStaff(db.db, OWNER, 'owner');
  } catch (e) {
    // What started is stopped: the caller gets no handle to stop it with.
    await db?.close();
    await b?.stop();
    await a.stop();
    throw e;
  }
  // Both were set: the block above returns only by reaching its end.
  const started = { a, b: b!, db: db! };
  return {
    ...started,
    async stop() {
      await started.db.close();
      await started.b.stop();
      await started.a.stop();
    },
  };
}
