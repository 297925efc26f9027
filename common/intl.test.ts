// The one home of the site's formats: English as the pages always wrote it, the other languages as
// their home markets write dates, numbers and money.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.ts';
import { formatDate, formatMoney, formatNumber, intlLocale } from './intl.ts';

describe('formats in a language', () => {
  it('keeps English as the pages wrote it', () => {
    expect(formatDate('2024-01-15', 'en')).toBe('15 January 2024');
    expect(formatDate('2024-01-15T10:20:00Z', 'en', 'short')).toBe('15 Jan 2024');
    expect(formatDate('2027-03', 'en', 'month')).toBe('March 2027');
    expect(formatDate('2027-03-10', 'en', 'weekdayShort')).toBe('Wed, 10 Mar 2027');
    expect(formatDate('2027-03-10', 'en', 'full')).toBe('Wednesday, 10 March 2027');
    expect(formatNumber(6173000, 'en')).toBe('6,173,000');
    expect(formatMoney(1680, 'USD')).toBe('$1,680');
    expect(formatMoney(1546, 'EUR', 'en')).toBe('€1,546');
    expect(formatMoney(1234.5, 'USD', 'en', 2)).toBe('$1,234.50');
  });

  it('writes German, French and Spanish as at home', () => {
    expect(formatDate('2024-01-15', 'de')).toBe('15. Januar 2024');
    expect(formatDate('2024-01-15', 'fr')).toBe('15 janvier 2024');
    expect(formatDate('2024-01-15', 'es')).toBe('15 de enero de 2024');
    expect(formatNumber(1680, 'de')).toBe('1.680');
    expect(formatMoney(1680, 'USD', 'de').replace(/\s/g, ' ')).toBe('1.680 $');
    expect(formatMoney(1546, 'EUR', 'fr').replace(/\s/g, ' ')).toBe('1 546 €');
    expect(intlLocale('es')).toBe('es-ES');
  });

  it('gives back what is not a date as it came', () => {
    expect(formatDate('soon', 'de')).toBe('soon');
  });

  it('reads a calendar date as that day in every language and style, whatever the time zone', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }), fc.constantFrom(...LANGUAGE_CODES), (d, language) => {
        const day = d.toISOString().slice(0, 10);
        const text = formatDate(day, language, 'long');
        expect(text).toContain(String(d.getUTCFullYear()));
        expect(text).toContain(String(d.getUTCDate()));
        expect(formatDate(new Date(`${day}T23:59:59Z`), language)).toBe(text);
      }),
    );
  });

  it('writes every whole amount with all its digits, in every language', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom(...LANGUAGE_CODES), (n, language) => {
        expect(formatNumber(n, language).replace(/\D/g, '')).toBe(String(n));
        expect(formatMoney(n, 'UGX', language).replace(/\D/g, '')).toBe(String(n));
      }),
    );
  });
});
