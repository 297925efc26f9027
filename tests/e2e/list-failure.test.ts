// Spec point 8, "Safari list failure: the server's error field, or 'Failed to fetch safaris'", in
// the server-rendered design: on the first render of /safaris, /safaris/in/{country} and
// /safaris/experiences/{experience} when the API answers an error (a second site whose API_URL is
// a stand-in that fails), and on a client navigation (a page, a sort) whose data request fails in
// the network or comes back with the server's failure. The page keeps the header and footer,
// announces the sentence, offers Try again, and axe finds nothing.
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, settled } from '../helpers/browser.ts';
import { sharedSite } from '../helpers/shared-site.ts';
import { freePort, startSiteProcess, type SiteProcess } from '../helpers/start-site.ts';
import { headings1, htmlText, readHead } from '../helpers/site.ts';

const SAFARIS_DOWN = 'Our safari list is being updated. Please try again in a few minutes.';
const EXPERIENCE_DOWN = 'Safaris for this experience are being updated.';

/** An API that is up (health checks) but cannot give any list: JSON errors, and one HTML error page. */
async function failingApi(): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const api: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (path === '/healthz' || path === '/readyz') return json(200, { status: 'ok' });
    if (path === '/safaris') return json(503, { error: SAFARIS_DOWN });
    if (path.startsWith('/safaris/experiences/')) return json(503, { error: EXPERIENCE_DOWN });
    if (path.startsWith('/safaris/in/') || path === '/plan-a-safari') {
      res.writeHead(500, { 'content-type': 'text/html' });
      return res.end('<h1>Internal Server Error</h1>');
    }
    return json(503, { error: 'Unavailable' });
  });
  await new Promise<void>((resolve) => api.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => api.close(() => resolve())) };
}

let site: ReturnType<typeof sharedSite>;
let broken: SiteProcess;
let stub: Awaited<ReturnType<typeof failingApi>>;
let browser: Browser;

beforeAll(async () => {
  stub = await failingApi();
  site = sharedSite();
  // A web-only process (API_URL): it has no database of its own.
  broken = await startSiteProcess({ env: { API_URL: stub.url }, database: 'empty' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await broken?.stop();
  await stub?.close();
});

/** The announced sentence of a server-rendered failure view. */
function alertText(html: string): string | undefined {
  const m = /<p class="oops__failure" role="alert">([\s\S]*?)<\/p>/.exec(html);
  return m ? htmlText(m[1]!) : undefined;
}

describe('first render when the API cannot give the list', () => {
  it.for([
    ['/safaris', 503, SAFARIS_DOWN],
    ['/safaris?page=2&sort=desc', 503, SAFARIS_DOWN],
    ['/safaris/experiences/gorilla-trekking', 503, EXPERIENCE_DOWN],
    // No error field in the answer: the spec's own sentence.
    ['/safaris/in/uganda', 500, 'Failed to fetch safaris'],
  ] as const)('%s answers %i with the sentence', async ([path, status, sentence]) => {
    const res = await fetch(broken.url + path);
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(alertText(html)).toBe(sentence);
    expect(headings1(html)).toEqual(['Ooops!']);
    expect(html).not.toContain('Error: 404 Page');
    // Try again asks for the same address.
    expect(html).toContain(`<a class="btn btn--primary" href="${path.replace(/&/g, '&amp;')}">Try again</a>`);
    expect(html).toMatch(/<header\b/);
    expect(html).toMatch(/<footer\b/);
    const head = readHead(html);
    expect(head.title).toBe('Something went wrong | Kigezi Trails');
    expect(head.meta.robots).toBe('noindex');
  });

  it('is never kept: the next request asks the API again', async () => {
    const first = await fetch(`${broken.url}/safaris`);
    await first.arrayBuffer();
    const second = await fetch(`${broken.url}/safaris`);
    expect(second.status).toBe(503);
    expect(alertText(await second.text())).toBe(SAFARIS_DOWN);
  });

  it('still answers an address that does not exist with the not-found view', async () => {
    const res = await fetch(`${site.url}/safaris?page=999`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(alertText(html)).toBeUndefined();
    expect(html).toContain('Error: 404 Page');
  });
});

describe("the spec's other 'Failed to' sentence", () => {
  it("an enquiry the server fails without words says 'Failed to submit the form.' and keeps what was typed", async () => {
    const body = new URLSearchParams({
      variant: 'contact',
      name: 'Amina Okello',
      email: 'amina@example.com',
      phone: '+256772000111',
      country: 'Uganda',
      message: 'Gorilla trek in July',
      preferredContactMethod: 'Email',
    });
    const res = await fetch(`${broken.url}/enquiry`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: broken.url }, body });
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(htmlText(html)).toContain('Failed to submit the form.');
    expect(html).toContain('value="Amina Okello"');
    expect(html).toContain('Gorilla trek in July');
  });
});

describe.each([
  [1280, 900],
  [390, 844],
])('a client navigation whose data request fails, at %ipx', (width, height) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(() => context?.close());

  it("to /safaris?page=2, lost in the network: 'Failed to fetch safaris', and Try again loads the page", async () => {
    await page.goto(`${site.url}/safaris`, { waitUntil: 'load' });
    await settled(page);
    await page.route('**/safaris.data*', (route) => route.abort('failed'));
    await page
      .getByRole('navigation', { name: /pagination|pages/i })
      .getByRole('link', { name: /^(Page )?2$/ })
      .click();
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch safaris' });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe('Failed to fetch safaris');
    expect(new URL(page.url()).search).toBe('?page=2');
    expect(await page.locator('header.site-header').isVisible()).toBe(true);
    expect(await page.locator('footer.site-footer').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.unroute('**/safaris.data*');
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByText(/page 2 of \d+/).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Failed to fetch safaris' }).count()).toBe(0);
  });

  it("with the server's failure: its error field", async () => {
    await page.goto(`${site.url}/safaris`, { waitUntil: 'load' });
    await settled(page);
    // The data request is answered by the site whose API fails, as this site would answer it then.
    await page.route('**/safaris.data*', async (route) => {
      const url = new URL(route.request().url());
      route.fulfill({ response: await route.fetch({ url: broken.url + url.pathname + url.search }) });
    });
    await page.getByLabel('Sort by days').selectOption('desc');
    const alert = page.getByRole('alert').filter({ hasText: SAFARIS_DOWN });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(SAFARIS_DOWN);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('desc');
    expect(await axeViolations(page)).toEqual([]);
    await page.unroute('**/safaris.data*');
  });
});
