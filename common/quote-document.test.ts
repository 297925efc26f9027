import { describe, expect, it } from 'vitest';
import { BOARD_BASES, BOARD_LABELS, checkQuoteDocument, PRICE_CATEGORIES, PRICE_CATEGORY_LABELS, QUOTE_STATUSES, quoteDocumentSchema } from './quote-document.ts';

const minimal = {
  title: '3-day Queen Elizabeth safari',
  travelFrom: '2027-07-01',
  travelTo: '2027-07-03',
  travellers: { adults: 2, children: 0 },
  days: [{ title: 'Kasese to the park' }, { title: 'Kazinga Channel' }, { title: 'Home' }],
  lines: [
    { label: 'Safari', category: 'safari', basis: 'person', unitMinor: 95_000 },
    { label: 'Single supplement', category: 'single-supplement', basis: 'person', unitMinor: 12_000, quantity: 1 },
  ],
  balanceDueOn: '2027-05-02',
  validUntil: '2026-12-11',
  terms: 'Deposit 30 %.',
};

describe('a quote’s document', () => {
  it('fills the defaults and is priced by the money function', () => {
    const c = checkQuoteDocument(minimal);
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.document).toMatchObject({ currency: 'USD', depositPercent: 30, display: null, included: [], message: '' });
    expect(c.document.days[0]).toEqual({ title: 'Kasese to the park', text: '', lodge: null, meals: { breakfast: false, lunch: false, dinner: false }, activities: [], stops: [] });
    expect(c.price).toMatchObject({ totalMinor: 2 * 95_000 + 12_000, depositMinor: 60_600, balanceDueOn: '2027-05-02' });
  });

  it('says what is wrong, and where', () => {
    expect(checkQuoteDocument({ ...minimal, days: [] })).toEqual({ ok: false, error: 'Add at least one day.', path: 'days' });
    expect(checkQuoteDocument({ ...minimal, travelFrom: '2027-02-30' })).toEqual({ ok: false, error: 'Enter the first day of travel as a date.', path: 'travelFrom' });
    expect(checkQuoteDocument({ ...minimal, balanceDueOn: '2027-07-02' })).toMatchObject({ ok: false, path: 'balanceDueOn' });
    expect(checkQuoteDocument({ ...minimal, lines: [{ label: 'Loyalty', category: 'discount', basis: 'group', unitMinor: 500 }] })).toMatchObject({
      ok: false,
      error: 'A discount is a negative amount; every other line is zero or more.',
      path: 'lines.0.unitMinor',
    });
    expect(checkQuoteDocument({ ...minimal, travellers: { adults: 2, children: 2, childAges: [9] } })).toMatchObject({ ok: false, path: 'travellers.childAges' });
    expect(checkQuoteDocument({ ...minimal, terms: '  ' })).toMatchObject({ ok: false, error: 'Enter the terms the traveller accepts.' });
    expect(quoteDocumentSchema.safeParse({ ...minimal, currency: 'EUR' }).success).toBe(false);
  });

  it('names every board basis, price category and status', () => {
    expect(BOARD_BASES.every((b) => BOARD_LABELS[b].length > 0)).toBe(true);
    expect(PRICE_CATEGORIES.map((c) => PRICE_CATEGORY_LABELS[c])).toContain('Single supplement');
    expect(QUOTE_STATUSES).toEqual(['draft', 'sent', 'accepted', 'withdrawn']);
  });
});
