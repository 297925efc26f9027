// The content editor's whole-page preview and its pictures' own upload, in a browser on the
// production build. Preview: an owner types a new title and description into a published park's
// form and presses "Preview page": a new tab shows the park's public page (the site's layout and
// styles) with what was typed and the preview banner, answered no-store, while the public page and
// API still show the published version, nothing is saved and the form keeps what was typed; without
// JavaScript the same button posts the form, and a document that does not validate comes back as
// its problems by field. Signed out, the preview is a 303 to sign-in with no data; an agent
// without the content right is refused. Upload: a picture field's drop zone uploads a real JPEG
// through the media library's endpoint, follows it while it renders, and chooses it into the field
// with its alt text, nothing typed lost, and the item is saved with it; a renamed text file gets
// the server's message and stores nothing. axe finds nothing on the preview and on the form with
// the drop zone at 1280 and 390 px; screenshots are kept (SCREENSHOT_DIR, default
// /tmp/content-editor-shots).
import '../helpers/production.ts';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled, violations } from '../helpers/console-browser.ts';
import { consoleBrowserSite, contentItem } from '../helpers/console-site.ts';
import { consolePage as openConsolePage, editorOptions } from '../helpers/console-page.ts';
import type { InProcessSite } from '../helpers/start-site.ts';
import { signIn } from '../helpers/staff.ts';

const OWNER = 'olga@kigezitrails.example';
const AGENT = 'amos@kigezitrails.example';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/content-editor-shots';
const PARK = 'bwindi-impenetrable-forest-national-park';
const BANNER = 'Preview of an unpublished version — not on the site';

let site: InProcessSite;
let browser: Browser;

beforeAll(async () => {
  ({ site, browser } = await consoleBrowserSite(SHOTS, [
    [OWNER, 'owner', 'Olga Owner'],
    [AGENT, 'agent', 'Amos Agent'],
  ]));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const item = (collection: string, slug: string) => contentItem(site, collection, slug);

const consolePage = (email: string, opts: { js?: boolean; width?: number } = {}) => openConsolePage(browser, site.base, email, editorOptions(opts.width, opts.js), 20_000);

/** Presses "Preview page" and returns the new tab with the answer's headers. */
async function openPreview(page: Page) {
  const responses: { url: string; status: number; headers: Record<string, string> }[] = [];
  page.context().on('response', (r) => {
    if (/^\/admin\/content\/[a-z]+\/\d+\/preview$/.test(new URL(r.url()).pathname) && r.request().resourceType() === 'document')
      responses.push({ url: r.url(), status: r.status(), headers: r.headers() });
  });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Preview page' }).click()]);
  tab.setDefaultTimeout(30_000);
  await tab.waitForLoadState('load');
  await expect.poll(() => responses.length).toBeGreaterThan(0);
  return { tab, answer: responses[0]! };
}

describe('the whole-page preview', () => {
  it('shows the typed, unsaved version in the public layout with the banner; the site, its API and the item stay as published', { timeout: 240_000 }, async () => {
    const park = await item('parks', PARK);
    const published = park.document.title as string;
    const { context, page, errors } = await consolePage(OWNER);
    await page.goto(`${site.base}/admin/content/parks/${park.id}`);
    await settled(page);
    await page.locator('[name="doc.title"]').fill('Bwindi: a title typed for the preview');
    const overview = page.locator('[name="doc.overview"]');
    await overview.fill(`${await overview.inputValue()}\n\nA paragraph typed but never saved.`);

    const { tab, answer } = await openPreview(page);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-robots-tag']).toContain('noindex');
    expect(answer.headers['content-security-policy']).not.toContain("'unsafe-inline' 'self'");
    expect(answer.headers['content-security-policy']).toMatch(/script-src 'self'(;| )/);
    await tab.getByRole('region', { name: 'Preview' }).getByText(BANNER).waitFor();
    await tab.getByRole('heading', { level: 1, name: /a title typed for the preview/ }).waitFor();
    await tab.getByText('A paragraph typed but never saved.').waitFor();
    // The public layout: the site's header navigation and footer around it.
    expect(await tab.locator('header').count()).toBeGreaterThan(0);
    expect(await tab.locator('footer').count()).toBeGreaterThan(0);
    expect(await tab.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(await tab.locator('script:not([type="application/ld+json"])').count()).toBe(0);

    // Nothing of it on the site: the page (twice, anonymous), the API, and the item itself.
    for (let i = 0; i < 2; i++) {
      const html = await (await fetch(`${site.base}/parks/${PARK}`)).text();
      expect(html).not.toContain('a title typed for the preview');
      expect(html).not.toContain(BANNER);
      expect(html).toContain(published);
    }
    expect(await (await fetch(`${site.base}/api/parks/${PARK}`)).text()).not.toContain('a title typed for the preview');
    const after = await item('parks', PARK);
    expect(after.revision).toBe(park.revision);
    expect(after.document.title).toBe(published);
    // The form still holds what was typed.
    expect(await page.locator('[name="doc.title"]').inputValue()).toBe('Bwindi: a title typed for the preview');

    await tab.screenshot({ path: path.join(SHOTS, 'page-preview-desktop.png') });
    expect(await violations(tab)).toEqual([]);
    // And at a phone's width: nothing wider than the screen, nothing for axe.
    await tab.setViewportSize({ width: 390, height: 844 });
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(tab)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works without JavaScript, and a document that does not validate comes back as its problems by field', { timeout: 240_000 }, async () => {
    const park = await item('parks', PARK);
    const { context, page } = await consolePage(OWNER, { js: false, width: 390 });
    await page.goto(`${site.base}/admin/content/parks/${park.id}`);
    await page.locator('[name="doc.title"]').fill('Bwindi without JavaScript');
    const { tab, answer } = await openPreview(page);
    expect(answer.headers['cache-control']).toBe('no-store');
    await tab.getByText(BANNER).waitFor();
    await tab.getByRole('heading', { level: 1, name: 'Bwindi without JavaScript' }).waitFor();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await tab.screenshot({ path: path.join(SHOTS, 'page-preview-phone.png') });

    await page.locator('[name="doc.title"]').fill('');
    const refused = await openPreview(page);
    expect(refused.answer.status).toBe(400);
    await refused.tab.getByRole('alert').locator('li', { hasText: 'Title' }).first().waitFor();
    await refused.tab.screenshot({ path: path.join(SHOTS, 'page-preview-refused-phone.png') });
    expect(await refused.tab.content()).not.toContain(BANNER);
    expect((await item('parks', PARK)).revision).toBe(park.revision);
    await context.close();
  });

  it('sends a signed-out request to sign-in with no data, and refuses an agent without the content right', async () => {
    const park = await item('parks', PARK);
    const body = new URLSearchParams({ slug: PARK, 'doc.title': 'Never shown' });
    const anon = await fetch(`${site.base}/admin/content/parks/${park.id}/preview`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(anon.status).toBe(303);
    expect(anon.headers.get('location')).toMatch(/^\/admin\/login/);
    expect(await anon.text()).not.toContain('Never shown');
    const agent = await signIn(site.base, AGENT);
    const refused = await fetch(`${site.base}/admin/content/parks/${park.id}/preview`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: agent.cookie },
      body: new URLSearchParams({ ...Object.fromEntries(body), _csrf: agent.csrf }),
    });
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(html).not.toContain('Never shown');
    expect(html).not.toContain(BANNER);
  });
});

describe('uploading a picture from inside the form', () => {
  it('uploads a JPEG from the header picture’s drop zone, chooses it with its alt text, keeps what was typed, and saves it with the item', async () => {
    const { context, page, errors } = await consolePage(OWNER);
    await page.goto(`${site.base}/admin/content/blogs/new`);
    await settled(page);
    await page.locator('[name="doc.title"]').fill('Otters of Lake Bunyonyi');
    await page.getByLabel('Date').fill('2026-12-02');
    await page.locator('[name="doc.description"]').fill('Spot-necked otters at first light on Lake Bunyonyi.');
    await page.getByLabel('Body', { exact: true }).fill('## Morning\n\nTwo otters crossed the bay before the mist lifted.');
    const seo = page.getByRole('group', { name: 'Search engines' });
    await seo.getByLabel('Keywords').fill('Bunyonyi otters');
    await seo.getByLabel('Description').fill('Otters on Lake Bunyonyi at dawn.');

    const zone = page.getByRole('group', { name: /^Upload a new picture for Header picture/ });
    const uploads = async () => (await site.rows<{ n: number }>('select count(*)::int as n from media_uploads'))[0]!.n;
    const before = await uploads();

    // A text file named like a picture: the server's message, nothing stored.
    await zone.locator('input[type="file"]').setInputFiles({ name: 'otters.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes about otters, not a picture.\n'.repeat(20)) });
    await zone.getByLabel('Alt text (required)').fill('Not really a picture');
    await zone.getByRole('button', { name: 'Upload and choose it' }).click();
    await zone.locator('.c-upload__error', { hasText: 'not a JPEG, PNG, WebP or AVIF image' }).waitFor();
    expect(await uploads()).toBe(before);

    // A real JPEG: uploaded, rendered, chosen.
    const jpeg = await sharp({ create: { width: 1000, height: 640, channels: 3, background: '#3d5a6b' } })
      .jpeg()
      .toBuffer();
    await zone.locator('input[type="file"]').setInputFiles({ name: 'otters-dawn.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const alt = zone.getByLabel('Alt text (required)');
    await alt.fill('Two spot-necked otters swimming in a misty bay');
    await page.screenshot({ path: path.join(SHOTS, 'form-dropzone-chosen-desktop.png') });
    await zone.getByRole('button', { name: 'Upload and choose it' }).click();
    const picture = page.getByRole('group', { name: 'Header picture' });
    await expect.poll(() => picture.getByLabel('Alt text (required)').first().inputValue(), { timeout: 30_000 }).toBe('Two spot-necked otters swimming in a misty bay');
    await picture.getByText('The chosen library picture: Two spot-necked otters swimming in a misty bay', { exact: false }).first().waitFor();
    expect(await uploads()).toBe(before + 1);
    // Nothing typed was lost.
    expect(await page.locator('[name="doc.title"]').inputValue()).toBe('Otters of Lake Bunyonyi');
    expect(await page.getByLabel('Body', { exact: true }).inputValue()).toContain('Two otters crossed the bay');
    expect(await seo.getByLabel('Keywords').inputValue()).toBe('Bunyonyi otters');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/admin\/content\/blogs\/\d+\?done=created$/);
    const saved = await item('blogs', 'otters-of-lake-bunyonyi');
    const [upload] = await site.rows<{ name: string; alt: string }>(`select name, alt from media_uploads order by id desc limit 1`);
    expect(saved.document.image.upload).toContain(upload!.name);
    expect(saved.document.image.alt).toBe('Two spot-necked otters swimming in a misty bay');
    expect(saved.document.title).toBe('Otters of Lake Bunyonyi');
    expect(errors.filter((e) => !/Failed to load resource.*(415|400)/.test(e))).toEqual([]);
    await context.close();
  });

  it('keeps the plain library link without JavaScript (no drop zone drawn)', async () => {
    const { context, page } = await consolePage(OWNER, { js: false });
    await page.goto(`${site.base}/admin/content/blogs/new`);
    expect(await page.getByRole('group', { name: /^Upload a new picture/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Upload a new picture in the media library/ }).count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe.each([
  ['desktop', 1280],
  ['phone', 390],
] as const)('axe on the form with its drop zone at %s size', (size, width) => {
  it('finds nothing, and nothing is wider than the screen', async () => {
    const { context, page } = await consolePage(OWNER, { width });
    const park = await item('parks', PARK);
    await page.goto(`${site.base}/admin/content/parks/${park.id}`);
    await settled(page);
    const zone = page.getByRole('group', { name: /^Upload a new picture for/ }).first();
    await zone.waitFor();
    await zone.locator('input[type="file"]').setInputFiles({
      name: 'gorilla.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#224422' } })
        .png()
        .toBuffer(),
    });
    await zone.getByLabel('Alt text (required)').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await violations(page)).toEqual([]);
    await zone.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `form-dropzone-${size}.png`) });
    await context.close();
  });
});
