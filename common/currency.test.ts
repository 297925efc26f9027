import { describe, expect, it } from 'vitest';
import { CONVERSION_NOTE, convertUsd, CURRENCIES, ROUNDING_STEP, showPrice, type CurrencyRates } from './currency.ts';
import { formatMoney } from './intl.ts';

const rates: CurrencyRates = { base: 'USD', rates: { USD: 1, EUR: 0.86, GBP: 0.76, UGX: 3600, KES: 129, TZS: 2450, RWF: 1450 }, updatedAt: '2026-11-16T00:00:00.000Z' };
/** A narrow no-break space (U+202F) or no-break space, as Intl puts between a code and the number. */
const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('prices in the visitor currency', () => {
  it('rounds each currency to its step: whole dollars, euros and pounds; 100 KES; 1,000 UGX, TZS and RWF', () => {
    expect(ROUNDING_STEP).toEqual({ USD: 1, EUR: 1, GBP: 1, UGX: 1000, KES: 100, TZS: 1000, RWF: 1000 });
    expect(convertUsd(1680, 'USD', rates)).toBe(1680);
    expect(convertUsd(1680, 'EUR', rates)).toBe(1445); // 1444.8
    expect(convertUsd(1680, 'GBP', rates)).toBe(1277); // 1276.8
    expect(convertUsd(1680, 'UGX', rates)).toBe(6_048_000); // 6,048,000 exactly
    expect(convertUsd(1681, 'UGX', rates)).toBe(6_052_000); // 6,051,600
    expect(convertUsd(1680, 'KES', rates)).toBe(216_700); // 216,720
    expect(convertUsd(1680, 'TZS', rates)).toBe(4_116_000);
    expect(convertUsd(1680, 'RWF', rates)).toBe(2_436_000);
    // Half a step rounds up; just under stays down.
    expect(convertUsd(1, 'KES', { ...rates, rates: { KES: 150 } })).toBe(200);
    expect(convertUsd(1, 'KES', { ...rates, rates: { KES: 149.99 } })).toBe(100);
    for (const c of CURRENCIES) {
      const v = convertUsd(2345, c, rates)!;
      expect(v % ROUNDING_STEP[c], c).toBe(0);
      expect(Math.abs(v - 2345 * (rates.rates[c] ?? 1)), c).toBeLessThanOrEqual(ROUNDING_STEP[c] / 2);
    }
  });

  it('formats with Intl.NumberFormat: symbols for dollars, euros and pounds, codes for shillings and francs', () => {
    expect(formatMoney(1680, 'USD')).toBe('$1,680');
    expect(formatMoney(1445, 'EUR')).toBe('€1,445');
    expect(formatMoney(1277, 'GBP')).toBe('£1,277');
    expect(sp(formatMoney(6_048_000, 'UGX'))).toBe('UGX 6,048,000');
    expect(sp(formatMoney(216_700, 'KES'))).toBe('KES 216,700');
    expect(sp(formatMoney(4_116_000, 'TZS'))).toBe('TZS 4,116,000');
    expect(sp(formatMoney(2_436_000, 'RWF'))).toBe('RWF 2,436,000');
  });

  it('shows dollars as the server renders them, and converted prices as approximate', () => {
    expect(showPrice(1680, 'USD', null)).toMatchObject({ currency: 'USD', text: '$1,680', sign: '$', number: '1,680', signFirst: true, converted: false });
    const ugx = showPrice(1680, 'UGX', rates);
    expect(sp(ugx.text)).toBe('UGX 6,048,000');
    expect(ugx).toMatchObject({ currency: 'UGX', sign: 'UGX', number: '6,048,000', signFirst: true, converted: true });
    expect(CONVERSION_NOTE).toBe('Approximate; billed in USD');
  });

  it('falls back to dollars when a currency has no usable rate (rates not loaded, missing or bad)', () => {
    for (const r of [null, undefined, { ...rates, rates: {} }, { ...rates, rates: { EUR: 0 } }, { ...rates, rates: { EUR: Number.NaN } }, { ...rates, rates: { EUR: -2 } }]) {
      expect(convertUsd(1680, 'EUR', r as CurrencyRates | null)).toBeNull();
      expect(showPrice(1680, 'EUR', r as CurrencyRates | null)).toMatchObject({ currency: 'USD', text: '$1,680', converted: false });
    }
  });
});
