// The rendered-page cache against the real site (production build), on PGlite and PostgreSQL:
// kept pages are byte-identical to fresh renders, ETags give 304, a content change is served at
// once, per-visitor answers are never kept or served to anyone else, arbitrary query strings never
// fill the cache, and a cold page is rendered once for 100 concurrent requests.
import './helpers/production.ts';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppParts } from '../server/app.ts';
import type { HttpCache } from '../server/http/cache.ts';
import { loadedReactBuild } from '../server/react-build.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';

const BR = { 'accept-encoding': 'br' };

for (const backend of backends()) {
  describe(`rendered-page cache on ${backend}`, () => {
    let site: InProcessSite;
    let app: AppParts;
    let base: string;
    let dbUrl: string | undefined;
    let pages: HttpCache;
    let answers: HttpCache;
    let safariSlug: string;

    beforeAll(async () => {
      site = await startSite({ backend });
      ({ app, base, databaseUrl: dbUrl } = site);
      pages = app.caches!.pages;
      answers = app.caches!.answers;
      const list = (await (await fetch(`${base}/api/safaris`)).json()) as { allsafaris: { safarititleslug: string; safariday: number }[] };
      safariSlug = list.allsafaris.find((s) => s.safariday >= 3)!.safarititleslug;
    });

    afterAll(() => site?.stop());

    /** The decoded body (fetch decodes brotli and gzip as a browser does). */
    const body = (res: Response): Promise<string> => res.text();
    /** A fresh render of the same URL: a request with a cookie is never answered from the cache. */
    const fresh = (p: string) => fetch(base + p, { headers: { ...BR, cookie: 'visitor=1' } });

    it('renders with production React, like every server start', () => {
      expect(loadedReactBuild().build).toBe('production');
    });

    it('serves a kept page byte-identical to a fresh render, for pages, lists and client data requests', async () => {
      for (const p of ['/', `/safaris/${safariSlug}`, '/parks?page=2', '/blogs', `/safaris/${safariSlug}.data`, '/sitemap.xml']) {
        const first = await fetch(base + p, { headers: BR });
        expect(first.status, p).toBe(200);
        const hitsBefore = pages.stats.hits;
        const kept = await fetch(base + p, { headers: BR });
        expect(pages.stats.hits, `${p} answered from the cache`).toBe(hitsBefore + 1);
        expect(kept.headers.get('content-encoding')).toBe('br');
        expect(kept.headers.get('etag')).toBe(first.headers.get('etag'));
        const rendered = await fresh(p);
        expect(rendered.headers.get('etag'), 'a fresh render is not a cached answer').toBeNull();
        expect(await body(kept), p).toBe(await body(rendered));
        await body(first);
      }
      const page = await fetch(`${base}/safaris/${safariSlug}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(page.headers.get('cache-control'), 'every view revalidates against the ETag').toBe('public, no-cache');
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const plain = await fetch(`${base}/safaris/${safariSlug}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(await body(page));
    });

    it('answers a matching If-None-Match with 304 and HEAD without a body', async () => {
      const p = `${base}/safaris/${safariSlug}`;
      const first = await fetch(p, { headers: BR });
      await first.arrayBuffer();
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await fetch(p, { headers: { ...BR, 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const head = await fetch(p, { method: 'HEAD', headers: BR });
      expect(head.status).toBe(200);
      expect(head.headers.get('etag')).toBe(etag);
      expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
    });

    it('renders a cold page once for 100 concurrent requests', async () => {
      const p = `${base}/parks?page=1`;
      const before = pages.stats.produced;
      const all = await Promise.all(Array.from({ length: 100 }, () => fetch(p, { headers: BR }).then(async (r) => ({ status: r.status, text: await body(r) }))));
      expect(pages.stats.produced - before).toBe(1);
      expect(new Set(all.map((a) => a.status))).toEqual(new Set([200]));
      expect(new Set(all.map((a) => a.text)).size).toBe(1);
    });

    it('keeps only the valid values of a list page and none of the arbitrary query strings', async () => {
      await (await fetch(`${base}/parks?page=2`, { headers: BR })).arrayBuffer();
      const entries = pages.stats.entries;
      const apiEntries = answers.stats.entries;
      // A tracking parameter is the same page.
      const hits = pages.stats.hits;
      await (await fetch(`${base}/parks?page=2&utm_source=newsletter`, { headers: BR })).arrayBuffer();
      expect(pages.stats.hits).toBe(hits + 1);
      for (let i = 0; i < 40; i++) {
        const rs = await Promise.all([
          fetch(`${base}/search?query=${encodeURIComponent(`gorilla ${i}`)}`),
          fetch(`${base}/api/search?query=${encodeURIComponent(`chimp ${i}`)}`),
          fetch(`${base}/parks?page=${900 + i}`),
          fetch(`${base}/parks?page=2&anything=${i}`),
          fetch(`${base}/safaris/no-such-safari-${i}`),
        ]);
        for (const r of rs) await r.arrayBuffer();
        expect(rs[2]!.status).toBe(404);
        expect(rs[4]!.status).toBe(404);
      }
      expect(pages.stats.entries).toBe(entries);
      expect(answers.stats.entries).toBe(apiEntries);
    });

    it("keeps one 404 page for unknown addresses, but never answers React Router's route discovery with it", async () => {
      const a = await fetch(`${base}/no-such-page-a`, { headers: BR });
      const b = await fetch(`${base}/no/such/page-b?x=1`, { headers: BR });
      expect([a.status, b.status]).toEqual([404, 404]);
      expect(await b.text()).toBe(await a.text());
      expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
      const html = await (await fetch(`${base}/`)).text();
      const version = /"version":\s*"([^"]+)"/.exec(html)![1];
      const manifest = await fetch(`${base}/__manifest?paths=${encodeURIComponent('/parks')}&version=${version}`);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('content-type')).not.toContain('text/html');
      expect(manifest.headers.get('etag')).toBeNull();
      await manifest.arrayBuffer();
    });

    it('never keeps or shares a per-visitor answer', async () => {
      const before = pages.stats.stored;
      // Signed-in or otherwise personal requests (a cookie, credentials) are rendered for themselves.
      for (const headers of [{ cookie: 'session=abc' }, { authorization: 'Bearer x' }] as Record<string, string>[]) {
        const r = await fetch(`${base}/contact-us`, { headers });
        expect(r.status).toBe(200);
        expect(r.headers.get('etag')).toBeNull();
        await r.arrayBuffer();
      }
      // A no-JS form result shows the visitor's own values: never kept, never served to another.
      const form = new URLSearchParams({ variant: 'plan', name: 'Wilhelmina Zebra-Test', email: 'not-an-address', phone: '', country: '', message: 'Hello', preferredContactMethod: 'email' });
      const posted = await fetch(`${base}/enquiry`, { method: 'POST', body: form, headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' } });
      const postedHtml = await posted.text();
      expect(postedHtml).toContain('Wilhelmina Zebra-Test');
      expect(posted.headers.get('cache-control')).toBe('no-store');
      for (const p of ['/enquiry', '/enquiry?sent=plan', '/newsletter', '/newsletter/confirm?token=abc', '/newsletter/unsubscribe?token=abc']) {
        const r = await fetch(base + p);
        expect(r.headers.get('cache-control'), p).toBe('no-store');
        expect(await r.text()).not.toContain('Wilhelmina Zebra-Test');
      }
      expect(pages.stats.stored).toBe(before);
      // The token answer behind the enquiry forms is never kept by anyone.
      const token = await fetch(`${base}/api/form-token`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: '{}' });
      expect(token.headers.get('cache-control')).toBe('no-store');
    });

    it('serves the new page when the content version changes, whoever changes it', async () => {
      const p = `${base}/safaris/${safariSlug}`;
      const title = async () => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await body(await fetch(p, { headers: BR })))![1]!;
      const old = await title();
      expect(await title()).toBe(old); // kept
      const renamed = `Renamed Safari ${Date.now()}`;
      const change = async (sql: (q: string) => Promise<unknown>) => {
        await sql(`update safaris set safarititle = '${renamed}' where safarititleslug = '${safariSlug}'`);
        await sql('update content_version set version = version + 1 where id = 1');
      };
      if (backend === 'postgres') {
        // Another process (a console, a second server) changes the content.
        const other = postgres(dbUrl!, { max: 1, onnotice: () => {} });
        try {
          await change((q) => other.unsafe(q));
        } finally {
          await other.end();
        }
      } else {
        const client = (app.database!.db as unknown as { $client: { exec(q: string): Promise<unknown> } }).$client;
        await change((q) => client.exec(q));
      }
      // The notification brings the change (tests/content-version-notify.test.ts proves it with no
      // poll at all); the page served next is the new one.
      await expect.poll(title, { timeout: 30_000, interval: 20 }).toContain(renamed);
      // The API answers moved with it.
      const detail = (await (await fetch(`${base}/api/safaris/${safariSlug}`)).json()) as { safari: { safarititle: string } };
      expect(detail.safari.safarititle).toBe(renamed);
    });
  });
}
