// /api/admin: the online payments of bookings in the console. Staff see a booking's attempts
// (flagged ones say why) and the bookings whose payments need attention; owners refund a payment
// through its provider (the ledger's entry is written when the provider confirms). Audited.
//
//   GET  /bookings/:id/payments                    the booking's attempts, newest first
//   POST /bookings/:id/payments/:attempt/refund    {amountMinor, reason} (owners)
//   GET  /payments/attention                       attempts flagged for staff, with their bookings
import { and, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Currency } from '../../../common/currency.ts';
import { type AttemptLine, type AttemptState, refundSchema } from '../../../common/payments.ts';
import { audit } from '../../auth/audit.ts';
import { requireStaff, sessionOf, type AdminEnv } from '../../auth/guard.ts';
import type { Db } from '../../db/index.ts';
import { bookings, paymentAttempts } from '../../db/schema.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import type { AttemptRow } from '../../payments/attempts.ts';
import type { PaymentsOptions } from '../../payments/index.ts';
import { refundableOf, startRefund } from '../../payments/refunds.ts';
import { idParam, readBody } from './body.ts';

async function lineOf(db: Db, a: AttemptRow): Promise<AttemptLine> {
  return {
    id: a.id,
    what: a.what as AttemptLine['what'],
    provider: a.provider as AttemptLine['provider'],
    state: a.state as AttemptState,
    flagReason: a.flag_reason,
    amountMinor: a.amount_minor,
    currency: a.currency as Currency,
    chargeMinor: a.charge_minor,
    chargeCurrency: a.charge_currency as Currency,
    rate: a.rate,
    providerRef: a.provider_ref,
    createdAt: a.created_at.toISOString(),
    refundableMinor: a.state === 'paid' && a.what !== 'refund' ? await refundableOf(db, a) : 0,
  };
}

export function paymentsAdminApi(opts: PaymentsOptions & { trust: ProxyTrust }) {
  const app = new Hono<AdminEnv>();
  const staffOnly = requireStaff({ roles: ['owner', 'agent'] });
  const owner = requireStaff({ roles: ['owner'] });
  const ip = (c: Context<AdminEnv>) => sourceOf(c, opts.trust).address ?? null;

  app.get('/bookings/:id/payments', staffOnly, async (c) => {
    const db = deps(c).db as Db;
    const rows = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.booking_id, idParam(c, 'Booking')))
      .orderBy(desc(paymentAttempts.id));
    return c.json({ attempts: await Promise.all(rows.map((r) => lineOf(db, r))) });
  });

  app.get('/payments/attention', staffOnly, async (c) => {
    const db = deps(c).db as Db;
    const rows = await db
      .select({ attempt: paymentAttempts, reference: bookings.reference, leadName: bookings.lead_name })
      .from(paymentAttempts)
      .innerJoin(bookings, eq(bookings.id, paymentAttempts.booking_id))
      .where(eq(paymentAttempts.state, 'flagged'))
      .orderBy(desc(paymentAttempts.id))
      .limit(200);
    return c.json({ items: await Promise.all(rows.map(async (r) => ({ bookingId: r.attempt.booking_id, reference: r.reference, leadName: r.leadName, attempt: await lineOf(db, r.attempt) }))) });
  });

  app.post('/bookings/:id/payments/:attempt/refund', owner, async (c) => {
    const id = idParam(c, 'Booking');
    const paymentId = Number(c.req.param('attempt'));
    if (!Number.isSafeInteger(paymentId) || paymentId < 1) throw new HttpError(404, 'Payment not found', undefined, 'not-found');
    const input = await readBody(c, refundSchema);
    const s = sessionOf(c);
    const db = deps(c).db as Db;
    const [exists] = await db
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.id, paymentId), eq(paymentAttempts.booking_id, id)));
    if (!exists) throw new HttpError(404, 'Payment not found', undefined, 'not-found');
    const { attempt, outcome } = await startRefund(db, id, paymentId, input, s.staff.id, opts);
    await audit(db, {
      staffId: s.staff.id,
      actor: s.staff.email,
      action: 'booking.refund-started',
      target: `booking:${id}`,
      detail: { payment: paymentId, refund: attempt.id, amountMinor: input.amountMinor, outcome },
      ip: ip(c),
    });
    return c.json(
      {
        ok: true,
        refund: await lineOf(db, attempt),
        outcome,
        message: outcome === 'refunded' ? 'Refunded: the ledger shows it.' : 'Refund asked of the provider: the ledger shows it once the provider confirms.',
      },
      201,
    );
  });
  return app;
}
