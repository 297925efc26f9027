// The currency rates prices are shown with in the browser (common/currency.ts). They come from
// content/currency-rates.yaml (loaded with the content, server/db/seed.ts) until an owner sets
// them in the console: `setCurrencyRate` is the console's way in. A change moves the content
// version on, so the cached GET /api/currency-rates answer is produced again.
import { BASE_CURRENCY, isCurrency, type Currency, type CurrencyRates } from '../common/currency.ts';
import type { Db } from './db/index.ts';
import { currencyRates } from './db/schema.ts';
import { bumpContentVersion } from './db/version.ts';

/** The rates as GET /api/currency-rates answers them: units per US dollar, and when they were set. */
export async function readCurrencyRates(db: Db): Promise<CurrencyRates> {
  const rows = await db.select().from(currencyRates);
  const rates: Partial<Record<Currency, number>> = { [BASE_CURRENCY]: 1 };
  let newest: Date | null = null;
  for (const r of rows) {
    if (!isCurrency(r.currency) || r.currency === BASE_CURRENCY) continue;
    rates[r.currency] = Number(r.per_usd);
    const at = new Date(r.updated_at);
    if (!newest || at > newest) newest = at;
  }
  return { base: BASE_CURRENCY, rates, updatedAt: newest ? newest.toISOString() : null };
}

export class CurrencyRateError extends Error {}

/**
 * Sets one currency's rate (units per US dollar) on behalf of a staff account (the console). From
 * then on content/currency-rates.yaml no longer changes it. Returns the row as stored.
 */
export async function setCurrencyRate(db: Db, input: { currency: string; perUsd: number; by: number }) {
  if (!isCurrency(input.currency) || input.currency === BASE_CURRENCY) throw new CurrencyRateError(`Unknown currency ${String(input.currency).slice(0, 10)}: use EUR, GBP, UGX, KES, TZS or RWF.`);
  if (!Number.isFinite(input.perUsd) || input.perUsd <= 0 || input.perUsd > 1e9) throw new CurrencyRateError('The rate must be a positive number of units per US dollar.');
  if (!Number.isInteger(input.by)) throw new CurrencyRateError('The staff account that sets the rate is required.');
  return db.transaction(async (tx) => {
    const values = { currency: input.currency, per_usd: input.perUsd, updated_at: new Date(), updated_by: input.by };
    const [row] = await tx.insert(currencyRates).values(values).onConflictDoUpdate({ target: currencyRates.currency, set: values }).returning();
    await bumpContentVersion(tx as unknown as Db, [currencyRates]);
    return row!;
  });
}
