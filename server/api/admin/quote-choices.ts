// GET /api/admin/quote-choices (staff): what the quote editor chooses from: the lodges of the site's
// content (each with its park, for the night's lodge), the site's currency rates with the date they
// were set (the display currency's rate, which the agent may still change), and the operator's day.
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { QuoteChoices } from '../../../common/quote-admin.ts';
import { type AdminEnv, requireStaff } from '../../auth/guard.ts';
import { operatorToday } from '../../bookings/bookings.ts';
import { readCurrencyRates } from '../../currency.ts';
import { lodges, parks } from '../../db/schema.ts';
import { deps } from '../../http/deps.ts';

export function quoteChoicesApi() {
  const app = new Hono<AdminEnv>();
  app.get('/quote-choices', requireStaff(), async (c) => {
    const db = deps(c).db;
    const [rows, rates, today] = await Promise.all([
      db
        .select({ slug: lodges.lodgetitleslug, name: lodges.lodgetitle, park: parks.parktitle })
        .from(lodges)
        .innerJoin(parks, eq(parks.id, lodges.park_id))
        .orderBy(asc(parks.parktitle), asc(lodges.lodgetitle)),
      readCurrencyRates(db),
      operatorToday(db),
    ]);
    const answer: QuoteChoices = { lodges: rows, rates, today };
    return c.json(answer);
  });
  return app;
}
