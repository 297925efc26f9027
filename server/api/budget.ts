// The API's side of the per-address budget (server/spam/budget.ts): answers produced for each
// request (search, query strings that are not kept) are counted against the caller's address, and
// refused with a 429 and Retry-After beyond it. Calls the web process makes for a page are counted
// with the page (server/web.ts), not again here.
import type { Context, MiddlewareHandler } from 'hono';
import { socketAddress, type CallerEnv } from '../http/client-address.ts';
import { tooManyMessage, type ClientBudget } from '../spam/budget.ts';

export type BudgetEnv = { Variables: { budget?: ClientBudget } };

function tooManyAnswer(retryAfterSeconds: number): Response {
  return new Response(JSON.stringify({ error: tooManyMessage(retryAfterSeconds) }), {
    status: 429,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(retryAfterSeconds) },
  });
}

/** Runs `produce` within the caller's budget; the 429 answer when the budget is spent. */
export async function withinBudget(c: Context, produce: () => Promise<unknown>): Promise<Response | undefined> {
  const budget = (c as Context<BudgetEnv>).get('budget');
  if (!budget || (c.env as Partial<CallerEnv> | undefined)?.caller) {
    await produce();
    return undefined;
  }
  const check = budget.check(budget.keyOf(c.req.raw.headers, socketAddress(c.env)));
  if (!check.ok) return tooManyAnswer(check.retryAfterSeconds);
  await budget.charge(check.key, produce);
  return undefined;
}

/** A route whose every answer is produced for its request (search). */
export function budgeted(): MiddlewareHandler {
  return async (c, next) => {
    const refused = await withinBudget(c, next);
    if (refused) return refused;
  };
}
