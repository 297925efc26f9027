// A quote version as a PDF, drawn with the PDF kit the itinerary shares (app/lib/pdf-kit.server.ts:
// the site's fonts, a tagged PDF 1.7 in English with its title shown, H1/H2/H3 headings, lists
// and the route map as a Figure with its text alternative): a cover with the trip, who it is for,
// the dates and the route map; the day by day with each night's lodge, its room and board; the
// price lines, the total, the deposit and the balance with their due dates; what is included and
// not; the validity and the terms; the operator's contacts. The trip's private link is not
// printed: the PDF may be forwarded, the link is the traveller's alone.
import { addDays, DEPOSIT_DUE_DAYS, formatMinor, type PriceTerms } from '../../common/booking-money.ts';
import { BOARD_LABELS, checkQuoteDocument, PRICE_CATEGORY_LABELS, type QuoteDocument, quoteRouteDays } from '../../common/quote-document.ts';
import { dayRange, safariRoute } from '../../common/route.ts';
import { site } from '../../common/site.ts';
import {
  artifact,
  type Block,
  brandBand,
  COLOURS,
  closePdf,
  contact,
  DAY_INDENT,
  dayHeading,
  type Doc,
  drawMap,
  ensureRoom,
  group,
  listColumn,
  MARGIN,
  openPdf,
  pageBottom,
  pdfText,
  SANS,
  SANS_BOLD,
  SERIF_BOLD,
  sectionHeading,
  tagged,
  writeBlocks,
} from '../../app/lib/pdf-kit.server.ts';
import { routeLayout } from '../../app/lib/map/maps.server.ts';

export interface QuotePdfInput {
  reference: string;
  version: number;
  travellerName: string;
  document: QuoteDocument;
  price: PriceTerms;
  /** Whether this version was sent (a draft is marked as one). */
  sent: boolean;
}

const longDate = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayText = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The PDF's file name: the reference and version, e.g. Q-2026-0042-v2.pdf. */
export const quotePdfName = (q: Pick<QuotePdfInput, 'reference' | 'version'>) => `${q.reference}-v${q.version}.pdf`;

/** Plain text as the kit's paragraphs (blank lines part them). */
const textBlocks = (text: string): Block[] =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((p) => ({ kind: 'p', runs: [{ text: p }] }));

const width = (doc: Doc) => doc.page.width - 2 * MARGIN;

function travellersText(d: QuoteDocument): string {
  const t = d.travellers;
  const ages = t.childAges.length ? ` (aged ${t.childAges.join(', ')})` : '';
  return `${plural(t.adults, 'adult', 'adults')}${t.children ? `, ${plural(t.children, 'child', 'children')}${ages}` : ''}`;
}

function cover(doc: Doc, q: QuotePdfInput) {
  const d = q.document;
  brandBand(doc);
  doc.y = 92;
  const eyebrow = `SAFARI QUOTE ${q.reference} · VERSION ${q.version}${q.sent ? '' : ' · DRAFT'}`;
  tagged(doc, 'P', () => doc.font(SANS_BOLD).fontSize(8).fillColor(COLOURS.accent).text(pdfText(eyebrow), MARGIN, undefined, { characterSpacing: 1.6 }));
  doc.moveDown(0.3);
  tagged(doc, 'H1', () =>
    doc
      .font(SERIF_BOLD)
      .fontSize(26)
      .fillColor(COLOURS.heading)
      .text(pdfText(d.title), MARGIN, undefined, { width: width(doc), lineGap: 1 }),
  );
  doc.moveDown(0.4);
  const facts: [string, string][] = [
    ['Prepared for', q.travellerName],
    ['Dates', `${dayText(d.travelFrom)} to ${dayText(d.travelTo)} (${plural(d.days.length, 'day', 'days')})`],
    ['Travellers', travellersText(d)],
    ['Total', formatMinor(q.price.totalMinor, q.price.currency)],
    ['Valid until', dayText(d.validUntil)],
  ];
  for (const [label, value] of facts) fact(doc, label, value, MARGIN, width(doc));
  doc.moveDown(0.6);
  if (d.message.trim()) writeBlocks(doc, textBlocks(d.message), { size: 10.5, width: width(doc), x: MARGIN, heading: 'H3', gap: 0.5 });
  routeMap(doc, d);
}

/** A label and its value on one line ("Dates: …"), as one paragraph. */
function fact(doc: Doc, label: string, value: string, x: number, w: number) {
  tagged(doc, 'P', () => {
    doc.font(SANS_BOLD).fontSize(10).fillColor(COLOURS.accent).text(`${label}: `, x, undefined, { width: w, continued: true });
    doc.font(SANS).fillColor(COLOURS.text).text(pdfText(value), { lineGap: 1.5 });
  });
  doc.moveDown(0.15);
}

/** The route map under the cover's text, in the room that is left, with its stops listed. */
function routeMap(doc: Doc, d: QuoteDocument) {
  const route = safariRoute(quoteRouteDays(d));
  const layout = routeLayout(route);
  if (!layout || !route.length) return;
  const listHeight = 22 + route.length * 14;
  const room = pageBottom(doc) - doc.y - listHeight - 20;
  if (room < 140) doc.addPage();
  const mapW = Math.min(width(doc), ((pageBottom(doc) - doc.y - listHeight - 20) * layout.width) / layout.height);
  const left = MARGIN + (width(doc) - mapW) / 2;
  const top = doc.y + 6;
  const alt = `Route map: ${route.map((r) => `${r.number}. ${r.title}`).join(', ')}.`;
  let h = 0;
  tagged(doc, 'Figure', () => (h = drawMap(doc, layout, left, top, mapW)), { alt: pdfText(alt) });
  artifact(doc, () => doc.rect(left, top, mapW, h).lineWidth(0.5).stroke(COLOURS.rule));
  doc.y = top + h + 10;
  tagged(doc, 'H2', () => doc.font(SANS_BOLD).fontSize(8).fillColor(COLOURS.accent).text('THE ROUTE', MARGIN, undefined, { characterSpacing: 1.6 }));
  doc.moveDown(0.3);
  group(doc, 'L', () => {
    for (const stop of route) {
      tagged(doc, 'LI', () =>
        doc
          .font(SANS_BOLD)
          .fontSize(9.5)
          .fillColor(COLOURS.text)
          .text(pdfText(`${stop.number}.  ${stop.title}`), MARGIN, undefined, { width: width(doc), continued: true, lineGap: 2 })
          .font(SANS)
          .fillColor(COLOURS.muted)
          .text(`  ${dayRange(stop.days)}`),
      );
    }
  });
}

/** One day: its badge, heading (with its date), text, the night's lodge, meals and activities. */
function day(doc: Doc, d: QuoteDocument, i: number) {
  const day = d.days[i]!;
  const bodyX = MARGIN + DAY_INDENT;
  const bodyW = width(doc) - DAY_INDENT;
  ensureRoom(doc, 90);
  const top = doc.y;
  const date = dayText(addDays(d.travelFrom, i));
  dayHeading(doc, i + 1, day.title, `Day ${i + 1}, ${date}: ${day.title}`, top);
  tagged(doc, 'P', () => doc.font(SANS).fontSize(9).fillColor(COLOURS.muted).text(date, bodyX, undefined, { width: bodyW }));
  doc.moveDown(0.35);
  writeBlocks(doc, textBlocks(day.text), { size: 10, width: bodyW, x: bodyX, heading: 'H4', gap: 0.45 });
  const meals = (['breakfast', 'lunch', 'dinner'] as const).filter((m) => day.meals[m]);
  if (day.lodge) {
    const room = [day.lodge.roomType, BOARD_LABELS[day.lodge.board].toLowerCase()].filter(Boolean).join(', ');
    fact(doc, 'Overnight', `${day.lodge.name} (${room})`, bodyX, bodyW);
  }
  if (meals.length) fact(doc, 'Meals', meals.join(', '), bodyX, bodyW);
  if (day.activities.length) fact(doc, 'Activities', day.activities.join(', '), bodyX, bodyW);
  doc.y = Math.max(doc.y, top + 38);
  doc.moveDown(0.9);
}

const COLUMNS = [0.5, 0.3, 0.2] as const;

/** One row of the price table: its cells as TH (the heading row, the total's label) or TD. */
function priceRow(doc: Doc, cells: [string, string, string], bold: boolean) {
  const w = width(doc);
  const widths = COLUMNS.map((f) => w * f - 8);
  const h = Math.max(
    ...cells.map((c, i) =>
      doc
        .font(bold ? SANS_BOLD : SANS)
        .fontSize(9.5)
        .heightOfString(pdfText(c), { width: widths[i]! }),
    ),
  );
  ensureRoom(doc, h + 8);
  const y = doc.y;
  group(doc, 'TR', () =>
    cells.forEach((c, i) => {
      const x = MARGIN + w * COLUMNS.slice(0, i).reduce((n, f) => n + f, 0);
      tagged(doc, bold && (i === 0 || cells[1] !== '') ? 'TH' : 'TD', () =>
        doc
          .font(bold ? SANS_BOLD : SANS)
          .fontSize(9.5)
          .fillColor(COLOURS.text)
          .text(pdfText(c), x, y, { width: widths[i]!, align: i === 2 ? 'right' : 'left' }),
      );
    }),
  );
  doc.y = y + h + 6;
  artifact(doc, () =>
    doc
      .moveTo(MARGIN, doc.y - 3)
      .lineTo(MARGIN + w, doc.y - 3)
      .lineWidth(0.5)
      .stroke(COLOURS.rule),
  );
}

/** The price lines as a table (item, quantity, amount) with the total, then the deposit and balance with their dates. */
function price(doc: Doc, q: QuotePdfInput) {
  const p = q.price;
  const d = q.document;
  sectionHeading(doc, 'The price', 'Price breakdown', 60);
  group(doc, 'Table', () => {
    priceRow(doc, ['Item', 'Quantity', 'Amount'], true);
    p.lines.forEach((l, i) => {
      const kind = PRICE_CATEGORY_LABELS[d.lines[i]?.category ?? 'other'];
      const basis = l.basis === 'person' ? 'per person' : 'per group';
      priceRow(doc, [`${l.label} (${kind.toLowerCase()})`, `${l.quantity} × ${formatMinor(l.unitMinor, p.currency)} ${basis}`, formatMinor(l.amountMinor, p.currency)], false);
    });
    priceRow(doc, ['Total', '', formatMinor(p.totalMinor, p.currency)], true);
  });
  doc.moveDown(0.5);
  const w = width(doc);
  if (d.display) {
    const about = Math.round((p.totalMinor / 100) * d.display.rate).toLocaleString('en-GB');
    fact(doc, 'In your currency', `about ${about} ${d.display.currency} at the rate of the day the quote was made (approximate; billed in USD)`, MARGIN, w);
  }
  fact(doc, 'Deposit to book', `${formatMinor(p.depositMinor, p.currency)} (${p.depositPercent} %), due within ${DEPOSIT_DUE_DAYS} days of accepting`, MARGIN, w);
  fact(doc, 'Balance', `${formatMinor(p.balanceMinor, p.currency)}, due by ${dayText(p.balanceDueOn)}`, MARGIN, w);
}

/** Included and not included, side by side. */
function lists(doc: Doc, d: QuoteDocument) {
  if (!d.included.length && !d.excluded.length) return;
  const colW = (width(doc) - 24) / 2;
  doc.font(SANS).fontSize(9.5);
  const height = (items: string[]) => 30 + items.reduce((n, item) => n + doc.heightOfString(pdfText(item), { width: colW - 14, lineGap: 2 }) + 3, 0);
  ensureRoom(doc, Math.max(height(d.included), height(d.excluded)) + 20);
  doc.moveDown(0.8);
  const top = doc.y;
  const endIn = listColumn(doc, 'Included', d.included, MARGIN, top, colW, '+');
  const endOut = listColumn(doc, 'Not included', d.excluded, MARGIN + colW + 24, top, colW, '-');
  doc.y = Math.max(endIn, endOut);
  doc.x = MARGIN;
}

/** The quote's PDF. */
export function quotePdf(q: QuotePdfInput, siteUrl: string): Promise<Uint8Array> {
  const d = q.document;
  const { doc, done } = openPdf({ title: `${d.title}: quote ${q.reference}`, subject: `Safari quote ${q.reference}, version ${q.version}, for ${q.travellerName}` });
  group(doc, 'Sect', () => cover(doc, q));
  doc.addPage();
  group(doc, 'Sect', () => {
    sectionHeading(doc, 'Day by day', 'Your itinerary', 90);
    d.days.forEach((_, i) => group(doc, 'Sect', () => day(doc, d, i)));
  });
  group(doc, 'Sect', () => {
    price(doc, q);
    lists(doc, d);
  });
  group(doc, 'Sect', () => {
    sectionHeading(doc, 'Before you accept', 'Validity and terms', 60);
    fact(doc, 'Valid until', dayText(d.validUntil), MARGIN, width(doc));
    doc.moveDown(0.3);
    writeBlocks(doc, textBlocks(d.terms), { size: 9.5, width: width(doc), x: MARGIN, heading: 'H3', gap: 0.45 });
  });
  group(doc, 'Sect', () => contact(doc, null, `To accept this quote, open the private link in our e-mail. Questions: ${site.email} or ${site.phone}.`));
  return closePdf(doc, done, siteUrl);
}

/** A stored version's PDF and its file name (its document checked as it was saved). */
export async function versionPdf(
  quote: { reference: string; traveller_name: string },
  version: { version: number; document: unknown; sent_at: Date | null },
  siteUrl: string,
): Promise<{ filename: string; bytes: Uint8Array }> {
  const checked = checkQuoteDocument(version.document);
  if (!checked.ok) throw new Error(`quote ${quote.reference} version ${version.version} holds an invalid document`);
  const input = { reference: quote.reference, version: version.version, travellerName: quote.traveller_name, document: checked.document, price: checked.price, sent: version.sent_at !== null };
  return { filename: quotePdfName(input), bytes: await quotePdf(input, siteUrl) };
}
