// Screenshots of every console screen (and a few public pages) at 1280 and 390 pixels, for
// comparing the look before and after a change to the styles, pixel by pixel.
//
//   node bench/console-screens.ts shoot <dir> [screen…]  the production build (npm run build first);
//                                                        only the screens named, when some are
//   node bench/console-screens.ts compare <before> <after>
//
// `shoot` runs the whole site in this process on a fresh PGlite database, fills it with a fixed set
// of staff, enquiries, subscribers, a campaign, a library picture, reviews and a content edit, signs
// in as an owner and saves one full-page PNG per screen, state and width (<screen>-<width>.png).
// What the clock and chance write (times, backup names, the data folder, stored file names) is
// replaced by fixed text before each shot, so that two runs of the same build give the same pixels
// (but for the odd anti-aliased edge and a picture that had not loaded). `compare` counts the differing pixels of
// each pair (sharp's raw buffers) and writes a diff image (differing pixels in red) for each pair
// that differs; it prints a Markdown table and exits 1 when any pair differs.
import '../tests/helpers/production.ts';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { enquiries } from '../server/db/schema.ts';
import { insertReview } from '../server/reviews.ts';
import type { Tx } from '../server/db/index.ts';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { addLibraryPicture, startConsoleSite, type ConsoleSite } from '../tests/helpers/console-site.ts';
import { addStaff, signIn, STAFF_PASSWORD } from '../tests/helpers/staff.ts';

const OWNER = 'olivia@kigezitrails.example';
const WIDTHS = [1280, 390] as const;
const DAY = 86_400_000;

interface Shot {
  name: string;
  path: string;
  /** Signed out (the gate screens). */
  guest?: boolean;
  /** What to do on the page before the shot (an error state, an open menu). */
  act?: (page: Page, width: number) => Promise<void>;
}

async function seed(site: ConsoleSite) {
  const db = site.app.database!.db;
  await addStaff(db, OWNER, 'owner', undefined, 'Olivia Mugisha');
  await addStaff(db, 'arthur@kigezitrails.example', 'agent', undefined, 'Arthur Agent');
  const [safari] = await site.rows<{ id: number; slug: string }>('select id, safarititleslug as slug from safaris order by id limit 1');
  const statuses = ['new', 'contacted', 'quoted', 'booked', 'lost', 'spam'] as const;
  const people = ['Lena Fischer', 'Marcus Hill', 'Wanjiru Kamau', 'Oliver Grant', 'Sanne de Vries', 'Priya Shah'];
  await db.insert(enquiries).values(
    Array.from({ length: 12 }, (_, i) => ({
      name: people[i % people.length]!,
      email: `${people[i % people.length]!.toLowerCase().replace(/[^a-z]+/g, '.')}${i}@example.com`,
      phone: '+49 151 2345678',
      country: ['Germany', 'Kenya', 'United States'][i % 3]!,
      message: `We are a family of ${2 + (i % 4)} and would like a ${3 + (i % 9)} day safari with gorilla trekking in June.`,
      preferred_contact_method: 'Email',
      status: statuses[i % statuses.length]!,
      source: i % 2 ? 'contact' : 'safari',
      safari_id: i % 2 ? null : safari!.id,
      page_url: i % 2 ? 'http://localhost:3000/contact-us' : `http://localhost:3000/safaris/${safari!.slug}`,
      created_at: new Date(Date.now() - (i * 9 + 1) * DAY),
    })),
  );
  const subscribers: [string, string, string][] = [
    ['Amina Otieno', 'amina@example.com', 'confirmed'],
    ['Brian Okello', 'brian@example.org', 'confirmed'],
    ['Chloé Martin', 'chloe@example.fr', 'pending'],
    ['Daniel Weiss', 'daniel@example.de', 'unsubscribed'],
  ];
  for (const [i, [name, email, status]] of subscribers.entries())
    await site.rows(
      `insert into newsletter_subscribers (full_name, email, email_key, status, confirm_token_hash, unsubscribe_token_hash, created_at)
       values ('${name}', '${email}', '${email}', '${status}', 'c${i}', 'u${i}', now() - interval '${i} days')`,
    );
  await site.rows(
    `insert into newsletter_campaigns (subject, body_md) values ('Rainy season lodges', E'## Green season\\n\\nFewer visitors, lower prices and newborn animals.\\n\\n- Bwindi\\n- Kibale\\n\\n> The forest is at its loudest.')`,
  );
  const owner = await signIn(site.base, OWNER);
  const mediaId = await addLibraryPicture(site.base, owner, 'shoebill.jpg', 'A shoebill standing in papyrus at the lake’s edge');
  const reviews: [string, string, number, string][] = [
    ['Grace Achieng', 'Kenya', 5, 'Our guide read the forest like a book; the gorilla family in Rushaga was worth every step of the climb.'],
    ['Tom Becker', 'Germany', 2, 'The lodge was fine but the drive was very long and the car broke down twice on the way.'],
  ];
  for (const [name, country, rating, text] of reviews) await db.transaction((tx) => insertReview(tx as unknown as Tx, safari!.id, { name, country, rating, text } as never, undefined));
  // One saved edit of a safari, so that it has revisions to list and compare.
  const [item] = await site.rows<{ id: number; slug: string; revision: number; document: Record<string, unknown> }>(
    `select id, slug, revision, document from content_items where collection = 'safaris' order by id limit 1`,
  );
  const put = await owner.send(
    `/content/safaris/${item!.id}`,
    { slug: item!.slug, document: { ...item!.document, keywords: `${item!.document.keywords}, shoebill` }, baseRevision: item!.revision },
    'PUT',
  );
  if (!put.ok) throw new Error(`the content edit was refused: ${put.status} ${await put.text()}`);
  const [enquiry] = await site.rows<{ id: number }>('select id from enquiries order by id limit 1');
  const [subscriber] = await site.rows<{ id: number }>(`select id from newsletter_subscribers where email = 'brian@example.org'`);
  const [campaign] = await site.rows<{ id: number }>('select id from newsletter_campaigns order by id limit 1');
  return { enquiry: enquiry!.id, subscriber: subscriber!.id, campaign: campaign!.id, media: mediaId, safariItem: item!.id, safari: safari!.slug };
}

function screens(ids: Awaited<ReturnType<typeof seed>>): Shot[] {
  const item = `/admin/content/safaris/${ids.safariItem}`;
  return [
    { name: 'login', path: '/admin/login', guest: true },
    {
      name: 'login-error',
      path: '/admin/login',
      guest: true,
      act: async (page) => {
        await page.getByLabel('Email').fill(OWNER);
        await page.getByLabel('Password').fill('not the password');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('alert').first().waitFor();
      },
    },
    { name: 'reset', path: '/admin/reset', guest: true },
    { name: 'reset-token', path: '/admin/reset/not-a-real-token', guest: true },
    { name: 'setup', path: '/admin/setup', guest: true },
    { name: 'dashboard', path: '/admin' },
    { name: 'menu-open', path: '/admin', act: async (page, width) => (width < 960 ? page.locator('summary', { hasText: 'Menu' }).click() : undefined) },
    { name: 'account', path: '/admin/account' },
    { name: 'staff', path: '/admin/staff' },
    { name: 'audit', path: '/admin/audit' },
    { name: 'enquiries', path: '/admin/enquiries' },
    { name: 'enquiries-empty', path: '/admin/enquiries?q=nobody-by-this-name' },
    { name: 'enquiry', path: `/admin/enquiries/${ids.enquiry}` },
    { name: 'reviews', path: '/admin/reviews' },
    { name: 'subscribers', path: '/admin/subscribers' },
    { name: 'subscribers-import', path: '/admin/subscribers/import' },
    { name: 'subscriber-erase', path: `/admin/subscribers/${ids.subscriber}/erase` },
    { name: 'campaigns', path: '/admin/campaigns' },
    { name: 'campaign-new', path: '/admin/campaigns/new' },
    { name: 'campaign-edit', path: `/admin/campaigns/${ids.campaign}` },
    { name: 'campaign-preview', path: `/admin/campaigns/${ids.campaign}/preview` },
    { name: 'campaign-send', path: `/admin/campaigns/${ids.campaign}/send` },
    { name: 'content', path: '/admin/content' },
    { name: 'content-list', path: '/admin/content/safaris' },
    { name: 'content-list-blogs', path: '/admin/content/blogs' },
    { name: 'content-edit', path: item },
    { name: 'content-new', path: '/admin/content/blogs/new' },
    { name: 'content-revisions', path: `${item}/revisions` },
    { name: 'content-revision', path: `${item}/revisions/1` },
    { name: 'media', path: '/admin/media' },
    { name: 'media-image', path: `/admin/media/${ids.media}` },
    { name: 'settings', path: '/admin/settings' },
    {
      name: 'settings-error',
      path: '/admin/settings',
      act: async (page) => {
        await page.getByLabel('Euro (EUR) per US dollar').fill('-3');
        await page.getByRole('button', { name: 'Save rates' }).click();
        await page.getByRole('alert').first().waitFor();
      },
    },
    { name: 'backups', path: '/admin/backups' },
    { name: 'not-found', path: '/admin/no-such-screen' },
    { name: 'public-home', path: '/', guest: true },
    { name: 'public-safaris', path: '/safaris', guest: true },
    { name: 'public-safari', path: `/safaris/${ids.safari}`, guest: true },
    { name: 'public-contact', path: '/contact-us', guest: true },
    { name: 'public-blogs', path: '/blogs', guest: true },
    { name: 'public-not-found', path: '/no-such-page', guest: true },
  ];
}

/** What the clock and chance wrote (times, dates, backup names, the data folder, an upload's file name) becomes fixed text. */
async function fixClock(page: Page) {
  await page.evaluate(() => {
    for (const t of document.querySelectorAll('time')) t.textContent = '1 Jan 2026, 09:00';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode())
      n.nodeValue = n
        .nodeValue!.replace(/\d{8}T\d{6}Z/g, '20260101T090000Z')
        .replace(/safari-console-\w{6}/g, 'safari-console-000000')
        .replace(/-[0-9a-f]{8,16}(\.\w+)\b/g, '-00000000$1')
        .replace(/\b\d{1,2}:\d{2}\b/g, '09:00');
  });
}

/** The router is idle, the fonts and pictures are in, and what the clock wrote is fixed text. */
async function steady(page: Page) {
  await page.waitForFunction(() => {
    const r = (window as any).__reactRouterDataRouter;
    return !r || r.state.navigation.state === 'idle';
  });
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy pictures below the fold are loaded too (a full-page shot shows them), for 10 s at most.
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    const loaded = Promise.all(
      images.map((img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.addEventListener('load', r);
              img.addEventListener('error', r);
            }),
      ),
    );
    await Promise.race([loaded, new Promise((r) => setTimeout(r, 10_000))]);
  });
  // Times are written again in the operator's time zone once the page has hydrated: fixed twice.
  await fixClock(page);
  await page.waitForTimeout(500);
  await fixClock(page);
}

async function shoot(dir: string, only: string[]) {
  await mkdir(dir, { recursive: true });
  const site = await startConsoleSite('pglite', { DAILY_BACKUPS: 'off' });
  const browser = await launchBrowser();
  try {
    const ids = await seed(site);
    for (const width of WIDTHS) {
      const viewport = { width, height: width > 600 ? 860 : 844 };
      const guest = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const owner = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const signInPage = await owner.newPage();
      await signInPage.goto(`${site.base}/admin/login`);
      await signInPage.getByLabel('Email').fill(OWNER);
      await signInPage.getByLabel('Password').fill(STAFF_PASSWORD);
      await signInPage.getByRole('button', { name: 'Sign in' }).click();
      await signInPage.waitForURL(`${site.base}/admin`);
      await signInPage.close();
      for (const shot of screens(ids).filter((s) => !only.length || only.includes(s.name))) {
        const page = await (shot.guest ? guest : owner).newPage();
        page.setDefaultTimeout(30_000);
        try {
          await page.goto(`${site.base}${shot.path}`, { waitUntil: 'load' });
          await steady(page);
          if (shot.act) {
            await shot.act(page, width);
            await steady(page);
          }
          await page.screenshot({ path: path.join(dir, `${shot.name}-${width}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
          console.log(`${shot.name}-${width}`);
        } catch (e) {
          console.log(`${shot.name}-${width} FAILED: ${(e as Error).message.split('\n')[0]}`);
        } finally {
          await page.close();
        }
      }
      await guest.close();
      await owner.close();
    }
  } finally {
    await browser.close();
    await site.stop();
  }
}

async function compare(before: string, after: string) {
  const names = (await readdir(before)).filter((f) => f.endsWith('.png') && !f.endsWith('.diff.png')).sort();
  const diffDir = path.join(after, 'diff');
  const rows: string[] = ['| screen | width | differing pixels |', '| --- | ---: | ---: |'];
  let differing = 0;
  for (const name of names) {
    const [, screen, width] = /^(.*)-(\d+)\.png$/.exec(name)!;
    let a, b;
    try {
      [a, b] = await Promise.all([before, after].map((d) => sharp(path.join(d, name)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })));
    } catch {
      rows.push(`| ${screen} | ${width} | missing after |`);
      differing++;
      continue;
    }
    if (a!.info.width !== b!.info.width || a!.info.height !== b!.info.height) {
      rows.push(`| ${screen} | ${width} | size ${a!.info.width}×${a!.info.height} → ${b!.info.width}×${b!.info.height} |`);
      differing++;
      continue;
    }
    const diff = Buffer.from(b!.data);
    let count = 0;
    for (let i = 0; i < a!.data.length; i += 4) {
      const same = a!.data[i] === b!.data[i] && a!.data[i + 1] === b!.data[i + 1] && a!.data[i + 2] === b!.data[i + 2] && a!.data[i + 3] === b!.data[i + 3];
      if (!same) {
        count++;
        diff.set([255, 0, 0, 255], i);
      }
    }
    if (count) {
      differing++;
      await mkdir(diffDir, { recursive: true });
      await sharp(diff, { raw: { width: b!.info.width, height: b!.info.height, channels: 4 } })
        .png()
        .toFile(path.join(diffDir, name.replace(/\.png$/, '.diff.png')));
    }
    rows.push(`| ${screen} | ${width} | ${count} |`);
  }
  const table = rows.join('\n');
  console.log(table);
  await writeFile(path.join(after, 'compare.md'), `${table}\n`);
  console.log(`\n${names.length} screenshots, ${differing} differ`);
  process.exitCode = differing ? 1 : 0;
}

const [verb, a, b, ...rest] = process.argv.slice(2);
if (verb === 'shoot' && a)
  await shoot(
    a,
    [b, ...rest].filter((x): x is string => !!x),
  );
else if (verb === 'compare' && a && b) await compare(a, b);
else {
  console.error('usage: node bench/console-screens.ts shoot <dir> [screen…] | compare <before> <after>');
  process.exitCode = 2;
}
