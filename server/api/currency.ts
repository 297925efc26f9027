// GET /currency-rates: the rates the browser converts prices with (common/currency.ts), small and
// kept like any content answer: it changes with the content version (a new rates file, or a rate
// set in the console, moves it on). Browsers ask again each time (`max-age=0, must-revalidate`: a 304 from
// the ETag while nothing changed), so a rate an owner saves converts the next page's prices.
import { Hono } from 'hono';
import { readCurrencyRates } from '../currency.ts';
import { cached } from './cache.ts';
import { deps, type ApiEnv } from '../http/deps.ts';

const RATES_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export function currencyApi() {
  const app = new Hono<ApiEnv>();
  app.get('/currency-rates', cached(), async (c) => c.json(await readCurrencyRates(deps(c).db), 200, { 'cache-control': RATES_CACHE_CONTROL }));
  return app;
}
