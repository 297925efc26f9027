// The content editor's API (issue 12): the database holds the content as documents, a console
// edit is on the public site and in search at once, a stale save is a conflict that keeps both
// versions, every save keeps a revision that can be restored, a changed slug redirects, items
// referred to by published content cannot leave the site, scheduled items go live on time, agents
// edit only when an owner allows it, and the content files never overwrite a console change.
import './helpers/production.ts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentConflict, ContentForm, ContentItem, ContentList, ContentProblems, ContentRevision, ContentRevisionSummary } from '../common/content-editing.ts';
import { loadContentFiles } from '../server/db/content.ts';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import { exportContent, writeExport } from '../server/content/export.ts';
import { importContentFiles } from '../server/content/content-files.ts';
import { documentHash } from '../server/content/documents.ts';
import { publishedContent } from '../server/content/published.ts';
import { requireType } from '../server/content/reading.ts';
import { publishDue, saveItem } from '../server/content/writing.ts';
import { openDatabase } from '../server/db/index.ts';
import { openPreparedDatabase } from '../server/db/prepare.ts';
import { syncContent } from '../server/db/seed.ts';
import { backends } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { uploadLibraryPicture } from './helpers/console-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const OWNER = 'owner@kigezitrails.example';
const AGENT = 'agent@kigezitrails.example';

/** A picture of the media library, uploaded in beforeAll. */
let picture = '';

const blogPost = (title: string, upload = picture) => ({
  title,
  created: '2026-11-20',
  nav: false,
  description: 'A short note from the field about the rains in Bwindi this month.',
  body: `## ${title}\n\nThe short rains came early this year. <script>alert(1)</script>Trails were **muddy** but the gorillas were close.`,
  image: { alt: 'A muddy forest trail under tall trees after rain', ...(upload ? { upload } : {}) },
  seo: { keywords: 'Bwindi rains, gorilla trekking November', description: 'What the short rains mean for gorilla trekking in Bwindi.' },
});

describe.each(backends())('content editor on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  let agent: SignedIn;
  const db = () => site.app.database!.db;
  const rows = async <T = Record<string, unknown>>(q: string) => rowsOf<T>(await db().execute(sql.raw(q)));
  const page = (p: string, init?: RequestInit) => fetch(`${site.base}${p}`, { redirect: 'manual', ...init });

  async function itemOf(type: string, slug: string): Promise<ContentItem> {
    const list = (await (await owner.get(`/content/${type}?q=${encodeURIComponent(slug)}`)).json()) as ContentList;
    const hit = list.items.find((i) => i.slug === slug);
    if (!hit) throw new Error(`${type}/${slug} not listed`);
    return ((await (await owner.get(`/content/${type}/${hit.id}`)).json()) as { item: ContentItem }).item;
  }

  beforeAll(async () => {
    site = await startSite({ backend, env: { SPAM_CHECKS: 'off' } });
    await addStaff(db(), OWNER, 'owner');
    await addStaff(db(), AGENT, 'agent');
    owner = await signIn(site.base, OWNER);
    agent = await signIn(site.base, AGENT);
    const res = await uploadLibraryPicture(site.base, owner, 'trail.jpg', 'A muddy forest trail under tall trees after rain', { width: 800, height: 500, background: '#55703a' });
    if (res.status !== 202) throw new Error(`upload refused: ${res.status}`);
    picture = ((await res.json()) as { path: string }).path;
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('holds every content file as a published document, and the site is their projection', async () => {
    const { documents } = await loadContentFiles();
    const [published] = await rows<{ n: number }>(`select count(*)::int as n from content_items where status = 'published'`);
    expect(published!.n).toBe(documents.length);
    const types = (await (await owner.get('/content')).json()) as { types: { name: string; counts: Record<string, number> }[] };
    const safaris = types.types.find((t) => t.name === 'safaris')!;
    expect(safaris.counts.published).toBe(documents.filter((d) => d.collection === 'safaris').length);
    const form = (await (await owner.get('/content/safaris/form')).json()) as ContentForm;
    expect(form.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['title', 'price', 'itinerary', 'image']));
    const itinerary = form.fields.find((f) => f.name === 'itinerary');
    expect(itinerary?.kind).toBe('repeat');
    expect(form.choices.destinations!.map((d) => d.slug)).toContain('uganda');
  });

  it('refuses a new item without a media-library picture, or with one the library does not have', async () => {
    const none = await owner.send('/content/blogs', { slug: 'no-picture-yet', document: blogPost('No picture yet', '') });
    expect(none.status).toBe(400);
    expect(((await none.json()) as ContentProblems).problems).toEqual([{ path: 'image.upload', message: expect.stringContaining('media library') }]);
    const gone = await owner.send('/content/blogs', { slug: 'no-picture-yet', document: blogPost('No picture yet', 'images/uploads/not-in-the-library.jpg') });
    expect(gone.status).toBe(400);
    expect(((await gone.json()) as ContentProblems).problems[0]?.path).toBe('image.upload');
    expect(await rows(`select id from content_items where slug = 'no-picture-yet'`)).toEqual([]);
  });

  it('creates a draft, publishes it to the site and search, and sanitises its Markdown as the site does', async () => {
    const slug = 'rains-in-bwindi-this-november';
    const created = await owner.send('/content/blogs', { slug, document: blogPost('Rains in Bwindi this November') });
    expect(created.status).toBe(201);
    const { item } = (await created.json()) as { item: ContentItem };
    expect(item.status).toBe('draft');
    expect((await page(`/blogs/${slug}`)).status).toBe(404);

    const published = await owner.send(`/content/blogs/${item.id}/publish`, { baseRevision: item.revision });
    expect(published.status).toBe(200);
    const live = await page(`/blogs/${slug}`);
    expect(live.status).toBe(200);
    const html = await live.text();
    expect(html).toContain('Rains in Bwindi this November');
    expect(html).not.toContain('<script>alert(1)');
    const api = (await (await page(`/api/blogs/${slug}`)).json()) as { blog: { blogparagraph: string } };
    expect(api.blog.blogparagraph).toContain('<strong>muddy</strong>');
    const search = (await (await page(`/api/search?query=${encodeURIComponent('Rains in Bwindi')}`)).json()) as Record<string, unknown>;
    expect(JSON.stringify(search)).toContain(slug);

    const preview = (await (await owner.send('/content/preview', { markdown: 'Hello **there** <script>x()</script>' })).json()) as { html: string };
    expect(preview.html).toContain('<strong>there</strong>');
    expect(preview.html).not.toContain('<script');
  });

  it('puts a saved change of a published item on the site at once, and keeps the previous version', async () => {
    const park = await itemOf('parks', 'bwindi-impenetrable-forest-national-park');
    const before = await (await page('/parks/bwindi-impenetrable-forest-national-park')).text();
    expect(before).not.toContain('A sentence the editor added.');
    const doc = { ...park.document, description: `${park.document.description as string} A sentence the editor added.` };
    const t0 = Date.now();
    const saved = await owner.send(`/content/parks/${park.id}`, { slug: park.slug, document: doc, baseRevision: park.revision }, 'PUT');
    expect(saved.status).toBe(200);
    const after = await (await page('/parks/bwindi-impenetrable-forest-national-park')).text();
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(after).toContain('A sentence the editor added.');
    const revisions = ((await (await owner.get(`/content/parks/${park.id}/revisions`)).json()) as { revisions: ContentRevisionSummary[] }).revisions;
    expect(revisions.map((r) => r.action)).toEqual(['save', 'import']);

    // Restore the imported version: the sentence is gone again, as a new revision.
    const old = (await (await owner.get(`/content/parks/${park.id}/revisions/${park.revision}`)).json()) as ContentRevision;
    expect(old.diff.some((l) => l.op === '+' && l.text.includes('A sentence the editor added.'))).toBe(true);
    const restored = await owner.send(`/content/parks/${park.id}/revisions/${park.revision}/restore`, { baseRevision: park.revision + 1 });
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as { item: ContentItem }).item.revision).toBe(park.revision + 2);
    expect(await (await page('/parks/bwindi-impenetrable-forest-national-park')).text()).not.toContain('A sentence the editor added.');
  });

  it('drops exactly the kept pages and API answers a change was made from, in this process and in every other', async () => {
    const { pages, answers } = site.app.caches!;
    const blogSlug = 'best-time-to-visit-uganda';
    // Pages made from blog posts, and pages made from nothing a blog post changes.
    const fromBlogs = ['/', '/blogs', `/blogs/${blogSlug}`, '/parks/bwindi-impenetrable-forest-national-park', '/destinations/uganda'];
    const notFromBlogs = ['/animals/african-elephants', '/safaris', '/lodges', '/frequently-asked-questions', '/contact-us'];
    const apiNotFromBlogs = ['/api/animals/african-elephants', '/api/safaris', '/api/frequently-asked-questions'];
    const etags = new Map<string, string>();
    for (const p of [...fromBlogs, ...notFromBlogs, ...apiNotFromBlogs]) {
      await page(p);
      etags.set(p, (await page(p)).headers.get('etag')!);
    }
    // Every one of them is kept now: reading them again makes nothing.
    const made = () => pages.stats.produced + answers.stats.produced;
    let before = made();
    for (const p of [...fromBlogs, ...notFromBlogs, ...apiNotFromBlogs]) await page(p);
    expect(made()).toBe(before);

    const post = await itemOf('blogs', blogSlug);
    const added = `A line added in the console at ${Date.now()}.`;
    const saved = await owner.send(
      `/content/blogs/${post.id}`,
      { slug: post.slug, document: { ...post.document, body: `${post.document.body as string}\n\n${added}` }, baseRevision: post.revision },
      'PUT',
    );
    expect(saved.status).toBe(200);

    // The post's page is made again and says the new line; the blog-made pages are made again.
    expect(await (await page(`/blogs/${blogSlug}`)).text()).toContain(added);
    for (const p of fromBlogs) expect((await page(p)).status).toBe(200);
    // The others are still the kept answers: same bytes, nothing made.
    before = made();
    for (const p of [...notFromBlogs, ...apiNotFromBlogs]) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('etag'), p).toBe(etags.get(p));
    }
    expect(made()).toBe(before);
    // The safaris list is made from its page row and the safaris, and, for its "Group departure
    // in" choices, from the departures and the operator's day (the time zone in the settings).
    expect(pages.dependencies().get([...pages.dependencies().keys()].find((k) => k.endsWith(' /safaris'))!)).toEqual(['console_settings', 'departures', 'pages', 'safaris']);

    if (backend !== 'postgres') return;
    // Another process (a second server on the same PostgreSQL) saves an animal: this process is
    // told at once and drops the animal pages, and nothing made without animals.
    const other = await openDatabase({ databaseUrl: site.databaseUrl!, dataDir: site.dataDir, migrate: false });
    try {
      const animal = await itemOf('animals', 'african-elephants');
      const elsewhere = `Saved by another server at ${Date.now()}.`;
      await saveItem(
        other.db,
        requireType('animals'),
        animal.id,
        { slug: animal.slug, document: { ...animal.document, description: `${animal.document.description as string} ${elsewhere}` }, baseRevision: animal.revision },
        { staffId: null, email: 'owner@kigezitrails.example' },
      );
      const started = Date.now();
      let html = await (await page('/animals/african-elephants')).text();
      while (!html.includes(elsewhere) && Date.now() - started < 1000) {
        await new Promise((r) => setTimeout(r, 20));
        html = await (await page('/animals/african-elephants')).text();
      }
      expect(html).toContain(elsewhere);
      before = made();
      for (const p of ['/safaris', '/lodges', '/contact-us']) expect((await page(p)).headers.get('etag'), p).toBe(etags.get(p));
      expect(made()).toBe(before);
    } finally {
      await other.close();
    }
  });

  it('answers a save made on an older revision with a conflict that carries both versions, and stores nothing', async () => {
    const animal = await itemOf('animals', 'mountain-gorillas');
    const first = { ...animal.document, description: 'First editor’s words.' };
    const second = { ...animal.document, description: 'Second editor’s words.' };
    expect((await owner.send(`/content/animals/${animal.id}`, { slug: animal.slug, document: first, baseRevision: animal.revision }, 'PUT')).status).toBe(200);
    const stale = await agent.send(`/content/animals/${animal.id}`, { slug: animal.slug, document: second, baseRevision: animal.revision }, 'PUT');
    // Agents may not edit until an owner allows it.
    expect(stale.status).toBe(403);
    expect((await owner.send('/settings', { agentsEditContent: true }, 'PUT')).status).toBeLessThan(300);
    const conflict = await agent.send(`/content/animals/${animal.id}`, { slug: animal.slug, document: second, baseRevision: animal.revision }, 'PUT');
    expect(conflict.status).toBe(409);
    const body = (await conflict.json()) as ContentConflict;
    expect(body.code).toBe('conflict');
    expect(body.current.document.description).toBe('First editor’s words.');
    expect(body.yours.document.description).toBe('Second editor’s words.');
    expect(body.diff.some((l) => l.op === '+' && l.text.includes('Second editor'))).toBe(true);
    const now = await itemOf('animals', 'mountain-gorillas');
    expect(now.document.description).toBe('First editor’s words.');
    // Saving theirs over it on purpose: on the current revision.
    expect((await agent.send(`/content/animals/${animal.id}`, { slug: animal.slug, document: second, baseRevision: body.current.revision }, 'PUT')).status).toBe(200);
    await owner.send('/settings', { agentsEditContent: false }, 'PUT');
  });

  it('refuses an invalid document with every problem and its field', async () => {
    const safari = await itemOf('safaris', '3-days-bwindi-gorilla-trekking-safari');
    const doc = { ...safari.document, price: -5, itinerary: [] };
    const res = await owner.send(`/content/safaris/${safari.id}`, { slug: safari.slug, document: doc, baseRevision: safari.revision }, 'PUT');
    expect(res.status).toBe(400);
    const body = (await res.json()) as ContentProblems;
    expect(body.problems.map((p) => p.path)).toEqual(expect.arrayContaining(['price', 'itinerary']));
    const nul = await owner.send(`/content/safaris/${safari.id}`, { slug: safari.slug, document: { ...safari.document, title: 'a\u0000b' }, baseRevision: safari.revision }, 'PUT');
    expect(nul.status).toBe(400);
    expect((await itemOf('safaris', safari.slug)).revision).toBe(safari.revision);
  });

  it('leaves a permanent redirect when a published item’s slug changes, and renames the references to it', async () => {
    const exp = await itemOf('experiences', 'canoeing-on-lake-bunyonyi');
    const renamed = await owner.send(`/content/experiences/${exp.id}`, { slug: 'canoe-trips-on-lake-bunyonyi', document: exp.document, baseRevision: exp.revision }, 'PUT');
    expect(renamed.status).toBe(200);
    const old = await page('/experiences/canoeing-on-lake-bunyonyi');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/experiences/canoe-trips-on-lake-bunyonyi');
    expect((await page('/experiences/canoe-trips-on-lake-bunyonyi')).status).toBe(200);
    // Safaris that listed the experience now name the new slug in their documents.
    const referring = await rows<{ n: number }>(`select count(*)::int as n from content_items where document::text like '%"canoeing-on-lake-bunyonyi"%'`);
    expect(referring[0]!.n).toBe(0);
    // Renaming back: the redirect from the new address goes, the old one is live again.
    const now = await itemOf('experiences', 'canoe-trips-on-lake-bunyonyi');
    expect((await owner.send(`/content/experiences/${now.id}`, { slug: 'canoeing-on-lake-bunyonyi', document: now.document, baseRevision: now.revision }, 'PUT')).status).toBe(200);
    expect((await page('/experiences/canoeing-on-lake-bunyonyi')).status).toBe(200);
    expect((await page('/experiences/canoe-trips-on-lake-bunyonyi')).status).toBe(301);
  });

  it('moves a renamed safari’s itinerary PDF and route map with its page: the old addresses redirect permanently', async () => {
    const safari = await itemOf('safaris', '3-days-bwindi-gorilla-trekking-safari');
    const to = '3-days-bwindi-gorillas-from-kabale';
    expect((await owner.send(`/content/safaris/${safari.id}`, { slug: to, document: safari.document, baseRevision: safari.revision }, 'PUT')).status).toBe(200);
    try {
      for (const [file, query] of [
        ['itinerary.pdf', ''],
        ['route.svg', ''],
        ['route.svg', '?size=phone'],
      ] as const) {
        const old = await page(`/safaris/${safari.slug}/${file}${query}`);
        expect(old.status, file).toBe(301);
        expect(old.headers.get('location')).toBe(`/safaris/${to}/${file}${query}`);
        const moved = await page(`/safaris/${to}/${file}${query}`);
        expect(moved.status, file).toBe(200);
      }
      // A file of an address that was never a page is still not found.
      expect((await page('/safaris/never-was-a-safari/itinerary.pdf')).status).toBe(404);
    } finally {
      const now = await itemOf('safaris', to);
      expect((await owner.send(`/content/safaris/${now.id}`, { slug: safari.slug, document: now.document, baseRevision: now.revision }, 'PUT')).status).toBe(200);
    }
  });

  it('keeps referred-to items on the site, deletes others after a confirmation, and never imports a deleted file again', async () => {
    const uganda = await itemOf('destinations', 'uganda');
    const refused = await owner.send(`/content/destinations/${uganda.id}/unpublish`, { baseRevision: uganda.revision });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ContentProblems).problems.length).toBeGreaterThan(0);
    expect((await owner.send(`/content/destinations/${uganda.id}`, { baseRevision: uganda.revision }, 'DELETE')).status).toBe(409);

    const post = await itemOf('blogs', 'rains-in-bwindi-this-november');
    const deleted = await owner.send(`/content/blogs/${post.id}`, { baseRevision: post.revision }, 'DELETE');
    expect(deleted.status).toBe(200);
    expect((await page('/blogs/rains-in-bwindi-this-november')).status).toBe(404);
    const history = await rows<{ action: string }>(`select action from content_revisions where slug = 'rains-in-bwindi-this-november' order by id`);
    expect(history.map((h) => h.action)).toEqual(['create', 'delete']);

    const blog = await itemOf(
      'blogs',
      (await rows<{ slug: string }>(`select slug from content_items where collection = 'blogs' and status = 'published' and slug <> 'rains-in-bwindi-this-november' order by slug limit 1`))[0]!.slug,
    );
    expect((await owner.send(`/content/blogs/${blog.id}`, { baseRevision: blog.revision }, 'DELETE')).status).toBe(200);
    const { documents } = await loadContentFiles();
    const result = await importContentFiles(db(), documents);
    expect(result.deleted).toContain(`blogs/${blog.slug}`);
    expect(result.imported).toBe(0);
    expect(await rows(`select id from content_items where collection = 'blogs' and slug = '${blog.slug}'`)).toEqual([]);
  });

  it('does not let the content files overwrite what staff changed, and follows them where nobody did', async () => {
    const park = await itemOf('parks', 'queen-elizabeth-national-park');
    const edited = { ...park.document, description: 'Changed in the console.' };
    expect((await owner.send(`/content/parks/${park.id}`, { slug: park.slug, document: edited, baseRevision: park.revision }, 'PUT')).status).toBe(200);
    const { documents } = await loadContentFiles();
    const result = await importContentFiles(db(), documents);
    expect(result.kept).toContain('parks/queen-elizabeth-national-park');
    expect((await itemOf('parks', park.slug)).document.description).toBe('Changed in the console.');
    // A file changed since its import, on an item nobody touched: the file wins.
    const bird = documents.find((d) => d.collection === 'birds')!;
    const changedFile = { ...bird, document: { ...bird.document, description: 'Changed in the file.' } };
    const again = await importContentFiles(
      db(),
      documents.map((d) => (d === bird ? changedFile : d)),
    );
    expect(again.updated).toBe(1);
    expect((await itemOf('birds', bird.slug)).document.description).toBe('Changed in the file.');
    const { content } = await publishedContent(db());
    expect(content.birds.find((b) => b.slug === bird.slug)?.description).toBe('Changed in the file.');
  });

  it('publishes a scheduled item when its time comes, and refuses a time in the past', async () => {
    const created = await owner.send('/content/blogs', { slug: 'migration-calving-season-notes', document: blogPost('Calving season notes') });
    const { item } = (await created.json()) as { item: ContentItem };
    const past = await owner.send(`/content/blogs/${item.id}/schedule`, { baseRevision: item.revision, at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    const at = new Date(Date.now() + 60 * 60_000);
    const scheduled = await owner.send(`/content/blogs/${item.id}/schedule`, { baseRevision: item.revision, at: at.toISOString() });
    expect(scheduled.status).toBe(200);
    expect((await publishDue(db(), new Date())).valueOf()).toBe(0);
    expect((await page('/blogs/migration-calving-season-notes')).status).toBe(404);
    expect(await publishDue(db(), new Date(at.getTime() + 1000))).toBe(1);
    expect((await page('/blogs/migration-calving-season-notes')).status).toBe(200);
  });

  it('exports the database in the layout of content/, and a fresh database seeded from the export has the same content', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'content-export-'));
    const fresh = await openPreparedDatabase({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'content-fresh-')) });
    try {
      const files = await exportContent(db());
      const { written } = await writeExport(dir, files);
      expect(written).toBe(files.length);
      // Console edits are in the export; drafts are not.
      expect(await readFile(path.join(dir, 'parks', 'queen-elizabeth-national-park.yaml'), 'utf8')).toContain('description: Changed in the console.');
      const loaded = await loadContentFiles(dir);
      await importContentFiles(fresh.db, loaded.documents);
      const theirs = await publishedContent(fresh.db);
      const ours = await publishedContent(db());
      expect(theirs.problems).toEqual([]);
      expect(JSON.parse(JSON.stringify(theirs.content))).toEqual(JSON.parse(JSON.stringify(ours.content)));
      const docs = async (d: typeof db extends () => infer D ? D : never) =>
        rowsOf<{ collection: string; slug: string; document: unknown }>(
          await d.execute(sql.raw(`select collection, slug, document from content_items where status = 'published' order by collection, slug`)),
        ).map((r) => `${r.collection}/${r.slug}:${documentHash(r.document)}`);
      expect(await docs(fresh.db)).toEqual(await docs(db()));
      // And the site's tables from it: the same rows a visitor reads.
      theirs.content.currencyRates = loaded.content.currencyRates;
      await syncContent(fresh.db, theirs.content);
      const titles = async (d: typeof fresh.db) =>
        rowsOf<{ t: string }>(await d.execute(sql.raw(`select safarititleslug || ':' || safariprice || ':' || safariday as t from safaris order by 1`))).map((r) => r.t);
      expect(await titles(fresh.db)).toEqual(await titles(db()));
    } finally {
      await fresh.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('npm run content:export writes the files, asking the running server when it has the embedded database open', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'content-cli-'));
    try {
      const env = backend === 'pglite' ? { DATA_DIR: site.dataDir } : { DATA_DIR: dir, DATABASE_URL: site.databaseUrl! };
      const out = await promisify(execFile)(process.execPath, [path.resolve(import.meta.dirname, '../server/content/export-cli.ts'), '--out', dir], {
        env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      });
      expect(out.stdout).toMatch(/Content exported to .*: \d+ files written, 0 removed\./);
      const parks = await readdir(path.join(dir, 'parks'));
      expect(parks).toContain('queen-elizabeth-national-park.yaml');
      expect(await readFile(path.join(dir, 'parks', 'queen-elizabeth-national-park.yaml'), 'utf8')).toContain('description: Changed in the console.');
      expect((await readdir(dir)).sort()).toEqual(expect.arrayContaining(['currency-rates.yaml', 'safaris', 'lodges', 'pages']));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers any document, slug or revision with the item or a clear refusal, never a server error (property test)', async () => {
    const target = await itemOf('faqs', (await rows<{ slug: string }>(`select slug from content_items where collection = 'faqs' order by slug limit 1`))[0]!.slug);
    const statuses = new Set<number>();
    const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 8 }),
          fc.record({ question: fc.string({ maxLength: 40 }), answer: fc.string({ maxLength: 80 }), order: fc.oneof(fc.integer(), fc.double(), fc.string()), home: fc.jsonValue({ maxDepth: 1 }) }),
          fc.constant(deep(40) as Record<string, unknown>),
          fc.constant({ question: 'Why?', answer: 'Because\u0000', order: 1, home: false }),
          fc.constant({ question: 'Why?', answer: 'Because.', order: 1, home: false, 'k\u0000': 1 }),
        ),
        fc.oneof(fc.constant(target.slug), fc.string({ maxLength: 30 })),
        fc.oneof(fc.constant(target.revision), fc.integer({ min: -5, max: 1e9 })),
        async (document, slug, baseRevision) => {
          const res = await owner.send(`/content/faqs/${target.id}`, { slug, document, baseRevision }, 'PUT');
          statuses.add(res.status);
          expect([200, 400, 409]).toContain(res.status);
          const body = (await res.json()) as { error?: string };
          if (res.status !== 200) expect(body.error).toEqual(expect.any(String));
        },
      ),
      { numRuns: 120 },
    );
    expect(statuses.has(400)).toBe(true);
    // Creating: the same.
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 30 }), fc.jsonValue({ maxDepth: 3 }), async (slug, document) => {
        const res = await owner.send('/content/faqs', { slug, document });
        expect([201, 400, 409]).toContain(res.status);
      }),
      { numRuns: 60 },
    );
  });

  it('previews an unsaved version in a transaction that is always rolled back: nothing reaches the site, its caches or the content version', async () => {
    const park = await itemOf('parks', 'bwindi-impenetrable-forest-national-park');
    const doc = { ...park.document, title: 'Bwindi, previewed only' };
    const version = async () => (await rows<{ version: number }>(`select version from content_version where id = 1`))[0]!.version;
    const v0 = await version();
    const watched = site.app.contentVersion!.current;
    const publicApi = () => page(`/api/parks/${park.slug}`).then((r) => r.text());
    expect(await publicApi()).not.toContain('previewed only');
    const kept = site.app.caches!.answers.stats.stored;

    const checked = await owner.send(`/content/parks/${park.id}/preview`, { slug: park.slug, document: doc });
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ path: `/parks/${park.slug}` });
    const read = await owner.send(`/content/parks/${park.id}/preview`, { slug: park.slug, document: doc, read: `/parks/${park.slug}` });
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(await read.text()).toContain('Bwindi, previewed only');
    // A second read of the same version is drawn again (nothing was kept by the first).
    expect(await (await owner.send(`/content/parks/${park.id}/preview`, { slug: park.slug, document: doc, read: `/parks/${park.slug}` })).text()).toContain('Bwindi, previewed only');

    // Nothing of it on the site: the public API and page, the item, the version, the caches.
    expect(await publicApi()).not.toContain('previewed only');
    expect(await (await page(`/parks/${park.slug}`)).text()).not.toContain('previewed only');
    expect(await version()).toBe(v0);
    await new Promise((r) => setTimeout(r, 300));
    expect(site.app.contentVersion!.current).toBe(watched);
    expect(site.app.caches!.answers.stats.stored).toBeLessThanOrEqual(kept + 1);
    const again = await itemOf('parks', park.slug);
    expect(again.revision).toBe(park.revision);
    expect(again.document.title).toBe(park.document.title);

    // A draft is drawn at its address as if published, and stays off the site.
    const created = await owner.send('/content/blogs', { slug: 'preview-only-draft', document: blogPost('A draft seen only in preview') });
    const draft = ((await created.json()) as { item: ContentItem }).item;
    const drawn = await owner.send(`/content/blogs/${draft.id}/preview`, { slug: 'preview-only-draft', document: blogPost('A draft seen only in preview'), read: '/blogs/preview-only-draft' });
    expect(drawn.status).toBe(200);
    expect(await drawn.text()).toContain('A draft seen only in preview');
    expect((await page('/blogs/preview-only-draft')).status).toBe(404);
    expect((await page('/api/blogs/preview-only-draft')).status).toBe(404);
    expect(await rows(`select status from content_items where id = ${draft.id}`)).toEqual([{ status: 'draft' }]);

    // Refusals: the problems of an invalid document, a type without a page, a read of the console,
    // signed out, and an agent without the content right.
    const invalid = await owner.send(`/content/blogs/${draft.id}/preview`, { slug: 'preview-only-draft', document: { ...blogPost('X'), title: '' } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as ContentProblems).problems.map((p) => p.path)).toContain('title');
    const faq = (await (await owner.get('/content/faqs')).json()) as ContentList;
    const q = await itemOf('faqs', faq.items[0]!.slug);
    const noPage = await owner.send(`/content/faqs/${q.id}/preview`, { slug: q.slug, document: q.document });
    expect(noPage.status).toBe(400);
    expect(((await noPage.json()) as { code: string }).code).toBe('no-page');
    expect((await owner.send(`/content/parks/${park.id}/preview`, { slug: park.slug, document: doc, read: '/admin/staff' })).status).toBe(400);
    expect(
      (
        await fetch(`${site.base}/api/admin/content/parks/${park.id}/preview`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site.base },
          body: JSON.stringify({ slug: park.slug, document: doc }),
        })
      ).status,
    ).toBe(401);
    expect((await agent.send(`/content/parks/${park.id}/preview`, { slug: park.slug, document: doc, read: `/parks/${park.slug}` })).status).toBe(403);

    // The page route: signed out, to sign-in with nothing read; an agent without the right, refused.
    const form = new URLSearchParams({ slug: park.slug, 'doc.title': 'Leaked title' });
    const anon = await page(`/admin/content/parks/${park.id}/preview`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect(anon.status).toBe(303);
    expect(anon.headers.get('location')).toMatch(/^\/admin\/login/);
    expect(await anon.text()).not.toContain('Leaked title');
    const refused = await page(`/admin/content/parks/${park.id}/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: agent.cookie },
      body: new URLSearchParams({ ...Object.fromEntries(form), _csrf: agent.csrf }),
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.text()).not.toContain(park.document.title as string);
  });

  it('checks roles and anti-forgery tokens, and never lets anything be cached', async () => {
    const anon = await fetch(`${site.base}/api/admin/content/safaris`);
    expect(anon.status).toBe(401);
    expect((await agent.get('/content/safaris')).status).toBe(403);
    const noToken = await fetch(`${site.base}/api/admin/content/blogs`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: site.base, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'x-y', document: blogPost('X') }),
    });
    expect(noToken.status).toBe(403);
    const list = await owner.get('/content/safaris');
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect((await owner.get('/content/nonsense')).status).toBe(404);
    expect((await owner.get('/content/safaris/999999')).status).toBe(404);
    expect((await owner.get('/content/safaris?status=gone')).status).toBe(400);
    const pages = await itemOf('pages', 'home');
    expect((await owner.send(`/content/pages/${pages.id}/unpublish`, { baseRevision: pages.revision })).status).toBe(403);
  });
});
