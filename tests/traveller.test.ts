// What travellers bring (issue 13), against the API on PGlite and (when TEST_DATABASE_URL is set)
// PostgreSQL: the currency rates answer and how it follows the rates file and the console; the
// WhatsApp leads, counted per page and day, bounded and rate limited; and reviews, from the form's
// submission (fields, photo, spam defences) through moderation to the safari's answer and its
// structured data.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAD_PATH_MESSAGE, LEAD_SITE_MESSAGE, LEAD_UNKNOWN_PAGE_MESSAGE } from '../common/leads.ts';
import { REVIEW_MESSAGES, REVIEW_THANKS } from '../common/reviews.ts';
import { pageGraph } from '../app/lib/seo/jsonld.ts';
import { createApi, type Api } from '../server/api/index.ts';
import { loadContent, type Content } from '../server/db/content.ts';
import { syncContent } from '../server/db/seed.ts';
import { readContentVersion, tablesChangedBetween } from '../server/db/version.ts';
import { setCurrencyRate, CurrencyRateError } from '../server/currency.ts';
import { createFormsAndMail, type FormsAndMail } from '../server/forms-and-mail.ts';
import { HttpCache } from '../server/http/cache.ts';
import { leadDay, whatsappLeadCounts, whatsappLeadTotals } from '../server/leads.ts';
import { loadConfig } from '../server/config.ts';
import { approveReview, listPendingReviews, listReviews, rejectReview, ReviewNotFound, setReviewReply } from '../server/reviews.ts';
import { backends, openTestDatabase, type TestDatabase } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';
import { addStaff } from './helpers/staff.ts';

// Review photos rendered, counted: the API renders through this module (server/reviews.ts).
const renders = vi.hoisted(() => ({ n: 0 }));
vi.mock(import('../server/reviews.ts'), async (original) => {
  const m = await original();
  return { ...m, renderReviewPhoto: async (bytes: Buffer) => (renders.n++, m.renderReviewPhoto(bytes)) };
});

const SITE = 'https://www.kigezitrails.example';
type Json = Record<string, any>;

interface Harness {
  api: Api;
  forms: FormsAndMail;
  /** The lines logged at info and above. */
  logs: Json[];
  /** Reads the content version again, as the process's watcher does on the notification. */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

/** The API with the forms' resources, its answers kept per content version like in production. */
async function harness(tdb: TestDatabase, spam: 'on' | 'off', limits: Json = {}): Promise<Harness> {
  const config = loadConfig({ SITE_URL: SITE, SPAM_CHECKS: spam, DATA_DIR: '/tmp/traveller-test-unused', SMTP_URL: '' });
  const logs: Json[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
  const forms = createFormsAndMail(config, tdb.db, logger, { startWorker: false, spam: { minFillMs: 0, limits } });
  let version = await readContentVersion(tdb.db);
  const cache = new HttpCache({ maxBytes: 8 * 1024 * 1024, keepIdentity: true });
  const api = createApi({
    deps: { db: tdb.db, siteUrl: SITE, logger, ping: tdb.ping },
    mediaDirs: [],
    cache,
    extend: (app) => forms.mount(app),
  });
  return {
    api,
    forms,
    logs,
    // What every process does when the content version moves (server/app.ts): drop the answers
    // made from the tables the changes recorded, or all of them when one did not record its tables.
    sync: async () => {
      const now = await readContentVersion(tdb.db);
      const tables = now > version ? await tablesChangedBetween(tdb.db, version, now) : null;
      if (tables) cache.invalidate(tables);
      else if (now !== version) cache.clear();
      version = now;
    },
    stop: () => forms.stop(),
  };
}

const env = (peer: string) => ({ incoming: { socket: { remoteAddress: peer } } });

async function getJson(h: Harness, path: string) {
  const res = await h.api.fetch(new Request(`http://localhost${path}`));
  return { res, status: res.status, body: (await res.json()) as Json };
}

async function postJson(h: Harness, path: string, body: unknown, peer = '41.210.3.7', headers: Record<string, string> = {}) {
  const res = await h.api.fetch(
    new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
    env(peer),
  );
  const text = await res.text();
  return { res, status: res.status, body: (text ? JSON.parse(text) : null) as Json };
}

async function postForm(h: Harness, path: string, form: FormData, peer = '41.210.3.7') {
  // Encoded first, as a browser sends it: a multipart body of known length.
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  const headers = { 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.byteLength) };
  const res = await h.api.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers, body }), env(peer));
  const text = await res.text();
  return { res, status: res.status, body: (text ? JSON.parse(text) : null) as Json };
}

async function token(h: Harness): Promise<string> {
  const res = await h.api.fetch(new Request('http://localhost/form-token', { method: 'POST' }));
  return ((await res.json()) as { token: string }).token;
}

const goodReview = (i = 0) => ({
  name: `Grace Achieng ${i}`,
  country: 'Kenya',
  rating: String((i % 5) + 1),
  text: `Review ${i}: our guide Moses knew every bird call in Bwindi, and the gorilla family was unforgettable.`,
});

function reviewForm(fields: Record<string, string>, photo?: { bytes: Buffer; name: string; type: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (photo) f.set('photo', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return f;
}

/** A real photograph-like picture: a gradient with noise, as JPEG (or another format). */
async function picture(format: 'jpeg' | 'png' | 'webp' | 'avif', width = 900, height = 600): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = (x * y) % 251;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withMetadata({ exif: { IFD0: { Copyright: 'traveller', Artist: 'Test Camera' } } })
    .toFormat(format)
    .toBuffer();
}

for (const backend of backends()) {
  describe(`travellers on ${backend}`, () => {
    let tdb: TestDatabase;
    let content: Content;
    let safariSlug: string;

    beforeAll(async () => {
      tdb = await openTestDatabase(backend, 'content');
      content = await loadContent();
      safariSlug = content.safaris[0]!.slug;
    });
    afterAll(async () => {
      if (backend === 'pglite') await tdb.close();
      else await tdb.drop();
    });
    const truncate = () => tdb.db.execute(sql.raw('truncate traveller_reviews, whatsapp_leads, rate_limits, form_tokens_used restart identity cascade'));

    describe('currency rates', () => {
      it('answers the rates of content/currency-rates.yaml with their date, kept per content version', async () => {
        const h = await harness(tdb, 'off');
        try {
          const a = await getJson(h, '/currency-rates');
          expect(a.status).toBe(200);
          expect(a.res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
          const file = content.currencyRates!;
          expect(a.body).toEqual({ base: 'USD', rates: { USD: 1, ...file.rates }, updatedAt: file.date.toISOString() });
          // Served again from memory: same bytes, same ETag.
          const b = await getJson(h, '/currency-rates');
          expect(b.res.headers.get('etag')).toBe(a.res.headers.get('etag'));
        } finally {
          await h.stop();
        }
      });

      it('takes a rate an owner sets (the console): a new content version, and the file no longer overrides it', async () => {
        const h = await harness(tdb, 'off');
        try {
          const before = await readContentVersion(tdb.db);
          const row = await setCurrencyRate(tdb.db, { currency: 'UGX', perUsd: 3777, by: 7 });
          expect(row).toMatchObject({ currency: 'UGX', per_usd: 3777, updated_by: 7 });
          expect(await readContentVersion(tdb.db)).toBe(before + 1);
          await h.sync();
          const after = await getJson(h, '/currency-rates');
          expect(after.body.rates.UGX).toBe(3777);
          expect(new Date(after.body.updatedAt).getTime()).toBeGreaterThan(content.currencyRates!.date.getTime());

          // The content is loaded again with other rates in the file: only rows nobody set change.
          const changed: Content = { ...content, currencyRates: { date: new Date('2026-12-01'), rates: { ...content.currencyRates!.rates, UGX: 3500, KES: 130 } } };
          await syncContent(tdb.db, changed);
          await h.sync();
          const reloaded = await getJson(h, '/currency-rates');
          expect(reloaded.body.rates.UGX).toBe(3777);
          expect(reloaded.body.rates.KES).toBe(130);

          await expect(setCurrencyRate(tdb.db, { currency: 'XXX', perUsd: 1, by: 7 })).rejects.toBeInstanceOf(CurrencyRateError);
          await expect(setCurrencyRate(tdb.db, { currency: 'EUR', perUsd: -1, by: 7 })).rejects.toThrow(/positive/);
          await expect(setCurrencyRate(tdb.db, { currency: 'USD', perUsd: 2, by: 7 })).rejects.toBeInstanceOf(CurrencyRateError);
        } finally {
          await h.stop();
          // Back to the file's rates for the other tests.
          await tdb.db.execute(sql.raw(`update currency_rates set updated_by = null`));
          await syncContent(tdb.db, content);
        }
      });
    });

    describe('WhatsApp leads', () => {
      beforeEach(truncate);
      /** What a browser sends with a beacon from one of the site's pages. */
      const OWN = { origin: SITE, 'sec-fetch-site': 'same-origin' };

      it('counts a click per page path and day, with nothing but the path, and answers 204', async () => {
        const h = await harness(tdb, 'off');
        try {
          const safariPath = `/safaris/${safariSlug}`;
          for (let i = 0; i < 3; i++) {
            const r = await postJson(h, '/leads/whatsapp', { path: safariPath }, undefined, OWN);
            expect(r.status).toBe(204);
            expect(r.res.headers.get('cache-control')).toBe('no-store');
          }
          // What sendBeacon sends: JSON as text/plain; a trailing slash is the same page.
          expect(
            (await postJson(h, '/leads/whatsapp', JSON.stringify({ path: '/contact-us/' }), '41.210.3.8', { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin' })).status,
          ).toBe(204);
          const rows = rowsOf<Json>(await tdb.db.execute(sql.raw('select * from whatsapp_leads order by path')));
          expect(rows.map((r) => Object.keys(r).sort())).toEqual([
            ['clicks', 'day', 'path'],
            ['clicks', 'day', 'path'],
          ]);
          const today = leadDay();
          expect(await whatsappLeadCounts(tdb.db, { from: today, to: today })).toEqual([
            { path: '/contact-us', day: today, clicks: 1 },
            { path: safariPath, day: today, clicks: 3 },
          ]);
          const totals = await whatsappLeadTotals(tdb.db);
          expect(totals[0]).toMatchObject({ path: safariPath, clicks: 3, safari: { slug: safariSlug, title: content.safaris[0]!.title, days: content.safaris[0]!.itinerary.length } });
          expect(totals[1]).toEqual({ path: '/contact-us', clicks: 1, safari: null });
          // A range before today counts nothing; a malformed day is refused.
          expect(await whatsappLeadCounts(tdb.db, { to: '2020-01-01' })).toEqual([]);
          await expect(whatsappLeadCounts(tdb.db, { from: 'yesterday' })).rejects.toThrow(/YYYY-MM-DD/);
        } finally {
          await h.stop();
        }
      });

      it('refuses what is not a page path, from another site, or too large, with clear words', async () => {
        const h = await harness(tdb, 'off');
        try {
          for (const path of ['safaris', '/Safaris/X', '/safaris/a b', `/${'a'.repeat(250)}`, 'https://evil.example/', '/a/b/c/d/e/f/g', 42, null]) {
            const r = await postJson(h, '/leads/whatsapp', { path }, undefined, OWN);
            expect(r.status, JSON.stringify(path)).toBe(400);
            expect(r.body.error === LEAD_PATH_MESSAGE || /must be text/.test(r.body.error)).toBe(true);
          }
          const notJson = await postJson(h, '/leads/whatsapp', 'not json', undefined, OWN);
          expect(notJson.status).toBe(400);
          expect(notJson.body.error).toBe('The request body is not valid JSON.');
          const cross = await postJson(h, '/leads/whatsapp', { path: '/' }, '41.210.3.7', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
          expect(cross.status).toBe(403);
          const big = await postJson(h, '/leads/whatsapp', { path: '/', pad: 'x'.repeat(2000) }, undefined, OWN);
          expect(big.status).toBe(413);
          expect(big.body.error).toMatch(/at most 1024 bytes/);
          expect(await whatsappLeadCounts(tdb.db)).toEqual([]);
        } finally {
          await h.stop();
        }
      });

      it('counts only pages that exist, only from our own pages, and logs no refused beacon', async () => {
        const h = await harness(tdb, 'off');
        try {
          const before = h.logs.length;
          const safariPath = `/safaris/${safariSlug}`;
          // Neither an Origin nor Sec-Fetch-Site (a script, a crawler); another site; a sibling site.
          const strangers: Record<string, string>[] = [{}, { 'sec-fetch-site': 'none' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }, { origin: 'null' }];
          for (const headers of strangers) {
            const r = await postJson(h, '/leads/whatsapp', { path: safariPath }, undefined, headers);
            expect(r.status, JSON.stringify(headers)).toBe(403);
            expect(r.body).toEqual({ error: LEAD_SITE_MESSAGE, code: 'not-own-site' });
          }
          // A page that does not exist (a well-formed path all the same) is answered and not counted.
          for (const path of ['/safaris/no-such-safari', '/nowhere', '/parks/in/atlantis']) {
            const r = await postJson(h, '/leads/whatsapp', { path }, undefined, OWN);
            expect(r.status, path).toBe(404);
            expect(r.body).toEqual({ error: LEAD_UNKNOWN_PAGE_MESSAGE, code: 'unknown-page' });
          }
          expect(await whatsappLeadCounts(tdb.db)).toEqual([]);
          // 500 refused beacons leave no log line.
          for (let i = 0; i < 500; i++) await postJson(h, '/leads/whatsapp', { path: i % 2 ? '/nowhere' : safariPath }, undefined, i % 2 ? OWN : {});
          expect(h.logs.slice(before).filter((l) => /refused/.test(String(l.msg)))).toEqual([]);
          // Our own pages: a matching Origin alone, or Sec-Fetch-Site alone; the home, a list, the search page.
          for (const [path, headers] of [
            [safariPath, { origin: SITE }],
            ['/', { 'sec-fetch-site': 'same-origin' }],
            ['/safaris', OWN],
            ['/search', OWN],
          ] as const) {
            expect((await postJson(h, '/leads/whatsapp', { path }, undefined, headers)).status, path).toBe(204);
          }
          const counted = (await whatsappLeadCounts(tdb.db)).map((r) => [r.path, r.clicks]);
          expect(new Map(counted as [string, number][])).toEqual(
            new Map([
              ['/', 1],
              ['/safaris', 1],
              [safariPath, 1],
              ['/search', 1],
            ]),
          );
        } finally {
          await h.stop();
        }
      });

      it('limits the clicks counted per address (IPv6 per /64), in the database', async () => {
        const h = await harness(tdb, 'on', { whatsappLeadPerIp: { max: 3, windowMs: 3600_000 } });
        try {
          const statuses = [];
          for (let i = 0; i < 5; i++) statuses.push((await postJson(h, '/leads/whatsapp', { path: '/' }, '2c0f:fe38:2:1::10', OWN)).status);
          expect(statuses).toEqual([204, 204, 204, 429, 429]);
          const over = await postJson(h, '/leads/whatsapp', { path: '/' }, '2c0f:fe38:2:1:ffff::1', OWN);
          expect(over.status).toBe(429);
          expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(over.body.error).toMatch(/^Too many WhatsApp clicks counted from your connection/);
          expect((await postJson(h, '/leads/whatsapp', { path: '/' }, '41.210.3.9', OWN)).status).toBe(204);
          expect(await whatsappLeadCounts(tdb.db)).toEqual([{ path: '/', day: leadDay(), clicks: 4 }]);
        } finally {
          await h.stop();
        }
      });
    });

    describe('reviews', () => {
      beforeEach(truncate);

      it('holds a review for moderation, shows it once approved with the AggregateRating, and takes it back when rejected', async () => {
        const h = await harness(tdb, 'off');
        try {
          const path = `/safaris/${safariSlug}`;
          const empty = await getJson(h, path);
          expect(empty.body.reviews).toEqual([]);
          expect(empty.body.rating).toBeNull();
          expect(pageGraph('safari', empty.body as unknown as Record<string, unknown>)!['@graph'].some((n) => n['@type'] === 'Product')).toBe(false);

          const sent = await postJson(h, `${path}/reviews`, { ...goodReview(4), name: '  Grace Achieng  ' });
          expect(sent.status).toBe(201);
          expect(sent.body).toEqual({ id: expect.any(Number), message: REVIEW_THANKS });
          const second = await postJson(h, `${path}/reviews`, { ...goodReview(2), rating: 3 });
          expect(second.status).toBe(201);

          // Pending: not shown, not counted (and the kept answer is still the right one).
          const pending = await listPendingReviews(tdb.db);
          expect(pending.map((r) => [r.id, r.name, r.country, r.rating, r.status, r.safari.slug])).toEqual([
            [sent.body.id, 'Grace Achieng', 'Kenya', 5, 'pending', safariSlug],
            [second.body.id, 'Grace Achieng 2', 'Kenya', 3, 'pending', safariSlug],
          ]);
          await h.sync();
          expect((await getJson(h, path)).body.reviews).toEqual([]);

          // Approved: a new content version, the answer produced again with the review and rating.
          const v0 = await readContentVersion(tdb.db);
          const approved = await approveReview(tdb.db, sent.body.id, { by: 3 });
          expect(approved).toEqual({ id: sent.body.id, status: 'approved', contentVersion: v0 + 1 });
          await h.sync();
          const shown = await getJson(h, path);
          expect(shown.body.reviews).toEqual([
            { id: sent.body.id, name: 'Grace Achieng', country: 'Kenya', rating: 5, text: goodReview(4).text, date: new Date().toISOString().slice(0, 10), photo: null, reply: null },
          ]);
          expect(shown.body.rating).toEqual({ count: 1, average: 5 });
          const graph = pageGraph('safari', shown.body as unknown as Record<string, unknown>)!['@graph'];
          const product = graph.find((n) => n['@type'] === 'Product')!;
          expect(product.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1, bestRating: 5, worstRating: 1 });
          expect(product.offers).toMatchObject({ priceCurrency: 'USD', price: content.safaris[0]!.price });
          expect((product.review as Json[]).map((r) => r.author.name)).toEqual(['Grace Achieng']);
          expect(graph.find((n) => n['@type'] === 'TouristTrip')).toBeDefined();

          await approveReview(tdb.db, second.body.id);
          await h.sync();
          const two = await getJson(h, path);
          expect(two.body.rating).toEqual({ count: 2, average: 4 });
          expect(two.body.reviews.map((r: Json) => r.id)).toEqual([second.body.id, sent.body.id]);

          // Rejecting a pending review changes nothing public; rejecting an approved one takes it back.
          const third = await postJson(h, `${path}/reviews`, goodReview(7));
          const v1 = await readContentVersion(tdb.db);
          expect((await rejectReview(tdb.db, third.body.id, { by: 3 })).contentVersion).toBeNull();
          expect(await readContentVersion(tdb.db)).toBe(v1);
          expect((await rejectReview(tdb.db, second.body.id)).contentVersion).toBe(v1 + 1);
          await h.sync();
          expect((await getJson(h, path)).body.rating).toEqual({ count: 1, average: 5 });
          expect((await listReviews(tdb.db, { status: 'rejected' })).map((r) => [r.id, r.moderatedBy])).toEqual([
            [second.body.id, null],
            [third.body.id, 3],
          ]);
          expect(await listPendingReviews(tdb.db)).toEqual([]);
          await expect(approveReview(tdb.db, 999_999)).rejects.toBeInstanceOf(ReviewNotFound);
        } finally {
          await h.stop();
        }
      });

      it('takes a photo by its first bytes, keeps no metadata, and serves it only once the review is approved', async () => {
        const h = await harness(tdb, 'off');
        try {
          const jpeg = await picture('jpeg', 1600, 1000);
          expect((await sharp(jpeg).metadata()).exif).toBeDefined();
          // A misleading name and type do not matter: the bytes do.
          const sent = await postForm(h, `/safaris/${safariSlug}/reviews`, reviewForm(goodReview(1), { bytes: jpeg, name: 'holiday.txt', type: 'text/plain' }));
          expect(sent.status, JSON.stringify(sent.body)).toBe(201);
          const id = sent.body.id as number;
          const photoPath = `/images/reviews/visitors/${id}`;
          expect((await h.api.fetch(new Request(`http://localhost${photoPath}.jpg`))).status).toBe(404);

          await approveReview(tdb.db, id);
          await h.sync();
          const shown = (await getJson(h, `/safaris/${safariSlug}`)).body.reviews[0];
          expect(shown.photo).toEqual({ src: `images/reviews/visitors/${id}.jpg`, width: 1280, height: 800 });
          for (const [file, type, width] of [
            ['.jpg', 'image/jpeg', 1280],
            ['.w480.avif', 'image/avif', 480],
            ['.w480.webp', 'image/webp', 480],
            ['.w1280.jpg', 'image/jpeg', 1280],
          ] as const) {
            const res = await h.api.fetch(new Request(`http://localhost${photoPath}${file}`));
            expect(res.status, file).toBe(200);
            expect(res.headers.get('content-type')).toBe(type);
            const bytes = Buffer.from(await res.arrayBuffer());
            const meta = await sharp(bytes).metadata();
            expect(meta.width).toBe(width);
            expect(meta.exif, `${file} keeps no EXIF`).toBeUndefined();
          }
          expect((await h.api.fetch(new Request(`http://localhost${photoPath}.w960.avif`))).status).toBe(404);
          expect((await h.api.fetch(new Request(`http://localhost/images/reviews/visitors/${id + 1}.jpg`))).status).toBe(404);

          // PNG, WebP and AVIF are pictures too.
          for (const format of ['png', 'webp', 'avif'] as const) {
            const r = await postForm(h, `/safaris/${safariSlug}/reviews`, reviewForm(goodReview(2), { bytes: await picture(format, 400, 300), name: `p.${format}`, type: `image/${format}` }));
            expect(r.status, format).toBe(201);
          }
        } finally {
          await h.stop();
        }
      });

      it('shows the operator’s public reply under an approved review, and in its Review structured data as a comment', async () => {
        const h = await harness(tdb, 'off');
        try {
          const path = `/safaris/${safariSlug}`;
          const sent = await postJson(h, `${path}/reviews`, goodReview(1));
          expect(sent.status).toBe(201);
          const id = sent.body.id as number;
          // A reply to a pending review is kept, not shown.
          expect(await setReviewReply(tdb.db, id, '  Thank you, Grace!\r\nMoses sends his greetings.  ', { by: 7 })).toEqual({ changed: true, contentVersion: null });
          expect(await setReviewReply(tdb.db, id, 'Thank you, Grace!\nMoses sends his greetings.')).toEqual({ changed: false, contentVersion: null });
          await approveReview(tdb.db, id, { by: 7 });
          await h.sync();
          const shown = await getJson(h, path);
          const today = new Date().toISOString().slice(0, 10);
          expect(shown.body.reviews[0]).toMatchObject({ id, reply: { text: 'Thank you, Grace!\nMoses sends his greetings.', date: today } });
          const product = pageGraph('safari', shown.body as unknown as Record<string, unknown>)!['@graph'].find((n) => n['@type'] === 'Product') as Json;
          expect(product.review[0].comment).toEqual({
            '@type': 'Comment',
            text: 'Thank you, Grace! Moses sends his greetings.',
            dateCreated: today,
            author: { '@id': expect.stringMatching(/#organization$/) },
          });
          // Removed: gone from the page at once (the content version moved), and from the structured data.
          const removed = await setReviewReply(tdb.db, id, '');
          expect(removed.changed).toBe(true);
          expect(removed.contentVersion).not.toBeNull();
          await h.sync();
          const after = await getJson(h, path);
          expect(after.body.reviews[0].reply).toBeNull();
          const again = pageGraph('safari', after.body as unknown as Record<string, unknown>)!['@graph'].find((n) => n['@type'] === 'Product') as Json;
          expect(again.review[0].comment).toBeUndefined();
          await expect(setReviewReply(tdb.db, 999999, 'x')).rejects.toBeInstanceOf(ReviewNotFound);
        } finally {
          await h.stop();
        }
      });

      it('e-mails the moderators when a review arrives (the operator while there is no staff yet)', async () => {
        const h = await harness(tdb, 'off');
        await tdb.db.execute(sql.raw('truncate mail_outbox, staff restart identity cascade'));
        try {
          const mails = async () =>
            rowsOf<{ kind: string; message: { to: { address: string }; subject: string; text: string; html: string } }>(
              await tdb.db.execute(sql.raw(`select kind, message from mail_outbox where kind = 'review-moderation' order by id`)),
            );
          const path = `/safaris/${safariSlug}/reviews`;
          expect((await postJson(h, path, goodReview(3))).status).toBe(201);
          const first = await mails();
          expect(first.map((m) => m.message.to.address)).toEqual(['bookings@kigezitrails.example']);

          await addStaff(tdb.db, 'owner@reviews.example', 'owner', undefined, 'Olivia Owner');
          await addStaff(tdb.db, 'agent@reviews.example', 'agent', undefined, 'Arthur Agent');
          const gone = await addStaff(tdb.db, 'gone@reviews.example', 'agent', undefined, 'Gone Agent');
          await tdb.db.execute(sql.raw(`update staff set disabled_at = now() where id = ${gone}`));
          const sent = await postJson(h, path, { ...goodReview(4), text: 'The <b>trackers</b> were wonderful.\nWe saw the whole family.' });
          expect(sent.status).toBe(201);
          const second = (await mails()).slice(1);
          expect(second.map((m) => m.message.to.address).sort()).toEqual(['agent@reviews.example', 'owner@reviews.example']);
          const mail = second[0]!.message;
          const safari = content.safaris[0]!;
          expect(mail.subject).toContain(`${safari.itinerary.length} Day ${safari.title}`);
          expect(mail.subject).toContain('5 of 5 stars');
          expect(mail.text).toContain('Grace Achieng 4 (Kenya)');
          expect(mail.text).toContain('> We saw the whole family.');
          expect(mail.text).toContain(`${SITE}/admin/reviews`);
          // What the traveller wrote is text in the HTML part, never markup.
          expect(mail.html).toContain('The &lt;b&gt;trackers&lt;/b&gt; were wonderful.<br>We saw the whole family.');
          // A refused review e-mails nobody.
          expect((await postJson(h, path, { ...goodReview(5), rating: '9' })).status).toBe(400);
          expect(await mails()).toHaveLength(3);
        } finally {
          await h.stop();
          await tdb.db.execute(sql.raw('truncate mail_outbox, staff restart identity cascade'));
        }
      });

      it('refuses a bad photo with a clear message, and stores nothing', async () => {
        const h = await harness(tdb, 'off');
        try {
          const path = `/safaris/${safariSlug}/reviews`;
          const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
          const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
          const jpeg = await picture('jpeg');
          const truncated = Buffer.concat([jpeg.subarray(0, 40)]);
          const tiny = await picture('png', 120, 80);
          const cases: [Buffer, string, string][] = [
            [gif, 'a.jpg', REVIEW_MESSAGES.photoType],
            [svg, 'a.png', REVIEW_MESSAGES.photoType],
            [Buffer.from('%PDF-1.7 not a picture'), 'a.jpeg', REVIEW_MESSAGES.photoType],
            [truncated, 'a.jpg', REVIEW_MESSAGES.photoUnreadable],
            [tiny, 'a.png', REVIEW_MESSAGES.photoTooSmall],
          ];
          for (const [bytes, name, message] of cases) {
            const r = await postForm(h, path, reviewForm(goodReview(3), { bytes, name, type: 'image/jpeg' }));
            expect(r.status, name + message).toBe(400);
            expect(r.body).toEqual({ error: message, code: 'invalid-photo' });
          }
          // Over 6 MB: refused before it is read.
          const huge = Buffer.concat([jpeg, Buffer.alloc(7 * 1024 * 1024)]);
          const r = await postForm(h, path, reviewForm(goodReview(3), { bytes: huge, name: 'big.jpg', type: 'image/jpeg' }));
          expect(r.status).toBe(413);
          expect(r.body.error).toMatch(/photo of at most 6 MB/);
          // A picture of too many pixels (a decompression bomb's shape) is refused before decoding.
          const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#777' } })
            .png({ compressionLevel: 9 })
            .toBuffer();
          const b = await postForm(h, path, reviewForm(goodReview(3), { bytes: bomb, name: 'bomb.png', type: 'image/png' }));
          expect(b.body).toEqual({ error: REVIEW_MESSAGES.photoTooManyPixels, code: 'invalid-photo' });
          expect(rowsOf<Json>(await tdb.db.execute(sql.raw('select count(*)::int as n from traveller_reviews')))[0]!.n).toBe(0);
        } finally {
          await h.stop();
        }
      });

      it('checks the fields with the shared rules, the honeypot and the safari', async () => {
        const h = await harness(tdb, 'off');
        try {
          const path = `/safaris/${safariSlug}/reviews`;
          const bad: [Json, string, string][] = [
            [{ ...goodReview(), name: '  ' }, REVIEW_MESSAGES.name, 'invalid-name'],
            [{ ...goodReview(), country: '' }, REVIEW_MESSAGES.country, 'invalid-country'],
            [{ ...goodReview(), rating: '6' }, REVIEW_MESSAGES.rating, 'invalid-rating'],
            [{ ...goodReview(), rating: '4.5' }, REVIEW_MESSAGES.rating, 'invalid-rating'],
            [{ ...goodReview(), rating: undefined }, REVIEW_MESSAGES.rating, 'invalid-rating'],
            [{ ...goodReview(), text: 'Too short.' }, REVIEW_MESSAGES.text, 'invalid-text'],
            [{ ...goodReview(), text: 'x'.repeat(3001) }, REVIEW_MESSAGES.textLong, 'invalid-text'],
            [{ ...goodReview(), text: 'Great trip, book at https://cheap-permits.example today!' }, REVIEW_MESSAGES.links, 'invalid-text'],
            [{ ...goodReview(), name: 'x'.repeat(81) }, REVIEW_MESSAGES.nameLong, 'invalid-name'],
          ];
          for (const [body, error, code] of bad) {
            const r = await postJson(h, path, body);
            expect(r.status, error).toBe(400);
            expect(r.body).toEqual({ error, code });
          }
          expect((await postJson(h, path, { ...goodReview(), website: 'http://spam.example' })).status).toBe(400);
          expect((await postJson(h, '/safaris/no-such-safari/reviews', goodReview())).body).toEqual({ error: 'Safari not found' });
          expect((await postJson(h, path, { ...goodReview(), name: 'a\u0000b' })).status).toBe(400);
          expect((await postJson(h, path, { ...goodReview(), rating: 4, name: ['x'] })).body.error).toMatch(/name must be text/);
          const cross = await postJson(h, path, goodReview(), '41.210.3.7', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
          expect(cross.status).toBe(403);
          expect(rowsOf<Json>(await tdb.db.execute(sql.raw('select count(*)::int as n from traveller_reviews')))[0]!.n).toBe(0);
        } finally {
          await h.stop();
        }
      });

      it('needs a form token and limits reviews per address, counting only accepted ones', async () => {
        const h = await harness(tdb, 'on', { reviewPerIp: { max: 2, windowMs: 24 * 3600_000 } });
        try {
          const path = `/safaris/${safariSlug}/reviews`;
          const missing = await postJson(h, path, goodReview(1), '102.80.0.1');
          expect(missing.status).toBe(400);
          expect(missing.body.code).toBe('form-token-missing');
          // A refused photo does not use up the allowance.
          const refused = await postForm(h, path, reviewForm({ ...goodReview(1), formToken: await token(h) }, { bytes: Buffer.from('GIF89a...'), name: 'x.gif', type: 'image/gif' }), '102.80.0.1');
          expect(refused.status).toBe(400);
          const statuses = [];
          for (let i = 0; i < 3; i++) statuses.push((await postJson(h, path, { ...goodReview(i), formToken: await token(h) }, '102.80.0.1')).status);
          expect(statuses).toEqual([201, 201, 429]);
          // A token is good for one review.
          const t = await token(h);
          expect((await postJson(h, path, { ...goodReview(5), formToken: t }, '102.80.0.2')).status).toBe(201);
          expect((await postJson(h, path, { ...goodReview(6), formToken: t }, '102.80.0.3')).body.code).toBe('form-token-used');
          expect((await listPendingReviews(tdb.db)).length).toBe(3);
        } finally {
          await h.stop();
        }
      });

      it('spends the address’s allowance before rendering a photo: reviews over it are refused without a render', async () => {
        const h = await harness(tdb, 'on', { reviewPerIp: { max: 2, windowMs: 24 * 3600_000 } });
        try {
          const jpeg = await picture('jpeg', 640, 480);
          const path = `/safaris/${safariSlug}/reviews`;
          const forms = await Promise.all(
            Array.from({ length: 6 }, async (_, i) => reviewForm({ ...goodReview(i), formToken: await token(h) }, { bytes: jpeg, name: 'trip.jpg', type: 'image/jpeg' })),
          );
          renders.n = 0;
          // Six at once from one address: all six pass the checks that cost nothing at the same time.
          const statuses = (await Promise.all(forms.map((f) => postForm(h, path, f, '102.80.0.9')))).map((r) => r.status);
          expect(statuses.filter((s) => s === 201).length).toBe(2);
          expect(statuses.filter((s) => s === 429).length).toBe(4);
          expect(renders.n).toBe(2);
          expect((await listPendingReviews(tdb.db)).length).toBe(2);
        } finally {
          await h.stop();
        }
      });
    });
  });
}
