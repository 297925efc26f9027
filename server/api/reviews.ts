// POST /safaris/{slug}/reviews: a traveller's review of a safari, from the review form of the
// safari's page (through the /review page action, app/routes/review.tsx, with or without
// JavaScript). Checked like the enquiry in this order: cross-site, size, field types, honeypot,
// the rules of common/reviews.ts, the safari, the form token, the address's allowance, the photo
// (JPEG, PNG, WebP or AVIF by its first bytes, bounded, rendered by the image pipeline); then in
// one transaction the token is spent and the review stored as pending (the address's allowance is
// spent before the photo is rendered, so a refused review never costs a render). It is
// shown once a moderator approves it (server/reviews.ts).
//
// GET /images/reviews/visitors/{id}[.w{width}.{format}|.jpg]: an approved review's photo, from the
// database, before the file-based images (server/api/images.ts).
import { eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { REVIEW_THANKS, checkReview } from '../../common/reviews.ts';
import { formLanguage, type Language } from '../../common/languages.ts';
import { reviewMessage } from '../../app/i18n/form-messages.server.ts';
import * as t from '../db/schema.ts';
import type { ImageFormat } from '../media/variants.ts';
import type { RenderedImage } from '../media/pipeline.ts';
import { checkReviewPhoto, insertReview, PhotoRefused, renderReviewPhoto, REVIEW_PHOTO_FILE, reviewPhotoFile, reviewPhotoLargest } from '../reviews.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { reviewArrivedMail } from '../mail/review-mail.ts';
import { limitKey, sourceOf } from '../http/client-address.ts';
import { consume } from '../spam/rate-limit.ts';
import { REVIEW_BODY_MAX_BYTES } from '../http/security.ts';
import type { FormsApiOptions } from './enquiries.ts';
import { refuseCrossSite } from '../http/cross-site.ts';
import { checkFormToken, HONEYPOT_MESSAGE, spendFormToken, textFields, tooMany } from './forms-http.ts';
import { deps, slugParam, type ApiContext, type ApiEnv } from '../http/deps.ts';
import { HttpError, notFound } from '../http/error.ts';

const FIELDS = ['name', 'country', 'rating', 'text', 'website', 'formToken', 'language'] as const;
type Fields = Partial<Record<(typeof FIELDS)[number], string | null>>;

/** Photos rendered at once by this process (each takes a core for about a second). */
const RENDERS_AT_ONCE = 2;
let rendering = 0;
const waiting: (() => void)[] = [];
async function oneRenderAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (rendering >= RENDERS_AT_ONCE) await new Promise<void>((r) => waiting.push(r));
  rendering++;
  try {
    return await work();
  } finally {
    rendering--;
    waiting.shift()?.();
  }
}

/** A photo the checks refused: 400 with their words in the form's language; anything else is thrown on. */
const refusedPhoto =
  (language: Language) =>
  (e: unknown): never => {
    if (e instanceof PhotoRefused) throw new HttpError(400, reviewMessage(e.message, language), undefined, 'invalid-photo');
    throw e;
  };

/** The review's fields and photo, from a multipart form (with a photo) or JSON or URL-encoded fields. */
async function readReview(c: ApiContext): Promise<{ fields: Fields; photo: Buffer | null }> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  let raw: Record<string, unknown>;
  let photo: Buffer | null = null;
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new HttpError(400, 'The form could not be read. Please send it again.');
    }
    raw = Object.fromEntries(FIELDS.map((k) => [k, form.get(k) ?? undefined]));
    const file = form.get('photo');
    if (file !== null && typeof file !== 'string' && file.size > 0) photo = Buffer.from(await file.arrayBuffer());
  } else if (/^application\/([a-z.+-]*\+)?json\b/.test(type)) {
    try {
      const body: unknown = await c.req.json();
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
      raw = body as Record<string, unknown>;
    } catch {
      throw new HttpError(400, 'The request body must be a JSON object.');
    }
  } else {
    throw new HttpError(415, 'Send the review as multipart/form-data (with a photo) or as JSON.');
  }
  // A JSON caller may send the stars as a number.
  if (typeof raw.rating === 'number') raw = { ...raw, rating: String(raw.rating) };
  const parsed = textFields(FIELDS).safeParse(raw);
  if (!parsed.success) throw new HttpError(400, `The field ${String(parsed.error.issues[0]?.path[0] ?? 'A field')} must be text.`);
  const fields = parsed.data as Fields;
  const withNul = FIELDS.find((k) => fields[k]?.includes('\u0000'));
  if (withNul) throw new HttpError(400, `The field ${withNul} contains a character that is not allowed.`);
  return { fields, photo };
}

export function reviewsApi(opts: FormsApiOptions) {
  const app = new Hono<ApiEnv>();

  app.post(
    '/safaris/:slug/reviews',
    refuseCrossSite(opts.siteUrl, opts.trust),
    bodyLimit({
      maxSize: REVIEW_BODY_MAX_BYTES,
      onError: () => {
        throw new HttpError(413, `The review is too large: at most ${REVIEW_BODY_MAX_BYTES / 1024 / 1024} MB with its photo.`);
      },
    }),
    async (c) => {
      const { fields, photo } = await readReview(c);
      if (fields.website?.trim()) throw new HttpError(400, HONEYPOT_MESSAGE);
      // The language of the page the form was sent from: its checks' words and its thanks.
      const given = formLanguage(fields.language);
      if (!given.ok) throw new HttpError(400, given.error, undefined, 'invalid-language');
      const language = given.value;
      const checked = checkReview(fields);
      if (!checked.ok) throw new HttpError(400, reviewMessage(checked.error, language), undefined, `invalid-${checked.field}`);

      const { db } = deps(c);
      const [safari] = await db
        .select({ id: t.safaris.id, title: t.safaris.safarititle, days: t.safaris.safariday })
        .from(t.safaris)
        .where(eq(t.safaris.safarititleslug, slugParam(c)));
      if (!safari) throw notFound('Safari');

      const token = await checkFormToken(opts.tokens, opts.spam, fields.formToken);
      // A file that is no photo is refused from its first bytes and header, before the allowance.
      if (photo) await checkReviewPhoto(photo).catch(refusedPhoto(language));
      const ip = sourceOf(c, opts.trust).address;
      const limit = opts.spam.limits.reviewPerIp;
      if (opts.spam.enabled && ip) {
        // The address's allowance is spent before the photo is rendered (about a core-second): a
        // refused review costs one statement, however many arrive at once. A review refused after
        // this (a photo that is not one, a spent token) has used its try.
        const r = await consume(db, 'review-ip', limitKey(ip), limit);
        if (!r.ok) throw tooMany('reviews from your connection', r.retryAfterSeconds);
      }

      let rendered: RenderedImage | undefined;
      if (photo) {
        rendered = await oneRenderAtATime(() => renderReviewPhoto(photo)).catch(refusedPhoto(language));
      }

      const saved = await db.transaction(async (tx) => {
        await spendFormToken(tx, opts.tokens, token);
        const review = await insertReview(tx, safari.id, checked.value, rendered);
        // The moderators hear of it at once (the outbox, in the same transaction).
        const moderators = await tx.select({ email: t.staff.email, name: t.staff.name }).from(t.staff).where(isNull(t.staff.disabled_at));
        const to = moderators.length ? moderators : [{ email: opts.operatorEmail, name: '' }];
        await enqueueMail(
          tx,
          opts.messageIdDomain,
          to.map((m) => ({
            kind: 'review-moderation' as const,
            message: reviewArrivedMail(m, { ...checked.value, photo: Boolean(rendered) }, safari, { from: opts.mailFrom, siteUrl: opts.siteUrl }),
          })),
        );
        return review;
      });
      opts.onQueued();
      return c.json({ id: saved.id, message: reviewMessage(REVIEW_THANKS, language) }, 201, { 'cache-control': 'no-store' });
    },
  );

  return app;
}

const PHOTO_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** Approved reviews' photos, served like the pipeline's images (hash-free names: revalidated after an hour). */
export function reviewPhotosApi() {
  const app = new Hono<ApiEnv>();
  app.get('/images/reviews/visitors/:file', async (c, next) => {
    const m = REVIEW_PHOTO_FILE.exec(`reviews/visitors/${c.req.param('file')}`);
    if (!m) return next();
    const id = Number(m[1]);
    const { db } = deps(c);
    const format = (m[3] ?? 'jpg') as ImageFormat;
    const width = m[2] ? Number(m[2]) : await reviewPhotoLargest(db, id);
    const bytes = width === null ? null : await reviewPhotoFile(db, id, width, format, { approvedOnly: true });
    if (!bytes) return c.json({ error: 'Image not found' }, 404);
    const etag = `W/"r${id}-${width}-${bytes.byteLength.toString(16)}"`;
    const headers: Record<string, string> = {
      'content-type': PHOTO_TYPES[format],
      etag,
      'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
      'x-content-type-options': 'nosniff',
    };
    if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    headers['content-length'] = String(bytes.byteLength);
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
  });
  return app;
}
