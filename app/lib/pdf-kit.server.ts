// The kit both PDFs are drawn with, the safari's itinerary (app/lib/itinerary-pdf.server.ts) and a
// quote (server/bookings/quote-pdf.ts): pdfkit (no browser), an A4 page with the site's margins,
// its fonts, the text of stored HTML, the tagged structure, the headings, the cover's band, the
// day heading, the route map, lists, the contact block and the page footers.
// Fonts: the site's own, Fraunces (headings) and Manrope (text), embedded and subset by pdfkit from
// the static TrueType files of @expo-google-fonts/fraunces and /manrope (SIL Open Font License; the
// site's @fontsource-variable packages hold only woff2, which pdfkit cannot read). Characters
// outside those fonts are spelled out or replaced (pdfText).
// Tagged PDF (PDF 1.7) for screen readers: a language, the title shown as the window title, and a
// structure tree (openPdf opens it, tagged and group add to it, closePdf ends it); bands, rules,
// badges and page footers are artifacts. Server only: app/ keeps it beside the map's layout
// (app/lib/map/), which the app's map routes share, and the server reads it (ARCHITECTURE.md).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../common/languages.ts';
import { pdfBytes } from '../../common/pdf-bytes.ts';
import { site } from '../../common/site.ts';
import { MAP_COLOURS, type MapLayout } from './map/route-map.ts';
import { serverMessages, type ServerMessages } from './server-messages.server.ts';

const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 54;
const FOOTER = 30;
export const COLOURS = { heading: '#15291e', text: '#1d1b18', muted: '#5f5950', accent: '#8a5d12', link: '#2f5d3f', rule: '#e4d9c2', band: '#15291e', bandText: '#fbf8f1' };
const SERIF = 'Fraunces';
export const SERIF_BOLD = 'Fraunces-SemiBold';
const ITALIC = 'Fraunces-Italic';
export const SANS = 'Manrope';
export const SANS_BOLD = 'Manrope-Bold';

/** The font files, by the name the drawing code uses. */
const FONT_FILES: Record<string, string> = {
  [SERIF]: '@expo-google-fonts/fraunces/400Regular/Fraunces_400Regular.ttf',
  [SERIF_BOLD]: '@expo-google-fonts/fraunces/600SemiBold/Fraunces_600SemiBold.ttf',
  [ITALIC]: '@expo-google-fonts/fraunces/400Regular_Italic/Fraunces_400Regular_Italic.ttf',
  [SANS]: '@expo-google-fonts/manrope/400Regular/Manrope_400Regular.ttf',
  [SANS_BOLD]: '@expo-google-fonts/manrope/700Bold/Manrope_700Bold.ttf',
};
let fontData: Map<string, Buffer> | null = null;
/** The font files, read once. */
function fonts(): Map<string, Buffer> {
  if (!fontData) {
    const require = createRequire(import.meta.url);
    fontData = new Map(Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(require.resolve(file))]));
  }
  return fontData;
}

interface GlyphSource {
  hasGlyphForCodePoint(cp: number): boolean;
}
let glyphSources: GlyphSource[] | null = null;
/** Whether every embedded font can draw this character (checked in the fonts themselves). */
function drawable(cp: number): boolean {
  if (!glyphSources) {
    const probe = new PDFDocument({ autoFirstPage: false });
    glyphSources = [...fonts()].map(([name, data]) => {
      probe.registerFont(name, data);
      probe.font(name);
      return (probe as unknown as { _font: { font: GlyphSource } })._font.font;
    });
  }
  return glyphSources.every((f) => f.hasGlyphForCodePoint(cp));
}

// ---------- Text from the stored HTML ----------

interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  href?: string;
}
export interface Block {
  kind: 'p' | 'li' | 'h';
  runs: Run[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '–', mdash: '—', rsquo: '’', lsquo: '‘', ldquo: '“', rdquo: '”', hellip: '…' };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : (ENTITIES[e.toLowerCase()] ?? whole),
  );

/** The text as the embedded fonts can draw it: characters they lack are replaced or spelled out. */
export function pdfText(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || ch === '\t') out += ' ';
    else if (code >= 0x20 && code !== 0x7f && drawable(code)) out += ch;
    else if (ch === '→') out += '->';
    else if (ch === '−' || ch === '‑' || ch === '‐') out += '-';
    else if (ch === '\u2009' || ch === '\u202f' || ch === '\u200b') out += ' ';
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...plain].every((c) => c.charCodeAt(0) < 0x7f) ? plain : '?';
    }
  }
  return out;
}

/** Paragraphs, list items and headings of a sanitised HTML field, with bold, italic and links. */
export function htmlBlocks(html: string, origin: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  let bold = 0;
  let italic = 0;
  let href: string | undefined;
  const open = (kind: Block['kind']) => {
    current = { kind, runs: [] };
    blocks.push(current);
  };
  for (const m of html.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/gi)) {
    if (m[4] !== undefined) {
      const text = decode(m[4]).replace(/[ \t\n\r\f]+/g, ' ');
      if (!text.trim() && !current) continue;
      if (!current) open('p');
      current!.runs.push({ text, bold: bold > 0, italic: italic > 0, href });
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (tag === 'p' || tag === 'li' || /^h[1-6]$/.test(tag)) {
      if (closing) current = null;
      else open(tag === 'p' ? 'p' : tag === 'li' ? 'li' : 'h');
    } else if (tag === 'strong' || tag === 'b') bold += closing ? -1 : 1;
    else if (tag === 'em' || tag === 'i') italic += closing ? -1 : 1;
    else if (tag === 'a') {
      if (closing) href = undefined;
      else {
        const raw = /\bhref\s*=\s*"([^"]*)"/i.exec(m[3] ?? '')?.[1];
        try {
          href = raw ? new URL(decode(raw), origin).toString() : undefined;
        } catch {
          href = undefined;
        }
      }
    } else if (tag === 'br' && current) (current as Block).runs.push({ text: ' ' });
  }
  for (const b of blocks) {
    const first = b.runs[0];
    if (first) first.text = first.text.replace(/^\s+/, '');
    const last = b.runs[b.runs.length - 1];
    if (last) last.text = last.text.replace(/\s+$/, '');
  }
  return blocks.filter((b) => b.runs.some((r) => r.text.trim()));
}

// ---------- Drawing ----------

export type Doc = PDFKit.PDFDocument;

const fontOf = (r: Run, base: 'sans' | 'serif') => (base === 'serif' ? (r.bold ? SERIF_BOLD : r.italic ? ITALIC : SERIF) : r.bold ? SANS_BOLD : r.italic ? ITALIC : SANS);

/** Writes one block's runs as a paragraph at the current position. */
function writeRuns(doc: Doc, runs: Run[], opts: { size: number; width: number; x: number; base?: 'sans' | 'serif'; indent?: number }) {
  const base = opts.base ?? 'sans';
  runs.forEach((r, i) => {
    const options: PDFKit.Mixins.TextOptions = { continued: i < runs.length - 1, link: r.href ?? null, underline: !!r.href };
    doc
      .font(fontOf(r, base))
      .fontSize(opts.size)
      .fillColor(r.href ? COLOURS.link : COLOURS.text);
    // Only the first segment is placed; the others continue it (pdfkit loses the line when a
    // continued segment is given a position, even an undefined one).
    if (i === 0) doc.text(pdfText(r.text), opts.x + (opts.indent ?? 0), doc.y, { ...options, width: opts.width - (opts.indent ?? 0), lineGap: 2.5 });
    else doc.text(pdfText(r.text), options);
  });
}

/** Height a block takes at this width (measured with the same fonts). */
export function runsHeight(doc: Doc, runs: Run[], size: number, width: number, base: 'sans' | 'serif' = 'sans'): number {
  // Measured as one string in the regular face: bold runs are rare and short; a small margin covers them.
  const text = pdfText(runs.map((r) => r.text).join(''));
  return (
    doc
      .font(base === 'serif' ? SERIF : SANS)
      .fontSize(size)
      .heightOfString(text, { width, lineGap: 2.5 }) * 1.04
  );
}

export function pageBottom(doc: Doc) {
  return doc.page.height - MARGIN - FOOTER;
}

/** Starts a new page unless `height` fits below the current position. */
export function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

// ---------- Structure (tagged PDF) ----------

/** The structure element that what is drawn now belongs to. */
const parents = new WeakMap<Doc, PDFKit.PDFStructureElement>();

/** Draws `draw` as one structure element (P, H1, LI, Figure…) under the current parent. */
export function tagged(doc: Doc, type: string, draw: () => void, options: { alt?: string; actual?: string } = {}) {
  const parent = parents.get(doc);
  if (!parent) return draw();
  parent.add(doc.struct(type, options, [draw]));
}

/** A structure element (L, Sect) holding the elements `draw` makes. */
export function group(doc: Doc, type: string, draw: () => void) {
  const parent = parents.get(doc);
  if (!parent) return draw();
  const el = doc.struct(type);
  parent.add(el);
  parents.set(doc, el);
  try {
    draw();
  } finally {
    parents.set(doc, parent);
    el.end();
  }
}

/** Decoration a screen reader skips: bands, rules, badges, page footers. */
export function artifact(doc: Doc, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
}

/** Paragraphs, headings and list items (a run of items is one list); a paragraph starts where at
 *  least its first lines fit, and flows on to the next page. */
export function writeBlocks(doc: Doc, blocks: Block[], opts: { size: number; width: number; x: number; heading: string; gap: number }) {
  for (let i = 0; i < blocks.length; ) {
    if (blocks[i]!.kind === 'li') {
      let end = i;
      while (end < blocks.length && blocks[end]!.kind === 'li') end++;
      const items = blocks.slice(i, end);
      group(doc, 'L', () => {
        for (const b of items) writeBlock(doc, b, 'LI', opts);
      });
      i = end;
    } else {
      const b = blocks[i++]!;
      writeBlock(doc, b, b.kind === 'h' ? opts.heading : 'P', opts);
    }
  }
}

function writeBlock(doc: Doc, b: Block, type: string, opts: { size: number; width: number; x: number; gap: number }) {
  const lines = 3 * (opts.size + 2.5) * 1.2;
  ensureRoom(doc, Math.min(runsHeight(doc, b.runs, opts.size, opts.width), lines));
  tagged(doc, type, () => writeRuns(doc, b.runs, { size: opts.size, width: opts.width, x: opts.x, indent: b.kind === 'li' ? 10 : 0 }));
  doc.moveDown(opts.gap);
}

/** Height of a section heading (eyebrow and title) with the space around it. */
const SECTION_HEADING = 70;

export function sectionHeading(doc: Doc, eyebrow: string, title: string, following = 40) {
  ensureRoom(doc, SECTION_HEADING + following);
  doc.moveDown(0.6);
  tagged(doc, 'P', () => doc.font(SANS_BOLD).fontSize(8).fillColor(COLOURS.accent).text(pdfText(eyebrow.toUpperCase()), MARGIN, undefined, { characterSpacing: 1.6 }));
  doc.moveDown(0.15);
  tagged(doc, 'H2', () => doc.font(SERIF_BOLD).fontSize(20).fillColor(COLOURS.heading).text(pdfText(title), MARGIN));
  doc.moveDown(0.4);
}

/** Where the map is drawn: its scale `f` (PDF points per map unit) and `at`, a map point's place on the page. */
interface MapFrame {
  f: number;
  at: (px: number, py: number) => [number, number];
}

/** The route map: the same layout as the SVG, drawn with PDF operators at (x, y), `w` wide. */
export function drawMap(doc: Doc, layout: MapLayout, x: number, y: number, w: number) {
  const f = w / layout.width;
  const h = layout.height * f;
  const frame: MapFrame = { f, at: (px, py) => [x + px * f, y + py * f] };
  doc.save();
  doc.rect(x, y, w, h).clip();
  doc.rect(x, y, w, h).fill(MAP_COLOURS.sea);
  drawLand(doc, layout, x, y, f);
  drawCountryLabels(doc, layout, frame);
  drawRouteLine(doc, layout, frame);
  drawMarkers(doc, layout, frame);
  drawPlaceLabels(doc, layout, frame);
  doc.restore();
  return h;
}

/** The countries (the one toured in the land colour) and the lakes, in the map's own units. */
function drawLand(doc: Doc, layout: MapLayout, x: number, y: number, f: number) {
  const c = MAP_COLOURS;
  doc.save();
  doc.transform(layout.scale * f, 0, 0, layout.scale * f, x + layout.tx * f, y + layout.ty * f);
  doc.lineWidth(1.1 / layout.scale).lineJoin('round');
  for (const country of layout.countries) doc.path(country.d).fillAndStroke(country.focus ? c.land : c.neighbour, c.border);
  doc.lineWidth(0.8 / layout.scale);
  for (const lake of layout.lakes) doc.path(lake.d).fillAndStroke(c.sea, c.shore);
  doc.restore();
}

/** The countries' names, spaced out, and the ocean's in italics. */
function drawCountryLabels(doc: Doc, layout: MapLayout, { f, at }: MapFrame) {
  const c = MAP_COLOURS;
  for (const l of layout.countryLabels) {
    const size = 10 * f;
    doc.font(l.text === 'Indian Ocean' ? ITALIC : SANS_BOLD).fontSize(size);
    const spacing = l.text === 'Indian Ocean' ? 0.5 * f : 1.5 * f;
    const tw = doc.widthOfString(l.text, { characterSpacing: spacing });
    const [lx, ly] = at(l.x, l.y);
    doc.fillColor(l.focus ? c.countryLabel : c.neighbourLabel).text(l.text, lx - tw / 2, ly, { lineBreak: false, baseline: 'alphabetic', characterSpacing: spacing });
  }
}

/** The route, a line over a wider white halo. */
function drawRouteLine(doc: Doc, layout: MapLayout, { f, at }: MapFrame) {
  const c = MAP_COLOURS;
  if (layout.line.length > 1) {
    const pts = layout.line.map(([px, py]) => at(px, py));
    for (const [width, colour, opacity] of [
      [5 * f, c.halo, 0.85],
      [2.5 * f, c.route, 1],
    ] as const) {
      doc.save();
      doc.moveTo(...pts[0]!);
      for (const p of pts.slice(1)) doc.lineTo(...p);
      doc.lineWidth(width).lineJoin('round').lineCap('round').strokeOpacity(opacity).stroke(colour);
      doc.restore();
    }
  }
}

/** The stops: a dot, a numbered pill, or a ringed circle. */
function drawMarkers(doc: Doc, layout: MapLayout, { f, at }: MapFrame) {
  const c = MAP_COLOURS;
  for (const m of layout.markers) {
    const [mx, my] = at(m.x, m.y);
    const r = 9 * f;
    if (m.dot) {
      doc
        .circle(mx, my, (m.w / 2) * f)
        .lineWidth(1.5 * f)
        .fillAndStroke(c.marker, c.halo);
    } else if (m.text) {
      const mw = m.w * f;
      doc
        .roundedRect(mx - mw / 2, my - r, mw, 2 * r, r)
        .lineWidth(1.5 * f)
        .fillAndStroke(c.marker, c.halo);
      const size = 10.5 * f;
      doc.font(SANS_BOLD).fontSize(size).fillColor(c.markerText);
      const tw = doc.widthOfString(m.text);
      doc.text(m.text, mx - tw / 2, my + size * 0.36, { lineBreak: false, baseline: 'alphabetic' });
    } else {
      doc
        .circle(mx, my, r - f)
        .lineWidth(2.5 * f)
        .fillAndStroke(c.route, c.halo);
      doc.circle(mx, my, 2.5 * f).fill(c.halo);
    }
  }
}

/** The places' names: their leader lines first, then each name over a white halo, as on the SVG map. */
function drawPlaceLabels(doc: Doc, layout: MapLayout, { f, at }: MapFrame) {
  const c = MAP_COLOURS;
  for (const l of layout.labels) {
    if (!l.leader) continue;
    const [x1, y1, x2, y2] = l.leader;
    doc.save();
    doc
      .moveTo(...at(x1, y1))
      .lineTo(...at(x2, y2))
      .lineWidth(f)
      .lineCap('round')
      .stroke(c.label);
    doc.restore();
  }
  const size = 12 * f;
  for (const l of layout.labels) {
    const text = pdfText(l.text);
    doc.font(SANS_BOLD).fontSize(size);
    const tw = doc.widthOfString(text);
    const [lx, ly] = at(l.x, l.y);
    const left = l.anchor === 'start' ? lx : l.anchor === 'end' ? lx - tw : lx - tw / 2;
    // A white halo under the letters, as on the SVG map.
    doc.save();
    doc
      .lineWidth(3.5 * f)
      .lineJoin('round')
      .strokeColor(c.halo);
    doc.text(text, left, ly, { lineBreak: false, baseline: 'alphabetic', stroke: true, fill: false });
    doc.restore();
    doc.fillColor(c.label).text(text, left, ly, { lineBreak: false, baseline: 'alphabetic' });
  }
}

/** The dark band at the top of a cover: the site's name and its tagline. */
export function brandBand(doc: Doc) {
  const width = doc.page.width - 2 * MARGIN;
  artifact(doc, () => doc.rect(0, 0, doc.page.width, 62).fill(COLOURS.band));
  tagged(doc, 'P', () => doc.font(SERIF_BOLD).fontSize(17).fillColor(COLOURS.bandText).text(pdfText(site.name), MARGIN, 22, { lineBreak: false }));
  tagged(doc, 'P', () =>
    doc
      .font(SANS)
      .fontSize(8.5)
      .fillColor('#c9d3c2')
      .text(pdfText(messagesOf(doc).t('pdf.tagline')), MARGIN, 27, { width, align: 'right' }),
  );
}

export function listColumn(doc: Doc, title: string, items: string[], x: number, y: number, w: number, mark: string): number {
  tagged(doc, 'H3', () => doc.font(SERIF_BOLD).fontSize(14).fillColor(COLOURS.heading).text(title, x, y, { width: w }));
  doc.moveDown(0.3);
  group(doc, 'L', () => {
    for (const item of items) {
      const top = doc.y;
      tagged(doc, 'LI', () => {
        doc.font(SANS_BOLD).fontSize(9.5).fillColor(COLOURS.accent).text(mark, x, top, { width: 12, lineBreak: false });
        doc
          .font(SANS)
          .fontSize(9.5)
          .fillColor(COLOURS.text)
          .text(pdfText(item), x + 14, top, { width: w - 14, lineGap: 2 });
      });
      doc.moveDown(0.15);
    }
  });
  return doc.y;
}

export const DAY_INDENT = 44;

/** A day's heading (H3; `actual` is what a screen reader says) at `top`, beside the round "DAY n" badge. */
export function dayHeading(doc: Doc, n: number, title: string, actual: string, top: number) {
  const bodyW = doc.page.width - 2 * MARGIN - DAY_INDENT;
  dayBadge(doc, n, top);
  tagged(
    doc,
    'H3',
    () =>
      doc
        .font(SERIF_BOLD)
        .fontSize(14)
        .fillColor(COLOURS.heading)
        .text(pdfText(title), MARGIN + DAY_INDENT, top + 2, { width: bodyW }),
    {
      actual: pdfText(actual),
    },
  );
}

/** The round "DAY n" badge left of a day's heading (decoration: the heading says the day). */
function dayBadge(doc: Doc, n: number, top: number) {
  artifact(doc, () => {
    doc.circle(MARGIN + 17, top + 15, 17).fill(COLOURS.heading);
    doc
      .font(SANS_BOLD)
      .fontSize(6)
      .fillColor('#e9b85c')
      .text(messagesOf(doc).t('pdf.dayBadge'), MARGIN, top + 6, { width: 34, align: 'center', characterSpacing: 0.8 });
    doc
      .font(SERIF_BOLD)
      .fontSize(13)
      .fillColor(COLOURS.bandText)
      .text(String(n), MARGIN, top + 13, { width: 34, align: 'center' });
  });
}

/** The operator's contact block: its rows, then `link` (a labelled address) and the note under them. */
export function contact(doc: Doc, link: [string, string] | null, note: string) {
  const width = doc.page.width - 2 * MARGIN;
  const m = messagesOf(doc);
  const rows: [string, string, string?][] = [
    [m.t('pdf.operator'), site.legalName],
    [m.t('pdf.office'), site.location],
    [m.t('pdf.phone'), site.phone, site.phoneHref],
    ['WhatsApp', site.whatsapp, site.whatsappHref],
    [m.t('pdf.email'), site.email, `mailto:${site.email}`],
    ...(link ? [[link[0], link[1], link[1]] as [string, string, string]] : []),
  ];
  // The block is kept together (heading, rows and note): measured, not guessed.
  doc.font(SANS).fontSize(10);
  const rowsHeight = rows.reduce((n, [, value]) => n + doc.heightOfString(pdfText(value), { width: width - 136 }) + doc.currentLineHeight(true) * 0.35, 0);
  const noteHeight = doc.fontSize(9).heightOfString(note, { width }) + 9 * 0.6 * 1.2;
  sectionHeading(doc, m.t('pdf.contactKicker'), m.t('pdf.contactHeading'), rowsHeight + noteHeight);
  for (const [label, value, href] of rows) {
    const top = doc.y;
    tagged(doc, 'P', () => {
      doc.font(SANS_BOLD).fontSize(10).fillColor(COLOURS.muted).text(label, MARGIN, top, { width: 130 });
      doc
        .font(SANS)
        .fontSize(10)
        .fillColor(href ? COLOURS.link : COLOURS.text)
        .text(pdfText(value), MARGIN + 136, top, { width: width - 136, link: href ?? null, underline: !!href });
    });
    doc.moveDown(0.35);
  }
  doc.moveDown(0.6);
  tagged(doc, 'P', () => doc.font(SANS).fontSize(9).fillColor(COLOURS.muted).text(note, MARGIN, undefined, { width }));
}

function footers(doc: Doc, pageUrl: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 8;
    const width = doc.page.width - 2 * MARGIN;
    artifact(
      doc,
      () => {
        doc
          .moveTo(MARGIN, y - 8)
          .lineTo(MARGIN + width, y - 8)
          .lineWidth(0.5)
          .stroke(COLOURS.rule);
        doc
          .font(SANS)
          .fontSize(8)
          .fillColor(COLOURS.muted)
          .text(pdfText(`${site.name}  ·  ${site.phone}  ·  ${pageUrl}`), MARGIN, y, { width: width - 70, lineBreak: false, link: pageUrl });
        doc.text(messagesOf(doc).t('pdf.page', { number: i + 1, count: range.count }), MARGIN, y, { width, align: 'right', lineBreak: false });
      },
      'Pagination',
    );
    doc.page.margins.bottom = bottomMargin;
  }
}

/** The messages of a document's language (its contact block, badges and footers). */
const languages = new WeakMap<Doc, ServerMessages>();
const messagesOf = (doc: Doc) => languages.get(doc) ?? serverMessages(DEFAULT_LANGUAGE);

/** A fact's label as the document's language writes it before its value ("Meals: ", "Repas : "). */
export const factLabel = (doc: Doc, label: string) => messagesOf(doc).t('pdf.label', { label });

/** A new A4 document in the site's fonts, tagged (PDF 1.7, in its language, English unless given; its title shown), its structure root open; `done` resolves with its bytes. */
export function openPdf(meta: { title: string; subject: string; language?: Language }): { doc: Doc; done: Promise<Uint8Array> } {
  const m = serverMessages(meta.language ?? DEFAULT_LANGUAGE);
  const doc = new PDFDocument({
    size: A4,
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: LANGUAGES[m.language].tag,
    displayTitle: true,
    info: { Title: pdfText(meta.title), Author: pdfText(site.legalName), Subject: pdfText(meta.subject), Creator: pdfText(site.name) },
  });
  languages.set(doc, m);
  const done = pdfBytes(doc);
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  const root = doc.struct('Document');
  doc.addStructure(root);
  parents.set(doc, root);
  return { doc, done };
}

/** Ends the structure, draws every page's footer (the site, its phone, `footerUrl`, the page number) and the document. */
export function closePdf(doc: Doc, done: Promise<Uint8Array>, footerUrl: string): Promise<Uint8Array> {
  const root = parents.get(doc);
  parents.delete(doc);
  root?.end();
  footers(doc, footerUrl);
  doc.end();
  return done;
}
