// The currency rates as an owner sets them in the console (/admin/settings, server/api/admin/
// currency.ts): units of a currency per US dollar, each checked here by the API and the form alike.
import { z } from 'zod';
import { BASE_CURRENCY, CURRENCIES, CURRENCY_NAMES, type Currency } from './currency.ts';

/** The currencies whose rate is set (USD is always 1). */
export const RATE_CURRENCIES = CURRENCIES.filter((c): c is Exclude<Currency, typeof BASE_CURRENCY> => c !== BASE_CURRENCY);
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

/** Bounds no real rate of these currencies comes near: a typo (a missing decimal point, a pasted date) is refused. */
const RATE_MIN = 0.0001;
const RATE_MAX = 1_000_000;

const rate = (c: RateCurrency) =>
  z
    .number({ error: `${CURRENCY_NAMES[c]} (${c}): enter the number of ${c} one US dollar buys.` })
    .refine((n) => Number.isFinite(n) && n > 0, { message: `${CURRENCY_NAMES[c]} (${c}): the rate must be a positive number.` })
    .refine((n) => n >= RATE_MIN && n <= RATE_MAX, { message: `${CURRENCY_NAMES[c]} (${c}): the rate must be between ${RATE_MIN} and ${RATE_MAX.toLocaleString('en-GB')} per US dollar.` })
    .transform((n) => Math.round(n * 1e6) / 1e6);

/** PUT /api/admin/currency-rates: the rates to set, any of the six; others are left as they are. */
export const currencyRatesInputSchema = z
  .strictObject(Object.fromEntries(RATE_CURRENCIES.map((c) => [c, rate(c).optional()])) as Record<RateCurrency, z.ZodOptional<ReturnType<typeof rate>>>, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Only the rates of ${RATE_CURRENCIES.join(', ')} can be set (USD is always 1).` : 'Send the rates as an object of currency codes and numbers.',
  })
  .refine((v) => Object.values(v).some((n) => n !== undefined), { message: 'Send at least one rate.' });

/** One rate as the console shows it. */
interface AdminCurrencyRate {
  currency: RateCurrency;
  name: string;
  /** Units per US dollar; null when there is none (prices stay in dollars). */
  perUsd: number | null;
  updatedAt: string | null;
  /** Who set it in the console (name or e-mail); null: from content/currency-rates.yaml. */
  updatedBy: string | null;
}

/** GET /api/admin/currency-rates */
export interface AdminCurrencyRates {
  rates: AdminCurrencyRate[];
}

/** A rate as typed in the form: "3,712.5", " 0.92 " or "-3" is a number (the schema judges it); anything else is NaN. */
export function parseRateText(text: string): number {
  const t = text.replace(/[\s,\u00a0\u202f]/g, '');
  return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(t) ? Number(t) : Number.NaN;
}
