// Every route of the route table served without JavaScript (status, heading, content, head tags),
// the not-found view with HTTP 404 for unknown addresses and out-of-range pages, and every redirect
// of spec point 2: as a permanent server redirect and as a client navigation in Chromium.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../common/constants.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { sharedSite } from '../helpers/shared-site.ts';
import { getJson, headings1, htmlText, mainText, readHead, redirectCases, siteRoutes, WHATSAPP_HREF, type Json } from '../helpers/site.ts';

const server = sharedSite();
const base = server.url;
const routes = await siteRoutes(base);
const experiences = await getJson(base, '/experiences?page=1&limit=12');
const redirects = redirectCases(experiences.experiences[0].experiencetitleslug);

async function getPage(path: string, init: RequestInit = {}) {
  const res = await fetch(base + path, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

describe('every route is server-rendered (no JavaScript)', () => {
  it('covers every screen of the route table', () => {
    const templates = new Set(routes.map((r) => r.template));
    for (const t of [
      'home',
      'about',
      'destinations',
      'destination',
      'parks',
      'park',
      'parks-in',
      'lodges',
      'lodge',
      'experiences',
      'experience',
      'experiences-in',
      'safaris',
      'safari',
      'safaris-in',
      'safaris-experience',
      'animals',
      'animal',
      'birds',
      'bird',
      'blogs',
      'blog',
      'contact-us',
      'plan-a-safari',
      'search',
      'gorilla-tips',
      'static-page:terms-and-conditions',
      'static-page:privacy-policy',
      'static-page:travel-advice',
      'faq',
      'why-book-with-us',
    ])
      expect(templates, t).toContain(t);
    // Second pages of lists that have them.
    for (const p of ['/parks?page=2', '/lodges?page=2', '/animals?page=2', '/birds?page=2', '/blogs?page=2', '/experiences?page=2', '/safaris?page=2']) expect(routes.map((r) => r.path)).toContain(p);
  });

  it.for(routes.map((r) => [r.path, r] as const))('%s', async ([path, r]) => {
    const { status, headers, html } = await getPage(path);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/text\/html/);

    // Head: title, description, keywords, canonical, Open Graph and Twitter tags from the API's page metadata.
    const api = await getJson(base, r.apiPath);
    const head = readHead(html);
    expect(head.title, 'title').toBeTruthy();
    expect(head.title).toContain(htmlText(api.title));
    expect(head.meta.description, 'meta description').toBe(api.pageDescription);
    expect(head.meta.keywords, 'meta keywords').toBe(api.pageKeywords);
    // Later pages of a list are pages of their own: their canonical address carries ?page=N.
    const pageNo = Number(new URL(path, base).searchParams.get('page') ?? 1);
    const canonical = pageNo > 1 ? `${api.pageUrl}?page=${pageNo}` : api.pageUrl;
    expect(head.canonical, 'canonical link').toBe(canonical);
    expect(head.meta['og:title'], 'og:title').toBe(head.title);
    expect(head.meta['og:description'], 'og:description').toBe(api.pageDescription);
    expect(head.meta['og:url'], 'og:url').toBe(canonical);
    expect(head.meta['og:image'], 'og:image').toMatch(/^https?:\/\/[^/]+\/\S+/);
    expect(head.meta['twitter:card'], 'twitter:card').toMatch(/^summary(_large_image)?$/);
    // The share image exists (on this server's origin).
    const image = new URL(head.meta['og:image']!);
    const imageRes = await fetch(base + image.pathname + image.search);
    expect(imageRes.status, `og:image ${image.pathname}`).toBe(200);
    expect(imageRes.headers.get('content-type')).toMatch(/^image\//);
    await imageRes.arrayBuffer();

    // Body: one main heading, the page's content in the HTML.
    const h1 = headings1(html);
    expect(h1).toHaveLength(1);
    // The hero shows the page title (an SEO subtitle after ' | ' may be left out).
    if (r.h1 !== null) expect([htmlText(r.h1), htmlText(r.h1).split(' | ')[0]]).toContain(h1[0]);
    else expect(h1[0]!.length).toBeGreaterThan(0);
    const main = mainText(html);
    for (const text of r.texts) expect(main, `main content shows "${text}"`).toContain(htmlText(text));
    expect(main).not.toContain('Ooops!');
    // Hero with the Plan a safari button (spec point 2, common pattern) and the shared chrome.
    expect(html).toMatch(/<a[^>]+href="\/plan-a-safari"/);
    expect(html).toMatch(/<header\b/);
    expect(html).toMatch(/<footer\b/);
    // The page hydrates: the client entry is referenced.
    expect(html).toMatch(/<script[^>]+type="module"|<link[^>]+rel="modulepreload"/);
    // Everything is in place in the HTML: no part (a lazy island) is held back to be moved in by script.
    expect(html).not.toMatch(/<div hidden id="S:\d+"|<template id="B:\d+"/);
  });

  it('/safaris is sorted by day count ascending, 12 a page, and ?sort=desc reverses it', async () => {
    const all: Json[] = (await getJson(base, '/safaris')).allsafaris;
    const days = all.map((s) => s.safariday as number).sort((a, b) => a - b);
    const cardDays = (html: string) => [...html.matchAll(/class="card__title"[^>]*>([\s\S]*?)<\/h[23]>/g)].map((m) => Number(/^(\d+) Days?\b/.exec(htmlText(m[1]!))?.[1]));
    const page1 = cardDays((await getPage('/safaris')).html);
    expect(page1).toEqual(days.slice(0, PAGE_SIZE.safaris));
    const page2 = cardDays((await getPage('/safaris?page=2')).html);
    expect(page2).toEqual(days.slice(PAGE_SIZE.safaris, 2 * PAGE_SIZE.safaris));
    const desc = cardDays((await getPage('/safaris?sort=desc')).html);
    expect(desc).toEqual([...days].reverse().slice(0, PAGE_SIZE.safaris));
  });

  it('the about route contains the operator name and the footer carries the copyright years', async () => {
    const about = routes.find((r) => r.template === 'about')!;
    expect(about.path).toMatch(/^\/about-[a-z0-9-]+-tours-and-travel$/);
    const { html } = await getPage('/');
    const footer = htmlText(/<footer\b[\s\S]*<\/footer>/.exec(html)![0]);
    expect(footer).toContain(`2021`);
    expect(footer).toContain(String(new Date().getFullYear()));
  });
});

describe('navigation panels: not in the page, loaded from /nav/:panel', () => {
  const PANELS = [
    ['destinations', 'Destinations', '/destinations'],
    ['safaris', 'Safaris', '/safaris'],
    ['experiences', 'Experiences', '/experiences'],
    ['blogs', 'Blogs', '/blogs'],
  ] as const;

  it.for(['/', '/contact-us', '/parks', '/no-such-page/here'])('%s: the triggers are links to the list pages and no panel content is in the HTML', async (path) => {
    const { html } = await getPage(path);
    const nav = /<nav id="site-menu"[\s\S]*?<\/nav>/.exec(html)![0];
    for (const [key, label, href] of PANELS) {
      const li = new RegExp(`<li class="nav-item has-panel" data-panel="${key}"><a href="${href}" class="nav-link nav-trigger">${label}<svg`);
      expect(nav, key).toMatch(li);
    }
    expect(html).not.toMatch(/class="mega|id="mega-|aria-controls="mega-/);
    expect(html).not.toContain('Top attractions in');
    expect(html).not.toContain('Latest from the trail');
    // The root route's loader data carries no navigation.
    expect(html).not.toMatch(/destinationTabs|experienceTabs/);
  });

  it('GET /nav/:panel answers the default tab: its tabs, items and their image variants, cacheable', async () => {
    const api = await getJson(base, '/parks/in/uganda?navbar=true');
    const res = await fetch(`${base}/nav/destinations`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    const body = await res.json();
    expect(body.tabs.map((t: Json) => t.slug)).toEqual(api.destinations.map((d: Json) => d.destinationtitleslug));
    expect(body.data.slug).toBe('uganda');
    expect(body.data.items.map((i: Json) => i.title)).toEqual(api.parks.map((p: Json) => p.parktitle));
    for (const item of body.data.items) {
      expect(Object.keys(item).sort()).toEqual(['alt', 'id', 'image', 'meta', 'slug', 'title']);
      expect(item.meta.widths.length).toBeGreaterThan(0);
      expect(item.meta.v).toMatch(/^[0-9a-f]{8}$/);
    }
    // Only what the panel shows: no page metadata, no descriptions, no other images' metadata.
    expect(body).not.toHaveProperty('imageMeta');
    expect(JSON.stringify(body)).not.toContain('pageDescription');
  });

  it('GET /nav/:panel/:tab answers that tab; the blogs panel has no tabs', async () => {
    const chimp = await getJson(base, '/safaris/experiences/chimpanzee-trekking?navbar=true');
    const body = await (await fetch(`${base}/nav/safaris/chimpanzee-trekking`)).json();
    expect(body.data.title).toBe(chimp.experienceTitle);
    expect(body.data.items.map((i: Json) => [i.slug, i.days, i.price])).toEqual(chimp.safaris.slice(0, 3).map((s: Json) => [s.safarititleslug, s.safariday, s.safariprice]));
    const blogs = await getJson(base, '/blogs/nav');
    const b = await (await fetch(`${base}/nav/blogs`)).json();
    expect(b.tabs).toEqual([]);
    expect(b.data.items.map((i: Json) => i.slug)).toEqual(blogs.blogs.map((x: Json) => x.blogtitleslug));
  });

  it.for(['/nav/nothing', '/nav/destinations/atlantis', '/nav/destinations/NOT%20A%20SLUG', '/nav/blogs/uganda'])('%s is a clear 404', async (path) => {
    const res = await fetch(base + path);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()).error).toMatch(/^No such/);
  });
});

describe('not-found view with HTTP 404', () => {
  const lists: [string, number][] = [];
  const cases: string[] = [
    '/this-page-does-not-exist',
    '/a/b/c/deeper',
    '/parks/no-such-park',
    '/parks/in/atlantis',
    '/destinations/atlantis',
    '/experiences/no-such-experience',
    '/experiences/in/atlantis',
    '/safaris/no-such-safari',
    '/safaris/in/atlantis',
    '/safaris/experiences/no-such-experience',
    '/animals/no-such-animal',
    '/birds/no-such-bird',
    '/blogs/no-such-post',
  ];

  beforeAll(async () => {
    for (const [path, api] of [
      ['/parks', `/parks?page=1&limit=${PAGE_SIZE.parks}`],
      ['/animals', `/animals?page=1&limit=${PAGE_SIZE.animals}`],
      ['/birds', `/birds?page=1&limit=${PAGE_SIZE.birds}`],
      ['/blogs', `/blogs?page=1&limit=${PAGE_SIZE.blogs}`],
      ['/experiences', `/experiences?page=1&limit=${PAGE_SIZE.experiences}`],
      ['/parks/in/uganda', `/parks/in/uganda?page=1&limit=${PAGE_SIZE.parksByCountry}`],
      ['/safaris/in/uganda', `/safaris/in/uganda?page=1&limit=${PAGE_SIZE.safarisByCountry}`],
      ['/safaris/experiences/gorilla-trekking', `/safaris/experiences/gorilla-trekking?page=1&limit=${PAGE_SIZE.safarisByExperience}`],
    ] as const)
      lists.push([path, (await getJson(base, api)).totalPages]);
    const all = (await getJson(base, '/safaris')).allsafaris.length;
    lists.push(['/safaris', Math.ceil(all / PAGE_SIZE.safaris)]);
  });

  async function expectNotFound(path: string) {
    const { status, html } = await getPage(path);
    expect(status, path).toBe(404);
    const main = mainText(html);
    expect(headings1(html), path).toEqual(['Ooops!']);
    expect(main).toContain('Error: 404 Page');
    expect(html).toContain(`href="${WHATSAPP_HREF}`);
    for (const href of ['/safaris', '/parks', '/experiences', '/blogs']) expect(html, `${path} links ${href}`).toMatch(new RegExp(`<a[^>]+href="${href}"`));
    // The shared header and footer are still there.
    expect(html).toMatch(/<header\b/);
    expect(html).toMatch(/<footer\b/);
  }

  it.for(cases)('unknown address %s', async (path) => {
    await expectNotFound(path);
  });

  it('page numbers outside 1..total on every paginated list', async () => {
    expect(lists.length).toBe(9);
    for (const [path, total] of lists) {
      expect(total, path).toBeGreaterThanOrEqual(1);
      await expectNotFound(`${path}?page=${total + 1}`);
      await expectNotFound(`${path}?page=0`);
      await expectNotFound(`${path}?page=-1`);
      await expectNotFound(`${path}?page=abc`);
      // The last page itself is served.
      expect((await getPage(`${path}?page=${total}`)).status, `${path}?page=${total}`).toBe(200);
    }
  });
});

describe('redirects of spec point 2', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.for(redirects)('server: %s -> %s (permanent)', async ([from, to]) => {
    const res = await getPage(from);
    expect([301, 308]).toContain(res.status);
    const location = res.headers.get('location');
    expect(location).toBeTruthy();
    const target = new URL(location!, base);
    expect(target.pathname + target.search).toBe(to);
    expect(target.origin).toBe(new URL(base).origin);
    // The target is a real page.
    expect((await getPage(to)).status, to).toBe(200);
  });

  it('server: the query string survives a redirect', async () => {
    const res = await getPage('/safaris/Uganda-Safaris?page=2');
    expect([301, 308]).toContain(res.status);
    const target = new URL(res.headers.get('location')!, base);
    expect(target.pathname + target.search).toBe('/safaris/in/uganda?page=2');
  });

  /** Resolves once the client router has settled (no navigation in flight). */
  async function routerIdle() {
    await page.waitForFunction(() => {
      const r = (window as any).__reactRouterDataRouter;
      return r && r.state.navigation.state === 'idle';
    });
  }

  it('browser: a link to an old address on the home page lands on the new one with no history entry for the old', async () => {
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await routerIdle();
    const link = page.locator('a[href="/safaris/gorilla-tracking-safaris-in-uganda"]').first();
    await expect(link.count()).resolves.toBeGreaterThan(0);
    await page.evaluate(() => ((window as any).__marker = 'same-document'));
    const before = await page.evaluate(() => history.length);
    await link.click();
    await page.waitForFunction(() => location.pathname !== '/' && (window as any).__reactRouterDataRouter?.state.navigation.state === 'idle');
    expect(new URL(page.url()).pathname).toBe('/safaris/experiences/gorilla-trekking');
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Safaris$/);
    // A client navigation (the document was not reloaded) ...
    expect(await page.evaluate(() => (window as any).__marker)).toBe('same-document');
    // ... that added exactly one entry: the new address; going back returns to the home page.
    await expect.poll(() => page.evaluate(() => history.length)).toBe(before + 1);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it.for(redirects)('browser: client navigation to %s replaces it with %s', async ([from, to]) => {
    // A start address of its own, so that going back proves where the visitor returns to.
    const start = `/contact-us?from=${encodeURIComponent(from)}`;
    await page.goto(`${base}${start}`, { waitUntil: 'networkidle' });
    await routerIdle();
    await page.evaluate(() => ((window as any).__marker = 'same-document'));
    const before = await page.evaluate(() => history.length);
    // router.navigate resolves once the navigation, redirects included, has completed.
    await page.evaluate((p) => (window as any).__reactRouterDataRouter.navigate(p), from);
    await routerIdle();
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe(to);
    expect(await page.evaluate(() => (window as any).__marker)).toBe('same-document');
    await expect.poll(() => page.locator('#page-title, main h1').first().textContent()).not.toMatch(/Ooops!|Contact/);
    // One new entry (the new address); the page the visitor came from is still there behind it.
    await expect.poll(() => page.evaluate(() => history.length), { message: 'history entries added' }).toBe(before + 1);
    await page.goBack();
    await page.waitForURL((u) => u.pathname + u.search === start);
  });
});
