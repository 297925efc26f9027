// Page addresses no route can read (a broken percent-escape, a control character once decoded)
// under every detail route's prefix: the full not-found view with HTTP 404, served from the one
// kept 404 page (the catch-all's), never a line of plain text and never a 5xx. On PGlite: the
// view does not read the database.
import './helpers/production.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpCache } from '../server/http/cache.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { headings1, mainText, WHATSAPP_HREF } from './helpers/site.ts';

const PREFIXES = ['', '/destinations', '/parks', '/parks/in', '/experiences', '/experiences/in', '/safaris', '/safaris/in', '/safaris/experiences', '/animals', '/birds', '/blogs', '/lodges'];
/** Broken escapes, control characters, a lone %, an overlong UTF-8 form, a broken escape in a long address. */
const SEGMENTS = ['%E0%A4%A', '%00', '%', '%ff', '%zz', '%C0%AF', '%ED%A0%80', 'a%0Ab', '%0d%0a', '%7F', 'gorilla%E2%82', `${'a'.repeat(4000)}%E0`];
const ADDRESSES = PREFIXES.flatMap((p) => SEGMENTS.map((s) => `${p}/${s}`));

describe('malformed page addresses', () => {
  let site: InProcessSite;
  let pages: HttpCache;
  beforeAll(async () => {
    site = await startSite();
    pages = site.app.caches!.pages;
  });
  afterAll(() => site?.stop());

  function expectFullNotFoundView(address: string, status: number, type: string | null, html: string) {
    expect(status, address).toBe(404);
    expect(type, address).toBe('text/html; charset=utf-8');
    expect(headings1(html), address).toEqual(['Ooops!']);
    expect(mainText(html), address).toContain('Error: 404 Page');
    expect(html, address).toContain(`href="${WHATSAPP_HREF}`);
    for (const href of ['/safaris', '/parks', '/experiences', '/blogs']) expect(html, `${address} links ${href}`).toMatch(new RegExp(`<a[^>]+href="${href}"`));
    // The shared header and footer.
    expect(html, address).toMatch(/<header\b/);
    expect(html, address).toMatch(/<footer\b/);
  }

  it(`answers each of ${ADDRESSES.length} addresses with the full not-found view and 404`, async () => {
    const statuses = new Map<number, number>();
    for (const address of ADDRESSES) {
      const res = await fetch(site.base + address);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expectFullNotFoundView(address, res.status, res.headers.get('content-type'), await res.text());
    }
    expect([...statuses.keys()]).toEqual([404]);
  });

  it('serves them all from the one kept 404 page, the page every unknown address gets', async () => {
    // The catch-all's kept page, made by an ordinary unknown address.
    const unknown = await fetch(`${site.base}/no-such-page-here`);
    expect(unknown.status).toBe(404);
    const view = await unknown.text();
    const produced = pages.stats.produced;
    const hits = pages.stats.hits;
    for (const address of ['/blogs/%E0%A4%A', '/safaris/%00', '/%', '/parks/in/%ff']) {
      const res = await fetch(site.base + address);
      expect(res.status, address).toBe(404);
      expect(await res.text(), address).toBe(view);
    }
    expect(pages.stats.produced).toBe(produced);
    expect(pages.stats.hits).toBe(hits + 4);
  });

  it('answers HEAD, a conditional GET and client data requests as well, and other methods without a 5xx', async () => {
    const head = await fetch(`${site.base}/safaris/%00`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe('');
    const first = await fetch(`${site.base}/blogs/%E0%A4%A`);
    const etag = first.headers.get('etag');
    await first.arrayBuffer();
    expect(etag).toBeTruthy();
    const again = await fetch(`${site.base}/blogs/%E0%A4%A`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    const data = await fetch(`${site.base}/blogs/%E0%A4%A.data`);
    expect(data.status).toBe(404);
    await data.arrayBuffer();
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const res = await fetch(`${site.base}/safaris/%ff`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: method === 'OPTIONS' ? undefined : 'a=1' });
      expect(res.status, method).toBe(404);
      await res.arrayBuffer();
    }
  });

  it('gives a signed-in or cookie-carrying visitor the same view, rendered for them', async () => {
    const res = await fetch(`${site.base}/safaris/%00`, { headers: { cookie: 'something=1' } });
    expectFullNotFoundView('/safaris/%00 with a cookie', res.status, res.headers.get('content-type'), await res.text());
  });
});

describe('malformed page addresses with the page cache off (PAGE_CACHE_MB=0)', () => {
  let site: InProcessSite;
  beforeAll(async () => {
    site = await startSite({ env: { PAGE_CACHE_MB: '0' } });
  });
  afterAll(() => site?.stop());

  it('renders the full not-found view with 404 for each', async () => {
    for (const address of ['/blogs/%E0%A4%A', '/safaris/%00', '/%', '/animals/%C0%AF', '/parks/in/a%0Ab']) {
      const res = await fetch(site.base + address);
      expect(res.status, address).toBe(404);
      const html = await res.text();
      expect(headings1(html), address).toEqual(['Ooops!']);
      expect(html, address).toContain(`href="${WHATSAPP_HREF}`);
      expect(html, address).toMatch(/<footer\b/);
    }
  });
});
