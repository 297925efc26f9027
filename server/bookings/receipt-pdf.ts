// A payment's receipt as a PDF, drawn with pdfkit in the itinerary PDF's style (the site's fonts,
// Fraunces and Manrope, the dark green band and the warm rules): who paid, for which booking, how
// much, how and when, and the account after it. Refunds and corrections get a receipt too, titled
// as what they are.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { BookingDetail, LedgerLine } from '../../common/booking-console.ts';
import { accountOf, formatMinor } from '../../common/booking-money.ts';
import { PAYMENT_METHOD_LABELS } from '../../common/booking-ledger.ts';
import { pdfBytes } from '../../common/pdf-bytes.ts';
import { site } from '../../common/site.ts';

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

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayText = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));
const TITLES = { payment: 'Payment receipt', refund: 'Refund note', correction: 'Account correction' } as const;

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

/** The receipt of one ledger entry of a booking (the account shown is the one right after that entry). */
export function receiptPdf(b: BookingDetail, entry: LedgerLine): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: A4,
    margin: MARGIN,
    pdfVersion: '1.7',
    lang: 'en-GB',
    displayTitle: true,
    info: { Title: `${TITLES[entry.kind]} ${receiptNumber(b, entry)}`, Author: site.legalName, Creator: site.name },
  });
  const done = pdfBytes(doc);
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  doc.rect(0, 0, A4[0], 110).fill(COLOURS.band);
  doc.font('serif').fontSize(22).fillColor(COLOURS.bandText).text(site.name, MARGIN, 38);
  doc.font('sans').fontSize(9.5).text(`${site.legalName} · ${site.location} · ${site.phone} · ${site.email}`, MARGIN, 70);
  doc.font('serif').fontSize(20).fillColor(COLOURS.heading).text(TITLES[entry.kind], MARGIN, 140);
  let y = doc.y + 12;
  y = row(doc, 'Receipt number', receiptNumber(b, entry), y, true);
  y = row(doc, 'Booking', `${b.reference} · ${b.title}`, y);
  y = row(doc, 'Travel dates', `${dayText(b.travelFrom)} to ${dayText(b.travelTo)}`, y);
  y = row(doc, 'Lead traveller', b.leadName, y);
  y = rule(doc, y + 4);
  y = row(doc, entry.kind === 'payment' ? 'Amount received' : 'Amount', formatMinor(entry.amountMinor, entry.currency), y, true);
  if (entry.method) y = row(doc, 'Method', PAYMENT_METHOD_LABELS[entry.method as keyof typeof PAYMENT_METHOD_LABELS] ?? entry.method, y);
  if (entry.reference) y = row(doc, 'Reference', entry.reference, y);
  y = row(doc, entry.kind === 'payment' ? 'Received on' : 'Dated', dayText(entry.receivedOn), y);
  if (entry.reason) y = row(doc, 'Reason', entry.reason, y);
  y = row(doc, 'Recorded by', entry.recordedBy, y);
  y = rule(doc, y + 4);
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
  y = row(doc, 'Trip price', formatMinor(after.totalMinor, b.currency), y);
  y = row(doc, 'Received to date', formatMinor(after.paidMinor, b.currency), y);
  y = row(doc, after.outstandingMinor < 0 ? 'Owed back to you' : 'Still to pay', formatMinor(Math.abs(after.outstandingMinor), b.currency), y, true);
  if (after.next) row(doc, 'Next payment', `${formatMinor(after.next.amountMinor, b.currency)} (${after.next.what}) by ${dayText(after.next.by)}`, y);
  doc
    .font('sans')
    .fontSize(8.5)
    .fillColor(COLOURS.muted)
    .text(`Thank you for travelling with ${site.name}. Questions about this receipt: ${site.email} or ${site.phone}.`, MARGIN, A4[1] - MARGIN - 20, { width: A4[0] - 2 * MARGIN });
  doc.end();
  return done;
}
