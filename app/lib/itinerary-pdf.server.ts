// The printable itinerary of a safari as a PDF, drawn on the server with the PDF kit
// (app/lib/pdf-kit.server.ts: fonts, tagged structure, headings, map, contact block, footers): a
// cover with the title, length, price and the route map; the overview, includes and excludes; each
// day with its text, stops, overnight lodge, meals and activities (a day starts on a new page only
// when its heading and first lines do not fit; a paragraph is not split unless it is longer than a
// page); the operator's contact details and the page's address.
// Its structure for screen readers: the title is H1, each section H2, each day H3, paragraphs P,
// lists L/LI, the map a Figure with a text alternative. In the page's language: its labels from the
// server's catalogue (app/lib/server-messages.server.ts), the safari's texts from the language's API answer.
import type { SafariResponse } from '../../common/api-types.ts';
import { urlIn } from '../../common/language-paths.ts';
import { DEFAULT_LANGUAGE, languageOfPath, type Language } from '../../common/languages.ts';
import { safariHeading } from '../../common/safari-title.ts';
import { dayRange, safariRoute, type RouteStop } from '../../common/route.ts';
import { formatMoney } from '../../common/intl.ts';
import { routeLayout } from './map/maps.server.ts';
import type { MapLayout } from './map/route-map.ts';
import { type Block, type Doc, COLOURS, DAY_INDENT, MARGIN, SANS, SANS_BOLD, SERIF_BOLD } from './pdf-kit.server.ts';
import { artifact, closePdf, factLabel, group, htmlBlocks, openPdf, pdfText, tagged } from './pdf-kit.server.ts';
import { brandBand, contact, dayHeading, drawMap, ensureRoom, listColumn, pageBottom, runsHeight, sectionHeading, writeBlocks } from './pdf-kit.server.ts';
import { cleanList, mealPlan } from './safari.ts';
import { dayWords, serverMessages, type ServerMessages } from './server-messages.server.ts';

/** The price per person: the site's own dollars in English ("$1,680"), the language's format otherwise. */
function priceIn(m: ServerMessages, value: number | string): string {
  return formatMoney(Number(value), 'USD', m.language);
}

/** The safari page's address in the PDF's language (the answer's, when it is already in it). */
function pageIn(pageUrl: string, language: Language): string {
  try {
    return languageOfPath(new URL(pageUrl).pathname) === language ? pageUrl : urlIn(pageUrl, language);
  } catch {
    return pageUrl;
  }
}

const MEALS: Record<string, string> = { Breakfast: 'breakfast', Lunch: 'lunch', Dinner: 'dinner' };

function cover(doc: Doc, m: ServerMessages, data: SafariResponse, heading: string, route: RouteStop[], layout: MapLayout | null) {
  const width = doc.page.width - 2 * MARGIN;
  const s = data.safari;
  brandBand(doc);

  doc.y = 92;
  tagged(doc, 'P', () => doc.font(SANS_BOLD).fontSize(8).fillColor(COLOURS.accent).text(m.t('pdf.kicker'), MARGIN, undefined, { characterSpacing: 1.6 }));
  doc.moveDown(0.3);
  tagged(doc, 'H1', () => doc.font(SERIF_BOLD).fontSize(28).fillColor(COLOURS.heading).text(pdfText(heading), MARGIN, undefined, { width, lineGap: 1 }));
  doc.moveDown(0.4);
  const days = m.t('pdf.days', { count: s.safariday });
  tagged(doc, 'P', () =>
    doc
      .font(SANS_BOLD)
      .fontSize(12)
      .fillColor(COLOURS.text)
      .text(`${days}  ·  ${m.t('pdf.from', { price: priceIn(m, s.safariprice) })}`, MARGIN, undefined, { continued: true })
      .font(SANS)
      .fillColor(COLOURS.muted)
      .text(`  ${m.t('pdf.currency')}`),
  );
  doc.moveDown(0.8);

  // The route list under the map, in two columns; the map takes the room that is left.
  const colW = (width - 16) / 2;
  const perCol = Math.ceil(route.length / 2);
  const listHeight = route.length ? 22 + perCol * 15 : 0;
  if (layout) {
    const room = pageBottom(doc) - doc.y - listHeight - 40;
    const mapW = Math.min(width, (room * layout.width) / layout.height);
    const left = MARGIN + (width - mapW) / 2;
    const top = doc.y;
    let h = 0;
    const alt = m.t('pdf.mapAlt', { stops: route.map((r) => `${r.number}. ${r.title}`).join(', ') });
    tagged(doc, 'Figure', () => (h = drawMap(doc, layout, left, top, mapW)), { alt: pdfText(alt) });
    artifact(doc, () => doc.rect(left, top, mapW, h).lineWidth(0.5).stroke(COLOURS.rule));
    doc.y = top + h + 6;
    tagged(doc, 'P', () => doc.font(SANS).fontSize(7).fillColor(COLOURS.muted).text(m.t('pdf.mapNote'), MARGIN, undefined, { width }));
    doc.moveDown(0.8);
  }

  if (route.length) {
    tagged(doc, 'H2', () => doc.font(SANS_BOLD).fontSize(8).fillColor(COLOURS.accent).text(m.t('pdf.route'), MARGIN, undefined, { characterSpacing: 1.6 }));
    doc.moveDown(0.3);
    const top = doc.y;
    let bottom = top;
    group(doc, 'L', () =>
      route.forEach((stop, i) => {
        if (i === perCol) doc.y = top;
        const x = MARGIN + (i < perCol ? 0 : colW + 16);
        tagged(doc, 'LI', () =>
          doc
            .font(SANS_BOLD)
            .fontSize(9.5)
            .fillColor(COLOURS.text)
            .text(pdfText(`${stop.number}.  ${stop.title}`), x, undefined, { width: colW, continued: true, lineGap: 2 })
            .font(SANS)
            .fillColor(COLOURS.muted)
            .text(`  ${dayRange(stop.days, dayWords(m))}`),
        );
        bottom = Math.max(bottom, doc.y);
      }),
    );
    doc.y = bottom;
  }
}

interface DayParts {
  title: string;
  blocks: Block[];
  facts: [string, string][];
}

function dayParts(m: ServerMessages, data: SafariResponse, i: number, origin: string): DayParts {
  const day = data.safaridays[i]!;
  const meals = mealPlan(day).map((meal) => m.t('pdf.meal', { meal: MEALS[meal] ?? 'water' }));
  const facts: [string, string][] = [];
  if (day.stops.length) facts.push([m.t('pdf.where'), day.stops.map((s) => s.title).reduce((first, next) => m.t('pdf.then', { first, next }))]);
  if (day.lodge) facts.push([m.t('pdf.overnight'), `${day.lodge.lodgetitle} (${m.t('pdf.tier', { tier: day.lodge.lodgetier })})`]);
  if (meals.length) facts.push([m.t('pdf.meals'), meals.join(', ')]);
  if (day.experiences.length) facts.push([m.t('pdf.activities'), day.experiences.map((x) => x.experiencetitle).join(', ')]);
  return { title: day.title, blocks: htmlBlocks(day.description, origin), facts };
}

/** The height a day's heading and first lines take (a day starts on a new page when they do not fit). */
function dayStartHeight(doc: Doc, m: ServerMessages, data: SafariResponse, i: number, origin: string): number {
  const { title, blocks } = dayParts(m, data, i, origin);
  const bodyW = doc.page.width - 2 * MARGIN - DAY_INDENT;
  doc.font(SERIF_BOLD).fontSize(14);
  const head = doc.heightOfString(pdfText(title), { width: bodyW }) + 8;
  const first = blocks[0] ? Math.min(runsHeight(doc, blocks[0].runs, 10, bodyW), 4 * 12.5 * 1.2) : 0;
  return Math.max(head + first, 40);
}

function dayBlock(doc: Doc, m: ServerMessages, data: SafariResponse, i: number, origin: string) {
  const day = data.safaridays[i]!;
  const width = doc.page.width - 2 * MARGIN;
  const bodyX = MARGIN + DAY_INDENT;
  const bodyW = width - DAY_INDENT;
  const { title, blocks, facts } = dayParts(m, data, i, origin);

  // A day starts on a new page only when its heading and first lines do not fit; its text then
  // flows on from page to page.
  ensureRoom(doc, dayStartHeight(doc, m, data, i, origin));

  const top = doc.y;
  const page = doc.page;
  dayHeading(doc, day.day_number, title, m.t('pdf.dayTitle', { number: day.day_number, title }), top);
  doc.moveDown(0.35);
  writeBlocks(doc, blocks, { size: 10, width: bodyW, x: bodyX, heading: 'H4', gap: 0.45 });
  doc.font(SANS).fontSize(9);
  const factsHeight = facts.reduce((n, [label, value]) => n + doc.heightOfString(`${factLabel(doc, label)}${pdfText(value)}`, { width: bodyW, lineGap: 1.5 }) + 3, 0);
  if (factsHeight <= pageBottom(doc) - MARGIN) ensureRoom(doc, factsHeight);
  for (const [label, value] of facts) {
    tagged(doc, 'P', () => {
      doc.font(SANS_BOLD).fontSize(9).fillColor(COLOURS.accent).text(factLabel(doc, label), bodyX, undefined, { width: bodyW, continued: true });
      doc.font(SANS).fillColor(COLOURS.text).text(pdfText(value), { lineGap: 1.5 });
    });
    doc.moveDown(0.15);
  }
  if (doc.page === page) doc.y = Math.max(doc.y, top + 38);
  doc.moveDown(0.5);
  if (doc.y < pageBottom(doc)) {
    artifact(doc, () =>
      doc
        .moveTo(bodyX, doc.y)
        .lineTo(MARGIN + width, doc.y)
        .lineWidth(0.5)
        .stroke(COLOURS.rule),
    );
  }
  doc.moveDown(0.9);
}

/** The itinerary PDF of a safari answer of the API (the answer in the page's language), its labels in that language. */
export function itineraryPdf(data: SafariResponse, language: Language = DEFAULT_LANGUAGE): Promise<Uint8Array> {
  const m = serverMessages(language);
  const s = data.safari;
  const heading = safariHeading(s.safariday, s.safarititle, language);
  const pageUrl = pageIn(data.pageUrl, language);
  let origin = '';
  try {
    origin = new URL(pageUrl).origin;
  } catch {
    origin = 'http://localhost';
  }
  const route = safariRoute(data.safaridays);
  const layout = routeLayout(route);
  const { doc, done } = openPdf({ title: m.t('pdf.docTitle', { heading }), subject: s.safarimetadescription, language });

  group(doc, 'Sect', () => cover(doc, m, data, heading, route, layout));

  doc.addPage();
  group(doc, 'Sect', () => {
    sectionHeading(doc, m.t('pdf.glance'), m.t('pdf.overview'));
    writeBlocks(doc, htmlBlocks(s.safaridescription, origin), { size: 10.5, width: doc.page.width - 2 * MARGIN, x: MARGIN, heading: 'H3', gap: 0.5 });
  });

  const includes = cleanList(s.safariincludes);
  const excludes = cleanList(s.safariexcludes);
  const colW = (doc.page.width - 2 * MARGIN - 24) / 2;
  doc.font(SANS).fontSize(9.5);
  const listHeight = (items: string[]) => 30 + items.reduce((n, item) => n + doc.heightOfString(pdfText(item), { width: colW - 14, lineGap: 2 }) + 3, 0);
  ensureRoom(doc, Math.max(listHeight(includes), listHeight(excludes)) + 20);
  doc.moveDown(0.6);
  const listTop = doc.y;
  group(doc, 'Sect', () => {
    const endIn = listColumn(doc, m.t('pdf.includes'), includes, MARGIN, listTop, colW, '+');
    const endOut = listColumn(doc, m.t('pdf.excludes'), excludes, MARGIN + colW + 24, listTop, colW, '-');
    doc.y = Math.max(endIn, endOut);
  });
  doc.x = MARGIN;

  // The heading stays with the first day's heading and first lines.
  group(doc, 'Sect', () => {
    sectionHeading(doc, m.t('pdf.dayByDay'), m.t('pdf.detailed'), data.safaridays.length ? dayStartHeight(doc, m, data, 0, origin) : 0);
    data.safaridays.forEach((_, i) => group(doc, 'Sect', () => dayBlock(doc, m, data, i, origin)));
  });

  group(doc, 'Sect', () => contact(doc, [m.t('pdf.online'), pageUrl], m.t('pdf.note')));
  return closePdf(doc, done, pageUrl);
}
