// Search follows content changes at once in every process: two server processes on one
// PostgreSQL database (this one in-process, the other a process of its own), and a save made over a
// third connection, as another server would make it. Each process answers searches from its own
// in-memory index (server/search/engine.ts) and makes it again when the content version moves.
import './helpers/production.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../common/api-types.ts';
import { getItem, listItems, requireType } from '../server/content/reading.ts';
import { saveItem } from '../server/content/writing.ts';
import { openDatabase, type Database } from '../server/db/index.ts';
import { type InProcessSite, type ServerProcess, freePort, startServer, startSite } from './helpers/start-site.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('search in two processes on PostgreSQL', () => {
  let site: InProcessSite;
  let other: ServerProcess;
  let otherDir: string;
  let editor: Database;

  beforeAll(async () => {
    site = await startSite({ backend: 'postgres', env: { SPAM_CHECKS: 'off' } });
    otherDir = await mkdtemp(path.join(os.tmpdir(), 'search-other-'));
    other = await startServer({ DATABASE_URL: site.databaseUrl!, DATA_DIR: otherDir, LOG_LEVEL: 'warn', DAILY_BACKUPS: 'off', SPAM_CHECKS: 'off' }, await freePort(), { ready: '/api/readyz' });
    editor = await openDatabase({ databaseUrl: site.databaseUrl!, dataDir: otherDir, migrate: false });
  }, 180_000);
  afterAll(async () => {
    await editor?.close();
    if (other) {
      other.child.kill('SIGTERM');
      await other.exited;
    }
    await site?.stop();
    if (otherDir) await rm(otherDir, { recursive: true, force: true });
  });

  const bases = () => [site.base, `http://127.0.0.1:${other.port}`];
  const search = async (base: string, query: string) => {
    const res = await fetch(`${base}/api/search?query=${encodeURIComponent(query)}`);
    expect(res.status).toBe(200);
    return (await res.json()) as SearchResponse;
  };
  const slugs = (b: SearchResponse) => b.results.map((r) => ('animaltitleslug' in r ? r.animaltitleslug : r.type));

  /** Searches every process until `check` holds for each (at most `ms`); what each answered last. */
  async function untilEach(query: string, check: (b: SearchResponse) => boolean, ms = 3000): Promise<SearchResponse[]> {
    const started = Date.now();
    for (;;) {
      const answers = await Promise.all(bases().map((b) => search(b, query)));
      if (answers.every(check) || Date.now() - started > ms) return answers;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async function saveElephant(change: (description: string) => string) {
    const type = requireType('animals');
    const listed = await listItems(editor.db, type, { q: 'african-elephants', page: 1 });
    const item = await getItem(editor.db, type, listed.items.find((i) => i.slug === 'african-elephants')!.id);
    const document = { ...item.document, description: change(item.document.description as string) };
    await saveItem(editor.db, type, item.id, { slug: item.slug, document, baseRevision: item.revision }, { staffId: null, email: 'owner@kigezitrails.example' });
  }

  it('finds a word a published edit brings in both processes at once, and forgets it when it is taken out', async () => {
    const word = `tuskwhisper${Date.now() % 100000}`;
    for (const b of bases()) expect((await search(b, word)).total).toBe(0);
    // Both processes answer the same before the change.
    const [a, b] = await Promise.all(bases().map((x) => search(x, 'elephant')));
    expect(slugs(a!)).toEqual(slugs(b!));

    await saveElephant((d) => `${d} Elders lead the herd with a ${word}.`);
    const found = await untilEach(word, (r) => r.total === 1);
    for (const r of found) expect(slugs(r)).toEqual(['african-elephants']);

    await saveElephant((d) => d.replace(` Elders lead the herd with a ${word}.`, ''));
    const gone = await untilEach(word, (r) => r.total === 0);
    for (const r of gone) expect(r.total).toBe(0);
    // Ranked alike again in both.
    const [c, d] = await Promise.all(bases().map((x) => search(x, 'elephant')));
    expect(slugs(c!)).toEqual(slugs(a!));
    expect(slugs(d!)).toEqual(slugs(a!));
  });
});
