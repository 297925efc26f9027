// /api/admin/content: the content editor (issue 12). Owners always; agents only while an owner
// allows content editing (server/auth/content-access.ts). The work is done by server/content/.
//
//   GET    /content                                   the types with their counts
//   GET    /content/:type?q=&status=&page=            one type's items, last changed first
//   GET    /content/:type/form                        the type's form (fields, choices, blank document)
//   POST   /content/:type                             { slug, document } -> a new draft
//   GET    /content/:type/:id                         { item, form }
//   PUT    /content/:type/:id                         { slug, document, baseRevision } (merged with a newer revision, field by field; 409 when both changed a field)
//   POST   /content/:type/:id/publish | unpublish     { baseRevision }
//   POST   /content/:type/:id/schedule                { baseRevision, at }
//   DELETE /content/:type/:id                         { baseRevision }
//   GET    /content/:type/:id/revisions[/:rev]        history; one revision with its diff
//   POST   /content/:type/:id/revisions/:rev/restore  { baseRevision }
//   POST   /content/preview                           { markdown } -> { html }, sanitised as the site does
//   POST   /content/:type/:id/preview                 { slug, document[, read] } -> { path }, or with `read`
//                                                     (a public API path) that read's answer as the site
//                                                     would give it with this version published: the
//                                                     whole-page preview's data (server/content/preview.ts
//                                                     previewItem; always rolled back, never kept)
//   …/translations                                    an item's translations (./translations.ts)
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { CONTENT_STATUSES, MARKDOWN_MAX, type ContentForm, type ContentStatus, type ContentTypeInfo } from '../../../common/content-editing.ts';
import { requireContentEditor } from '../../auth/content-access.ts';
import { sessionOf, type AdminContext, type AdminEnv } from '../../auth/guard.ts';
import { blankDocument } from '../../content/describe.ts';
import { fieldsOf } from '../../content/documents.ts';
import { ContentStoreError } from '../../content/errors.ts';
import { previewItem } from '../../content/preview.ts';
import { choicesFor, getItem, listItems, referencedCollections, requireType, typeCounts } from '../../content/reading.ts';
import { getRevision, listRevisions } from '../../content/revisions.ts';
import type { Actor } from '../../content/transaction.ts';
import { createItem, deleteItem, restoreRevision, saveItemMerging, setStatus } from '../../content/writing.ts';
import { CONTENT_TYPES, type ContentType } from '../../content/types.ts';
import type { Db } from '../../db/index.ts';
import { markdownToHtml } from '../../db/html.ts';
import { addMediaReferenceCheck } from '../../media/references.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { idParam, readBody } from './body.ts';
import { translationRoutes } from './translations.ts';

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const writeSchema = z.object({ slug: z.string().max(200), document: z.record(z.string(), z.unknown()), baseRevision: z.number().int().positive().optional() });
const revisionSchema = z.object({ baseRevision: z.number().int().positive() });
const scheduleSchema = z.object({ baseRevision: z.number().int().positive(), at: z.string().max(40) });
const pagePreviewSchema = z.object({
  slug: z.string().max(200),
  document: z.record(z.string(), z.unknown()),
  read: z
    .string()
    .max(2000)
    .regex(/^\/(?!admin(?:[/?]|$))[^\s]*$/, 'Name a page of the public API to read.')
    .optional(),
});
const previewSchema = z.object({ markdown: z.string().max(MARKDOWN_MAX, `At most ${MARKDOWN_MAX} characters.`) });

/** Deeper than any content type goes (an itinerary day's meals are four levels down). */
const MAX_DEPTH = 12;

/** NUL and other control characters have no place in content (the database refuses NUL). */
function refuseControl(value: unknown, path = '', depth = 0): void {
  if (depth > MAX_DEPTH)
    throw new ContentStoreError(400, 'invalid-document', 'The item is nested deeper than any content type.', { problems: [{ path, message: 'Nested deeper than any content type.' }] });
  if (typeof value === 'string') {
    if (CONTROL.test(value))
      throw new ContentStoreError(400, `invalid-${path || 'document'}`, 'Remove the control characters from this field.', {
        problems: [{ path, message: 'Remove the control characters from this field.' }],
      });
  } else if (Array.isArray(value)) value.forEach((v, i) => refuseControl(v, path ? `${path}.${i}` : String(i), depth + 1));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (CONTROL.test(k) || k.length > 200) throw new ContentStoreError(400, 'invalid-document', 'A field name is not valid.', { problems: [{ path, message: 'A field name is not valid.' }] });
      refuseControl(v, path ? `${path}.${k}` : k, depth + 1);
    }
}

function typeInfo(type: ContentType, counts: Record<ContentStatus, number>): ContentTypeInfo {
  return { name: type.name, label: type.label, singular: type.singular, fixed: type.fixed === true, page: type.paths('x').length > 0, counts };
}

async function formOf(db: Db, type: ContentType): Promise<ContentForm> {
  const fields = fieldsOf(type.name);
  const counts = (await typeCounts(db))[type.name]!;
  return { type: typeInfo(type, counts), fields, choices: await choicesFor(db, referencedCollections(fields)), blank: blankDocument(fields) };
}

/** Library images used by content documents (the media library refuses to delete them). */
let referenceCheckAdded = false;
function addContentReferenceCheck() {
  if (referenceCheckAdded) return;
  referenceCheckAdded = true;
  addMediaReferenceCheck(async (db, stablePath) => {
    const needle = `%${stablePath.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const result = await db.execute(sql`select id, collection, slug, document from content_items where document::text like ${needle} order by collection, slug limit 20`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number; collection: string; slug: string; document: Record<string, unknown> }[];
    return rows.map((r) => {
      const type = CONTENT_TYPES.find((t) => t.name === r.collection);
      const title = type && typeof r.document[type.titleField] === 'string' ? (r.document[type.titleField] as string) : r.slug;
      return { type: type ? type.singular.charAt(0).toUpperCase() + type.singular.slice(1) : r.collection, label: title, href: `/admin/content/${r.collection}/${r.id}` };
    });
  });
}

export interface ContentApiOptions {
  trust: ProxyTrust;
  /**
   * Called after every change, before the answer: this process reads the new content version at
   * once (other processes hear of it by notification), so the editor's next look at the site is
   * the new one.
   */
  contentChanged?: () => Promise<unknown>;
  /**
   * Answers a public API read (a path such as `/safaris/x`) from the database `db` (a preview's
   * transaction), as the site's API would, never from or into a cache. Absent: no page previews.
   */
  previewRead?: (db: Db, path: string) => Promise<Response>;
}

/** A page as the site would show it with the editor's unsaved document (in a transaction that is rolled back). */
async function pagePreview(c: AdminContext, opts: ContentApiOptions) {
  const type = requireType(c.req.param('type') ?? '');
  const id = idParam(c, 'Item');
  const input = await readBody(c, pagePreviewSchema);
  refuseControl(input.document);
  const reader = opts.previewRead;
  if (!reader) throw new HttpError(503, 'Page previews are not available on this server.', undefined, 'no-preview');
  const read = input.read;
  const answer = await previewItem(
    deps(c).db,
    type,
    id,
    input,
    read
      ? async (tx) => {
          const res = await reader(tx, read);
          return { status: res.status, type: res.headers.get('content-type') ?? 'application/json', body: await res.text() };
        }
      : undefined,
  );
  if (!answer.result) return c.json({ path: answer.path });
  // The public answer as it is (its status and body), for the preview's render only.
  return c.body(answer.result.body, answer.result.status as 200, { 'content-type': answer.result.type });
}

/** What the routes that change content share: the editor's gate, the actor and the after-change call. */
interface Editing {
  editor: ReturnType<typeof requireContentEditor>;
  actorOf: (c: AdminContext) => Actor;
  changed: () => Promise<void>;
}

/** The content types, the lists, the forms, an item and the previews. */
function readingRoutes(app: Hono<AdminEnv>, opts: ContentApiOptions, { editor }: Editing): void {
  app.get('/content', editor, async (c) => {
    const counts = await typeCounts(deps(c).db);
    return c.json({ types: CONTENT_TYPES.map((t) => typeInfo(t, counts[t.name]!)) });
  });

  app.post('/content/preview', editor, async (c) => {
    const { markdown } = await readBody(c, previewSchema);
    if (markdown.includes('\u0000')) throw new HttpError(400, 'Remove the control characters from this field.', undefined, 'invalid-markdown');
    return c.json({ html: markdownToHtml(markdown) });
  });

  app.post('/content/:type/:id/preview', editor, (c) => pagePreview(c, opts));

  app.get('/content/:type', editor, async (c) => {
    const type = requireType(c.req.param('type'));
    const q = (c.req.query('q') ?? '').trim().slice(0, 200);
    if (CONTROL.test(q)) throw new HttpError(400, 'Search for words, without control characters.', undefined, 'invalid-q');
    const statusParam = c.req.query('status') ?? '';
    if (statusParam && !CONTENT_STATUSES.includes(statusParam as ContentStatus)) throw new HttpError(400, 'Choose a state from the list.', undefined, 'invalid-status');
    const pageParam = c.req.query('page') ?? '1';
    if (!/^[1-9][0-9]{0,5}$/.test(pageParam)) throw new HttpError(400, 'The page number is not valid.', undefined, 'invalid-page');
    const db = deps(c).db;
    const list = await listItems(db, type, { q: q || undefined, status: (statusParam || undefined) as ContentStatus | undefined, page: Number(pageParam) });
    const counts = (await typeCounts(db))[type.name]!;
    return c.json({ type: typeInfo(type, counts), ...list });
  });

  app.get('/content/:type/form', editor, async (c) => c.json(await formOf(deps(c).db, requireType(c.req.param('type')))));

  app.get('/content/:type/:id', editor, async (c) => {
    const type = requireType(c.req.param('type'));
    const db = deps(c).db;
    const item = await getItem(db, type, idParam(c, 'Item'));
    return c.json({ item, form: await formOf(db, type) });
  });
}

/** Creating, saving, publishing, scheduling and deleting an item. */
function writingRoutes(app: Hono<AdminEnv>, { editor, actorOf, changed }: Editing): void {
  app.post('/content/:type', editor, async (c) => {
    const type = requireType(c.req.param('type'));
    const input = await readBody(c, writeSchema);
    refuseControl(input.document);
    const item = await createItem(deps(c).db, type, input, actorOf(c));
    await changed();
    return c.json({ item }, 201);
  });

  app.put('/content/:type/:id', editor, async (c) => {
    const type = requireType(c.req.param('type'));
    const id = idParam(c, 'Item');
    const input = await readBody(c, writeSchema);
    refuseControl(input.document);
    const { item, merged } = await saveItemMerging(deps(c).db, type, id, input, actorOf(c));
    await changed();
    return c.json(merged.length ? { item, merged } : { item });
  });

  for (const [verb, to] of [
    ['publish', 'published'],
    ['unpublish', 'draft'],
  ] as const) {
    app.post(`/content/:type/:id/${verb}`, editor, async (c) => {
      const type = requireType(c.req.param('type'));
      const id = idParam(c, 'Item');
      const input = await readBody(c, revisionSchema);
      const item = await setStatus(deps(c).db, type, id, { to, baseRevision: input.baseRevision }, actorOf(c));
      await changed();
      return c.json({ item });
    });
  }

  app.post('/content/:type/:id/schedule', editor, async (c) => {
    const type = requireType(c.req.param('type'));
    const id = idParam(c, 'Item');
    const input = await readBody(c, scheduleSchema);
    const item = await setStatus(deps(c).db, type, id, { to: 'scheduled', baseRevision: input.baseRevision, at: input.at }, actorOf(c));
    await changed();
    return c.json({ item });
  });

  app.delete('/content/:type/:id', editor, async (c) => {
    const type = requireType(c.req.param('type'));
    const id = idParam(c, 'Item');
    const input = await readBody(c, revisionSchema);
    await deleteItem(deps(c).db, type, id, input, actorOf(c));
    await changed();
    return c.json({ deleted: true });
  });
}

const revParam = (c: AdminContext) => {
  const v = c.req.param('rev') ?? '';
  if (!/^[1-9][0-9]{0,8}$/.test(v)) throw new HttpError(404, 'There is no such revision.');
  return Number(v);
};

/** An item's revisions: the list, one revision, restoring one. */
function revisionRoutes(app: Hono<AdminEnv>, { editor, actorOf, changed }: Editing): void {
  app.get('/content/:type/:id/revisions', editor, async (c) => {
    const type = requireType(c.req.param('type'));
    return c.json({ revisions: await listRevisions(deps(c).db, type, idParam(c, 'Item')) });
  });

  app.get('/content/:type/:id/revisions/:rev', editor, async (c) => {
    const type = requireType(c.req.param('type'));
    return c.json(await getRevision(deps(c).db, type, idParam(c, 'Item'), revParam(c)));
  });

  app.post('/content/:type/:id/revisions/:rev/restore', editor, async (c) => {
    const type = requireType(c.req.param('type'));
    const id = idParam(c, 'Item');
    const rev = revParam(c);
    const input = await readBody(c, revisionSchema);
    const item = await restoreRevision(deps(c).db, type, id, rev, input, actorOf(c));
    await changed();
    return c.json({ item });
  });
}

export function contentApi(opts: ContentApiOptions) {
  addContentReferenceCheck();
  const app = new Hono<AdminEnv>();
  const editing: Editing = {
    editor: requireContentEditor(),
    changed: async () => {
      await opts.contentChanged?.().catch(() => undefined);
    },
    actorOf: (c) => {
      const s = sessionOf(c);
      return { staffId: s.staff.id, email: s.staff.email, ip: sourceOf(c, opts.trust).address ?? null };
    },
  };
  app.onError((err, c) => {
    if (err instanceof ContentStoreError) return c.json({ error: err.message, code: err.code, ...err.extra }, err.status);
    throw err;
  });
  readingRoutes(app, opts, editing);
  writingRoutes(app, editing);
  revisionRoutes(app, editing);
  translationRoutes(app, editing);
  return app;
}
