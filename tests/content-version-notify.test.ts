// The content version reaches every process by notification, not by the slower poll: with a poll
// set to an hour, a change made on another connection is still seen, on PGlite and PostgreSQL.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchContentVersion } from '../server/db/version.ts';
import { backends, openTestDatabase, type TestDatabase } from './helpers/db.ts';

const HOUR = 3_600_000;

for (const backend of backends()) {
  describe(`the content version's notification (${backend})`, () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await openTestDatabase(backend);
    }, 120_000);
    afterAll(async () => {
      await db?.drop();
      if (backend === 'pglite') await db?.close();
    });

    it('tells the watch of each change made elsewhere, in order, with no poll to help', async () => {
      const seen: Array<[number, number]> = [];
      const watch = watchContentVersion(db.db, (version, previous) => void seen.push([version, previous]), HOUR);
      await watch.ready;
      const start = watch.current;
      // The migrated database may have no row yet: the first change makes it.
      const sql = 'insert into content_version (id, version) values (1, 1) on conflict (id) do update set version = content_version.version + 1';
      const bump = async () => {
        if (db.url) {
          const other = postgres(db.url, { max: 1, onnotice: () => {} });
          try {
            await other.unsafe(sql);
          } finally {
            await other.end();
          }
        } else {
          const client = (db.db as unknown as { $client: { exec(q: string): Promise<unknown> } }).$client;
          await client.exec(sql);
        }
      };
      try {
        await bump();
        await expect.poll(() => seen.length, { timeout: 30_000 }).toBe(1);
        await bump();
        await expect.poll(() => seen.length, { timeout: 30_000 }).toBe(2);
        expect(seen).toEqual([
          [start + 1, start],
          [start + 2, start + 1],
        ]);
        expect(watch.current).toBe(start + 2);
      } finally {
        watch.stop();
      }
    });
  });
}
