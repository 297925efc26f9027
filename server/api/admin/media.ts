// /api/admin/media: the media library (issue 12 point 3). Owners always; agents only while an
// owner allows content editing (server/auth/content-access.ts).
//
//   GET    /media?q=&page=       the library, newest first, searched in alt text, caption and name
//   POST   /media                an upload: multipart/form-data with `file`, `alt` and `caption`;
//                                202 with the image, queued for processing (server/media/uploads.ts)
//   GET    /media/:id            one image, with its processing state (the console polls it)
//   PATCH  /media/:id            its alt text and caption (JSON)
//   DELETE /media/:id            refused (409) while content uses it (server/media/references.ts)
//
// The body limit of POST /media is 20 MB, applied while the body streams in (server/http/security.ts
// writeLimitFor); every refusal stores nothing.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { MEDIA_MESSAGES, MEDIA_PAGE_SIZE, mediaTextSchema, UPLOAD_MAX_BYTES, type MediaImage, type MediaList, type MediaStatus, type UploadFormat } from '../../../common/media-library.ts';
import { firstIssue } from '../../../common/staff.ts';
import { audit } from '../../auth/audit.ts';
import { requireContentEditor } from '../../auth/content-access.ts';
import { sessionOf, type AdminContext, type AdminEnv } from '../../auth/guard.ts';
import type { Db } from '../../db/index.ts';
import { mediaUploads, staff } from '../../db/schema.ts';
import { findMediaReferences } from '../../media/references.ts';
import { inspectUpload, removeUploadFiles, storeUpload, uploadStablePath, type UploadDirs } from '../../media/uploads.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps, parsePaging } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { idParam, readBody } from './body.ts';

export interface MediaApiOptions {
  trust: ProxyTrust;
  dirs: UploadDirs;
  /** Wakes the background worker after an upload. */
  kick: () => void;
}

type Row = typeof mediaUploads.$inferSelect;

function mediaImageOf(r: Row, uploadedBy: string | null = null): MediaImage {
  const done = r.status === 'done' && r.token && r.widths && r.placeholder && r.rendered_width && r.rendered_height;
  return {
    id: r.id,
    path: uploadStablePath(r.name),
    originalName: r.original_name,
    format: r.format as UploadFormat,
    bytes: Number(r.bytes),
    width: r.width,
    height: r.height,
    alt: r.alt,
    caption: r.caption,
    status: r.status as MediaStatus,
    variantsDone: r.variants_done,
    variantsTotal: r.variants_total,
    error: r.error,
    meta: done ? { v: r.token!, w: r.rendered_width!, h: r.rendered_height!, widths: r.widths!, p: r.placeholder! } : null,
    uploadedBy,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** One library image by id (the content editor reads the images it embeds with it). */
async function findMediaImage(db: Db, id: number): Promise<MediaImage | undefined> {
  const [hit] = await db.select({ row: mediaUploads, by: staff.email }).from(mediaUploads).leftJoin(staff, eq(staff.id, mediaUploads.uploaded_by)).where(eq(mediaUploads.id, id));
  return hit ? mediaImageOf(hit.row, hit.by) : undefined;
}

/** The address a change came from, for the audit log. */
function addressOf(c: AdminContext, opts: MediaApiOptions): string | null {
  return sourceOf(c, opts.trust).address ?? null;
}

/** The library, newest first, searched by alt text, caption or file name. */
async function listImages(c: AdminContext) {
  const db = deps(c).db;
  const q = (c.req.query('q') ?? '').trim().slice(0, 200);
  if (CONTROL.test(q)) throw new HttpError(400, 'Search for words, without control characters.', undefined, 'invalid-q');
  const paging = parsePaging((k) => c.req.query(k), MEDIA_PAGE_SIZE);
  const parts: SQL[] = [];
  if (q) parts.push(or(ilike(mediaUploads.alt, likeText(q)), ilike(mediaUploads.caption, likeText(q)), ilike(mediaUploads.original_name, likeText(q)), ilike(mediaUploads.name, likeText(q)))!);
  const where = parts.length ? and(...parts) : undefined;
  const [{ n: total } = { n: 0 }] = await db.select({ n: count() }).from(mediaUploads).where(where);
  const rows = await db
    .select({ row: mediaUploads, by: staff.email })
    .from(mediaUploads)
    .leftJoin(staff, eq(staff.id, mediaUploads.uploaded_by))
    .where(where)
    .orderBy(desc(mediaUploads.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const answer: MediaList = {
    items: rows.map((r) => mediaImageOf(r.row, r.by)),
    total: Number(total),
    page: paging.page,
    pageCount: Math.max(1, Math.ceil(Number(total) / paging.limit)),
    q,
  };
  return c.json(answer);
}

/** A new image (multipart: file, alt, caption), stored now and rendered in the background. */
async function uploadImage(c: AdminContext, opts: MediaApiOptions) {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new HttpError(415, 'Send the image as multipart/form-data, with the fields file, alt and caption.');
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(400, 'The upload could not be read. Please send it again.');
  }
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) throw new HttpError(400, MEDIA_MESSAGES.noFile, undefined, 'invalid-file');
  if (file.size > UPLOAD_MAX_BYTES) throw new HttpError(413, MEDIA_MESSAGES.tooLarge, undefined, 'too-large');
  const text = mediaTextSchema.safeParse({ alt: typeof form.alt === 'string' ? form.alt : undefined, caption: typeof form.caption === 'string' ? form.caption : undefined });
  if (!text.success) {
    const issue = firstIssue(text.error);
    throw new HttpError(400, issue.message, undefined, `invalid-${issue.field ?? 'alt'}`);
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const image = await inspectUpload(bytes);
  const s = sessionOf(c);
  const db = deps(c).db;
  const originalName = file.name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);
  const id = await storeUpload(db, opts.dirs, { bytes, image, originalName, alt: text.data.alt, caption: text.data.caption, staffId: s.staff.id });
  await audit(db, {
    staffId: s.staff.id,
    actor: s.staff.email,
    action: 'media.upload',
    target: `media:${id}`,
    detail: { format: image.format, bytes: bytes.length, width: image.width, height: image.height },
    ip: addressOf(c, opts),
  });
  opts.kick();
  return c.json((await findMediaImage(db, id))!, 202);
}

async function editImage(c: AdminContext, opts: MediaApiOptions) {
  const id = idParam(c, 'Image');
  const input = await readBody(c, mediaTextSchema);
  const db = deps(c).db;
  const s = sessionOf(c);
  const [before] = await db.select({ alt: mediaUploads.alt, caption: mediaUploads.caption }).from(mediaUploads).where(eq(mediaUploads.id, id));
  if (!before) throw new HttpError(404, 'Image not found');
  await db.update(mediaUploads).set({ alt: input.alt, caption: input.caption, updated_at: new Date() }).where(eq(mediaUploads.id, id));
  await audit(db, {
    staffId: s.staff.id,
    actor: s.staff.email,
    action: 'media.edit',
    target: `media:${id}`,
    detail: { alt: before.alt !== input.alt, caption: before.caption !== input.caption },
    ip: addressOf(c, opts),
  });
  return c.json((await findMediaImage(db, id))!);
}

/** Deletes an image no content uses (409 with the places that use it). */
async function deleteImage(c: AdminContext, opts: MediaApiOptions) {
  const id = idParam(c, 'Image');
  const db = deps(c).db;
  const s = sessionOf(c);
  const [row] = await db.select({ name: mediaUploads.name }).from(mediaUploads).where(eq(mediaUploads.id, id));
  if (!row) throw new HttpError(404, 'Image not found');
  const references = await findMediaReferences(db, uploadStablePath(row.name));
  if (references.length) return c.json({ error: MEDIA_MESSAGES.inUse, code: 'in-use', references }, 409);
  await db.delete(mediaUploads).where(eq(mediaUploads.id, id));
  await removeUploadFiles(opts.dirs, row.name);
  await audit(db, { staffId: s.staff.id, actor: s.staff.email, action: 'media.delete', target: `media:${id}`, detail: { name: row.name }, ip: addressOf(c, opts) });
  return c.json({ ok: true });
}

export function mediaApi(opts: MediaApiOptions) {
  const app = new Hono<AdminEnv>();
  const editor = requireContentEditor();
  app.get('/media', editor, listImages);
  app.post('/media', editor, (c) => uploadImage(c, opts));
  app.get('/media/:id', editor, async (c) => {
    const image = await findMediaImage(deps(c).db, idParam(c, 'Image'));
    if (!image) throw new HttpError(404, 'Image not found');
    return c.json(image);
  });
  app.patch('/media/:id', editor, (c) => editImage(c, opts));
  app.delete('/media/:id', editor, (c) => deleteImage(c, opts));
  return app;
}
