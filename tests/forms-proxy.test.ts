// The built server over HTTP, as a visitor or a reverse proxy in front of it talks to it: whose
// X-Forwarded-* headers count (TRUST_PROXY), for the API and for the pages' form actions alike.
// Needs `npm run build` to have run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDir } from '../server/web.ts';
import { backends } from './helpers/db.ts';
import { goodEnquiry, OPERATOR } from './helpers/forms.ts';
import { type SiteProcess, startSiteProcess } from './helpers/start-site.ts';

/** The default limit of enquiries per visitor and hour (server/api/forms-http.ts). */
const PER_IP = 8;

describe.each(backends())('proxy trust in the running server on %s', (backend) => {
  const started: SiteProcess[] = [];

  async function start(env: Record<string, string>): Promise<string> {
    const site = await startSiteProcess({
      backend,
      env: { SITE_URL: 'https://www.site.example', OPERATOR_EMAIL: OPERATOR, SMTP_URL: '', SPAM_CHECKS: 'on', LOG_LEVEL: 'fatal', ...env },
      ready: '/api/healthz',
    });
    started.push(site);
    return site.url;
  }

  beforeAll(() => {
    if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before this test.');
  });
  afterAll(async () => {
    for (const site of started) await site.stop();
  });

  /** Form tokens old enough to be used at once. */
  async function tokens(base: string, n: number): Promise<string[]> {
    const out = await Promise.all(
      Array.from({ length: n }, async () => {
        const res = await fetch(`${base}/api/form-token`, { method: 'POST' });
        return ((await res.json()) as { token: string }).token;
      }),
    );
    await new Promise((r) => setTimeout(r, 2600));
    return out;
  }

  const enquire = (base: string, i: number, token: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/plan-a-safari`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ ...goodEnquiry(i), formToken: token }),
    });

  /** A page action's post, as a browser without JavaScript sends it. */
  const postPage = (base: string, page: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${base}${page}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });

  it('without TRUST_PROXY: the connection is the visitor; a new X-Forwarded-For gets no fresh allowance, X-Forwarded-Host is not ours', async () => {
    const base = await start({});
    // One more token than the posts use, for the page action below (a token's minimum fill time is waited out once).
    const [token, ...ts] = await tokens(base, PER_IP + 3);
    const statuses: number[] = [];
    for (let i = 0; i < ts.length; i++) statuses.push((await enquire(base, i, ts[i]!, { 'x-forwarded-for': `198.51.100.${i}` })).status);
    expect(statuses).toEqual([...Array<number>(PER_IP).fill(201), 429, 429]);

    // The page action counts the same visitor.
    const page = await postPage(base, '/enquiry', { ...goodEnquiry(50), variant: 'plan', formToken: token! }, { 'x-forwarded-for': '203.0.113.50' });
    expect(page.status).toBe(429);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('Too many enquiries from your connection.');

    // Another site's page cannot pass for ours by naming our host.
    const shop = await fetch(`${base}/api/admin/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example', 'x-forwarded-host': 'shop.example' },
      body: JSON.stringify({ fullName: 'Ann', email: 'ann@example.com', formToken: token }),
    });
    expect(shop.status).toBe(403);
  });

  it('with TRUST_PROXY naming the proxy: its X-Forwarded-For is the visitor, its -Host and -Proto the page the form was on', async () => {
    const base = await start({ TRUST_PROXY: '127.0.0.1/32,::1' });
    const ts = await tokens(base, PER_IP + 2);
    for (let i = 0; i < ts.length; i++) expect((await enquire(base, i, ts[i]!, { 'x-forwarded-for': `198.51.100.${i}` })).status).toBe(201);

    // A form posted on https://www.site.example through a proxy that ends TLS: the action is the
    // page's own, sent back to be confirmed with a token.
    const proxied = { origin: 'https://www.site.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.site.example', 'x-forwarded-for': '198.51.100.77' };
    const fields = { fullName: 'Ann Proxy', email: 'ann.proxy@example.com' };
    const first = await postPage(base, '/newsletter', fields, proxied);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('Please check your details and press “Subscribe” to confirm.');
    const token = /name="formToken" value="([^"]+)"/.exec(html)![1]!;
    await new Promise((r) => setTimeout(r, 2600));
    const second = await postPage(base, '/newsletter', { ...fields, formToken: token }, proxied);
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe('/newsletter?subscribed=1');
    // The same post straight from a browser on another site is still refused.
    const [other] = await tokens(base, 1);
    const evil = await fetch(`${base}/api/admin/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
      body: JSON.stringify({ ...fields, formToken: other }),
    });
    expect(evil.status).toBe(403);
  });
});
