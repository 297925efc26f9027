// The console's sites moved to tests/helpers/start-site.ts: startConsoleSite(backend, env,
// shareDatabase, schedulePollMs) is startSite({ backend, env, shareDatabase, drivenMail: true, app:
// { schedulePollMs } }). Here too: a picture sent to the media library, or put there and
// processed; a console browser file's site, staff and Chromium; a content item's row.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import type { StaffRole } from '../../common/staff.ts';
import { buildDir } from '../../server/web.ts';
import { launchBrowser } from './browser.ts';
import type { Backend } from './db.ts';
import { addStaff, type SignedIn } from './staff.ts';
import { startSite, type InProcessSite } from './start-site.ts';

export type ConsoleSite = InProcessSite;

export function startConsoleSite(backend: Backend, env: Record<string, string> = {}, shareDatabase?: string, schedulePollMs?: number): Promise<ConsoleSite> {
  return startSite({ backend, env, shareDatabase, drivenMail: true, app: { schedulePollMs } });
}

/**
 * Sends a JPEG of one colour (1200 × 800 unless told) to the media library through the console API
 * as `who` (signed in): the answer, 202 once the picture is taken.
 */
export async function uploadLibraryPicture(base: string, who: SignedIn, name: string, alt: string, picture: { width?: number; height?: number; background?: string } = {}): Promise<Response> {
  const { width = 1200, height = 800, background = '#4f6b52' } = picture;
  const jpeg = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), name);
  form.append('alt', alt);
  return fetch(`${base}/api/admin/media`, { method: 'POST', headers: { cookie: who.cookie, origin: base, 'x-csrf-token': who.csrf }, body: form });
}

/**
 * Uploads a 1200 × 800 JPEG of one colour to the media library through the console API as `who`
 * (signed in) and waits until it is processed (30 s at most); its id.
 */
export async function addLibraryPicture(base: string, who: SignedIn, name: string, alt: string, background = '#4f6b52'): Promise<number> {
  const res = await uploadLibraryPicture(base, who, name, alt, { background });
  if (res.status !== 202) throw new Error(`upload refused: ${res.status}`);
  const { id } = (await res.json()) as { id: number };
  for (const until = Date.now() + 30_000; ; ) {
    const { status } = (await (await who.get(`/media/${id}`)).json()) as { status: string };
    if (status === 'done') return id;
    if (status === 'failed' || Date.now() > until) throw new Error(`the library picture was not processed (${status})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A console browser file's set-up: the production build checked for, the screenshots' folder
 * `shots` made, the site started in this process with driven mail, its staff added (email, role,
 * name; the usual password), and Chromium launched.
 */
export async function consoleBrowserSite(shots: string, staff: [email: string, role: StaffRole, name: string][]): Promise<{ site: ConsoleSite; browser: Browser }> {
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('No production build: run `npm run build` before the browser tests.');
  await mkdir(shots, { recursive: true });
  const site = await startSite({ drivenMail: true });
  for (const [email, role, name] of staff) await addStaff(site.app.database!.db, email, role, undefined, name);
  return { site, browser: await launchBrowser() };
}

/** The content item `slug` of `collection` as stored: id, revision, status, slug and document. */
export async function contentItem(site: ConsoleSite, collection: string, slug: string) {
  const [row] = await site.rows<{ id: number; revision: number; status: string; slug: string; document: any }>(
    `select id, revision, status, slug, document from content_items where collection = '${collection}' and slug = '${slug}'`,
  );
  return row!;
}
