// Review moderation and currency rates in the console, over HTTP on PGlite and PostgreSQL: signed
// out 401, the roles (owners and agents moderate; only owners set rates), the anti-forgery token,
// the list by status with its counts, approve / reject / approve again with the audit log and the
// public safari answer following at once, a pending review's photo for moderators only; rates
// checked (never a 500), saved, in the audit log and served by the public rates answer at once.
import './helpers/production.ts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminCurrencyRates } from '../common/currency-admin.ts';
import type { ReviewCounts, ReviewList } from '../common/review-moderation.ts';
import { backends } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const OWNER = 'owner@kigezitrails.example';
const AGENT = 'agent@kigezitrails.example';
type Json = Record<string, any>;

const review = (i: number) => ({
  name: `Traveller ${i}`,
  country: 'Kenya',
  rating: String((i % 5) + 1),
  text: `Review ${i}: our guide knew every bird call in Bwindi, and the gorilla family was unforgettable.`,
});

describe.each(backends())('console reviews and currency rates on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  let agent: SignedIn;
  let slug: string;
  let peer = 0;

  const rows = async <T = Json>(q: string) => rowsOf<T>(await site.app.database!.db.execute(sql.raw(q)));
  const api = (path: string, init: RequestInit = {}) => fetch(`${site.base}/api${path}`, init);

  /** Submits a review as a traveller would (each from its own address, so no rate limit is met). */
  async function submit(i: number, photo?: Buffer): Promise<number> {
    const form = new FormData();
    for (const [k, v] of Object.entries(review(i))) form.set(k, v);
    if (photo) form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'trip.jpg');
    const res = await api(`/safaris/${slug}/reviews`, { method: 'POST', headers: { origin: site.base, 'x-forwarded-for': `41.210.3.${++peer}` }, body: form });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.id as number;
  }
  const publicReviews = async () => ((await (await api(`/safaris/${slug}`)).json()) as Json).reviews.map((r: Json) => r.id) as number[];

  beforeAll(async () => {
    site = await startSite({ backend, env: { SPAM_CHECKS: 'off' } });
    await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
    await addStaff(site.app.database!.db, AGENT, 'agent', undefined, 'Amos Agent');
    owner = await signIn(site.base, OWNER);
    agent = await signIn(site.base, AGENT);
    slug = (await rows<{ slug: string }>('select safarititleslug as slug from safaris order by id limit 1'))[0]!.slug;
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
  });
  beforeEach(async () => {
    await rows('truncate traveller_reviews restart identity cascade');
  });

  it('refuses the signed-out (401), and writes without the anti-forgery token or from another site (403)', async () => {
    for (const path of ['/reviews', '/reviews/counts', '/reviews/1/photo', '/currency-rates']) {
      const res = await api(`/admin${path}`);
      expect(res.status, path).toBe(401);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await api('/admin/reviews/1/approve', { method: 'POST', headers: { origin: site.base } })).status).toBe(401);
    expect((await api('/admin/currency-rates', { method: 'PUT', headers: { origin: site.base, 'content-type': 'application/json' }, body: '{"EUR":0.9}' })).status).toBe(401);

    const id = await submit(1);
    for (const [path, method, body] of [
      [`/reviews/${id}/approve`, 'POST', '{}'],
      ['/currency-rates', 'PUT', '{"EUR":0.9}'],
    ] as const) {
      const noToken = await api(`/admin${path}`, { method, headers: { cookie: owner.cookie, origin: site.base, 'content-type': 'application/json' }, body });
      expect(noToken.status, path).toBe(403);
      expect(((await noToken.json()) as Json).code).toBe('csrf');
      const crossSite = await api(`/admin${path}`, { method, headers: { cookie: owner.cookie, origin: 'https://evil.example', 'x-csrf-token': owner.csrf, 'content-type': 'application/json' }, body });
      expect(crossSite.status, path).toBe(403);
    }
    expect((await rows('select status from traveller_reviews'))[0]!.status).toBe('pending');
    expect(await rows(`select * from currency_rates where updated_by is not null`)).toEqual([]);
  });

  it('lists the reviews by status with their counts; agents and owners approve, reject and approve again, in the audit log, and the safari answer follows at once', async () => {
    const a = await submit(1);
    const b = await submit(2);
    const c = await submit(3);
    expect(await publicReviews()).toEqual([]);

    const res = await agent.get('/reviews');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const list = (await res.json()) as ReviewList;
    expect(list).toMatchObject({ status: 'pending', counts: { pending: 3, approved: 0, rejected: 0 }, page: 1, pageCount: 1 });
    expect(list.items.map((r) => r.id)).toEqual([a, b, c]); // oldest first
    expect(list.items[0]).toMatchObject({ name: 'Traveller 1', country: 'Kenya', rating: 2, status: 'pending', safari: { slug }, thumb: null, photo: null, moderatedAt: null, moderatedBy: null });
    expect(list.items[0]!.text).toContain('gorilla family');

    // An agent approves: on the safari's answer at once.
    const approved = await agent.send(`/reviews/${a}/approve`);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ id: a, status: 'approved', shownChanged: true, counts: { pending: 2, approved: 1, rejected: 0 } });
    expect(await publicReviews()).toEqual([a]);

    // The owner rejects one pending (nothing public changes) and takes back the approved one.
    expect(await (await owner.send(`/reviews/${b}/reject`)).json()).toMatchObject({ status: 'rejected', shownChanged: false });
    expect(await (await owner.send(`/reviews/${a}/reject`)).json()).toMatchObject({ status: 'rejected', shownChanged: true });
    expect(await publicReviews()).toEqual([]);
    // ... and approves one rejected after all.
    expect(await (await owner.send(`/reviews/${b}/approve`)).json()).toMatchObject({ status: 'approved', shownChanged: true });
    expect(await publicReviews()).toEqual([b]);

    const rejected = (await (await owner.get('/reviews?status=rejected')).json()) as ReviewList;
    expect(rejected.counts).toEqual({ pending: 1, approved: 1, rejected: 1 });
    expect(rejected.items.map((r) => [r.id, r.status, r.moderatedBy])).toEqual([[a, 'rejected', 'Olivia Owner']]);
    const shown = (await (await owner.get('/reviews?status=approved')).json()) as ReviewList;
    expect(shown.items.map((r) => r.id)).toEqual([b]);
    expect((await (await agent.get('/reviews/counts')).json()) as ReviewCounts).toEqual({ pending: 1, approved: 1, rejected: 1 });

    const log = await rows<{ action: string; actor: string; target: string; detail: Json }>(`select action, actor, target, detail from audit_log where action like 'review.%' order by id`);
    expect(log.map((l) => [l.action, l.actor, l.target, l.detail.from])).toEqual([
      ['review.approve', AGENT, `review:${a}`, 'pending'],
      ['review.reject', OWNER, `review:${b}`, 'pending'],
      ['review.reject', OWNER, `review:${a}`, 'approved'],
      ['review.approve', OWNER, `review:${b}`, 'rejected'],
    ]);
    expect(log[0]!.detail.safari).toBe(slug);
  });

  it('publishes a moderator’s reply under a review, shown with it on the site at once, and refuses a bad one in words', async () => {
    const id = await submit(7);
    expect((await agent.send(`/reviews/${id}/approve`)).status).toBe(200);
    const reply = await agent.send(`/reviews/${id}/reply`, { reply: 'Thank you! Moses says hello.' });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ id, changed: true, shownChanged: true });
    const answer = async () => (((await (await api(`/safaris/${slug}`)).json()) as Json).reviews as Json[]).find((r) => r.id === id)!;
    expect((await answer()).reply).toMatchObject({ text: 'Thank you! Moses says hello.' });
    const listed = (await (await owner.get('/reviews?status=approved')).json()) as ReviewList;
    expect(listed.items.find((r) => r.id === id)!.reply?.text).toBe('Thank you! Moses says hello.');
    for (const body of [{}, { reply: 5 }, { reply: 'x'.repeat(2001) }, { reply: 'a\u0000b' }]) {
      const bad = await owner.send(`/reviews/${id}/reply`, body);
      expect(bad.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(((await bad.json()) as Json).error).toMatch(/^Write the reply as text/);
    }
    expect((await owner.send('/reviews/999999/reply', { reply: 'x' })).status).toBe(404);
    expect(await (await owner.send(`/reviews/${id}/reply`, { reply: '' })).json()).toEqual({ id, changed: true, shownChanged: true });
    expect((await answer()).reply).toBeNull();
    const log = await rows<{ action: string }>(`select action from audit_log where target = 'review:${id}' and action like 'review.reply%' order by id`);
    expect(log.map((l) => l.action)).toEqual(['review.reply', 'review.reply-removed']);
  });

  it('pages the list and answers bad input with 400 or 404, never 500', async () => {
    for (let i = 0; i < 3; i++) await submit(10 + i);
    const p2 = (await (await owner.get('/reviews?limit=2&page=2')).json()) as ReviewList;
    expect(p2).toMatchObject({ page: 2, pageCount: 2 });
    expect(p2.items).toHaveLength(1);
    for (const q of ['?status=spam', '?status=', '?page=0', '?page=x', '?limit=100000']) expect((await owner.get(`/reviews${q}`)).status, q).toBe(400);
    for (const path of ['/reviews/999999/approve', '/reviews/abc/reject', '/reviews/0/approve', '/reviews/99999999999/approve']) expect((await owner.send(path)).status, path).toBe(404);
    expect((await owner.get('/reviews/999999/photo')).status).toBe(404);
  });

  it('shows a pending review’s photo to moderators only, and the public only once approved', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7a9a5a' } })
      .jpeg()
      .toBuffer();
    const id = await submit(5, jpeg);
    const list = (await (await agent.get('/reviews')).json()) as ReviewList;
    expect(list.items[0]).toMatchObject({ id, thumb: `/admin/reviews/${id}/photo`, photo: { width: 900, height: 600 } });
    const photo = await agent.get(`/reviews/${id}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toBe('no-store');
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).format).toBe('jpeg');
    expect((await api(`/images/reviews/visitors/${id}.jpg`)).status).toBe(404);
    // The console's own address passes it on with the session.
    const page = await fetch(`${site.base}/admin/reviews/${id}/photo`, { headers: { cookie: agent.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${site.base}/admin/reviews/${id}/photo`, { redirect: 'manual' })).status).toBe(303);
    await agent.send(`/reviews/${id}/approve`);
    expect((await api(`/images/reviews/visitors/${id}.jpg`)).status).toBe(200);
  });

  it('lets owners only read and set the currency rates; checks them; saves them in the audit log and serves them at once', async () => {
    expect((await agent.get('/currency-rates')).status).toBe(403);
    expect((await agent.send('/currency-rates', { EUR: 0.5 }, 'PUT')).status).toBe(403);

    const before = (await (await owner.get('/currency-rates')).json()) as AdminCurrencyRates;
    expect(before.rates.map((r) => r.currency)).toEqual(['EUR', 'GBP', 'UGX', 'KES', 'TZS', 'RWF']);
    const publicBefore = await api('/currency-rates');
    expect(publicBefore.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = publicBefore.headers.get('etag')!;
    const old = ((await publicBefore.json()) as Json).rates;
    expect(before.rates.find((r) => r.currency === 'UGX')).toMatchObject({ name: 'Ugandan shilling', perUsd: old.UGX, updatedBy: null });

    for (const [body, code] of [
      [{ EUR: 0 }, 'invalid-EUR'],
      [{ EUR: -1 }, 'invalid-EUR'],
      [{ GBP: null }, 'invalid-GBP'],
      [{ GBP: '0.8' }, 'invalid-GBP'],
      [{ UGX: 1e12 }, 'invalid-UGX'],
      [{ KES: 1e-9 }, 'invalid-KES'],
      [{ USD: 2 }, 'invalid'],
      [{ XYZ: 2 }, 'invalid'],
      [{}, 'invalid'],
      [[1, 2], 'invalid'],
      ['"EUR"', 'invalid'],
    ] as const) {
      const res = await owner.send('/currency-rates', body, 'PUT');
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as Json;
      expect(answer.code, JSON.stringify(body)).toBe(code);
      expect(answer.error).toMatch(/\w/);
    }
    const broken = await fetch(`${site.base}/api/admin/currency-rates`, {
      method: 'PUT',
      headers: { cookie: owner.cookie, origin: site.base, 'content-type': 'application/json', 'x-csrf-token': owner.csrf },
      body: '{"EUR": 1e999',
    });
    expect(broken.status).toBe(400);
    const infinite = await fetch(`${site.base}/api/admin/currency-rates`, {
      method: 'PUT',
      headers: { cookie: owner.cookie, origin: site.base, 'content-type': 'application/json', 'x-csrf-token': owner.csrf },
      body: '{"EUR": 1e999}',
    });
    expect(infinite.status).toBe(400);
    expect(await rows(`select * from currency_rates where updated_by is not null`)).toEqual([]);

    const saved = await owner.send('/currency-rates', { UGX: 3777.5, EUR: old.EUR }, 'PUT');
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as AdminCurrencyRates & { changed: string[] };
    expect(after.changed).toEqual(['UGX']); // EUR was the same
    expect(after.rates.find((r) => r.currency === 'UGX')).toMatchObject({ perUsd: 3777.5, updatedBy: 'Olivia Owner' });
    expect(new Date(after.rates.find((r) => r.currency === 'UGX')!.updatedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // The public answer has it at once; a browser's revalidation with the old ETag gets the new one.
    const revalidated = await api('/currency-rates', { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(200);
    expect(((await revalidated.json()) as Json).rates).toEqual({ ...old, UGX: 3777.5 });
    const same = await api('/currency-rates', { headers: { 'if-none-match': revalidated.headers.get('etag')! } });
    expect(same.status).toBe(304);

    const log = await rows<{ action: string; actor: string; detail: Json }>(`select action, actor, detail from audit_log where action = 'currency.rates'`);
    expect(log).toEqual([{ action: 'currency.rates', actor: OWNER, detail: { UGX: `${old.UGX} → 3777.5` } }]);
    // Nothing changed: nothing written, nothing logged.
    expect(((await (await owner.send('/currency-rates', { UGX: 3777.5 }, 'PUT')).json()) as Json).changed).toEqual([]);
    expect(await rows(`select id from audit_log where action = 'currency.rates'`)).toHaveLength(1);
  });
});
