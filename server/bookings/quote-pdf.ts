// A quote version as a PDF, drawn with the PDF kit the itinerary shares (app/lib/pdf-kit.server.ts:
// the site's fonts, a tagged PDF 1.7 in the traveller's language with its title shown, H1/H2/H3 headings, lists
// and the route map as a Figure with its text alternative): a cover with the trip, who it is for,
// the dates and the route map; the day by day with each night's lodge, its room and board; the
// price lines, the total, the deposit and the balance with their due dates; what is included and
// not; the validity and the terms; the operator's contacts. The trip's private link is not
// printed: the PDF may be forwarded, the link is the traveller's alone. Its words are the server's
// catalogue's (app/lib/server-messages.server.ts) in the language of the enquiry or booking.
import { addDays, DEPOSIT_DUE_DAYS, type PriceTerms } from '../../common/booking-money.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { checkQuoteDocument, type QuoteDocument, quoteRouteDays } from '../../common/quote-document.ts';
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
  factLabel,
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
import { dayWords, serverMessages, type ServerMessages } from '../../app/lib/server-messages.server.ts';

export interface QuotePdfInput {
  reference: string;
  version: number;
  travellerName: string;
  document: QuoteDocument;
  price: PriceTerms;
  /** Whether this version was sent (a draft is marked as one). */
  sent: boolean;
  /** The traveller's language (the enquiry's or the booking's); English when not given. */
  language?: Language;
}

const dayText = (m: ServerMessages, day: string) => m.day(day, 'weekdayShort');

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

function travellersText(m: ServerMessages, d: QuoteDocument): string {
  const t = d.travellers;
  const ages = t.childAges.length ? ` ${m.t('qpdf.aged', { ages: t.childAges.join(', ') })}` : '';
  return `${m.t('trip.adults', { count: t.adults })}${t.children ? `, ${m.t('trip.children', { count: t.children })}${ages}` : ''}`;
}

function cover(doc: Doc, m: ServerMessages, q: QuotePdfInput) {
  const d = q.document;
  brandBand(doc);
  doc.y = 92;
  const eyebrow = m.t('qpdf.eyebrow', { reference: q.reference, version: q.version, draft: q.sent ? 'no' : 'yes' });
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
    [m.t('qpdf.preparedFor'), q.travellerName],
    [m.t('quote.dates'), m.t('qpdf.dates', { from: dayText(m, d.travelFrom), to: dayText(m, d.travelTo), days: d.days.length })],
    [m.t('quote.travellers'), travellersText(m, d)],
    [m.t('quote.total'), m.money(q.price.totalMinor, q.price.currency)],
    [m.t('quote.validUntil'), dayText(m, d.validUntil)],
  ];
  for (const [label, value] of facts) fact(doc, label, value, MARGIN, width(doc));
  doc.moveDown(0.6);
  if (d.message.trim()) writeBlocks(doc, textBlocks(d.message), { size: 10.5, width: width(doc), x: MARGIN, heading: 'H3', gap: 0.5 });
  routeMap(doc, m, d);
}

/** A label and its value on one line ("Dates: …"), as one paragraph. */
function fact(doc: Doc, label: string, value: string, x: number, w: number) {
  tagged(doc, 'P', () => {
    doc.font(SANS_BOLD).fontSize(10).fillColor(COLOURS.accent).text(factLabel(doc, label), x, undefined, { width: w, continued: true });
    doc.font(SANS).fillColor(COLOURS.text).text(pdfText(value), { lineGap: 1.5 });
  });
  doc.moveDown(0.15);
}

/** The route map under the cover's text, in the room that is left, with its stops listed. */
function routeMap(doc: Doc, m: ServerMessages, d: QuoteDocument) {
  const route = safariRoute(quoteRouteDays(d));
  const layout = routeLayout(route);
  if (!layout || !route.length) return;
  const listHeight = 22 + route.length * 14;
  const room = pageBottom(doc) - doc.y - listHeight - 20;
  if (room < 140) doc.addPage();
  const mapW = Math.min(width(doc), ((pageBottom(doc) - doc.y - listHeight - 20) * layout.width) / layout.height);
  const left = MARGIN + (width(doc) - mapW) / 2;
  const top = doc.y + 6;
  const alt = m.t('pdf.mapAlt', { stops: route.map((r) => `${r.number}. ${r.title}`).join(', ') });
  let h = 0;
  tagged(doc, 'Figure', () => (h = drawMap(doc, layout, left, top, mapW)), { alt: pdfText(alt) });
  artifact(doc, () => doc.rect(left, top, mapW, h).lineWidth(0.5).stroke(COLOURS.rule));
  doc.y = top + h + 10;
  tagged(doc, 'H2', () => doc.font(SANS_BOLD).fontSize(8).fillColor(COLOURS.accent).text(m.t('pdf.route'), MARGIN, undefined, { characterSpacing: 1.6 }));
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
          .text(`  ${dayRange(stop.days, dayWords(m))}`),
      );
    }
  });
}

/** One day: its badge, heading (with its date), text, the night's lodge, meals and activities. */
function day(doc: Doc, m: ServerMessages, d: QuoteDocument, i: number) {
  const day = d.days[i]!;
  const bodyX = MARGIN + DAY_INDENT;
  const bodyW = width(doc) - DAY_INDENT;
  ensureRoom(doc, 90);
  const top = doc.y;
  const date = dayText(m, addDays(d.travelFrom, i));
  dayHeading(doc, i + 1, day.title, m.t('qpdf.dayTitle', { number: i + 1, date, title: day.title }), top);
  tagged(doc, 'P', () => doc.font(SANS).fontSize(9).fillColor(COLOURS.muted).text(date, bodyX, undefined, { width: bodyW }));
  doc.moveDown(0.35);
  writeBlocks(doc, textBlocks(day.text), { size: 10, width: bodyW, x: bodyX, heading: 'H4', gap: 0.45 });
  const meals = (['breakfast', 'lunch', 'dinner'] as const).filter((meal) => day.meals[meal]).map((meal) => m.t('qpdf.meal', { meal }));
  if (day.lodge) {
    const room = [day.lodge.roomType, m.t('qpdf.board', { board: day.lodge.board })].filter(Boolean).join(', ');
    fact(doc, m.t('pdf.overnight'), `${day.lodge.name} (${room})`, bodyX, bodyW);
  }
  if (meals.length) fact(doc, m.t('pdf.meals'), meals.join(', '), bodyX, bodyW);
  if (day.activities.length) fact(doc, m.t('pdf.activities'), day.activities.join(', '), bodyX, bodyW);
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
function price(doc: Doc, m: ServerMessages, q: QuotePdfInput) {
  const p = q.price;
  const d = q.document;
  const money = (minor: number) => m.money(minor, p.currency);
  sectionHeading(doc, m.t('qpdf.priceKicker'), m.t('qpdf.priceHeading'), 60);
  group(doc, 'Table', () => {
    priceRow(doc, [m.t('qpdf.item'), m.t('qpdf.quantity'), m.t('qpdf.amount')], true);
    p.lines.forEach((l, i) => {
      const kind = m.t('qpdf.category', { category: d.lines[i]?.category ?? 'other' });
      priceRow(doc, [`${l.label} (${kind})`, m.t('qpdf.line', { quantity: l.quantity, unit: money(l.unitMinor), basis: l.basis }), money(l.amountMinor)], false);
    });
    priceRow(doc, [m.t('quote.total'), '', money(p.totalMinor)], true);
  });
  doc.moveDown(0.5);
  const w = width(doc);
  if (d.display) {
    const about = m.number(Math.round((p.totalMinor / 100) * d.display.rate));
    fact(doc, m.t('qpdf.yourCurrency'), m.t('qpdf.about', { amount: about, currency: d.display.currency }), MARGIN, w);
  }
  fact(doc, m.t('quote.deposit'), m.t('qpdf.depositValue', { amount: money(p.depositMinor), percent: p.depositPercent, days: DEPOSIT_DUE_DAYS }), MARGIN, w);
  fact(doc, m.t('qpdf.balance'), m.t('qpdf.balanceValue', { amount: money(p.balanceMinor), date: dayText(m, p.balanceDueOn) }), MARGIN, w);
}

/** Included and not included, side by side. */
function lists(doc: Doc, m: ServerMessages, d: QuoteDocument) {
  if (!d.included.length && !d.excluded.length) return;
  const colW = (width(doc) - 24) / 2;
  doc.font(SANS).fontSize(9.5);
  const height = (items: string[]) => 30 + items.reduce((n, item) => n + doc.heightOfString(pdfText(item), { width: colW - 14, lineGap: 2 }) + 3, 0);
  ensureRoom(doc, Math.max(height(d.included), height(d.excluded)) + 20);
  doc.moveDown(0.8);
  const top = doc.y;
  const endIn = listColumn(doc, m.t('qpdf.included'), d.included, MARGIN, top, colW, '+');
  const endOut = listColumn(doc, m.t('qpdf.excluded'), d.excluded, MARGIN + colW + 24, top, colW, '-');
  doc.y = Math.max(endIn, endOut);
  doc.x = MARGIN;
}

/** The quote's PDF. */
export function quotePdf(q: QuotePdfInput, siteUrl: string): Promise<Uint8Array> {
  const d = q.document;
  const m = serverMessages(q.language ?? DEFAULT_LANGUAGE);
  const title = m.t('qpdf.title', { title: d.title, reference: q.reference });
  const { doc, done } = openPdf({ title, subject: m.t('qpdf.subject', { reference: q.reference, version: q.version, name: q.travellerName }), language: m.language });
  group(doc, 'Sect', () => cover(doc, m, q));
  doc.addPage();
  group(doc, 'Sect', () => {
    sectionHeading(doc, m.t('pdf.dayByDay'), m.t('qpdf.yourItinerary'), 90);
    d.days.forEach((_, i) => group(doc, 'Sect', () => day(doc, m, d, i)));
  });
  group(doc, 'Sect', () => {
    price(doc, m, q);
    lists(doc, m, d);
  });
  group(doc, 'Sect', () => {
    sectionHeading(doc, m.t('qpdf.beforeKicker'), m.t('qpdf.beforeHeading'), 60);
    fact(doc, m.t('quote.validUntil'), dayText(m, d.validUntil), MARGIN, width(doc));
    doc.moveDown(0.3);
    writeBlocks(doc, textBlocks(d.terms), { size: 9.5, width: width(doc), x: MARGIN, heading: 'H3', gap: 0.45 });
  });
  group(doc, 'Sect', () => contact(doc, null, m.t('qpdf.contactNote', { email: site.email, phone: site.phone })));
  return closePdf(doc, done, siteUrl);
}

/** A stored version's PDF and its file name (its document checked as it was saved). */
export async function versionPdf(
  quote: { reference: string; traveller_name: string },
  version: { version: number; document: unknown; sent_at: Date | null },
  siteUrl: string,
  language?: Language,
): Promise<{ filename: string; bytes: Uint8Array }> {
  const checked = checkQuoteDocument(version.document);
  if (!checked.ok) throw new Error(`quote ${quote.reference} version ${version.version} holds an invalid document`);
  const sent = version.sent_at !== null;
  const input = { reference: quote.reference, version: version.version, travellerName: quote.traveller_name, document: checked.document, price: checked.price, sent, language };
  return { filename: quotePdfName(input), bytes: await quotePdf(input, siteUrl) };
}
