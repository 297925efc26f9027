// The content as the console edits it (issue 12). Each item is a document in the shape of its
// content file, kept in content_items with its publication state; every change of a document is
// kept in content_revisions. The content tables the site reads are the projection of the
// published documents: a console change rewrites just its item there (server/db/seed.ts with
// `only`) in the same transaction, and the content version moves on, so every process drops its
// kept pages and answers at once.
//
// The files under content/ seed a new site: at set-up, a file is imported when its item is new or
// when the item still holds the file's earlier version; once staff changed an item in the console
// (its document, address or state), the database's version is kept and the file is ignored
// (logged). A file is matched to its item by the item's origin (the file it was made from, kept
// through renames), and items deleted in the console leave a tombstone, so they stay deleted.
// `npm run content:import` re-imports on purpose; `npm run content:export` writes the database
// back to the same layout.
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { diffLines } from 'diff';
import { stringify as toYaml } from 'yaml';
import {
  CONTENT_MESSAGES,
  CONTENT_PAGE_SIZE,
  type ContentDocument,
  type ContentItem,
  type ContentItemSummary,
  type ContentRevision,
  type ContentRevisionSummary,
  type ContentStatus,
  type DiffLine,
  type FieldSpec,
} from '../../common/content-editing.ts';
import { collections, crossReferenceProblems, type CollectionName, type Content, type ContentFileDocument } from '../db/content.ts';
import type { Db } from '../db/index.ts';
import { auditLog, contentItems, contentRedirects, contentRevisions, contentTombstones, mediaUploads, staff } from '../db/schema.ts';
import { syncContent } from '../db/seed.ts';
import { slugTableOf } from './definitions.ts';
import { describeSchema } from './describe.ts';
import { CONTENT_TYPES, contentType, titleOf, type ContentType } from './types.ts';

/** Serialises writers of content (the same lock as the content load of server/db/seed.ts). */
const CONTENT_LOCK = 727_274_002;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 120;

type Row = typeof contentItems.$inferSelect;

export class ContentStoreError extends Error {
  readonly status: 400 | 403 | 404 | 409;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  constructor(status: 400 | 403 | 404 | 409, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** Who made a change, for the item, its revisions and the audit log. */
export interface Actor {
  staffId: number | null;
  email: string;
  ip?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Documents

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** A hash of a document that does not depend on the order of its keys (jsonb reorders them). */
export function documentHash(document: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(stable(document)))
    .digest('hex');
}

/** The document with its keys in the order of the type's schema (for YAML and diffs); `strict`
 * leaves out keys the schema does not know (what is stored). */
export function orderDocument(fields: FieldSpec[], document: ContentDocument, strict = false): ContentDocument {
  const out: ContentDocument = {};
  for (const f of fields) {
    if (!(f.name in document)) continue;
    const v = document[f.name];
    if (f.kind === 'group' && v && typeof v === 'object' && !Array.isArray(v)) out[f.name] = orderDocument(f.fields, v as ContentDocument, strict);
    else if (f.kind === 'repeat' && Array.isArray(v)) out[f.name] = v.map((e) => (e && typeof e === 'object' ? orderDocument(f.fields, e as ContentDocument, strict) : e));
    else if (f.kind === 'image' && v && typeof v === 'object') {
      const img = v as ContentDocument;
      out[f.name] = Object.fromEntries(['alt', 'file', 'upload'].filter((k) => k in img).map((k) => [k, img[k]]));
    } else out[f.name] = v;
  }
  if (!strict) for (const k of Object.keys(document)) if (!(k in out)) out[k] = document[k];
  return out;
}

const formCache = new Map<CollectionName, FieldSpec[]>();
export function fieldsOf(collection: CollectionName): FieldSpec[] {
  let f = formCache.get(collection);
  if (!f) formCache.set(collection, (f = describeSchema(collections[collection])));
  return f;
}

/** A document as its content file writes it. */
function documentYaml(collection: CollectionName, document: ContentDocument): string {
  return toYaml(orderDocument(fieldsOf(collection), document), { lineWidth: 0 });
}

export function diffDocuments(collection: CollectionName, older: ContentDocument, newer: ContentDocument): DiffLine[] {
  const out: DiffLine[] = [];
  for (const part of diffLines(documentYaml(collection, older), documentYaml(collection, newer))) {
    const op: DiffLine['op'] = part.added ? '+' : part.removed ? '-' : ' ';
    for (const line of part.value.replace(/\n$/, '').split('\n')) out.push({ op, text: line });
  }
  return out;
}

/** Every problem of a document, with the path of its field. */
function documentProblems(collection: CollectionName, document: unknown): { path: string; message: string }[] {
  const parsed = collections[collection].safeParse(document);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

function invalid(problems: { path: string; message: string }[]): ContentStoreError {
  const first = problems[0];
  return new ContentStoreError(400, first ? `invalid-${first.path || 'document'}` : 'invalid', CONTENT_MESSAGES.invalid, { problems });
}

function checkSlug(slug: unknown): string {
  if (typeof slug !== 'string' || !SLUG.test(slug) || slug.length > SLUG_MAX)
    throw new ContentStoreError(400, 'invalid-slug', CONTENT_MESSAGES.slugInvalid, { problems: [{ path: 'slug', message: CONTENT_MESSAGES.slugInvalid }] });
  return slug;
}

// ---------------------------------------------------------------------------------------------
// The published content and its projection

function emptyContent(): Content {
  return Object.fromEntries(Object.keys(collections).map((k) => [k, []])) as unknown as Content;
}

/** The published documents as the content load reads them (ordered like the files). */
export async function publishedContent(
  db: Db,
  change?: { collection: CollectionName; slug: string; document: ContentDocument | null; oldSlug?: string },
): Promise<{ content: Content; problems: string[] }> {
  const rows = await db.select({ collection: contentItems.collection, slug: contentItems.slug, document: contentItems.document }).from(contentItems).where(eq(contentItems.status, 'published'));
  const content = emptyContent();
  const problems: string[] = [];
  const docs = rows.filter((r) => !(change && r.collection === change.collection && (r.slug === change.slug || r.slug === change.oldSlug)));
  if (change?.document) docs.push({ collection: change.collection, slug: change.slug, document: change.document });
  // In the order of the files (by name within a collection), as the content load reads them.
  const order = (d: { collection: string; slug: string }) => `${d.collection}/${d.slug}.yaml`;
  docs.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  for (const r of docs) {
    if (!(r.collection in collections)) continue;
    const name = r.collection as CollectionName;
    const parsed = collections[name].safeParse(r.document);
    if (!parsed.success) {
      problems.push(`${name}/${r.slug}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      continue;
    }
    (content[name] as unknown[]).push({ ...(parsed.data as object), slug: r.slug });
  }
  return { content, problems };
}

/**
 * The content without the items whose references do not resolve (a content file that names an
 * item deleted in the console, say), so the rest can be served; returns what was left out.
 */
export function withoutBrokenReferences(content: Content): { content: Content; left: string[] } {
  const left: string[] = [];
  for (let round = 0; round < 20; round++) {
    const problems = crossReferenceProblems(content);
    if (!problems.length) break;
    const broken = new Set(problems.map((p) => p.split(':')[0]!));
    for (const key of broken) {
      const [collection, slug] = key.split('/') as [CollectionName, string];
      const items = content[collection] as { slug: string }[] | undefined;
      if (!items) continue;
      const i = items.findIndex((it) => it.slug === slug);
      if (i >= 0) {
        items.splice(i, 1);
        left.push(`${key}: ${problems.find((p) => p.startsWith(`${key}:`))!.slice(key.length + 2)}`);
      }
    }
  }
  return { content, left };
}

/** The cross-reference problems the change would leave among the published items. */
async function referenceProblems(db: Db, change: { collection: CollectionName; slug: string; document: ContentDocument | null; oldSlug?: string }): Promise<string[]> {
  const { content } = await publishedContent(db, change);
  return crossReferenceProblems(content);
}

function referenceError(problems: string[], message: string = CONTENT_MESSAGES.referenced): ContentStoreError {
  return new ContentStoreError(409, 'referenced', message, { problems: problems.map((p) => ({ path: '', message: p })) });
}

/** Rewrites this item's rows in the content tables from the published documents. */
async function project(tx: Db, collection: CollectionName, slug: string) {
  const { content } = await publishedContent(tx);
  await syncContent(tx, content, { only: { collection, slug } });
}

// ---------------------------------------------------------------------------------------------
// Reading

function summaryOf(type: ContentType, r: Row, updatedBy: string | null): ContentItemSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: titleOf(type, r.document, r.slug),
    status: r.status as ContentStatus,
    publishAt: r.publish_at ? new Date(r.publish_at).toISOString() : null,
    publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
    updatedAt: new Date(r.updated_at).toISOString(),
    updatedBy,
    revision: r.revision,
    publicPath: r.status === 'published' ? (type.paths(r.slug)[0] ?? null) : null,
  };
}

function itemOf(type: ContentType, r: Row, updatedBy: string | null): ContentItem {
  return { ...summaryOf(type, r, updatedBy), collection: type.name, document: orderDocument(fieldsOf(type.name), r.document), createdAt: new Date(r.created_at).toISOString() };
}

export function requireType(name: string): ContentType {
  const type = contentType(name);
  if (!type) throw new ContentStoreError(404, 'not-found', 'There is no such content type.');
  return type;
}

export async function typeCounts(db: Db): Promise<Record<string, Record<ContentStatus, number>>> {
  const rows = await db.select({ collection: contentItems.collection, status: contentItems.status, n: count() }).from(contentItems).groupBy(contentItems.collection, contentItems.status);
  const out: Record<string, Record<ContentStatus, number>> = {};
  for (const t of CONTENT_TYPES) out[t.name] = { draft: 0, published: 0, scheduled: 0 };
  for (const r of rows) if (out[r.collection]) out[r.collection]![r.status as ContentStatus] = Number(r.n);
  return out;
}

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function listItems(db: Db, type: ContentType, opts: { q?: string; status?: ContentStatus; page: number }) {
  const where: SQL[] = [eq(contentItems.collection, type.name)];
  if (opts.status) where.push(eq(contentItems.status, opts.status));
  if (opts.q) {
    const like = likeText(opts.q);
    where.push(or(ilike(contentItems.slug, like), ilike(sql`${contentItems.document}->>${type.titleField}`, like))!);
  }
  const cond = and(...where);
  const [total] = await db.select({ n: count() }).from(contentItems).where(cond);
  const rows = await db
    .select({ row: contentItems, by: staff.email })
    .from(contentItems)
    .leftJoin(staff, eq(staff.id, contentItems.updated_by))
    .where(cond)
    .orderBy(desc(contentItems.updated_at), desc(contentItems.id))
    .limit(CONTENT_PAGE_SIZE)
    .offset((opts.page - 1) * CONTENT_PAGE_SIZE);
  const n = Number(total?.n ?? 0);
  return { items: rows.map((r) => summaryOf(type, r.row, r.by)), total: n, page: opts.page, totalPages: Math.max(1, Math.ceil(n / CONTENT_PAGE_SIZE)) };
}

export async function getItem(db: Db, type: ContentType, id: number): Promise<ContentItem> {
  const [hit] = await db
    .select({ row: contentItems, by: staff.email })
    .from(contentItems)
    .leftJoin(staff, eq(staff.id, contentItems.updated_by))
    .where(and(eq(contentItems.id, id), eq(contentItems.collection, type.name)));
  if (!hit) throw new ContentStoreError(404, 'not-found', `There is no such ${type.singular}.`);
  return itemOf(type, hit.row, hit.by);
}

/** Items a form can refer to: slug, title and state of every item of these collections. */
export async function choicesFor(db: Db, names: string[]) {
  if (!names.length) return {};
  const rows = await db
    .select({ collection: contentItems.collection, slug: contentItems.slug, document: contentItems.document, status: contentItems.status })
    .from(contentItems)
    .where(inArray(contentItems.collection, names))
    .orderBy(asc(contentItems.slug));
  const out: Record<string, { slug: string; title: string; status: ContentStatus }[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const r of rows) {
    const type = contentType(r.collection);
    if (type) out[r.collection]!.push({ slug: r.slug, title: titleOf(type, r.document, r.slug), status: r.status as ContentStatus });
  }
  for (const list of Object.values(out)) list.sort((a, b) => a.title.localeCompare(b.title));
  return out;
}

/** The collections a type's form refers to. */
export function referencedCollections(fields: FieldSpec[]): string[] {
  const out = new Set<string>();
  const walk = (fs: FieldSpec[]) => {
    for (const f of fs) {
      if (f.kind === 'ref') out.add(f.collection);
      else if (f.kind === 'refs') f.collections.forEach((c) => out.add(c));
      else if (f.kind === 'group' || f.kind === 'repeat') walk(f.fields);
    }
  };
  walk(fields);
  return [...out];
}

export async function listRevisions(db: Db, type: ContentType, id: number): Promise<ContentRevisionSummary[]> {
  await getItem(db, type, id);
  const rows = await db
    .select({ r: contentRevisions, by: staff.email })
    .from(contentRevisions)
    .leftJoin(staff, eq(staff.id, contentRevisions.saved_by))
    .where(eq(contentRevisions.item_id, id))
    .orderBy(desc(contentRevisions.revision), desc(contentRevisions.id));
  return rows.map(({ r, by }) => ({ revision: r.revision, action: r.action, status: r.status as ContentStatus, savedAt: new Date(r.saved_at).toISOString(), savedBy: by, slug: r.slug }));
}

export async function getRevision(db: Db, type: ContentType, id: number, revision: number): Promise<ContentRevision> {
  const item = await getItem(db, type, id);
  const [hit] = await db
    .select({ r: contentRevisions, by: staff.email })
    .from(contentRevisions)
    .leftJoin(staff, eq(staff.id, contentRevisions.saved_by))
    .where(and(eq(contentRevisions.item_id, id), eq(contentRevisions.revision, revision)))
    .orderBy(desc(contentRevisions.id))
    .limit(1);
  if (!hit) throw new ContentStoreError(404, 'not-found', 'There is no such revision.');
  const { r, by } = hit;
  return {
    revision: r.revision,
    action: r.action,
    status: r.status as ContentStatus,
    savedAt: new Date(r.saved_at).toISOString(),
    savedBy: by,
    slug: r.slug,
    document: orderDocument(fieldsOf(type.name), r.document),
    diff: diffDocuments(type.name, r.document, item.document),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

async function lock(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOCK})`);
}

async function writeAudit(tx: Db, actor: Actor, action: string, type: ContentType, slug: string, detail: Record<string, unknown> = {}) {
  await tx.insert(auditLog).values({ staff_id: actor.staffId, actor: actor.email, action: `content.${action}`, target: `${type.name}:${slug}`, detail, ip: actor.ip ?? null });
}

async function revisionRow(tx: Db, r: Pick<Row, 'id' | 'collection' | 'slug' | 'revision' | 'document' | 'status'>, action: string, by: number | null) {
  await tx.insert(contentRevisions).values({ item_id: r.id, collection: r.collection, slug: r.slug, revision: r.revision, document: r.document, status: r.status, action, saved_by: by });
}

async function lockedItem(tx: Db, type: ContentType, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.collection, type.name)))
    .for('update');
  if (!row) throw new ContentStoreError(404, 'not-found', `There is no such ${type.singular}.`);
  return row;
}

async function conflictUnless(tx: Db, type: ContentType, row: Row, baseRevision: number, yours?: { slug: string; document: ContentDocument }) {
  if (row.revision === baseRevision) return;
  const [by] = row.updated_by ? await tx.select({ email: staff.email }).from(staff).where(eq(staff.id, row.updated_by)) : [];
  const current = itemOf(type, row, by?.email ?? null);
  const mine = yours ?? { slug: row.slug, document: current.document };
  throw new ContentStoreError(409, 'conflict', CONTENT_MESSAGES.conflict, {
    current,
    yours: { slug: mine.slug, document: orderDocument(fieldsOf(type.name), mine.document) },
    diff: diffDocuments(type.name, current.document, mine.document),
  });
}

function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    await lock(tx);
    return work(tx);
  });
}

function isUniqueViolation(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur; i++) {
    if ((cur as { code?: string }).code === '23505') return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

async function slugFree(tx: Db, type: ContentType, slug: string, exceptId?: number) {
  const [hit] = await tx
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.collection, type.name), eq(contentItems.slug, slug)));
  if (hit && hit.id !== exceptId) throw new ContentStoreError(409, 'invalid-slug', CONTENT_MESSAGES.slugTaken, { problems: [{ path: 'slug', message: CONTENT_MESSAGES.slugTaken }] });
}

const NEEDS_PICTURE = 'Choose a picture from the media library: an item made in the console has no picture of its own.';

const NOT_IN_LIBRARY = 'That picture is no longer in the media library: choose another.';

/**
 * The pictures of a document: every media-library picture it names must be in the library, and an
 * item made in the console (`requireLibrary`) has no content image file, so its pictures must come
 * from the library (a file name would point at a picture that does not exist).
 */
async function pictureProblems(tx: Db, collection: CollectionName, document: ContentDocument, requireLibrary: boolean): Promise<{ path: string; message: string }[]> {
  const problems: { path: string; message: string }[] = [];
  const named: { path: string; upload: string }[] = [];
  const look = (picture: ContentDocument | undefined, at: string) => {
    if (!picture) return;
    if (typeof picture.upload === 'string') named.push({ path: `${at}.upload`, upload: picture.upload });
    else if (requireLibrary) problems.push({ path: `${at}.upload`, message: NEEDS_PICTURE });
  };
  for (const f of fieldsOf(collection)) {
    const v = document[f.name];
    if (f.kind === 'image' && v && typeof v === 'object' && !Array.isArray(v)) look(v as ContentDocument, f.name);
    if (f.kind === 'repeat' && f.picture && Array.isArray(v)) v.forEach((g, i) => look(g as ContentDocument, `${f.name}.${i}`));
  }
  if (named.length) {
    const names = [...new Set(named.map((n) => n.upload.replace(/^images\/uploads\//, '').replace(/\.jpg$/, '')))];
    const found = new Set((await tx.select({ name: mediaUploads.name }).from(mediaUploads).where(inArray(mediaUploads.name, names))).map((r) => r.name));
    for (const n of named) if (!found.has(n.upload.replace(/^images\/uploads\//, '').replace(/\.jpg$/, ''))) problems.push({ path: n.path, message: NOT_IN_LIBRARY });
  }
  return problems;
}

/** Whether the item began in the console (not from a content file). */
async function madeInConsole(tx: Db, id: number): Promise<boolean> {
  const [first] = await tx.select({ action: contentRevisions.action }).from(contentRevisions).where(eq(contentRevisions.item_id, id)).orderBy(asc(contentRevisions.id)).limit(1);
  return first?.action === 'create';
}

/** A new item, as a draft. */
export async function createItem(db: Db, type: ContentType, input: { slug: unknown; document: unknown }, actor: Actor): Promise<ContentItem> {
  if (type.fixed) throw new ContentStoreError(403, 'fixed', CONTENT_MESSAGES.fixed);
  const slug = checkSlug(input.slug);
  const problems = documentProblems(type.name, input.document);
  if (!problems.length) problems.push(...(await pictureProblems(db, type.name, input.document as ContentDocument, true)));
  if (problems.length) throw invalid(problems);
  const document = orderDocument(fieldsOf(type.name), input.document as ContentDocument, true);
  try {
    const row = await transaction(db, async (tx) => {
      await slugFree(tx, type, slug);
      const [row] = await tx.insert(contentItems).values({ collection: type.name, slug, document, status: 'draft', revision: 1, seed_hash: null, updated_by: actor.staffId }).returning();
      await revisionRow(tx, row!, 'create', actor.staffId);
      await writeAudit(tx, actor, 'create', type, slug);
      return row!;
    });
    return itemOf(type, row, actor.email);
  } catch (e) {
    if (isUniqueViolation(e)) throw new ContentStoreError(409, 'invalid-slug', CONTENT_MESSAGES.slugTaken, { problems: [{ path: 'slug', message: CONTENT_MESSAGES.slugTaken }] });
    throw e;
  }
}

/** Renames references to a changed slug in every other document (a new revision of each). */
async function renameReferences(tx: Db, type: ContentType, oldSlug: string, newSlug: string, actor: Actor): Promise<number> {
  let changed = 0;
  for (const other of CONTENT_TYPES) {
    const fields = fieldsOf(other.name);
    if (!referencedCollections(fields).includes(type.name)) continue;
    const rows = await tx.select().from(contentItems).where(eq(contentItems.collection, other.name));
    for (const row of rows) {
      const { value, touched } = renameIn(fields, row.document, type.name, oldSlug, newSlug);
      if (!touched) continue;
      const [next] = await tx
        .update(contentItems)
        .set({ document: value, revision: row.revision + 1, seed_hash: null, updated_at: new Date(), updated_by: actor.staffId })
        .where(eq(contentItems.id, row.id))
        .returning();
      await revisionRow(tx, next!, 'rename', actor.staffId);
      changed++;
    }
  }
  return changed;
}

/** The document with references to `collection`/`from` changed to `to`. */
export function renameIn(fields: FieldSpec[], document: ContentDocument, collection: string, from: string, to: string): { value: ContentDocument; touched: boolean } {
  let touched = false;
  const walk = (fs: FieldSpec[], doc: ContentDocument): ContentDocument => {
    const out: ContentDocument = { ...doc };
    for (const f of fs) {
      const v = out[f.name];
      if (f.kind === 'ref' && f.collection === collection && v === from) {
        out[f.name] = to;
        touched = true;
      } else if (f.kind === 'refs' && f.collections.includes(collection) && Array.isArray(v) && v.includes(from)) {
        out[f.name] = v.map((s) => (s === from ? to : s));
        touched = true;
      } else if (f.kind === 'group' && v && typeof v === 'object' && !Array.isArray(v)) out[f.name] = walk(f.fields, v as ContentDocument);
      else if (f.kind === 'repeat' && Array.isArray(v)) out[f.name] = v.map((e) => (e && typeof e === 'object' ? walk(f.fields, e as ContentDocument) : e));
    }
    return out;
  };
  const value = walk(fields, document);
  return { value, touched };
}

/** Leaves permanent redirects from an item's old addresses to its new ones. */
async function addRedirects(tx: Db, type: ContentType, oldSlug: string, newSlug: string) {
  const from = type.paths(oldSlug);
  const to = type.paths(newSlug);
  for (const [i, f] of from.entries()) {
    const t = to[i];
    if (!t || t === f) continue;
    // Earlier redirects to the old address now lead straight to the new one.
    await tx.update(contentRedirects).set({ to_path: t }).where(eq(contentRedirects.to_path, f));
    await tx
      .insert(contentRedirects)
      .values({ from_path: f, to_path: t })
      .onConflictDoUpdate({ target: contentRedirects.from_path, set: { to_path: t, created_at: new Date() } });
  }
  // The new addresses are live: no redirect may lead away from them.
  if (to.length) await tx.delete(contentRedirects).where(inArray(contentRedirects.from_path, to));
}

/** Where a changed slug left this address, if it did. */
export async function findRedirect(db: Db, path: string): Promise<string | undefined> {
  const [hit] = await db.select({ to: contentRedirects.to_path }).from(contentRedirects).where(eq(contentRedirects.from_path, path));
  return hit?.to;
}

/**
 * Saves a new version of an item (its document and slug) made on `baseRevision`; a save on an
 * older revision is a conflict that carries both versions. A published item changes on the site
 * at once; a changed slug of a published item leaves redirects and renames the references to it.
 */
/**
 * What a save checks before it writes (a preview checks the same): the document's problems, its
 * pictures, and a new slug that is free on a type whose items may be renamed. Returns whether the
 * slug changes.
 */
async function checkChange(tx: Db, type: ContentType, id: number, currentSlug: string, change: { slug: string; raw: ContentDocument; document: ContentDocument }): Promise<boolean> {
  const problems = documentProblems(type.name, change.raw);
  if (!problems.length) problems.push(...(await pictureProblems(tx, type.name, change.document, await madeInConsole(tx, id))));
  if (problems.length) throw invalid(problems);
  const renamed = change.slug !== currentSlug;
  if (renamed) {
    if (type.fixed) throw new ContentStoreError(403, 'fixed', CONTENT_MESSAGES.fixed);
    await slugFree(tx, type, change.slug, id);
  }
  return renamed;
}

export async function saveItem(
  db: Db,
  type: ContentType,
  id: number,
  input: { slug: unknown; document: unknown; baseRevision?: unknown },
  actor: Actor,
  action: 'save' | 'restore' = 'save',
): Promise<ContentItem> {
  const baseRevision = Number(input.baseRevision);
  if (!Number.isInteger(baseRevision) || baseRevision < 1) throw new ContentStoreError(400, 'invalid-baseRevision', 'The revision the change was made on is missing.');
  const slug = checkSlug(input.slug);
  const raw = (input.document ?? {}) as ContentDocument;
  // What is stored: the fields the type knows, in its order.
  const document = orderDocument(fieldsOf(type.name), raw, true);
  const row = await transaction(db, async (tx) => {
    const current = await lockedItem(tx, type, id);
    await conflictUnless(tx, type, current, baseRevision, { slug, document: raw });
    const renamed = await checkChange(tx, type, id, current.slug, { slug, raw, document });
    const published = current.status === 'published';
    const [next] = await tx
      .update(contentItems)
      .set({ slug, document, revision: current.revision + 1, seed_hash: null, updated_at: new Date(), updated_by: actor.staffId })
      .where(eq(contentItems.id, id))
      .returning();
    await revisionRow(tx, next!, action, actor.staffId);
    if (renamed) {
      await renameReferences(tx, type, current.slug, slug, actor);
      if (published) await addRedirects(tx, type, current.slug, slug);
      // The row in the content table keeps its id (and everything that refers to it).
      const target = slugTableOf(type.name);
      if (target)
        await tx
          .update(target.table)
          .set({ [target.slugKey]: slug } as never)
          .where(eq(target.slug, current.slug));
    }
    if (published) {
      // Checked on the changed content (references to a new slug renamed above).
      const { content } = await publishedContent(tx);
      const problems = crossReferenceProblems(content);
      if (problems.length) throw referenceError(problems, 'This change would leave published content referring to something that is not published.');
      await project(tx, type.name, slug);
    }
    await writeAudit(tx, actor, action, type, slug, renamed ? { from: current.slug, revision: next!.revision } : { revision: next!.revision });
    return next!;
  });
  return itemOf(type, row, actor.email);
}

/** Publishes, unpublishes (back to draft) or schedules an item. */
export async function setStatus(db: Db, type: ContentType, id: number, input: { to: ContentStatus; baseRevision: unknown; at?: unknown }, actor: Actor, now = new Date()): Promise<ContentItem> {
  const baseRevision = Number(input.baseRevision);
  if (!Number.isInteger(baseRevision) || baseRevision < 1) throw new ContentStoreError(400, 'invalid-baseRevision', 'The revision the change was made on is missing.');
  let at: Date | null = null;
  if (input.to === 'scheduled') {
    at = typeof input.at === 'string' ? new Date(input.at) : null;
    if (!at || Number.isNaN(at.getTime())) throw new ContentStoreError(400, 'invalid-at', 'Choose a date and time.', { problems: [{ path: 'at', message: 'Choose a date and time.' }] });
    if (at.getTime() <= now.getTime()) throw new ContentStoreError(400, 'invalid-at', CONTENT_MESSAGES.scheduleInPast, { problems: [{ path: 'at', message: CONTENT_MESSAGES.scheduleInPast }] });
  }
  const row = await transaction(db, async (tx) => {
    const current = await lockedItem(tx, type, id);
    await conflictUnless(tx, type, current, baseRevision);
    if (type.fixed && input.to !== 'published') throw new ContentStoreError(403, 'fixed', CONTENT_MESSAGES.fixed);
    const wasPublished = current.status === 'published';
    if (input.to === 'published') {
      const problems = await referenceProblems(tx, { collection: type.name, slug: current.slug, document: current.document });
      if (problems.length) throw referenceError(problems, 'This item refers to content that is not published yet: publish that first.');
    } else if (wasPublished) {
      const problems = await referenceProblems(tx, { collection: type.name, slug: current.slug, document: null });
      if (problems.length) throw referenceError(problems);
    }
    const [next] = await tx
      .update(contentItems)
      .set({
        status: input.to,
        publish_at: at,
        ...(input.to === 'published' ? { published_at: now } : {}),
        // A state chosen in the console is the console's: the content files no longer follow it.
        seed_hash: null,
        updated_at: now,
        updated_by: actor.staffId,
      })
      .where(eq(contentItems.id, id))
      .returning();
    if (input.to === 'published' || wasPublished) await project(tx, type.name, current.slug);
    const verb = input.to === 'published' ? 'publish' : input.to === 'scheduled' ? 'schedule' : 'unpublish';
    await writeAudit(tx, actor, verb, type, current.slug, at ? { at: at.toISOString() } : {});
    return next!;
  });
  return itemOf(type, row, actor.email);
}

/**
 * Deletes an item (its revisions stay). It leaves a tombstone under its origin (for an item made
 * in the console, its address), so its content file is not imported again.
 */
export async function deleteItem(db: Db, type: ContentType, id: number, input: { baseRevision: unknown }, actor: Actor): Promise<void> {
  if (type.fixed) throw new ContentStoreError(403, 'fixed', CONTENT_MESSAGES.fixed);
  const baseRevision = Number(input.baseRevision);
  if (!Number.isInteger(baseRevision) || baseRevision < 1) throw new ContentStoreError(400, 'invalid-baseRevision', 'The revision the change was made on is missing.');
  await transaction(db, async (tx) => {
    const current = await lockedItem(tx, type, id);
    await conflictUnless(tx, type, current, baseRevision);
    if (current.status === 'published') {
      const problems = await referenceProblems(tx, { collection: type.name, slug: current.slug, document: null });
      if (problems.length) throw referenceError(problems, 'Published content refers to this item, so it cannot be deleted yet.');
    }
    await revisionRow(tx, { ...current, revision: current.revision + 1 }, 'delete', actor.staffId);
    await tx.delete(contentItems).where(eq(contentItems.id, id));
    const origin = current.origin ?? `${type.name}/${current.slug}`;
    await tx
      .insert(contentTombstones)
      .values({ origin, slug: current.slug, deleted_by: actor.staffId })
      .onConflictDoUpdate({ target: contentTombstones.origin, set: { slug: current.slug, deleted_at: new Date(), deleted_by: actor.staffId } });
    if (current.status === 'published') await project(tx, type.name, current.slug);
    await writeAudit(tx, actor, 'delete', type, current.slug, { revision: current.revision });
  });
}

export async function restoreRevision(db: Db, type: ContentType, id: number, revision: number, input: { baseRevision: unknown }, actor: Actor): Promise<ContentItem> {
  const old = await getRevision(db, type, id, revision);
  const item = await getItem(db, type, id);
  return saveItem(db, type, id, { slug: item.slug, document: old.document, baseRevision: input.baseRevision }, actor, 'restore');
}

/** Publishes the scheduled items whose time has come. Returns how many. */
export async function publishDue(db: Db, now = new Date(), log?: (msg: string, detail: Record<string, unknown>) => void): Promise<number> {
  const due = await db
    .select({ id: contentItems.id, collection: contentItems.collection, revision: contentItems.revision })
    .from(contentItems)
    .where(and(eq(contentItems.status, 'scheduled'), lte(contentItems.publish_at, now)));
  let done = 0;
  for (const d of due) {
    const type = contentType(d.collection);
    if (!type) continue;
    try {
      await transaction(db, async (tx) => {
        const [row] = await tx.select().from(contentItems).where(eq(contentItems.id, d.id)).for('update');
        if (row?.status !== 'scheduled' || !row.publish_at || new Date(row.publish_at).getTime() > now.getTime()) return;
        const problems = await referenceProblems(tx, { collection: type.name, slug: row.slug, document: row.document });
        if (problems.length) {
          // It cannot go live as it is: back to draft, and the audit log says why.
          await tx.update(contentItems).set({ status: 'draft', publish_at: null, updated_at: now }).where(eq(contentItems.id, row.id));
          await tx.insert(auditLog).values({ action: 'content.schedule-failed', target: `${type.name}:${row.slug}`, detail: { problems } });
          log?.('a scheduled item could not be published', { item: `${type.name}/${row.slug}`, problems });
          return;
        }
        await tx.update(contentItems).set({ status: 'published', publish_at: null, published_at: now, updated_at: now }).where(eq(contentItems.id, row.id));
        await project(tx, type.name, row.slug);
        await tx.insert(auditLog).values({ action: 'content.publish-scheduled', target: `${type.name}:${row.slug}`, detail: { at: row.publish_at } });
        done++;
      });
    } catch (err) {
      log?.('scheduled publication failed', { item: `${d.collection}/${d.id}`, err: String(err) });
    }
  }
  return done;
}

// ---------------------------------------------------------------------------------------------
// The content files

/** What a load of the content files did, each file named "collection/file-slug". */
export interface ImportResult {
  imported: number;
  updated: number;
  removed: number;
  /** Files that differ from their item, which staff changed in the console: the console's version is kept. */
  kept: string[];
  /** Files of items deleted in the console: not imported again. */
  deleted: string[];
  /** New files whose address an item made or renamed in the console already has: not imported. */
  taken: string[];
  /** Items staff had changed that a re-import wrote over with their file, as asked. */
  overwritten: string[];
  /** Items deleted in the console that a re-import brought back, as asked. */
  restored: string[];
}

/** What a deliberate re-import may do besides what every start does: files named, or all. */
export interface ImportChoices {
  /** Items staff changed that take their file's version (a new revision; address and state kept). */
  overwrite?: readonly string[] | 'all';
  /** Items deleted in the console that come back from their file. */
  restore?: readonly string[] | 'all';
}

const chosen = (choice: readonly string[] | 'all' | undefined, key: string) => choice === 'all' || (choice?.includes(key) ?? false);

/**
 * Brings the content files into the database (each start, and `npm run content:import`). A file is
 * matched to its item by origin (collection and file slug, kept when staff rename the item), never
 * by the item's current address. New files are imported as published items; items nobody changed
 * in the console follow their file (updated, or removed with it); items staff changed, renamed,
 * unpublished, scheduled or restored keep the console's version; a file whose item was deleted in
 * the console is not imported again; a new file whose address another item holds is not imported.
 * `choices` (a re-import asked for on purpose) may overwrite changed items or restore deleted
 * ones, by name or all of them.
 */
export async function importContentFiles(db: Db, documents: ContentFileDocument[], choices: ImportChoices = {}): Promise<ImportResult> {
  return transaction(db, async (tx) => {
    const rows = await tx.select().from(contentItems);
    const byOrigin = new Map(rows.filter((r) => r.origin).map((r) => [r.origin!, r]));
    const bySlug = new Map(rows.map((r) => [`${r.collection}/${r.slug}`, r]));
    const tombstones = new Set((await tx.select({ origin: contentTombstones.origin }).from(contentTombstones)).map((r) => r.origin));
    const seen = new Set<string>();
    const result: ImportResult = { imported: 0, updated: 0, removed: 0, kept: [], deleted: [], taken: [], overwritten: [], restored: [] };
    const now = new Date();
    for (const d of documents) {
      const key = `${d.collection}/${d.slug}`;
      seen.add(key);
      const hash = documentHash(d.document);
      const row = byOrigin.get(key);
      if (!row) {
        const holder = bySlug.get(key);
        if (holder) {
          // The address is another item's (made in the console, or renamed to it): the file is
          // not imported; said only when it differs from that item.
          if (documentHash(holder.document) !== hash) result.taken.push(key);
          continue;
        }
        if (tombstones.has(key)) {
          if (!chosen(choices.restore, key)) {
            result.deleted.push(key);
            continue;
          }
          await tx.delete(contentTombstones).where(eq(contentTombstones.origin, key));
          result.restored.push(key);
        } else result.imported++;
        const [inserted] = await tx
          .insert(contentItems)
          .values({ collection: d.collection, slug: d.slug, document: d.document, status: 'published', published_at: now, seed_hash: hash, origin: key })
          .returning();
        await revisionRow(tx, inserted!, 'import', null);
      } else if (row.seed_hash === hash) {
        // The same document as the last import: nothing to do.
      } else if (row.seed_hash === null) {
        // Changed in the console: the database is the source of truth.
        if (documentHash(row.document) === hash) continue;
        if (!chosen(choices.overwrite, key)) {
          result.kept.push(key);
          continue;
        }
        const [next] = await tx
          .update(contentItems)
          .set({ document: d.document, revision: row.revision + 1, updated_at: now })
          .where(eq(contentItems.id, row.id))
          .returning();
        await revisionRow(tx, next!, 'import', null);
        result.overwritten.push(key);
      } else {
        const [next] = await tx
          .update(contentItems)
          .set({ document: d.document, revision: row.revision + 1, seed_hash: hash, updated_at: now })
          .where(eq(contentItems.id, row.id))
          .returning();
        await revisionRow(tx, next!, 'import', null);
        result.updated++;
      }
    }
    // The files that are gone take with them the items nobody changed in the console.
    for (const r of rows) {
      if (!r.origin || seen.has(r.origin) || r.seed_hash === null) continue;
      await tx.delete(contentItems).where(eq(contentItems.id, r.id));
      result.removed++;
    }
    return result;
  });
}

/** Every item of these states, as its content file would write it. */
export async function exportDocuments(db: Db, statuses: ContentStatus[] = ['published']): Promise<{ collection: CollectionName; slug: string; yaml: string }[]> {
  const rows = await db
    .select({ collection: contentItems.collection, slug: contentItems.slug, document: contentItems.document })
    .from(contentItems)
    .where(inArray(contentItems.status, statuses))
    .orderBy(asc(contentItems.collection), asc(contentItems.slug));
  return rows.filter((r) => r.collection in collections).map((r) => ({ collection: r.collection as CollectionName, slug: r.slug, yaml: documentYaml(r.collection as CollectionName, r.document) }));
}

// ---------------------------------------------------------------------------------------------
// Whole-page preview

/** Thrown to end a preview's transaction: everything it wrote is rolled back. */
class PreviewRollback<T> extends Error {
  readonly result: T;
  constructor(result: T) {
    super('preview rolled back');
    this.result = result;
  }
}

const PREVIEW_MESSAGES = {
  noPage: 'This kind of item has no page of its own to preview.',
  unpublishedReference: 'The preview would refer to something that is not published: publish that first, or choose another.',
  failed: 'This version could not be drawn as a page. Check the fields and try again.',
} as const;

/**
 * A whole-page preview of an unsaved version of an item: in a transaction that is always rolled
 * back, the document is checked as a save checks it, written into content_items as published and
 * projected into the content tables as a save projects it; `read(tx)` then reads what the site
 * would read (the public API on `tx`), and everything is undone. Nothing of it is ever committed:
 * the content version it moves (and the notification it sends) goes with the rollback, so no
 * process drops or fills a cache because of it. Returns the item's public address and what
 * `read` returned.
 */
export async function previewItem<T>(
  db: Db,
  type: ContentType,
  id: number,
  input: { slug: unknown; document: unknown },
  read?: (tx: Db, path: string) => Promise<T>,
): Promise<{ path: string; result?: T }> {
  const slug = checkSlug(input.slug);
  const raw = (input.document ?? {}) as ContentDocument;
  const document = orderDocument(fieldsOf(type.name), raw, true);
  const path = type.paths(slug)[0];
  if (!path) throw new ContentStoreError(400, 'no-page', PREVIEW_MESSAGES.noPage);
  try {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [current] = await tx
        .select()
        .from(contentItems)
        .where(and(eq(contentItems.id, id), eq(contentItems.collection, type.name)));
      if (!current) throw new ContentStoreError(404, 'not-found', `There is no such ${type.singular}.`);
      const renamed = await checkChange(tx, type, id, current.slug, { slug, raw, document });
      const change = { collection: type.name, slug, document, oldSlug: current.slug };
      const { content } = await publishedContent(tx, change);
      const refProblems = crossReferenceProblems(content);
      if (refProblems.length) throw referenceError(refProblems, PREVIEW_MESSAGES.unpublishedReference);
      await tx.update(contentItems).set({ slug, document, status: 'published' }).where(eq(contentItems.id, id));
      const target = slugTableOf(type.name);
      if (renamed && target)
        await tx
          .update(target.table)
          .set({ [target.slugKey]: slug } as never)
          .where(eq(target.slug, current.slug));
      try {
        await syncContent(tx, content, { only: { collection: type.name, slug } });
      } catch (err) {
        throw new ContentStoreError(400, 'preview-failed', PREVIEW_MESSAGES.failed, { cause: String((err as Error)?.message ?? err).slice(0, 200) });
      }
      throw new PreviewRollback(read ? await read(tx, path) : undefined);
    });
  } catch (err) {
    if (err instanceof PreviewRollback) return { path, result: err.result as T | undefined };
    throw err;
  }
  throw new Error('A preview transaction ended without rolling back.');
}
