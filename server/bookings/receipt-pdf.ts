// A payment's receipt as a PDF, drawn with pdfkit in the itinerary PDF's style (the site's fonts,
// Fraunces and Manrope, the dark green band and the warm rules): who paid, for which booking, how
// much, how and when, and the account after it. Refunds and corrections get a receipt too, titled
// as what they are. In a language (app/lib/server-messages/<lang>.ts): its labels, its payment
// methods' names, its dates and money.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { BookingDetail, LedgerLine } from '../../common/booking-console.ts';
import { accountOf } from '../../common/booking-money.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '../../common/booking-ledger.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { pdfBytes } from '../../common/pdf-bytes.ts';
import { site } from '../../common/site.ts';
import { serverMessages, type ServerMessages } from '../../app/lib/server-messages.server.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 54;
const COLOURS = { heading: '#15291e', text: '#1d1b18', muted: '#5f5950', rule: '#e4d9c2', band: '#15291e', bandText: '#fbf8f1' };
const FONTS = {
  serif: '@expo-google-fonts/fraunces/600SemiBold/Fraunces_600SemiBold.ttf',
  sans: '@expo-google-fonts/manrope/400Regular/Manrope_400Regular.ttf',
  bold: '@expo-google-fonts/manrope/700Bold/Manrope_700Bold.ttf',
} as const;

let fontData: [string, Buffer][] | null = null;
function fonts(): [string, Buffer][] {
  if (!fontData) {
    const require = createRequire(import.meta.url);
    fontData = Object.entries(FONTS).map(([name, file]) => [name, readFileSync(require.resolve(file))]);
  }
  return fontData;
}

/** A payment method's name in the receipt's language (a method the ledger does not know: as stored). */
function methodName(m: ServerMessages, method: string): string {
  return (PAYMENT_METHODS as readonly string[]).includes(method) ? m.t(`rpdf.method.${method as PaymentMethod}`) : method;
}

/** The receipt's number: the booking's reference and the entry's id. */
export const receiptNumber = (b: Pick<BookingDetail, 'reference'>, e: Pick<LedgerLine, 'id'>) => `${b.reference}-R${e.id}`;

function row(doc: PDFKit.PDFDocument, label: string, value: string, y: number, bold = false): number {
  doc.font('sans').fontSize(10).fillColor(COLOURS.muted).text(label, MARGIN, y, { width: 200 });
  doc
    .font(bold ? 'bold' : 'sans')
    .fillColor(COLOURS.text)
    .text(value, MARGIN + 200, y, { width: A4[0] - 2 * MARGIN - 200 });
  return Math.max(doc.y, y + 16) + 6;
}

function rule(doc: PDFKit.PDFDocument, y: number): number {
  doc
    .moveTo(MARGIN, y)
    .lineTo(A4[0] - MARGIN, y)
    .lineWidth(0.5)
    .stroke(COLOURS.rule);
  return y + 14;
}

/** The entry's own lines: the booking it is for, the amount, how, when and why. */
function entryRows(doc: PDFKit.PDFDocument, m: ServerMessages, b: BookingDetail, entry: LedgerLine, top: number): number {
  const kind = entry.kind;
  let y = row(doc, m.t('rpdf.number'), receiptNumber(b, entry), top, true);
  y = row(doc, m.t('rpdf.booking'), `${b.reference} · ${b.title}`, y);
  y = row(doc, m.t('rpdf.dates'), m.t('mail.dateRange', { from: m.day(b.travelFrom), to: m.day(b.travelTo) }), y);
  y = row(doc, m.t('rpdf.lead'), b.leadName, y);
  y = rule(doc, y + 4);
  y = row(doc, m.t('rpdf.amount', { kind }), m.money(entry.amountMinor, entry.currency), y, true);
  if (entry.method) y = row(doc, m.t('rpdf.method'), methodName(m, entry.method), y);
  if (entry.reference) y = row(doc, m.t('rpdf.reference'), entry.reference, y);
  y = row(doc, m.t('rpdf.on', { kind }), m.day(entry.receivedOn), y);
  if (entry.reason) y = row(doc, m.t('rpdf.reason'), entry.reason, y);
  y = row(doc, m.t('rpdf.recordedBy'), entry.recordedBy, y);
  return rule(doc, y + 4);
}

/** The account right after the entry: the price, what was received, what is still to pay and when. */
function accountRows(doc: PDFKit.PDFDocument, m: ServerMessages, b: BookingDetail, entry: LedgerLine, top: number): void {
  const upTo = b.ledger.filter((e) => e.id <= entry.id);
  const after = accountOf(
    {
      currency: b.currency,
      totalMinor: b.account.totalMinor,
      depositMinor: b.account.depositMinor,
      depositDueOn: b.depositDueOn,
      balanceDueOn: b.balanceDueOn,
      travelFrom: b.travelFrom,
      travelTo: b.travelTo,
    },
    upTo,
    entry.receivedOn,
  );
  let y = row(doc, m.t('rpdf.price'), m.money(after.totalMinor, b.currency), top);
  y = row(doc, m.t('rpdf.toDate'), m.money(after.paidMinor, b.currency), y);
  y = row(doc, m.t('rpdf.outstanding', { owed: after.outstandingMinor < 0 ? 'yes' : 'no' }), m.money(Math.abs(after.outstandingMinor), b.currency), y, true);
  if (after.next) row(doc, m.t('rpdf.next'), m.t('rpdf.nextValue', { amount: m.money(after.next.amountMinor, b.currency), what: after.next.what, date: m.day(after.next.by) }), y);
}

/**
 * The receipt of one ledger entry of a booking (the account shown is the one right after that
 * entry), in a language: the booking's for the traveller's copies (the e-mail's attachment, the
 * console's download), English when the console asks for the operator's copy.
 */
export function receiptPdf(b: BookingDetail, entry: LedgerLine, language: Language = b.language): Promise<Uint8Array> {
  const m = serverMessages(language);
  const title = m.t('rpdf.title', { kind: entry.kind });
  const doc = new PDFDocument({
    size: A4,
    margin: MARGIN,
    pdfVersion: '1.7',
    lang: language === DEFAULT_LANGUAGE ? 'en-GB' : language,
    displayTitle: true,
    info: { Title: `${title} ${receiptNumber(b, entry)}`, Author: site.legalName, Creator: site.name },
  });
  const done = pdfBytes(doc);
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  doc.rect(0, 0, A4[0], 110).fill(COLOURS.band);
  doc.font('serif').fontSize(22).fillColor(COLOURS.bandText).text(site.name, MARGIN, 38);
  doc.font('sans').fontSize(9.5).text(`${site.legalName} · ${site.location} · ${site.phone} · ${site.email}`, MARGIN, 70);
  doc.font('serif').fontSize(20).fillColor(COLOURS.heading).text(title, MARGIN, 140);
  accountRows(doc, m, b, entry, entryRows(doc, m, b, entry, doc.y + 12));
  doc
    .font('sans')
    .fontSize(8.5)
    .fillColor(COLOURS.muted)
    .text(m.t('rpdf.thanks', { site: site.name, email: site.email, phone: site.phone }), MARGIN, A4[1] - MARGIN - 20, { width: A4[0] - 2 * MARGIN });
  doc.end();
  return done;
}
