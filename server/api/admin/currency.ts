// /api/admin/currency-rates (owners): the rates prices are converted with in the browser
// (server/currency.ts). GET: each currency's rate, when it was set and by whom; PUT: new rates
// (common/currency-admin.ts checks them), only those that changed are written, in the audit log.
// Writing a rate moves the content version on, so the public GET /api/currency-rates answer is
// produced again at once.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { currencyRatesInputSchema, RATE_CURRENCIES, type AdminCurrencyRates } from '../../../common/currency-admin.ts';
import { CURRENCY_NAMES } from '../../../common/currency.ts';
import { audit } from '../../auth/audit.ts';
import { requireStaff, sessionOf, type AdminEnv } from '../../auth/guard.ts';
import { setCurrencyRate } from '../../currency.ts';
import type { Db } from '../../db/index.ts';
import { currencyRates, staff } from '../../db/schema.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { readBody } from './body.ts';

async function adminCurrencyRates(db: Db): Promise<AdminCurrencyRates> {
  const rows = await db
    .select({ currency: currencyRates.currency, perUsd: currencyRates.per_usd, at: currencyRates.updated_at, name: staff.name, email: staff.email })
    .from(currencyRates)
    .leftJoin(staff, eq(staff.id, currencyRates.updated_by));
  const by = new Map(rows.map((r) => [r.currency, r]));
  return {
    rates: RATE_CURRENCIES.map((currency) => {
      const r = by.get(currency);
      return {
        currency,
        name: CURRENCY_NAMES[currency],
        perUsd: r ? Number(r.perUsd) : null,
        updatedAt: r ? new Date(r.at).toISOString() : null,
        updatedBy: r ? r.name || r.email || null : null,
      };
    }),
  };
}

export function currencyAdminApi(opts: { trust: ProxyTrust; contentChanged?: () => Promise<unknown> }) {
  const app = new Hono<AdminEnv>();
  const owner = requireStaff({ roles: ['owner'] });

  app.get('/currency-rates', owner, async (c) => c.json(await adminCurrencyRates(deps(c).db)));

  app.put('/currency-rates', owner, async (c) => {
    const input = await readBody(c, currencyRatesInputSchema);
    const db = deps(c).db;
    const s = sessionOf(c);
    const before = await adminCurrencyRates(db);
    const changed: Record<string, string> = {};
    for (const r of before.rates) {
      const next = input[r.currency];
      if (next === undefined || next === r.perUsd) continue;
      await setCurrencyRate(db, { currency: r.currency, perUsd: next, by: s.staff.id });
      changed[r.currency] = `${r.perUsd ?? 'none'} → ${next}`;
    }
    if (Object.keys(changed).length) {
      await opts.contentChanged?.().catch(() => undefined);
      await audit(db, { staffId: s.staff.id, actor: s.staff.email, action: 'currency.rates', target: 'currency-rates', detail: changed, ip: sourceOf(c, opts.trust).address ?? null });
    }
    return c.json({ ...(await adminCurrencyRates(db)), changed: Object.keys(changed) });
  });

  return app;
}
