// The database is the source of truth once staff touched an item: a start (the set-up step loads
// the content files again) and a deliberate re-import (npm run content:import) never undo or
// duplicate a console change. Renames, deletions, unpublishing, edits and restored revisions
// survive a restart of the site on the same database, for every content type.
import './helpers/production.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, ContentList } from '../common/content-editing.ts';
import { slugTableOf } from '../server/content/definitions.ts';
import { runImport } from '../server/content/reimport.ts';
import { importContentFiles } from '../server/content/content-files.ts';
import { CONTENT_TYPES, contentType } from '../server/content/types.ts';
import { loadContentFiles, type CollectionName } from '../server/db/content.ts';
import { createLogger } from '../server/logger.ts';
import { backends } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { getJson } from './helpers/site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const OWNER = 'owner@kigezitrails.example';
const quiet = createLogger('silent');

describe.each(backends())('console changes across restarts on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  const db = () => site.app.database!.db;
  const rows = async <T = Record<string, unknown>>(q: string) => rowsOf<T>(await db().execute(sql.raw(q)));
  const page = (p: string) => fetch(`${site.base}${p}`, { redirect: 'manual' });
  const count = async (q: string) => (await rows<{ n: number }>(q))[0]!.n;
  const importRevisions = () => count(`select count(*)::int as n from content_revisions where action = 'import'`);

  /** Stops the site and starts it again on the same data (the content files are loaded again). */
  async function restart() {
    await site.restart();
    owner = await signIn(site.base, OWNER);
  }

  async function itemOf(type: string, slug: string): Promise<ContentItem> {
    const list = (await (await owner.get(`/content/${type}?q=${encodeURIComponent(slug)}`)).json()) as ContentList;
    const hit = list.items.find((i) => i.slug === slug);
    if (!hit) throw new Error(`${type}/${slug} not listed`);
    return ((await (await owner.get(`/content/${type}/${hit.id}`)).json()) as { item: ContentItem }).item;
  }

  async function rename(type: string, from: string, to: string): Promise<ContentItem> {
    const item = await itemOf(type, from);
    const res = await owner.send(`/content/${type}/${item.id}`, { slug: to, document: item.document, baseRevision: item.revision }, 'PUT');
    expect(res.status, `${type}/${from} -> ${to}`).toBe(200);
    return ((await res.json()) as { item: ContentItem }).item;
  }

  async function edit(type: string, slug: string, change: Record<string, unknown>): Promise<ContentItem> {
    const item = await itemOf(type, slug);
    const res = await owner.send(`/content/${type}/${item.id}`, { slug, document: { ...item.document, ...change }, baseRevision: item.revision }, 'PUT');
    expect(res.status, `${type}/${slug}`).toBe(200);
    return ((await res.json()) as { item: ContentItem }).item;
  }

  /** Published items of a collection still as their file wrote them, that no test here chose yet. */
  async function freeSlugs(collection: string, n: number, taken: Set<string>): Promise<string[]> {
    const all = await rows<{ slug: string }>(`select slug from content_items where collection = '${collection}' and status = 'published' and seed_hash is not null order by slug`);
    const out = all.map((r) => r.slug).filter((s) => !taken.has(`${collection}/${s}`));
    for (const s of out.slice(0, n)) taken.add(`${collection}/${s}`);
    return out.slice(0, n);
  }
  const used = new Set<string>();

  async function sitemap(): Promise<string> {
    const res = await page('/sitemap.xml');
    expect(res.status).toBe(200);
    return res.text();
  }
  const inSitemap = (xml: string, path: string) => xml.includes(`${path}</loc>`);

  beforeAll(async () => {
    site = await startSite({ backend, env: { SPAM_CHECKS: 'off' } });
    await addStaff(db(), OWNER, 'owner');
    owner = await signIn(site.base, OWNER);
  }, 180_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('keeps a renamed safari renamed across restarts: one item, the old addresses redirect, the sitemap has only the new one', async () => {
    const safaris = async () => (await getJson<{ allsafaris: { safarititleslug: string }[] }>(site.base, '/safaris')).allsafaris;
    const before = (await safaris()).length;
    const itemsBefore = await count(`select count(*)::int as n from content_items where collection = 'safaris'`);
    expect(before).toBe(itemsBefore);
    const [old] = await freeSlugs('safaris', 1, used);
    const first = `${old}-by-road`;
    const second = `${old}-in-comfort`;
    const renamed = await rename('safaris', old!, first);

    await restart();
    expect(await safaris()).toHaveLength(before);
    expect((await safaris()).map((s) => s.safarititleslug)).not.toContain(old);
    expect(await count(`select count(*)::int as n from content_items where collection = 'safaris'`)).toBe(itemsBefore);
    expect(await rows(`select id from content_items where collection = 'safaris' and slug = '${old}'`)).toEqual([]);
    const moved = await page(`/safaris/${old}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/safaris/${first}`);
    expect((await page(`/safaris/${first}`)).status).toBe(200);
    let xml = await sitemap();
    expect(inSitemap(xml, `/safaris/${first}`)).toBe(true);
    expect(inSitemap(xml, `/safaris/${old}`)).toBe(false);
    // The same item, not a new one: its id, revisions and origin stay.
    const after = await itemOf('safaris', first);
    expect(after.id).toBe(renamed.id);
    expect(after.revision).toBe(renamed.revision);

    await rename('safaris', first, second);
    await restart();
    expect(await safaris()).toHaveLength(before);
    expect(await count(`select count(*)::int as n from content_items where collection = 'safaris'`)).toBe(itemsBefore);
    for (const gone of [old, first]) {
      const res = await page(`/safaris/${gone}`);
      expect(res.status, gone).toBe(301);
      expect(res.headers.get('location')).toBe(`/safaris/${second}`);
    }
    expect((await page(`/safaris/${second}`)).status).toBe(200);
    xml = await sitemap();
    expect([old, first, second].map((s) => inSitemap(xml, `/safaris/${s}`))).toEqual([false, false, true]);
    const [origin] = await rows<{ origin: string; slug: string }>(`select origin, slug from content_items where id = ${renamed.id}`);
    expect(origin).toEqual({ origin: `safaris/${old}`, slug: second });
  });

  it('keeps deletions, unpublished and scheduled items, edited fields and restored revisions of blog posts and birds across a restart', async () => {
    const expected: Record<string, { deleted: string; draft: string; edited: string; restored: string; restoredItem: ContentItem; scheduled: string }> = {};
    for (const type of ['blogs', 'birds'] as const) {
      const [deleted, draft, edited, restored, scheduled] = await freeSlugs(type, 5, used);
      const paths = contentType(type)!.paths;

      const d = await itemOf(type, deleted!);
      expect((await owner.send(`/content/${type}/${d.id}`, { baseRevision: d.revision }, 'DELETE')).status).toBe(200);

      const u = await itemOf(type, draft!);
      expect((await owner.send(`/content/${type}/${u.id}/unpublish`, { baseRevision: u.revision })).status).toBe(200);

      await edit(type, edited!, { description: `Changed in the console: ${edited}.` });

      const later = await itemOf(type, scheduled!);
      const at = new Date(Date.now() + 7 * 86_400_000).toISOString();
      expect((await owner.send(`/content/${type}/${later.id}/schedule`, { baseRevision: later.revision, at })).status).toBe(200);

      // Two versions saved, then the first of them restored: the console's choice, not the file's.
      const first = await edit(type, restored!, { description: 'The version that is restored.' });
      const second = await edit(type, restored!, { description: 'A version that was taken back.' });
      const res = await owner.send(`/content/${type}/${first.id}/revisions/${first.revision}/restore`, { baseRevision: second.revision });
      expect(res.status).toBe(200);
      const back = ((await res.json()) as { item: ContentItem }).item;
      expect(back.document).toEqual(first.document);
      expect(paths(deleted!).length).toBeGreaterThan(0);
      expected[type] = { deleted: deleted!, draft: draft!, edited: edited!, restored: restored!, restoredItem: back, scheduled: scheduled! };
    }
    const imports = await importRevisions();
    const published = await count(`select count(*)::int as n from content_items where status = 'published'`);

    await restart();
    expect(await importRevisions()).toBe(imports);
    expect(await count(`select count(*)::int as n from content_items where status = 'published'`)).toBe(published);
    for (const [type, e] of Object.entries(expected)) {
      const path = (slug: string) => contentType(type)!.paths(slug)[0]!;
      expect(await rows(`select id from content_items where collection = '${type}' and slug = '${e.deleted}'`)).toEqual([]);
      expect(await rows(`select slug from content_tombstones where origin = '${type}/${e.deleted}'`)).toEqual([{ slug: e.deleted }]);
      expect((await page(path(e.deleted))).status).toBe(404);
      expect((await itemOf(type, e.draft)).status).toBe('draft');
      expect((await page(path(e.draft))).status).toBe(404);
      expect((await itemOf(type, e.scheduled)).status).toBe('scheduled');
      expect((await page(path(e.scheduled))).status).toBe(404);
      expect((await itemOf(type, e.edited)).document.description).toBe(`Changed in the console: ${e.edited}.`);
      expect(await page(path(e.edited)).then((r) => r.text())).toContain(`Changed in the console: ${e.edited}.`);
      const restored = await itemOf(type, e.restored);
      expect(restored.document).toEqual(e.restoredItem.document);
      expect(restored.revision).toBe(e.restoredItem.revision);
      expect(await page(path(e.restored)).then((r) => r.text())).toContain('The version that is restored.');
    }
  });

  it('keeps an item of every content type renamed (and a fixed page edited) across a restart, with no duplicate', async () => {
    const renamed: { type: CollectionName; from: string; to: string }[] = [];
    for (const type of CONTENT_TYPES) {
      if (type.fixed) {
        const [slug] = await freeSlugs(type.name, 1, used);
        await edit(type.name, slug!, { title: `Edited ${slug}` });
        continue;
      }
      const [from] = await freeSlugs(type.name, 1, used);
      const to = `${from}-renamed`.slice(0, 120);
      await rename(type.name, from!, to);
      renamed.push({ type: type.name, from: from!, to });
    }
    expect(renamed.length).toBeGreaterThanOrEqual(8);
    // An item made in the console, published: no file has it, and a start leaves it be.
    const made = await owner.send('/content/faqs', { slug: 'can-we-bring-a-drone', document: { question: 'Can we bring a drone?', answer: 'Not into the parks.', order: 99, home: false } });
    expect(made.status).toBe(201);
    const draft = ((await made.json()) as { item: ContentItem }).item;
    expect((await owner.send(`/content/faqs/${draft.id}/publish`, { baseRevision: draft.revision })).status).toBe(200);
    const perType = async () =>
      Object.fromEntries(
        (await rows<{ collection: string; n: number }>(`select collection, count(*)::int as n from content_items group by collection order by collection`)).map((r) => [r.collection, r.n]),
      );
    const tableRows = async () => {
      const out: Record<string, number> = {};
      for (const type of CONTENT_TYPES) {
        const target = slugTableOf(type.name);
        if (target) out[type.name] = Number(rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from ${target.table}`))[0]!.n);
      }
      return out;
    };
    const counts = await perType();
    const tables = await tableRows();
    const imports = await importRevisions();

    await restart();
    expect(await perType()).toEqual(counts);
    expect(await tableRows()).toEqual(tables);
    expect(await importRevisions()).toBe(imports);
    expect(await rows(`select origin from content_items where origin is not null group by origin having count(*) > 1`)).toEqual([]);
    for (const r of renamed) {
      expect(await rows(`select id from content_items where collection = '${r.type}' and slug = '${r.from}'`), `${r.type}/${r.from}`).toEqual([]);
      const [item] = await rows<{ origin: string }>(`select origin from content_items where collection = '${r.type}' and slug = '${r.to}'`);
      expect(item?.origin).toBe(`${r.type}/${r.from}`);
      const target = slugTableOf(r.type);
      if (target) {
        const left = rowsOf(await db().execute(sql`select 1 from ${target.table} where ${target.slug} = ${r.from}`));
        expect(left, `${r.type}/${r.from} in its table`).toEqual([]);
      }
      const [own] = contentType(r.type)!.paths(r.to);
      if (own) {
        const old = await page(contentType(r.type)!.paths(r.from)[0]!);
        expect(old.status, own).toBe(301);
        expect(old.headers.get('location')).toBe(own);
      }
    }
    expect((await itemOf('faqs', 'can-we-bring-a-drone')).status).toBe('published');
    for (const type of CONTENT_TYPES.filter((t) => t.fixed)) {
      const edited = await rows<{ n: number }>(`select count(*)::int as n from content_items where collection = '${type.name}' and document->>'title' like 'Edited %'`);
      expect(edited[0]!.n).toBe(1);
    }

    // A start with nothing new in the files changes nothing: the content version stays, so no
    // process drops what it keeps.
    const version = async () => (await rows<{ version: number }>(`select version from content_version where id = 1`))[0]!.version;
    const settled = await version();
    await restart();
    expect(await version()).toBe(settled);
    expect(await perType()).toEqual(counts);
  });

  it('re-imports the files on purpose without duplicating a renamed item, listing what it left alone, and overwrites or restores only what is named', async () => {
    const [from] = await freeSlugs('experiences', 1, used);
    const to = `${from}-on-foot`;
    await rename('experiences', from!, to);
    const [gone] = await freeSlugs('blogs', 1, used);
    const post = await itemOf('blogs', gone!);
    expect((await owner.send(`/content/blogs/${post.id}`, { baseRevision: post.revision }, 'DELETE')).status).toBe(200);
    const [changed] = await freeSlugs('birds', 1, used);
    await edit('birds', changed!, { description: 'Seen from the boat this morning.' });
    const items = await count(`select count(*)::int as n from content_items`);

    const plain = await runImport(db(), quiet, { overwrite: [], restore: [] });
    expect(plain).toMatchObject({ imported: 0, updated: 0, removed: 0, overwritten: [], restored: [] });
    expect(plain.kept).toContain(`birds/${changed}`);
    // A pure rename leaves the document as its file wrote it: nothing to keep or report.
    expect(plain.kept).not.toContain(`experiences/${from}`);
    expect(plain.deleted).toContain(`blogs/${gone}`);
    expect(plain.taken).toEqual([]);
    expect(await count(`select count(*)::int as n from content_items`)).toBe(items);
    expect(await rows(`select id from content_items where collection = 'experiences' and slug = '${from}'`)).toEqual([]);

    // Asked for by name: the changed bird takes its file (a new revision, its address kept), the
    // deleted post comes back; the renamed experience is still one item at its new address.
    const chosen = await runImport(db(), quiet, { overwrite: [`birds/${changed}`, `experiences/${from}`], restore: [`blogs/${gone}`] });
    expect(chosen).toMatchObject({ imported: 0, overwritten: [`birds/${changed}`], restored: [`blogs/${gone}`] });
    expect((await itemOf('birds', changed!)).document.description).not.toBe('Seen from the boat this morning.');
    expect((await page(`/blogs/${gone}`)).status).toBe(200);
    expect(await rows(`select origin from content_tombstones where origin = 'blogs/${gone}'`)).toEqual([]);
    expect(await count(`select count(*)::int as n from content_items`)).toBe(items + 1);
    expect((await rows<{ slug: string }>(`select slug from content_items where origin = 'experiences/${from}'`)).map((r) => r.slug)).toEqual([to]);
    expect((await page(`/experiences/${to}`)).status).toBe(200);

    // A new file at an address an item made in the console holds is not imported over it.
    const made = await owner.send('/content/faqs', { slug: 'do-lodges-have-wifi', document: { question: 'Do lodges have wifi?', answer: 'Most do.', order: 98, home: false } });
    expect(made.status).toBe(201);
    const { documents } = await loadContentFiles();
    const file = { collection: 'faqs' as const, slug: 'do-lodges-have-wifi', document: { question: 'Do lodges have wifi?', answer: 'Some, in the main building.', order: 98, home: false } };
    const taken = await importContentFiles(db(), [...documents, file]);
    expect(taken).toMatchObject({ imported: 0, taken: ['faqs/do-lodges-have-wifi'] });
    const faq = await itemOf('faqs', 'do-lodges-have-wifi');
    expect([faq.document.answer, faq.status]).toEqual(['Most do.', 'draft']);
    expect(await count(`select count(*)::int as n from content_items where collection = 'faqs' and slug = 'do-lodges-have-wifi'`)).toBe(1);
  });

  it('npm run content:import prints what it did and left alone, asking the running server when it has the embedded database open', async () => {
    const [changed] = await freeSlugs('animals', 1, used);
    await edit('animals', changed!, { description: 'Changed before the re-import.' });
    const env = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: site.dataDir, ...(backend === 'postgres' ? { DATABASE_URL: site.databaseUrl! } : { DATABASE_URL: '' }) };
    const run = promisify(execFile);
    const { stdout } = await run('bash', ['scripts/node-env.sh', 'node', 'server/content/import-cli.ts'], { env, cwd: process.cwd() });
    expect(stdout).toMatch(/^Content files imported: 0 new, 0 updated, 0 removed with their file, 0 overwritten, 0 restored\./);
    expect(stdout).toContain(`Changed in the console, kept (name one with --overwrite to take its file)`);
    expect(stdout).toContain(`  animals/${changed}\n`);
    const refused = await run('bash', ['scripts/node-env.sh', 'node', 'server/content/import-cli.ts', '--overwrite', 'not a file'], { env, cwd: process.cwd() }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect('code' in refused && refused.code).toBe(2);
    expect((refused as { stderr: string }).stderr).toContain('--overwrite takes a content file as collection/slug');
    expect((await itemOf('animals', changed!)).document.description).toBe('Changed before the re-import.');
  });
});
