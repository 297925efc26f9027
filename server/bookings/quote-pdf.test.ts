import { writeFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { checkQuoteDocument } from '../../common/quote-document.ts';
import { sampleQuoteDocument } from '../../tests/helpers/bookings.ts';
import { quotePdf, quotePdfName } from './quote-pdf.ts';

type Node = { role?: string; alt?: string; children?: Node[] };
function roles(node: Node | null, out: string[] = []): string[] {
  if (!node) return out;
  if (node.role) out.push(node.role);
  for (const c of node.children ?? []) roles(c, out);
  return out;
}

async function pdfOf(over: Parameters<typeof sampleQuoteDocument>[0] = {}, sent = true) {
  const checked = checkQuoteDocument(sampleQuoteDocument(over));
  if (!checked.ok) throw new Error(checked.error);
  const bytes = await quotePdf({ reference: 'Q-2026-0042', version: 2, travellerName: 'Amina Okello', document: checked.document, price: checked.price, sent }, 'https://kigezitrails.example');
  if (process.env.QUOTE_PDF_OUT) await writeFile(process.env.QUOTE_PDF_OUT, bytes);
  return bytes;
}

describe('the quote PDF', () => {
  it('is a tagged PDF 1.7 in English with its title shown, one H1, sections, a heading per day, the price table and the map', async () => {
    const bytes = await pdfOf();
    const raw = new TextDecoder('latin1').decode(bytes);
    expect(raw.slice(0, 8)).toBe('%PDF-1.7');
    expect(raw).toMatch(/\/Lang \(en-GB\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    const doc = await getDocumentProxy(bytes.slice());
    expect((await doc.getMarkInfo())?.Marked).toBe(true);
    const all: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) roles((await (await doc.getPage(i)).getStructTree()) as Node, all);
    expect(all.filter((r) => r === 'H1')).toHaveLength(1);
    // The route, the itinerary, the price, validity and terms, contact.
    expect(all.filter((r) => r === 'H2').length).toBeGreaterThanOrEqual(5);
    // Four days, Included and Not included.
    expect(all.filter((r) => r === 'H3').length).toBeGreaterThanOrEqual(6);
    expect(all).toContain('Figure');
    expect(all).toContain('Table');
    expect(all.filter((r) => r === 'TR')).toHaveLength(6);
    const { info } = (await doc.getMetadata()) as { info: { Title?: string } };
    expect(info.Title).toBe('4-day Bwindi gorilla trek: quote Q-2026-0042');
  });

  it('says the days with their dates and lodges, every price line, the total, deposit, balance, validity and terms', async () => {
    const { text } = await extractText(await getDocumentProxy(await pdfOf()), { mergePages: true });
    const t = String(text).replace(/\s+/g, ' ');
    // The eyebrow is letter-spaced.
    expect(t.replace(/\s+/g, '')).toContain('SAFARIQUOTEQ-2026-0042·VERSION2');
    for (const s of [
      'Prepared for: Amina Okello',
      '2 adults, 1 child (aged 15)',
      'Wed, 10 March 2027',
      'Buhoma Lodge (Family cottage, full board)',
      'Meals: lunch, dinner',
      'Gorilla permits (permit)',
      '2 × $800 per person',
      '-$100.01',
      'Total $9,119.99',
      'Deposit to book: $2,736 (30 %), due within 7 days of accepting',
      'Balance: $6,383.99, due by Sat, 9 January 2027',
      'Valid until: Thu, 31 December 2026',
      'A deposit of 30 % confirms the booking',
      'Park fees',
      'International flights',
      'Bwindi',
    ])
      expect(t).toContain(s);
    expect(t).not.toContain('DRAFT');
  });

  it('marks a draft, shows the traveller’s currency when the quote has one, and is named by reference and version', async () => {
    const { text } = await extractText(await getDocumentProxy(await pdfOf({ display: { currency: 'EUR', rate: 0.9 } }, false)), { mergePages: true });
    const t = String(text).replace(/\s+/g, ' ');
    expect(t.replace(/\s+/g, '')).toContain('VERSION2·DRAFT');
    expect(t).toContain('about 8,208 EUR');
    expect(quotePdfName({ reference: 'Q-2026-0042', version: 2 })).toBe('Q-2026-0042-v2.pdf');
  });
});

describe('the quote PDF in the traveller’s language', () => {
  it('writes its labels, dates and money in French for a French enquiry, tagged French', async () => {
    const checked = checkQuoteDocument(sampleQuoteDocument());
    if (!checked.ok) throw new Error(checked.error);
    const input = { reference: 'Q-2026-0042', version: 2, travellerName: 'Claire Dubois', document: checked.document, price: checked.price, sent: false, language: 'fr' as const };
    const bytes = await quotePdf(input, 'https://kigezitrails.example');
    expect(new TextDecoder('latin1').decode(bytes)).toMatch(/\/Lang \(fr\)/);
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    const all = (text as string).replace(/[\s\u202f\u00a0]+/g, ' ');
    expect(all.replace(/ /g, '')).toContain('DEVISSAFARIQ-2026-0042·VERSION2·BROUILLON');
    for (const words of [
      'Préparé pour : Claire Dubois',
      'Dates : du mer. 10 mars 2027 au sam. 13 mars 2027 (4 jours)',
      'Détail du prix',
      'par personne',
      'Non inclus',
      'Validité et conditions',
      'Page 1 sur',
    ])
      expect(all, words).toContain(words);
    expect(all).toMatch(/Total : [\d ]+,\d\d \$US/);
    expect(all).not.toMatch(/Prepared for|Price breakdown|per person|Page 1 of/);
  });
});
