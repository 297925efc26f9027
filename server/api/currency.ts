// GET /currency-rates: the rates the browser converts prices with (common/currency.ts), small and
// kept like any content answer: it changes with the content version (a new rates file, or a rate
// set in the console, moves it on).
import { Hono } from 'hono';
import { readCurrencyRates } from '../currency.ts';
import { cached } from './cache.ts';
import { deps, type ApiEnv } from './http.ts';

export function currencyApi() {
  const app = new Hono<ApiEnv>();
  app.get('/currency-rates', cached(), async (c) => c.json(await readCurrencyRates(deps(c).db)));
  return app;
}
