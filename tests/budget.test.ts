// The per-address budget of work no cache absorbs (server/spam/budget.ts), on a whole site: a flood
// of searches from one address ends in 429s with a Retry-After (the site's error view for pages,
// JSON for the API), while its kept pages are still answered and another address is unaffected.
import './helpers/production.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InProcessSite, startSite } from './helpers/start-site.ts';

describe('a budget of uncached work per address', () => {
  let site: InProcessSite;
  // 1 % of the process: a burst of 200 ms of server time. TRUST_PROXY=1 lets the test speak for
  // several visitors through X-Forwarded-For.
  beforeAll(async () => {
    site = await startSite({ env: { SPAM_CHECKS: 'on', CLIENT_SHARE_PERCENT: '1', TRUST_PROXY: '1' } });
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  const from = (address: string, path: string, headers: Record<string, string> = {}) => fetch(`${site.base}${path}`, { headers: { 'x-forwarded-for': address, ...headers } });

  /** Sends different searches from `address` until one is refused; the refusal. */
  async function flood(address: string, path: (i: number) => string): Promise<{ res: Response; sent: number }> {
    for (let i = 0; i < 2000; i++) {
      const res = await from(address, path(i));
      if (res.status === 429) return { res, sent: i + 1 };
      expect(res.status, path(i)).toBe(200);
      await res.arrayBuffer();
    }
    throw new Error(`no 429 after 2000 requests from ${address}`);
  }

  it('refuses a flood of searches with the 429 view, Retry-After, header and footer', async () => {
    const { res, sent } = await flood('203.0.113.10', (i) => `/search?query=gorilla+${i}`);
    expect(sent).toBeGreaterThan(1);
    const wait = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(wait) && wait >= 1, `Retry-After ${res.headers.get('retry-after')}`).toBe(true);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('Ooops!');
    expect(html).toContain('Error: 429 Page');
    expect(html).toContain('Please wait a minute and try again.');
    expect(html).toMatch(/<header[\s>]/);
    expect(html).toMatch(/<footer[\s>]/);
    expect(html).toContain('<meta name="robots" content="noindex"');
    // Plain HTML: the app's scripts would hydrate it as the page at the visitor's address.
    expect(html).not.toMatch(/<script[\s>]/);
    // The same address is refused on every uncached page and on the API's searches. Refused just
    // now, its debt may be paid back within milliseconds: once it may search again, it sends 40 at
    // once (each charged when it ends, so all are admitted), which leaves it seconds in debt.
    await new Promise((r) => setTimeout(r, wait * 1000 + 200));
    await Promise.all(
      Array.from({ length: 40 }, async (_, j) => {
        await (await from('203.0.113.10', `/search?query=trek+${j}`)).arrayBuffer();
      }),
    );
    const again = await from('203.0.113.10', '/search?query=lions');
    expect(again.status).toBe(429);
    await again.arrayBuffer();
    const api = await from('203.0.113.10', '/api/search?query=lions');
    expect(api.status).toBe(429);
    expect(api.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(api.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(((await api.json()) as { error: string }).error).toMatch(/more requests than we can answer.*try again/);
  });

  it('still answers the flooding address its kept pages', async () => {
    // Flooded again first: the debt the last test left may be paid back by now on a fast machine.
    const flooded = '203.0.113.10';
    await flood(flooded, (i) => `/search?query=chimpanzee+${i}`);
    for (const path of ['/', '/safaris', '/parks', '/search', '/blogs?page=1', '/no-such-page']) {
      for (let i = 0; i < 3; i++) {
        const res = await from(flooded, path);
        expect(res.status, path).not.toBe(429);
        await res.arrayBuffer();
      }
    }
  });

  it('leaves other addresses alone', async () => {
    const res = await from('203.0.113.11', '/search?query=gorilla');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Mountain Gorillas');
    const api = await from('198.51.100.20', '/api/search?query=lions');
    expect(api.status).toBe(200);
  });

  it('limits the API on its own, in JSON', async () => {
    const { res, sent } = await flood('2001:db8:7:7::1', (i) => `/api/search?query=trek+${i}`);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The whole /64 shares the budget: another address in it is refused after a few searches,
    // where the first needed many (its debt is paid back slowly, 1 % of the time that passes, so a
    // pause of the machine between the two lets through a few at most); kept API answers are
    // still served.
    const neighbour = await flood('2001:db8:7:7:abcd::9', (i) => `/api/search?query=lions+${i}`);
    expect(neighbour.sent).toBeLessThan(sent / 2);
    expect((await from('2001:db8:7:7::1', '/api/safaris')).status).toBe(200);
    expect((await from('2001:db8:7:8::1', '/api/search?query=lions')).status).toBe(200);
  });
});
