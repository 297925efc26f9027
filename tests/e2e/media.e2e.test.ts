// The media library in a browser: an owner uploads by picking a file and by dropping one, follows
// each upload to its variants, sees a renamed executable refused, edits an image's alt text and
// deletes it after a confirmation; the same upload works without JavaScript; agents see the
// library only once the owner ticks "Agents may edit content". axe finds nothing on
// /admin/media, an image's screen and /admin/settings at desktop and phone sizes; screenshots are
// kept for review.
import '../helpers/production.ts';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePage, forTheBlock, sizedOptions } from '../helpers/console-page.ts';
import { consoleSignIn, settled, violations, widerThan } from '../helpers/console-browser.ts';
import { consoleBrowserSite } from '../helpers/console-site.ts';
import type { InProcessSite } from '../helpers/start-site.ts';

const OWNER = 'olivia@kigezitrails.example';
const AGENT = 'arthur@kigezitrails.example';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/media-console-shots';

let site: InProcessSite;
let browser: Browser;
let lion: Buffer;
let lake: Buffer;

async function photo(hue: string, width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: hue, noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .png()
    .toBuffer();
  const img = sharp(noise).blur(3).tint(hue);
  return format === 'jpeg' ? img.jpeg({ quality: 82 }).toBuffer() : img.png().toBuffer();
}

beforeAll(async () => {
  ({ site, browser } = await consoleBrowserSite(SHOTS, [
    [OWNER, 'owner', 'Olivia Mugisha'],
    [AGENT, 'agent', 'Arthur Agent'],
  ]));
  lion = await photo('#c9a04a', 1400, 933);
  lake = await photo('#3f7f9a', 1000, 750, 'png');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  for (const mb of [21, 25]) await rm(path.join(SHOTS, `huge-${mb}mb.jpg`), { force: true });
});

const signInAs = (page: Page, email: string) => consoleSignIn(page, site.base, email);

/** A JPEG padded to `mb` megabytes, as a file on disk (large buffers are slow to hand to the browser). */
async function bigFile(mb: number): Promise<string> {
  const file = path.join(SHOTS, `huge-${mb}mb.jpg`);
  await writeFile(file, Buffer.concat([lion, Buffer.alloc(mb * 1024 * 1024 - lion.length)]));
  return file;
}

const libraryCount = async () => Number((await site.rows<{ n: number }>('select count(*)::int as n from media_uploads'))[0]!.n);

describe('the owner, with JavaScript', () => {
  let page: Page;
  let errors: string[];
  forTheBlock(async () => ({ page, errors } = await consolePage(browser, site.base, OWNER, { viewport: { width: 1366, height: 860 }, reducedMotion: 'reduce' }, 20_000)));

  it('picks a file, describes it and follows it from upload to its variants', async () => {
    await page.getByRole('navigation', { name: 'Console' }).last().getByRole('link', { name: 'Media' }).click();
    await page.waitForURL(/\/admin\/media$/);
    await settled(page);
    await page.getByText('No image has been uploaded yet.').waitFor();
    // The file input is a real one, reached with the keyboard like any field.
    const input = page.getByLabel('Drop images here, or choose files');
    await input.focus();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');

    await input.setInputFiles({ name: 'Lion at dawn.jpg', mimeType: 'image/jpeg', buffer: lion });
    const item = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
    await expect.poll(() => item.count()).toBe(1);
    // Alt text is required: the upload waits for it.
    await page.getByRole('button', { name: 'Upload' }).click();
    await page
      .locator('.c-upload__item .c-field__error')
      .getByText(/Describe the image/)
      .waitFor();
    expect(await libraryCount()).toBe(0);
    await page.getByLabel('Alt text (required)').fill('A lion resting on a termite mound at dawn');
    await page.getByLabel('Caption (optional)').fill('Ishasha, Queen Elizabeth National Park');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('list', { name: 'Chosen images' }).getByText('Ready: 9 variants', { exact: true }).waitFor();
    // The library shows it, with its thumbnail served by the site.
    const card = page.locator('.c-media__card', { hasText: 'A lion resting on a termite mound at dawn' });
    await card.waitFor();
    await card.getByText('Ready · 9 variants').waitFor();
    expect(await card.textContent()).toContain('1400 × 933');
    const img = card.locator('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toMatch(/^\/api\/images\/uploads\/lion-at-dawn-[0-9a-f]{10}\.[0-9a-f]{8}\.w480\.(avif|webp)$/);
    expect(await img.getAttribute('alt')).toBe('A lion resting on a termite mound at dawn');
  });

  it('takes a dropped file, and refuses a renamed executable with a clear message', async () => {
    // A drop, as the browser delivers it: a DataTransfer holding the file.
    const b64 = lake.toString('base64');
    await page.evaluate((data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'kazinga.png', { type: 'image/png' }));
      dt.items.add(new File([new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(500).fill(0x90)])], 'photo.jpg', { type: 'image/jpeg' }));
      const zone = document.querySelector('.c-upload__zone')!;
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, b64);
    const items = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    const alts = page.getByLabel('Alt text (required)');
    await alts.nth(0).fill('A boat on the Kazinga Channel');
    await alts.nth(1).fill('Not really a photo');
    await page.getByRole('button', { name: 'Upload 2 images' }).click();
    const chosen = page.getByRole('list', { name: 'Chosen images' });
    await chosen.getByText('This file is not a JPEG, PNG, WebP or AVIF image (its content was checked, not its name).', { exact: true }).waitFor();
    await chosen.getByText('Ready: 9 variants', { exact: true }).waitFor();
    // The browser reports the refused request (415) in its console; nothing else went wrong.
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 415 (Unsupported Media Type)']);
    await page.locator('.c-media__card', { hasText: 'A boat on the Kazinga Channel' }).getByText('Ready · 9 variants').waitFor();
    expect(await libraryCount()).toBe(2);
    await page.screenshot({ path: path.join(SHOTS, 'uploads-desktop.png'), fullPage: true });
  });

  it('says at once that a file over 20 MB is too large, without sending it', async () => {
    let posted = 0;
    const count = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/media')) posted++;
    };
    page.on('request', count);
    await page.getByLabel('Drop images here, or choose files').setInputFiles(await bigFile(21));
    const chosen = page.getByRole('list', { name: 'Chosen images' });
    await chosen.getByText('The file is too large: at most 20 MB are accepted.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Nothing left to upload.').waitFor({ state: 'attached' });
    page.off('request', count);
    expect(posted).toBe(0);
  });

  it('edits an image’s alt text, then deletes it after a confirmation', async () => {
    await page.getByRole('link', { name: 'Edit or delete: A boat on the Kazinga Channel' }).click();
    await page.waitForURL(/\/admin\/media\/\d+$/);
    await settled(page);
    const alt = page.getByLabel('Alt text (required)');
    await alt.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    // The browser's own check (required) keeps an empty alt text from being sent.
    expect(await alt.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await alt.fill('A fishing boat on the Kazinga Channel');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The alt text and caption are saved.').waitFor();
    expect((await site.rows<{ alt: string }>(`select alt from media_uploads where original_name = 'kazinga.png'`))[0]!.alt).toBe('A fishing boat on the Kazinga Channel');

    await page.getByRole('button', { name: 'Delete the image' }).click();
    expect(await page.getByLabel('I understand: delete this image for good.').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await page.getByLabel('I understand: delete this image for good.').check();
    await page.getByRole('button', { name: 'Delete the image' }).click();
    await page.waitForURL(/\/admin\/media\?deleted=1$/);
    await page.getByText('The image was deleted, with all its sizes.').waitFor();
    expect(await page.locator('.c-media__card').count()).toBe(1);
    expect(await libraryCount()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('without JavaScript', () => {
  let page: Page;
  forTheBlock(async () => ({ page } = await consolePage(browser, site.base, OWNER, { viewport: { width: 1366, height: 860 }, javaScriptEnabled: false }, 20_000)));

  it('uploads through the plain form, and shows a refusal as a message', async () => {
    await page.goto(`${site.base}/admin/media`);
    await page.getByLabel('Choose an image file').setInputFiles({ name: 'sunset.txt', mimeType: 'text/plain', buffer: await photo('#d2693a', 900, 600) });
    await page.getByLabel('Alt text (required)').fill('The sun setting over the savannah');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('sunset.txt was uploaded and is being processed.').waitFor();
    const before = await libraryCount();
    await page.getByLabel('Choose an image file').setInputFiles({ name: 'cut.jpg', mimeType: 'image/jpeg', buffer: lion.subarray(0, 20_000) });
    await page.getByLabel('Alt text (required)').fill('Half a lion');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('alert').getByText('The image file is incomplete').waitFor();
    expect(await libraryCount()).toBe(before);
    await page.screenshot({ path: path.join(SHOTS, 'no-js-refused-desktop.png'), fullPage: true });
    // 25 MB: cut off while it arrives; the browser shows the reason.
    await page.getByLabel('Choose an image file').setInputFiles(await bigFile(25));
    await page.getByLabel('Alt text (required)').fill('Too big');
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Upload' }).click()]);
    expect(response.status()).toBe(413);
    await page.getByText('The file is too large: at most 20 MB are accepted.').waitFor();
    expect(await libraryCount()).toBe(before);
  });
});

describe('agents', () => {
  it('see the library only once an owner allows content editing', async () => {
    const agentContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const ownerContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    try {
      const agent = await agentContext.newPage();
      await signInAs(agent, AGENT);
      const nav = agent.getByRole('navigation', { name: 'Console' }).last();
      expect(await nav.getByRole('link', { name: 'Media' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);
      expect((await agent.goto(`${site.base}/admin/media`))!.status()).toBe(403);
      await agent.getByText('Your role does not allow this screen.').waitFor();
      expect((await agent.goto(`${site.base}/admin/settings`))!.status()).toBe(403);

      const owner = await ownerContext.newPage();
      await signInAs(owner, OWNER);
      await owner.getByRole('navigation', { name: 'Console' }).last().getByRole('link', { name: 'Settings' }).click();
      await owner.waitForURL(/\/admin\/settings$/);
      await settled(owner);
      await owner.getByLabel('Agents may edit content').check();
      await owner.getByRole('button', { name: 'Save settings' }).click();
      await owner.getByText('The settings are saved.').waitFor();

      expect((await agent.goto(`${site.base}/admin`))!.status()).toBe(200);
      await agent.getByRole('navigation', { name: 'Console' }).last().getByRole('link', { name: 'Media' }).click();
      await agent.waitForURL(/\/admin\/media$/);
      await agent.getByRole('heading', { name: 'Media', level: 1 }).waitFor();

      await owner.getByLabel('Agents may edit content').uncheck();
      // The same notice is already shown: wait for this save's answer itself.
      await Promise.all([owner.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/settings')), owner.getByRole('button', { name: 'Save settings' }).click()]);
      await settled(owner);
      expect(await owner.getByLabel('Agents may edit content').isChecked()).toBe(false);
      expect((await agent.goto(`${site.base}/admin/media`))!.status()).toBe(403);
    } finally {
      await agentContext.close();
      await ownerContext.close();
    }
  });
});

const SIZES = [
  ['desktop', { width: 1366, height: 860 }],
  ['phone', { width: 390, height: 844 }],
] as const;

describe.each(SIZES)('axe on the media screens at %s size', (size, viewport) => {
  let page: Page;
  let errors: string[];
  forTheBlock(async () => ({ page, errors } = await consolePage(browser, site.base, OWNER, sizedOptions(size, viewport), 20_000)));

  it.for([
    ['media', '/admin/media'],
    ['media-chosen', '/admin/media'],
    ['media-image', '/admin/media/__ID__'],
    ['settings', '/admin/settings'],
  ] as const)('%s (%s)', async ([name, p]) => {
    const [first] = await site.rows<{ id: number }>(`select id from media_uploads where status = 'done' order by id limit 1`);
    const res = await page.goto(`${site.base}${p.replace('__ID__', String(first!.id))}`);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['cache-control']).toBe('no-store');
    await settled(page);
    if (name === 'media-chosen') {
      // The upload list with a file chosen, waiting for its alt text.
      await page.getByLabel('Drop images here, or choose files').setInputFiles({ name: 'elephants.jpg', mimeType: 'image/jpeg', buffer: lion });
      await page.getByRole('list', { name: 'Chosen images' }).waitFor();
    }
    if (name === 'media' || name === 'media-image') {
      const imgs = page.locator('.c-media__img');
      await expect.poll(() => imgs.evaluateAll((els) => els.length > 0 && els.every((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0))).toBe(true);
    }
    expect(await page.locator('h1').count()).toBe(1);
    // Nothing wider than the screen (the widest elements named when something is).
    const wide = await widerThan(page, viewport.width);
    expect(wide).toEqual([]);
    expect(await violations(page)).toEqual([]);
    expect(errors.splice(0)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: true });
  });
});
