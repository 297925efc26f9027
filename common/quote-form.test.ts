import { describe, expect, it } from 'vitest';
import { blankQuote } from './quote-base.ts';
import { checkQuoteDocument } from './quote-document.ts';
import { documentFromForm } from './quote-form.ts';

const base = {
  title: 'Murchison in style',
  message: '',
  travelFrom: '2027-06-01',
  travelTo: '2027-06-02',
  adults: '2',
  children: '1',
  childAges: '12',
  depositPercent: '25',
  balanceDueOn: '2027-04-01',
  validUntil: '2026-12-20',
  displayCurrency: 'UGX',
  displayRate: '3700',
  terms: 'Deposit 25 %.',
  included: 'Park fees\n\nDriver-guide\n',
  excluded: 'Flights',
  day0Title: 'Kampala to Murchison',
  day0Text: 'North through Masindi.',
  day0Lodge: 'paraa-lodge|Paraa Safari Lodge',
  day0Room: 'Double',
  day0Board: 'half-board',
  day0Dinner: 'on',
  day0Activities: 'Top of the Falls, Sunset cruise',
  day0Stops: '[{"name":"Murchison Falls","latitude":2.2,"longitude":31.7}]',
  day1Title: 'Game drive',
  day1Stops: 'not json',
  day2Title: '',
  line0Label: 'Safari',
  line0Category: 'safari',
  line0Basis: 'person',
  line0Unit: '1,250.50',
  line0Qty: '',
  line1Label: 'Early booking',
  line1Category: 'discount',
  line1Basis: 'group',
  line1Unit: '-100',
  line1Qty: '',
  line2Label: '',
  line2Unit: '',
};

describe('the quote editor’s form', () => {
  it('reads back into a document the money function prices, leaving the blank rows out', () => {
    const c = checkQuoteDocument(documentFromForm(base));
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.document.days).toHaveLength(2);
    expect(c.document.days[0]).toMatchObject({
      lodge: { slug: 'paraa-lodge', name: 'Paraa Safari Lodge', roomType: 'Double', board: 'half-board' },
      meals: { breakfast: false, lunch: false, dinner: true },
      activities: ['Top of the Falls', 'Sunset cruise'],
      stops: [{ name: 'Murchison Falls', latitude: 2.2, longitude: 31.7 }],
    });
    expect(c.document.days[1]?.stops).toEqual([]);
    expect(c.document.included).toEqual(['Park fees', 'Driver-guide']);
    expect(c.document.display).toEqual({ currency: 'UGX', rate: 3700, rateOn: null });
    expect(c.price).toMatchObject({ totalMinor: 3 * 125_050 - 10_000, depositMinor: Math.floor(((3 * 125_050 - 10_000) * 25 + 50) / 100) });
  });

  it('lets the checks name what was typed wrong', () => {
    expect(checkQuoteDocument(documentFromForm({ ...base, line0Unit: '12.345' }))).toMatchObject({ ok: false, path: 'lines.0.unitMinor' });
    expect(checkQuoteDocument(documentFromForm({ ...base, adults: 'two' }))).toMatchObject({ ok: false, path: 'travellers.adults' });
    expect(checkQuoteDocument(documentFromForm({ ...base, travelFrom: '' }))).toMatchObject({ ok: false, path: 'travelFrom' });
  });

  it('takes the display currency’s rate from the site’s with its date, and keeps the agent’s own', () => {
    const site = { rates: { base: 'USD' as const, rates: { USD: 1, UGX: 3712.5, EUR: 0.92 }, updatedAt: '2026-11-20T09:30:00.000Z' }, today: '2026-11-27' };
    const display = (over: Record<string, string>) => {
      const c = checkQuoteDocument(documentFromForm({ ...base, ...over }, site));
      return c.ok ? c.document.display : c.error;
    };
    // Empty: the site's rate, of the day it was set.
    expect(display({ displayRate: '' })).toEqual({ currency: 'UGX', rate: 3712.5, rateOn: '2026-11-20' });
    // The site's rate typed in: the same.
    expect(display({ displayCurrency: 'EUR', displayRate: '0.92' })).toEqual({ currency: 'EUR', rate: 0.92, rateOn: '2026-11-20' });
    // The agent's own rate: of today.
    expect(display({ displayRate: '3650' })).toEqual({ currency: 'UGX', rate: 3650, rateOn: '2026-11-27' });
    // Saved again unchanged: it keeps its day, whatever the site's rate is now.
    expect(display({ displayRate: '3650', displayWas: 'UGX|3650', displayRateOn: '2026-11-02' })).toEqual({ currency: 'UGX', rate: 3650, rateOn: '2026-11-02' });
    // A currency the site has no rate for, left empty, and a rate that is not a number: a clear error.
    expect(display({ displayCurrency: 'KES', displayRate: '' })).toBe('Enter the rate as a number of units per US dollar.');
    expect(display({ displayRate: 'abc' })).toBe('Enter the rate as a number of units per US dollar.');
    expect(display({ displayCurrency: 'USD' })).toBeNull();
  });

  it('starts a blank quote valid for 14 days, its balance 60 days before travel', () => {
    const d = blankQuote('2026-11-27');
    expect(d).toMatchObject({ travelFrom: '2027-02-25', travelTo: '2027-02-25', balanceDueOn: '2026-12-27', validUntil: '2026-12-11', depositPercent: 30 });
  });
});
