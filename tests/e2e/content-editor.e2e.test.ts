// The content editor in a browser, on the production build: an owner writes a blog post as a
// draft, previews its Markdown live, publishes it and finds it on its page and in the site search;
// edits a safari's itinerary (adds a day, moves it, removes another, reorders the stops) with
// JavaScript and again without it (every button a plain form post, nothing typed lost); two
// owners save the same safari: what only one changed merges by itself, and the fields both changed
// are shown side by side to choose from with the keyboard, with and without JavaScript; an earlier
// revision is restored; a changed address leaves a permanent
// redirect; a deletion needs its confirmation. axe finds nothing on the types, a list, the safari
// form, the conflict view and the revisions at 1280 and 390 pixels wide, nothing is wider than the
// screen; screenshots are kept for review (SCREENSHOT_DIR, default /tmp/content-editor-shots).
import '../helpers/production.ts';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled, violations } from '../helpers/console-browser.ts';
import { addLibraryPicture, consoleBrowserSite, contentItem, uploadLibraryPicture } from '../helpers/console-site.ts';
import { editorOptions, forTheBlock, consolePage as openConsolePage } from '../helpers/console-page.ts';
import type { InProcessSite } from '../helpers/start-site.ts';
import { signIn } from '../helpers/staff.ts';
import { toLocalInput } from '../../common/operator-time.ts';

const OWNER = 'olivia@kigezitrails.example';
const OTHER = 'oscar@kigezitrails.example';
const AGENT = 'arthur@kigezitrails.example';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/content-editor-shots';
const SAFARI = '1-day-bwindi-gorilla-trek-from-kabale';
const POST = 'birding-at-lake-mburo-at-dawn';

let site: InProcessSite;
let browser: Browser;

beforeAll(async () => {
  ({ site, browser } = await consoleBrowserSite(SHOTS, [
    [OWNER, 'owner', 'Olivia Mugisha'],
    [OTHER, 'owner', 'Oscar Okello'],
    [AGENT, 'agent', 'Arthur Agent'],
  ]));
  // A picture in the library for the blog post made below (an item made in the console takes its
  // pictures from the library), processed.
  await addLibraryPicture(site.base, await signIn(site.base, OWNER), 'shoebill.jpg', 'A shoebill standing in papyrus at the lake’s edge');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const item = (collection: string, slug: string) => contentItem(site, collection, slug);

const days = async (slug = SAFARI) => ((await item('safaris', slug)).document.itinerary as { title: string; stops: string[] }[]).map((d) => d.title);

/** A console page in its own context, signed in; console errors and page errors collected. */
const consolePage = (email: string, opts: { js?: boolean; width?: number } = {}) => openConsolePage(browser, site.base, email, editorOptions(opts.width, opts.js), 20_000);

describe('with JavaScript', () => {
  let page: Page;
  let errors: string[];
  forTheBlock(async () => ({ page, errors } = await consolePage(OWNER)));

  it('writes a blog post as a draft with a live preview, publishes it, and it is on the site and in search', async () => {
    await page.getByRole('navigation', { name: 'Console' }).last().getByRole('link', { name: 'Content' }).click();
    await page.waitForURL(/\/admin\/content$/);
    await page.getByRole('link', { name: /Blog posts/ }).click();
    await page.waitForURL(/\/admin\/content\/blogs$/);
    await page.getByRole('link', { name: 'New blog post' }).click();
    await page.waitForURL(/\/admin\/content\/blogs\/new$/);
    await settled(page);

    await page.locator('[name="doc.title"]').fill('Birding at Lake Mburo at dawn');
    // The address follows the title until it is edited.
    await expect.poll(() => page.getByLabel('Address').inputValue()).toBe(POST);
    await page.getByLabel('Date').fill('2026-11-20');
    await page.locator('[name="doc.description"]').fill('A dawn boat trip on Lake Mburo for African finfoot and shoebill.');
    const body = page.getByLabel('Body', { exact: true });
    await body.fill('## A morning on the water\n\nWe drifted past papyrus and saw a **shoebill** at six.');
    // The live preview, rendered by the site's Markdown pipeline.
    const preview = page.getByRole('group', { name: 'Preview: Body' });
    await preview.getByRole('heading', { name: 'A morning on the water', level: 2 }).waitFor();
    expect(await preview.locator('strong').textContent()).toBe('shoebill');
    await body.fill('## A morning on the water\n\nWe drifted past papyrus and saw a **shoebill** at six. <script>alert(1)</script>');
    await expect.poll(() => preview.locator('.prose p').first().textContent()).toContain('at six.');
    expect(await preview.locator('script').count()).toBe(0);

    const picture = page.getByRole('group', { name: 'Header picture' });
    // A new item has no picture yet: its chooser is open; the library's picture is picked.
    if (
      !(await picture
        .locator('.c-picker')
        .first()
        .evaluate((d) => (d as HTMLDetailsElement).open))
    )
      await picture.locator('.c-picker > summary').click();
    await picture.getByRole('radio', { name: 'A shoebill standing in papyrus at the lake’s edge' }).check();
    await picture.getByLabel('Alt text (required)').fill('A shoebill standing in papyrus at the lake’s edge');
    const seo = page.getByRole('group', { name: 'Search engines' });
    await seo.getByLabel('Keywords').fill('Lake Mburo birding, shoebill');
    await seo.getByLabel('Description').fill('Birding on Lake Mburo at dawn: finfoot, shoebill and papyrus gonolek.');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/admin\/content\/blogs\/\d+\?done=created$/);
    await page.getByText('The blog post is saved as a draft').waitFor();
    const draft = await item('blogs', POST);
    expect(draft.status).toBe('draft');
    expect(draft.document.body).toContain('**shoebill**');
    expect((await fetch(`${site.base}/blogs/${POST}`)).status).toBe(404);

    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.waitForURL(/\?done=published$/);
    await page.getByText('Published: it is on the site now.').waitFor();
    expect((await item('blogs', POST)).status).toBe('published');

    await page.getByRole('link', { name: 'View on site' }).first().click();
    await page.waitForURL(`${site.base}/blogs/${POST}`);
    await page.getByRole('heading', { name: 'Birding at Lake Mburo at dawn', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'A morning on the water' }).waitFor();
    // The public page shows the library's picture.
    expect(await page.locator('img[src*="images/uploads/"], source[srcset*="images/uploads/"], link[href*="images/uploads/"]').count()).toBeGreaterThan(0);
    await page.goto(`${site.base}/search?query=shoebill+papyrus`);
    await page.locator(`a[href="/blogs/${POST}"]`).first().waitFor();
    expect(errors.splice(0)).toEqual([]);
  });

  it('edits a safari’s itinerary: adds a day, moves it up, removes another, reorders the stops, and saves', async () => {
    const before = await item('safaris', SAFARI);
    await page.goto(`${site.base}/admin/content/safaris?q=${encodeURIComponent('Bwindi Gorilla Trek from Kabale')}`);
    await page.getByRole('link', { name: 'Bwindi Gorilla Trek from Kabale', exact: true }).click();
    await page.waitForURL(/\/admin\/content\/safaris\/\d+$/);
    await settled(page);
    const itinerary = page.getByRole('group', { name: /^Itinerary/ });
    const entries = itinerary.locator('.c-repeat__item');
    // The router is idle once the editor's data is in; React may commit the form a moment later.
    await entries.first().waitFor();
    expect(await entries.count()).toBe(1);

    // Typed before the buttons: kept through every change.
    await page.locator('[name="doc.itinerary.0.title"]').fill('Pre-dawn drive to Bwindi and a gorilla trek');
    await page.getByRole('button', { name: 'Add a day' }).click();
    await expect.poll(() => entries.count()).toBe(2);
    // The new day has the focus (its fieldset, named by its legend).
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cf-itinerary-1');
    await page.locator('[name="doc.itinerary.1.title"]').fill('Canoe on Lake Bunyonyi');
    await page.locator('[name="doc.itinerary.1.description"]').fill('A dugout canoe between the islands of **Lake Bunyonyi**.');
    await page.locator('[name="doc.itinerary.1.meals.lunch"]').check();
    await page.getByRole('button', { name: 'Move day 2 up' }).click();
    await expect.poll(() => page.locator('[name="doc.itinerary.0.title"]').inputValue()).toBe('Canoe on Lake Bunyonyi');
    expect(await page.locator('[name="doc.itinerary.1.title"]').inputValue()).toBe('Pre-dawn drive to Bwindi and a gorilla trek');
    expect(await page.locator('[name="doc.itinerary.0.meals.lunch"]').isChecked()).toBe(true);
    // The focus followed the day: on its other move button now that it is first.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move day 1 down');

    await page.getByRole('button', { name: 'Add a day' }).click();
    await expect.poll(() => entries.count()).toBe(3);
    await page.locator('[name="doc.itinerary.2.title"]').fill('A day too many');
    await page.getByRole('button', { name: 'Remove day 3' }).click();
    await expect.poll(() => entries.count()).toBe(2);

    // The stops of the canoe day: two added, then the second moved first.
    const stops = page.getByRole('group', { name: 'Stops in order (parks and places)' }).first();
    await stops.getByLabel('Add to stops').selectOption({ label: 'Kabale' });
    await stops.getByRole('button', { name: /^Add the chosen item/ }).click();
    await stops.getByRole('listitem').first().waitFor();
    await page.getByRole('group', { name: 'Stops in order (parks and places)' }).first().getByLabel('Add to stops').selectOption('kigali');
    await page
      .getByRole('group', { name: 'Stops in order (parks and places)' })
      .first()
      .getByRole('button', { name: /^Add the chosen item/ })
      .click();
    await expect.poll(() => stops.getByRole('listitem').count()).toBe(2);
    await stops.getByRole('button', { name: /^Move .* \(2 of 2\) up$/ }).click();
    await expect.poll(() => stops.locator('input[type=hidden]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['kigali', 'kabale']);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\?done=saved$/);
    await page.getByText('Saved. The changes are on the site.').waitFor();
    const after = await item('safaris', SAFARI);
    expect(after.revision).toBe(before.revision + 1);
    expect(after.document.itinerary.map((d: { title: string }) => d.title)).toEqual(['Canoe on Lake Bunyonyi', 'Pre-dawn drive to Bwindi and a gorilla trek']);
    expect(after.document.itinerary[0]).toMatchObject({ stops: ['kigali', 'kabale'], meals: { breakfast: false, lunch: true, dinner: false, water: false } });
    expect(after.document.itinerary[1].stops).toEqual(before.document.itinerary[0].stops);
    // Everything not touched is as it was.
    expect({ ...after.document, itinerary: null }).toEqual({ ...before.document, itinerary: null });

    const res = await page.goto(`${site.base}/safaris/${SAFARI}`);
    expect(res!.status()).toBe(200);
    await page.getByText('Canoe on Lake Bunyonyi').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('says so when a save changes nothing, and shows the problems of a refused document by their fields', async () => {
    const { id, revision } = await item('safaris', SAFARI);
    await page.goto(`${site.base}/admin/content/safaris/${id}`);
    await settled(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\?done=unchanged$/);
    // The page drawn again from the saved item (typing before that would be typing in the old form).
    await page.getByText('Nothing to save: the form says what the saved version says.').waitFor();
    expect((await item('safaris', SAFARI)).revision).toBe(revision);

    // A list line the schema refuses: the summary names the field, the field says why.
    await page.getByLabel('Includes').fill('Permits, transport and guide');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const summary = page.locator('.c-problems');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Includes');
    const includes = page.getByLabel('Includes');
    expect(await includes.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await includes.getAttribute('aria-describedby'))!.split(' ');
    expect(await page.locator(`[id="${describedBy.at(-1)}"]`).textContent()).toMatch(/comma/i);
    // What was typed is still there.
    expect(await includes.inputValue()).toBe('Permits, transport and guide');
    expect((await item('safaris', SAFARI)).revision).toBe(revision);
    expect(errors).toEqual([]);
  });

  it('keeps reference lists in the order they were written: a one-field edit changes only that field', async () => {
    const rows = await site.rows<{ id: number; slug: string; revision: number; document: any }>(`select id, slug, revision, document from content_items where collection = 'safaris' order by id`);
    const jumbled = rows.find((r) => {
      const e = r.document.experiences as string[];
      return e.length > 2 && e.join() !== [...e].sort().join();
    });
    expect(jumbled, 'a safari whose experiences are not in alphabetical order').toBeDefined();
    await page.goto(`${site.base}/admin/content/safaris/${jumbled!.id}`);
    await settled(page);
    // The title as the site shows it, days first, in the heading and beside the fields, as typed.
    const heading = `${jumbled!.document.itinerary.length} Day ${jumbled!.document.title}`;
    expect(await page.locator('h1').textContent()).toBe(heading);
    const onSite = page.locator('#site-title strong');
    expect(await onSite.textContent()).toBe(heading);
    await page.locator('[name="doc.title"]').fill('Gorillas and more');
    await expect.poll(() => onSite.textContent()).toBe(`${jumbled!.document.itinerary.length} Day Gorillas and more`);
    await page.locator('[name="doc.title"]').fill(jumbled!.document.title);
    const price = page.getByLabel(/^Price/);
    await price.fill(String(Number(await price.inputValue()) + 10));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. The changes are on the site.').waitFor();
    const saved = await item('safaris', jumbled!.slug);
    expect(saved.revision).toBe(jumbled!.revision + 1);
    expect(saved.document.experiences).toEqual(jumbled!.document.experiences);
    expect(saved.document.destinations).toEqual(jumbled!.document.destinations);
    expect({ ...saved.document, price: 0 }).toEqual({ ...jumbled!.document, price: 0 });
    expect(errors).toEqual([]);
  });
});

describe('without JavaScript', () => {
  let page: Page;
  forTheBlock(async () => ({ page } = await consolePage(OWNER, { js: false })));

  it('adds, moves and removes days and previews Markdown by posting the form, nothing typed lost, then saves', async () => {
    const { id } = await item('safaris', SAFARI);
    await page.goto(`${site.base}/admin/content/safaris/${id}`);
    await page.locator('[name="doc.itinerary.1.title"]').fill('Pre-dawn drive and gorilla trek');
    await page.getByRole('button', { name: 'Add a day' }).click();
    await page.locator('[name="doc.itinerary.2.title"]').waitFor();
    // The page came back with the typed title and the new day (which has the focus).
    expect(await page.locator('[name="doc.itinerary.1.title"]').inputValue()).toBe('Pre-dawn drive and gorilla trek');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cf-itinerary-2');
    await page.locator('[name="doc.itinerary.2.title"]').fill('Back to Kigali');
    await page.locator('[name="doc.itinerary.2.description"]').fill('The drive to *Kigali* for your flight.');
    await page.getByRole('button', { name: 'Move day 3 up' }).click();
    await page.waitForLoadState();
    await expect.poll(() => page.locator('[name="doc.itinerary.1.title"]').inputValue()).toBe('Back to Kigali');
    expect(await page.locator('[name="doc.itinerary.2.title"]').inputValue()).toBe('Pre-dawn drive and gorilla trek');
    await page.getByRole('button', { name: 'Preview Description', exact: true }).nth(2).click();
    await page.waitForLoadState();
    const preview = page.getByRole('group', { name: 'Preview: Description' });
    await preview.locator('em', { hasText: 'Kigali' }).waitFor();
    await page.getByRole('button', { name: 'Remove day 1' }).click();
    await page.waitForLoadState();
    await expect.poll(() => page.locator('.c-repeat__item').count()).toBe(2);
    await expect.poll(() => page.locator('[name="doc.itinerary.0.title"]').inputValue()).toBe('Back to Kigali');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\?done=saved$/);
    await page.getByText('Saved. The changes are on the site.').waitFor();
    expect(await days()).toEqual(['Back to Kigali', 'Pre-dawn drive and gorilla trek']);
  });
});

describe('pictures and publication times', () => {
  let page: Page;
  let errors: string[];
  forTheBlock(async () => ({ page, errors } = await consolePage(OWNER)));

  it('picks media-library pictures for a park’s header and a new gallery picture', async () => {
    // A picture in the library, processed.
    const owner = await signIn(site.base, OWNER);
    const res = await uploadLibraryPicture(site.base, owner, 'forest.jpg', 'Mist over the forest canopy at first light', { background: '#6d8f3a' });
    expect(res.status).toBe(202);
    const { id: mediaId, path: upload } = (await res.json()) as { id: number; path: string };
    await expect.poll(async () => ((await (await owner.get(`/media/${mediaId}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe('done');

    const park = 'bwindi-impenetrable-forest-national-park';
    const before = await item('parks', park);
    await page.goto(`${site.base}/admin/content/parks/${before.id}`);
    await settled(page);
    const header = page.getByRole('group', { name: 'Header picture' });
    await header.locator('.c-picker > summary').click();
    // The chooser searches the whole library; what was typed elsewhere stays.
    await page.locator('[name="doc.title"]').fill('Bwindi Impenetrable National Park');
    await header.getByLabel('Search the library (alt text, caption or file name)').fill('nothing like this');
    await header.getByLabel('Search the library (alt text, caption or file name)').press('Enter');
    await header.getByRole('status').getByText('No picture matches.').waitFor();
    await header.getByLabel('Search the library (alt text, caption or file name)').fill('canopy');
    await header.getByRole('button', { name: 'Search', exact: true }).click();
    await header.getByRole('status').getByText('1 picture matches “canopy”.').waitFor();
    expect(await page.locator('[name="doc.title"]').inputValue()).toBe('Bwindi Impenetrable National Park');
    await page.locator('[name="doc.title"]').fill(before.document.title);
    await header.getByRole('radio', { name: 'Mist over the forest canopy at first light' }).check();
    // The library's alt text comes with the picture, in place of the old picture's.
    await expect.poll(() => header.getByLabel('Alt text (required)').inputValue()).toBe('Mist over the forest canopy at first light');

    const gallery = page.getByRole('group', { name: /^Gallery/ });
    const count = before.document.gallery.length;
    await page.getByRole('button', { name: 'Add a picture' }).click();
    const entry = gallery.locator('.c-repeat__item').nth(count);
    await entry.waitFor();
    // A new picture has none yet: its chooser is open.
    await entry.getByRole('radio', { name: 'Mist over the forest canopy at first light' }).check();
    // A new picture gets it too; here it is written anew.
    await expect.poll(() => entry.getByLabel('Alt text (required)').inputValue()).toBe('Mist over the forest canopy at first light');
    await entry.getByLabel('Alt text (required)').fill('Morning mist over the canopy of Bwindi');
    await entry.getByLabel('Caption', { exact: true }).fill('First light in Ruhija.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\?done=saved$/);
    const after = await item('parks', park);
    expect(after.document.image).toEqual({ alt: 'Mist over the forest canopy at first light', upload });
    expect(after.document.gallery).toHaveLength(count + 1);
    expect(after.document.gallery.at(-1)).toEqual({ upload, alt: 'Morning mist over the canopy of Bwindi', caption: 'First light in Ruhija.' });
    expect(after.document.gallery.slice(0, count)).toEqual(before.document.gallery);
    // The form shows the chosen picture now, from the library.
    const shown = page.getByRole('group', { name: 'Header picture' }).locator('.c-picture__now img');
    await expect.poll(() => shown.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await shown.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toContain('/api/images/uploads/');
    // And so does the site.
    await page.goto(`${site.base}/parks/${park}`);
    expect(await page.locator(`img[src*="images/uploads/"], source[srcset*="images/uploads/"]`).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('schedules a draft for later, and takes it back', async () => {
    await page.goto(`${site.base}/admin/content/faqs/new`);
    await settled(page);
    await page.locator('[name="doc.question"]').fill('Can we see gorillas and chimpanzees in one week?');
    await expect.poll(() => page.getByLabel('Address').inputValue()).toBe('can-we-see-gorillas-and-chimpanzees-in-one-week');
    await page.getByLabel('Answer', { exact: true }).fill('Yes: Kibale and Bwindi are a day’s drive apart.');
    await page.getByLabel('Order in lists').fill('990');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\?done=created$/);
    await page.getByText('The question is saved as a draft').waitFor();
    const when = new Date(Date.now() + 3 * 86_400_000);
    when.setUTCSeconds(0, 0);
    // Typed in the operator's time zone (Africa/Kampala by default), which the field names.
    await page.getByLabel('Publish later (time in Africa/Kampala)').fill(toLocalInput(when, 'Africa/Kampala'));
    await page.getByRole('button', { name: 'Schedule' }).click();
    await page.waitForURL(/\?done=scheduled$/);
    await page.getByText('Scheduled: it will be published on').waitFor();
    const scheduled = await site.rows<{ status: string; publish_at: string }>(`select status, publish_at from content_items where slug = 'can-we-see-gorillas-and-chimpanzees-in-one-week'`);
    expect(scheduled[0]!.status).toBe('scheduled');
    expect(new Date(scheduled[0]!.publish_at).toISOString()).toBe(when.toISOString());
    // The list says when.
    await page.goto(`${site.base}/admin/content/faqs?status=scheduled`);
    await page
      .locator('tbody tr')
      .filter({ hasText: 'Can we see gorillas' })
      .getByText(/^Scheduled for \d+ \w{3} \d{4}, \d\d:\d\d UTC\+3$/)
      .waitFor();
    await page.getByRole('link', { name: 'Can we see gorillas and chimpanzees in one week?', exact: true }).click();
    await settled(page);
    await page.getByRole('button', { name: 'Cancel the schedule' }).click();
    await page.waitForURL(/\?done=unpublished$/);
    expect((await item('faqs', 'can-we-see-gorillas-and-chimpanzees-in-one-week')).status).toBe('draft');
    expect(errors).toEqual([]);
  });
});

describe('two people saving the same item', () => {
  /** Both pages open the safari's form, as it is now. */
  async function bothOpen(pages: Page[], js = true) {
    const { id, revision } = await item('safaris', SAFARI);
    for (const p of pages) {
      await p.goto(`${site.base}/admin/content/safaris/${id}`);
      // A page without JavaScript (the first, then) has no router to settle.
      if (js || p !== pages[0]) await settled(p);
    }
    return { id, revision };
  }

  it('merges by itself what only one of them changed, and says so', async () => {
    const a = await consolePage(OWNER);
    const b = await consolePage(OTHER);
    try {
      const { revision } = await bothOpen([a.page, b.page]);
      await b.page.locator('[name="doc.title"]').fill('Bwindi Gorilla Trek from Kabale (Oscar)');
      await b.page.getByRole('button', { name: 'Save', exact: true }).click();
      await b.page.waitForURL(/\?done=saved$/);

      await a.page.locator('[name="doc.price"]').fill('1190');
      await a.page.getByRole('button', { name: 'Save', exact: true }).click();
      await a.page.waitForURL(/\?done=saved&merged=title$/);
      await a.page.getByRole('status').filter({ hasText: 'Someone else saved it meanwhile: their changes to Title are kept too.' }).waitFor();
      const now = await item('safaris', SAFARI);
      expect(now.revision).toBe(revision + 2);
      expect(now.document.price).toBe(1190);
      expect(now.document.title).toBe('Bwindi Gorilla Trek from Kabale (Oscar)');
      // The form shows the merged version.
      expect(await a.page.locator('[name="doc.title"]').inputValue()).toBe('Bwindi Gorilla Trek from Kabale (Oscar)');
      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  it.for([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ] as const)('shows the fields both changed side by side, %s, and saves the choices made with the keyboard', async ([, js]) => {
    const a = await consolePage(OWNER, { js });
    const b = await consolePage(OTHER);
    try {
      const { revision } = await bothOpen([a.page, b.page], js);
      const before = await item('safaris', SAFARI);
      // Values of their own for each run (the run before left its choices saved).
      const [theirPrice, myPrice, tag] = [before.document.price + 7, before.document.price + 13, js ? 'JS' : 'no JS'];
      await b.page.locator('[name="doc.price"]').fill(String(theirPrice));
      await b.page.locator('[name="doc.keywords"]').fill(`${before.document.keywords}, Oscar`);
      await b.page.getByRole('button', { name: 'Save', exact: true }).click();
      await b.page.waitForURL(/\?done=saved$/);

      await a.page.locator('[name="doc.price"]').fill(String(myPrice));
      await a.page.locator('[name="doc.title"]').fill(`Bwindi Gorilla Trek from Kabale (Olivia, ${tag})`);
      await a.page.getByRole('button', { name: 'Save', exact: true }).click();
      await a.page.getByRole('alert').filter({ hasText: 'changed some of the fields you changed' }).waitFor();
      // One fieldset for the one field both changed, with both values; the keywords only they
      // changed are merged into the form already.
      const price = a.page.getByRole('group', { name: 'Price per person from (USD)' });
      await price.waitFor();
      expect(await a.page.locator('.c-merge__field').count()).toBe(1);
      await price
        .getByRole('region', { name: /your version/ })
        .filter({ hasText: String(myPrice) })
        .waitFor();
      await price
        .getByRole('region', { name: /their version/ })
        .filter({ hasText: String(theirPrice) })
        .waitFor();
      await a.page.getByText('Their changes to Keywords are already in your version below').waitFor();
      expect(await a.page.locator('[name="doc.keywords"]').inputValue()).toBe(`${before.document.keywords}, Oscar`);
      expect(await a.page.locator('[name="doc.title"]').inputValue()).toBe(`Bwindi Gorilla Trek from Kabale (Olivia, ${tag})`);
      expect((await item('safaris', SAFARI)).revision).toBe(revision + 1);
      await a.page.screenshot({ path: path.join(SHOTS, `merge-${js ? 'js' : 'nojs'}-desktop.png`), fullPage: true });

      // By keyboard: focus "Keep mine", arrow to "Keep theirs", Tab to the save button, Enter.
      const mine = price.getByRole('radio', { name: 'Keep mine' });
      await mine.focus();
      await a.page.keyboard.press('Space');
      expect(await mine.isChecked()).toBe(true);
      await a.page.keyboard.press('ArrowDown');
      expect(await price.getByRole('radio', { name: /^Keep theirs/ }).isChecked()).toBe(true);
      await a.page.keyboard.press('Tab');
      const saveChoices = a.page.getByRole('button', { name: 'Save with these choices' });
      expect(await saveChoices.evaluate((el) => el === document.activeElement)).toBe(true);
      await a.page.keyboard.press('Enter');
      await a.page.waitForURL(/\?done=saved$/);
      const now = await item('safaris', SAFARI);
      expect(now.revision).toBe(revision + 2);
      // Their price (chosen), their keywords (merged), my title (mine alone): nothing lost.
      expect(now.document.price).toBe(theirPrice);
      expect(now.document.keywords).toBe(`${before.document.keywords}, Oscar`);
      expect(now.document.title).toBe(`Bwindi Gorilla Trek from Kabale (Olivia, ${tag})`);
      expect(a.errors.filter((e) => !e.includes('409'))).toEqual([]);
      expect(b.errors).toEqual([]);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});

describe('revisions, addresses and deletion', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  forTheBlock(async () => ({ context, page, errors } = await consolePage(OWNER)));

  it('lists the revisions and restores an earlier one', async () => {
    // The price the tests before left (the two people's saves move it).
    const { id, revision, document } = await item('safaris', SAFARI);
    await page.goto(`${site.base}/admin/content/safaris/${id}`);
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/\/revisions$/);
    await page.getByRole('heading', { name: /^History of/, level: 1 }).waitFor();
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(revision);
    expect(await rows.first().textContent()).toContain(OWNER);
    // Revision 1: as the content files had it.
    await page.getByRole('link', { name: /^Revision 1: see the changes$/ }).click();
    await page.waitForURL(/\/revisions\/1$/);
    const diff = page.getByRole('region', { name: /Revision 1 against the current version/ });
    await expect.poll(() => diff.textContent()).toContain(`Only in the current version: price: ${document.price}`);
    expect(await diff.textContent()).toContain('Only in revision 1: price: 1050');
    await page.getByRole('button', { name: 'Restore this version' }).click();
    await page.waitForURL(/\/admin\/content\/safaris\/\d+\?done=restored$/);
    await page.getByText('The earlier version is restored').waitFor();
    const now = await item('safaris', SAFARI);
    expect(now.revision).toBe(revision + 1);
    expect(now.document.price).toBe(1050);
    expect(now.document.itinerary).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('changes an address: the old one redirects permanently to the new one', async () => {
    const { id } = await item('blogs', POST);
    await page.goto(`${site.base}/admin/content/blogs/${id}`);
    await settled(page);
    await page.getByText('if its address changes, the old address will redirect to the new one').waitFor();
    await page.getByLabel('Address').fill(`${POST}-on-the-water`);
    await page.getByRole('status').getByText('the old one will redirect to the new one once you save').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\?done=saved&moved=1$/);
    await page.getByText('Its old address now redirects to the new one.').waitFor();
    const res = await fetch(`${site.base}/blogs/${POST}`, { redirect: 'manual' });
    expect([301, 308]).toContain(res.status);
    expect(new URL(res.headers.get('location')!, site.base).pathname).toBe(`/blogs/${POST}-on-the-water`);
    expect((await fetch(`${site.base}/blogs/${POST}-on-the-water`)).status).toBe(200);
  });

  it('deletes an item only once the box is ticked', async () => {
    const slug = `${POST}-on-the-water`;
    const { id } = await item('blogs', slug);
    await page.goto(`${site.base}/admin/content/blogs/${id}`);
    await settled(page);
    await page.getByRole('button', { name: 'Delete the blog post' }).click();
    const confirm = page.getByLabel('I understand: delete “Birding at Lake Mburo at dawn”.');
    expect(await confirm.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await confirm.check();
    await page.getByRole('button', { name: 'Delete the blog post' }).click();
    await page.waitForURL(/\/admin\/content\/blogs\?deleted=/);
    await page.getByText('“Birding at Lake Mburo at dawn” was deleted.').waitFor();
    expect(await site.rows(`select id from content_items where id = ${id}`)).toEqual([]);
    expect((await fetch(`${site.base}/blogs/${slug}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('is shown to agents only once an owner allows content editing', async () => {
    const agent = await consolePage(AGENT);
    try {
      const nav = agent.page.getByRole('navigation', { name: 'Console' }).last();
      expect(await nav.getByRole('link', { name: 'Content' }).count()).toBe(0);
      expect((await agent.page.goto(`${site.base}/admin/content`))!.status()).toBe(403);
      const owner = await signIn(site.base, OWNER);
      expect((await owner.send('/settings', { agentsEditContent: true }, 'PUT')).ok).toBe(true);
      await agent.page.goto(`${site.base}/admin`);
      await nav.getByRole('link', { name: 'Content' }).click();
      await agent.page.waitForURL(/\/admin\/content$/);
      await agent.page.getByRole('heading', { name: 'Content', level: 1 }).waitFor();
      expect((await owner.send('/settings', { agentsEditContent: false }, 'PUT')).ok).toBe(true);
    } finally {
      await agent.context.close();
    }
  });
});

const SIZES = [
  ['desktop', 1280],
  ['phone', 390],
] as const;

describe.each(SIZES)('axe on the content screens at %s size', (size, width) => {
  let page: Page;
  let errors: string[];
  forTheBlock(async () => ({ page, errors } = await consolePage(OWNER, { width })));

  it.for([['types'], ['list'], ['form'], ['conflict'], ['revisions'], ['revision']] as const)('%s', async ([name]) => {
    const { id, revision } = await item('safaris', SAFARI);
    const paths: Record<string, string> = {
      types: '/admin/content',
      list: '/admin/content/safaris',
      form: `/admin/content/safaris/${id}`,
      conflict: `/admin/content/safaris/${id}`,
      revisions: `/admin/content/safaris/${id}/revisions`,
      revision: `/admin/content/safaris/${id}/revisions/1`,
    };
    const res = await page.goto(`${site.base}${paths[name]}`);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['cache-control']).toBe('no-store');
    await settled(page);
    if (name === 'form') {
      // The live preview of a Markdown field and an open picture chooser are part of the form.
      await page.locator('[name="doc.description"]').press('End');
      await page.locator('[name="doc.description"]').pressSequentially(' More.');
      await page.getByRole('group', { name: 'Preview: Description' }).first().waitFor();
      await page.locator('.c-picker > summary').first().click();
      // Save, Preview and the state stay in view down to the end of the long form, uncovered.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
      for (const name of ['Save', 'Preview page']) {
        const button = page.getByRole('button', { name, exact: true });
        const box = (await button.boundingBox())!;
        expect(box.y, name).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, name).toBeLessThanOrEqual(900);
        const onTop = await button.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit === el || el.contains(hit);
        });
        expect(onTop, `${name} is not covered`).toBe(true);
      }
      expect(await page.locator('.c-editor__bar .c-editor__state').textContent()).toMatch(/Published|Draft|Scheduled/);
      await page.screenshot({ path: path.join(SHOTS, `form-scrolled-${size}.png`) });
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    if (name === 'conflict') {
      // Someone else saves meanwhile (through the API), changing the price and the itinerary this
      // page changes too, and the keywords; then this page saves.
      const other = await signIn(site.base, OTHER);
      const current = await item('safaris', SAFARI);
      const itinerary = current.document.itinerary.map((d: { title: string }, i: number) => (i === 0 ? { ...d, title: `${d.title} (${size})` } : d));
      const put = await other.send(
        `/content/safaris/${id}`,
        { slug: current.slug, document: { ...current.document, price: 900 + width, itinerary, keywords: `${current.document.keywords}, ${size}` }, baseRevision: revision },
        'PUT',
      );
      expect(put.status).toBe(200);
      await page.locator('[name="doc.price"]').fill(String(1000 + width));
      await page.locator('[name="doc.itinerary.0.title"]').fill('Kabale to Rushaga and the trek');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('button', { name: 'Save with these choices' }).waitFor();
      await page
        .getByRole('group', { name: 'Itinerary' })
        .getByRole('radio', { name: /^Keep theirs/ })
        .waitFor();
    }
    expect(await page.locator('h1').count()).toBe(1);
    const wide = await page.evaluate(
      (w) =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > w + 0.5 && !el.closest('.c-diff__body, .sr-only, .c-editor__default'))
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
          .slice(-5),
      width,
    );
    expect(wide).toEqual([]);
    expect(await violations(page)).toEqual([]);
    expect(errors.splice(0).filter((e) => !(name === 'conflict' && e.includes('409')))).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: true });
  });
});
