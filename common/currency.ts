// Prices in the visitor's currency. Every price is stored, rendered by the server and billed in US
// dollars; the browser may show it converted with the operator's rates (GET /api/currency-rates).
// Converted amounts are approximate, so they are rounded to a step that suits the currency:
//
//   USD, EUR, GBP   whole units
//   KES             100 shillings    (about US $0.80)
//   UGX, TZS        1,000 shillings  (about US $0.30 and $0.40)
//   RWF             1,000 francs     (about US $0.70: prices run to millions of francs, so the
//                                     hundreds would be false precision)

import { moneyFormat } from './intl.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

export const BASE_CURRENCY = 'USD';
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'UGX', 'KES', 'TZS', 'RWF'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_NAMES: Record<Currency, string> = {
  USD: 'US dollar',
  EUR: 'Euro',
  GBP: 'Pound sterling',
  UGX: 'Ugandan shilling',
  KES: 'Kenyan shilling',
  TZS: 'Tanzanian shilling',
  RWF: 'Rwandan franc',
};

/** Converted amounts are rounded to the nearest multiple of this (see above). */
export const ROUNDING_STEP: Record<Currency, number> = { USD: 1, EUR: 1, GBP: 1, UGX: 1000, KES: 100, TZS: 1000, RWF: 1000 };

/** Shown wherever a converted price may be seen. */
export const CONVERSION_NOTE = 'Approximate; billed in USD';

/** GET /api/currency-rates: how many units of each currency one US dollar buys, and when they were set. */
export interface CurrencyRates {
  base: typeof BASE_CURRENCY;
  /** Units per US dollar; USD is always 1. A currency without a rate is shown in USD. */
  rates: Partial<Record<Currency, number>>;
  /** When the newest of the rates was set (ISO). */
  updatedAt: string | null;
}

export function isCurrency(v: unknown): v is Currency {
  return typeof v === 'string' && (CURRENCIES as readonly string[]).includes(v);
}

/** A dollar amount in `currency`, rounded to its step; null when there is no rate for it. */
export function convertUsd(usd: number, currency: Currency, rates: CurrencyRates | null | undefined): number | null {
  if (currency === BASE_CURRENCY) return Math.round(usd);
  const rate = rates?.rates[currency];
  if (!rate || !Number.isFinite(rate) || rate <= 0 || !Number.isFinite(usd)) return null;
  const step = ROUNDING_STEP[currency];
  return Math.round((usd * rate) / step) * step;
}

export interface ShownPrice {
  currency: Currency;
  /** The whole text, e.g. "€1,546". */
  text: string;
  /** The currency sign or code, and the number, as they appear in `text`. */
  sign: string;
  number: string;
  /** Whether the sign comes first. */
  signFirst: boolean;
  /** True when converted from dollars (approximate). */
  converted: boolean;
}

/** Prices already split into parts, by currency and amount: formatToParts is costly, and a page
 * shows the same few prices again and again (bounded; emptied when full). */
const shownParts = new Map<string, Omit<ShownPrice, 'converted'>>();
const SHOWN_PARTS_MAX = 2000;

/** A dollar price as shown in the wanted currency (or in dollars when that currency has no rate), in the page's language. */
export function showPrice(usd: number, wanted: Currency, rates: CurrencyRates | null | undefined, language: Language = DEFAULT_LANGUAGE): ShownPrice {
  const amount = convertUsd(usd, wanted, rates);
  const currency: Currency = amount === null ? 'USD' : wanted;
  const value = amount ?? Math.round(usd);
  const key = `${language} ${currency} ${value}`;
  let shown = shownParts.get(key);
  if (!shown) {
    const parts = moneyFormat(currency, language).formatToParts(value);
    const signAt = parts.findIndex((p) => p.type === 'currency');
    const numberAt = parts.findIndex((p) => p.type === 'integer');
    const sign = parts[signAt]?.value ?? '';
    const number = parts
      .filter((p) => p.type !== 'currency' && p.type !== 'literal')
      .map((p) => p.value)
      .join('');
    shown = { currency, text: parts.map((p) => p.value).join(''), sign, number, signFirst: signAt < numberAt };
    if (shownParts.size >= SHOWN_PARTS_MAX) shownParts.clear();
    shownParts.set(key, shown);
  }
  return { ...shown, converted: currency !== 'USD' };
}
