// Security headers on real responses of every family (pages, kept pages, data requests, API
// answers, assets, images, errors, redirects), scored by the Mozilla HTTP Observatory's published
// rules (httpobs/docs/scoring.md: baseline 100, the modifiers below, bonuses only from 90 up;
// 100+ is A+). The site is configured with an https SITE_URL, as in production behind TLS.
import './helpers/production.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../server/http/security.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';

interface Score {
  score: number;
  modifiers: Record<string, number>;
}

/** The directives of a policy: name -> sources (lower-cased names, sources as written). */
function parseCsp(header: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    if (out.has(name.toLowerCase())) throw new Error(`duplicate directive ${name}`);
    out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** The Observatory's tests that a single HTML response decides (redirection is the proxy's). */
function observatoryScore(res: Response, html: string): Score {
  const h = res.headers;
  const mods: Record<string, number> = {};
  const bonus: Record<string, number> = {};

  // Content Security Policy.
  const cspHeader = h.get('content-security-policy');
  if (!cspHeader) mods['csp-not-implemented'] = -25;
  else {
    let csp: Map<string, string[]>;
    try {
      csp = parseCsp(cspHeader);
    } catch {
      csp = new Map();
      mods['csp-header-invalid'] = -25;
    }
    if (csp.size) {
      const fallback = csp.get('default-src');
      const scripts = csp.get('script-src') ?? fallback ?? ['*'];
      const styles = csp.get('style-src') ?? fallback ?? ['*'];
      const hashOrNonce = scripts.some((s) => /^'(sha(256|384|512)-|nonce-)/.test(s));
      const insecure = (list: string[]) => list.some((s) => s === '*' || s === 'http:' || s.startsWith('http://'));
      if ((scripts.includes("'unsafe-inline'") && !hashOrNonce) || scripts.includes('data:') || insecure(scripts) || (!csp.has('object-src') && !fallback))
        mods['csp-implemented-with-unsafe-inline'] = -20;
      else if (scripts.includes("'unsafe-eval'")) mods['csp-implemented-with-unsafe-eval'] = -10;
      else if ([...csp.values()].flat().some((s) => s === 'http:' || s.startsWith('http://'))) mods['csp-implemented-with-insecure-scheme'] = -20;
      else if (styles.includes("'unsafe-inline'")) mods['csp-implemented-with-unsafe-inline-in-style-src-only'] = 0;
      else if (fallback?.length === 1 && fallback[0] === "'none'") bonus['csp-implemented-with-no-unsafe-default-src-none'] = 10;
      else bonus['csp-implemented-with-no-unsafe'] = 5;
      if (csp.has('frame-ancestors')) bonus['x-frame-options-implemented-via-csp'] = 5;
    }
  }

  // Cookies: none may be set by public pages.
  const cookies = h.getSetCookie();
  if (cookies.length && cookies.some((c) => !/;\s*secure/i.test(c))) mods['cookies-without-secure-flag'] = -20;

  // CORS.
  if (h.get('access-control-allow-origin') === '*') mods['cross-origin-resource-sharing-implemented-with-universal-access'] = -50;

  // Referrer Policy.
  const referrer = (h.get('referrer-policy') ?? '')
    .toLowerCase()
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
  if (referrer && ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer)) bonus['referrer-policy-private'] = 5;
  else if (referrer && ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'].includes(referrer)) mods['referrer-policy-unsafe'] = -5;

  // Subresource Integrity: external scripts must carry integrity.
  const external = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"[^>]*>/gi)].filter((m) => /^(https?:)?\/\//.test(m[1]!));
  if (external.some((m) => !/\sintegrity=/.test(m[0]))) mods['sri-not-implemented-but-external-scripts-loaded-securely'] = -5;

  // X-Content-Type-Options.
  if ((h.get('x-content-type-options') ?? '').toLowerCase() !== 'nosniff') mods['x-content-type-options-not-implemented'] = -5;

  // X-Frame-Options (frame-ancestors counts, with its bonus, above).
  const xfo = (h.get('x-frame-options') ?? '').toUpperCase();
  if (!bonus['x-frame-options-implemented-via-csp'] && xfo !== 'DENY' && xfo !== 'SAMEORIGIN') mods['x-frame-options-not-implemented'] = -20;

  // HTTP Strict Transport Security.
  const hsts = h.get('strict-transport-security');
  const maxAge = Number(/max-age=(\d+)/i.exec(hsts ?? '')?.[1] ?? NaN);
  if (!hsts) mods['hsts-not-implemented'] = -20;
  else if (!(maxAge >= 15768000)) mods['hsts-implemented-max-age-less-than-six-months'] = -10;

  // Cross-Origin-Resource-Policy.
  const corp = h.get('cross-origin-resource-policy');
  if (corp && !['same-origin', 'same-site', 'cross-origin'].includes(corp)) mods['cross-origin-resource-policy-header-invalid'] = -5;

  let score = 100 + Object.values(mods).reduce((a, b) => a + b, 0);
  if (score >= 90) {
    Object.assign(mods, bonus);
    score += Object.values(bonus).reduce((a, b) => a + b, 0);
  }
  return { score: Math.max(0, score), modifiers: mods };
}

const BASE_HEADERS = [
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'content-security-policy',
];

// PGlite only: the headers are set before and after the database's part, the same on either database.
describe('security headers', () => {
  let site: InProcessSite;
  let base: string;

  beforeAll(async () => {
    site = await startSite({ env: { SITE_URL: 'https://www.kigezitrails.example' } });
    base = site.base;
  });
  afterAll(() => site?.stop());

  it('scores A+ (100 or more) by the Observatory rules on every kind of page, rendered or kept', async () => {
    for (const p of ['/', '/safaris', '/parks?page=2', '/contact-us', '/search?query=gorilla', '/no-such-page', '/enquiry']) {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(base + p, { headers: { 'accept-encoding': 'br' } });
        const html = await res.text();
        expect(res.headers.get('content-type'), p).toContain('text/html');
        const { score, modifiers } = observatoryScore(res, html);
        expect(score, `${p}: ${JSON.stringify(modifiers)}`).toBeGreaterThanOrEqual(100);
        const csp = res.headers.get('content-security-policy')!;
        for (const d of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'", "default-src 'none'", 'report-uri /api/csp-report', 'upgrade-insecure-requests'])
          expect(csp, p).toContain(d);
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        // Each inline script of this very document is allowed by its hash, and nothing else inline.
        const hashes = inlineScriptHashes(html);
        expect(hashes.length, p).toBeGreaterThan(0);
        const allowed = /script-src ([^;]*)/
          .exec(csp)![1]!
          .split(' ')
          .filter((s) => s.startsWith("'sha256-"))
          .map((s) => s.slice(1, -1));
        expect(allowed.sort()).toEqual([...hashes].sort());
        expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      }
    }
  });

  it('sends the base headers on every response family', async () => {
    const slug = ((await (await fetch(`${base}/api/safaris`)).json()) as { allsafaris: { safarititleslug: string }[] }).allsafaris[0]!.safarititleslug;
    const home = await (await fetch(`${base}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(home)![0];
    const image = /\/api\/images\/[\w/.-]+\.avif/.exec(home)![0];
    const cases: [string, RequestInit?][] = [
      [`/safaris/${slug}`],
      [`/safaris/${slug}.data`],
      ['/api/'],
      [`/api/safaris/${slug}`],
      ['/api/no-such-thing'],
      [asset],
      [image],
      ['/favicon.svg'],
      ['/gorilla-trekking-tips'], // a permanent redirect
      ['/sitemap.xml'],
      ['/enquiry', { method: 'PUT' }],
      ['/enquiry', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }],
    ];
    for (const [p, init] of cases) {
      const res = await fetch(base + p, { redirect: 'manual', ...init });
      await res.arrayBuffer();
      for (const name of BASE_HEADERS) expect(res.headers.get(name), `${p}: ${name}`).toBeTruthy();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      if (!(res.headers.get('content-type') ?? '').startsWith('text/html')) expect(res.headers.get('content-security-policy'), p).toContain("default-src 'none'");
    }
  });

  it('takes CSP violation reports, and limits how many', async () => {
    const report = JSON.stringify({ 'csp-report': { 'document-uri': 'https://www.kigezitrails.example/', 'violated-directive': 'script-src', 'blocked-uri': 'inline' } });
    const post = () => fetch(`${base}/api/csp-report`, { method: 'POST', body: report, headers: { 'content-type': 'application/csp-report' } });
    expect((await post()).status).toBe(204);
    const statuses = [];
    for (let i = 0; i < 15; i++) statuses.push((await post()).status);
    expect(statuses).toContain(429);
    expect((await fetch(`${base}/api/csp-report`, { method: 'POST', body: 'not json' })).status).toBeLessThan(500);
  });
});
