// The itinerary PDF as a reader and a screen reader get it, from the real site (production build):
// the site's fonts embedded as subsets (pdffonts from poppler-utils; installed with apt when missing
// and running as root, the way scripts/ensure-system.sh installs Chromium, else these checks are
// skipped with the reason), a tagged PDF 1.7 with its language, title shown and H1/H2/H3 headings,
// characters outside Latin-1 drawn as they are, and no page left half empty before the last.
import './helpers/production.ts';
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itineraryPdf } from '../app/lib/itinerary-pdf.server.ts';
import type { SafariResponse } from '../common/api-types.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import type { Json } from './helpers/site.ts';

/** pdffonts and pdfinfo, installed with apt when missing (as root); otherwise why they are not there. */
function poppler(): string | null {
  const has = () => {
    try {
      execFileSync('pdffonts', ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (has()) return null;
  if (process.getuid?.() === 0) {
    try {
      execFileSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null'], { stdio: 'ignore', timeout: 300_000 });
    } catch {
      /* reported below */
    }
    if (has()) return null;
    return 'poppler-utils could not be installed with apt';
  }
  return "pdffonts is missing: install Debian's 'poppler-utils' package (the suite installs it when it runs as root)";
}
const missingPoppler = poppler();
if (missingPoppler) console.warn(`Skipping the pdffonts/pdfinfo checks: ${missingPoppler}`);

let site: InProcessSite;
let base: string;
let dir: string;
let safaris: Json[];

beforeAll(async () => {
  site = await startSite();
  base = site.base;
  dir = await mkdtemp(path.join(os.tmpdir(), 'itinerary-pdf-'));
  safaris = ((await (await fetch(`${base}/api/safaris`)).json()) as Json).allsafaris;
});
afterAll(() => site?.stop());

async function pdfOf(slug: string): Promise<{ bytes: Uint8Array; file: string }> {
  const res = await fetch(`${base}/safaris/${slug}/itinerary.pdf`);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const file = path.join(dir, `${slug}.pdf`);
  await writeFile(file, bytes);
  return { bytes, file };
}

/** The roles of a structure tree, depth first. */
function roles(node: Json | null, out: string[] = []): string[] {
  if (!node) return out;
  if (node.role) out.push(node.role);
  for (const c of node.children ?? []) roles(c, out);
  return out;
}

/** Height of the contact block: heading, six rows and the note. */
const CONTACT_BLOCK = 250;

/** The text of one page, without its footer. */
async function pageText(doc: Awaited<ReturnType<typeof getDocumentProxy>>, n: number): Promise<string> {
  const items = (await (await doc.getPage(n)).getTextContent()).items as { str: string; transform: number[] }[];
  return items
    .filter((t) => t.transform[5]! > TEXT_BOTTOM - 20)
    .map((t) => t.str)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a page starts with the contact block (its spaced-out eyebrow, then its heading). */
const startsWithContact = (text: string) => text.replace(/\s/g, '').startsWith('BOOKORASKAQUESTIONContactus');

/** The contact block does not start a page of its own when it fits below the last day. */
async function contactNotAloneWhenItFits(bytes: Uint8Array, slug: string) {
  const doc = await getDocumentProxy(bytes.slice());
  if (!startsWithContact(await pageText(doc, doc.numPages))) return;
  const items = (await (await doc.getPage(doc.numPages - 1)).getTextContent()).items as { str: string; transform: number[] }[];
  const lowest = Math.min(...items.filter((t) => t.str.trim() && t.transform[5]! > TEXT_BOTTOM - 20).map((t) => t.transform[5]!));
  expect(lowest - TEXT_BOTTOM, `${slug}: room left before the contact block's page`).toBeLessThan(CONTACT_BLOCK);
}

const longest = () => [...safaris].sort((a, b) => b.safariday - a.safariday)[0]!.safarititleslug as string;
const A4_HEIGHT = 841.89;
/** The text area ends this far above the page's bottom edge (margin and footer). */
const TEXT_BOTTOM = 54 + 30;

describe('itinerary PDF: fonts, tags and pages', () => {
  it.skipIf(!!missingPoppler)('embeds the site’s fonts (Fraunces, Manrope) as subsets, and no standard font', async () => {
    const { file } = await pdfOf(longest());
    const out = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    const rows = out
      .split('\n')
      .slice(2)
      .filter((l) => l.trim());
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const names = rows.map((r) => r.split(/\s+/)[0]!);
    expect(
      names.some((n) => /^[A-Z]{6}\+Fraunces-SemiBold$/.test(n)),
      out,
    ).toBe(true);
    expect(
      names.some((n) => /^[A-Z]{6}\+Manrope-Regular$/.test(n)),
      out,
    ).toBe(true);
    expect(
      names.some((n) => /^[A-Z]{6}\+Manrope-Bold$/.test(n)),
      out,
    ).toBe(true);
    // emb, sub and uni are "yes" for every font.
    for (const r of rows) expect(r, r).toMatch(/\byes\s+yes\s+yes\s+\d+\s+\d+\s*$/);
    expect(out).not.toMatch(/Helvetica|Times/);

    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^PDF version:\s+1\.7$/m);
    expect(info).toMatch(/^Title:\s+\d+ Day .+: itinerary$/m);
  });

  it('is a tagged PDF: language, title shown, headings H1 (title), H2 (sections), H3 (days)', async () => {
    const slug = longest();
    const { bytes } = await pdfOf(slug);
    const raw = new TextDecoder('latin1').decode(bytes);
    expect(raw).toMatch(/\/Lang \(en-GB\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    expect(raw).toMatch(/\/MarkInfo/);
    const doc = await getDocumentProxy(bytes.slice());
    expect((await doc.getMarkInfo())?.Marked).toBe(true);
    const all: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) roles((await (await doc.getPage(i)).getStructTree()) as Json, all);
    const data = (await (await fetch(`${base}/api/safaris/${slug}`)).json()) as Json;
    expect(all.filter((r) => r === 'H1')).toHaveLength(1);
    // Overview, the route, detailed itinerary, contact.
    expect(all.filter((r) => r === 'H2').length).toBeGreaterThanOrEqual(4);
    // A heading per day, and Includes and Excludes.
    expect(all.filter((r) => r === 'H3').length).toBeGreaterThanOrEqual(data.safaridays.length + 2);
    expect(all).toContain('Figure');
    expect(all).toContain('L');
    expect(all).toContain('LI');
    expect(all.filter((r) => r === 'P').length).toBeGreaterThan(data.safaridays.length);
  });

  it('draws characters outside Latin-1 as they are', async () => {
    const slug = longest();
    const data = (await (await fetch(`${base}/api/safaris/${slug}`)).json()) as SafariResponse;
    const title = 'Ŋgorongoro, Ağa Khan’s Kıbale and Łódź';
    const changed: SafariResponse = { ...data, safaridays: data.safaridays.map((d, i) => (i === 0 ? { ...d, title } : d)) };
    const doc = await getDocumentProxy(await itineraryPdf(changed));
    const { text } = await extractText(doc, { mergePages: true });
    expect(String(text).replace(/\s+/g, ' ')).toContain(title);
  });

  it('leaves no page before the last more than 150 pt short of full (the longest safaris)', async () => {
    const longestFive = [...safaris].sort((a, b) => b.safariday - a.safariday).slice(0, 5);
    for (const s of longestFive) {
      const { bytes } = await pdfOf(s.safarititleslug);
      const doc = await getDocumentProxy(bytes.slice());
      expect(doc.numPages).toBeGreaterThan(2);
      // Page 1 is the cover (its map takes the room left); the last page ends where the text ends.
      const lastStartsWithContact = startsWithContact(await pageText(doc, doc.numPages));
      for (let i = 2; i < doc.numPages; i++) {
        const items = (await (await doc.getPage(i)).getTextContent()).items as { str: string; transform: number[] }[];
        const lowest = Math.min(...items.filter((t) => t.str.trim() && t.transform[5]! > TEXT_BOTTOM - 20).map((t) => t.transform[5]!));
        const blank = lowest - TEXT_BOTTOM;
        // The contact block (about 250 pt) is kept together: before it, a page may end shorter.
        const limit = i === doc.numPages - 1 && lastStartsWithContact ? CONTACT_BLOCK : 150;
        expect(blank, `${s.safarititleslug}, page ${i} of ${doc.numPages}: ${Math.round(blank)} pt blank`).toBeLessThan(limit);
        expect(lowest).toBeLessThan(A4_HEIGHT);
      }
    }
  }, 180_000);

  it('puts the contact block after the last day, on a new page only when it does not fit there (every safari)', async () => {
    let together = 0;
    for (const s of safaris) {
      const { bytes } = await pdfOf(s.safarititleslug);
      await contactNotAloneWhenItFits(bytes, s.safarititleslug);
      const doc = await getDocumentProxy(bytes.slice());
      if (!startsWithContact(await pageText(doc, doc.numPages))) together++;
    }
    // Most itineraries end with the contact block under their last day.
    expect(together).toBeGreaterThan(safaris.length / 2);
  }, 400_000);
});
