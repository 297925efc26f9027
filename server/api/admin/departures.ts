// /api/admin/departures: group departures in the console (owners and agents, like bookings: selling
// seats is customer work). Cancelling a departure needs an owner, as cancelling a booking does: it
// undoes sales and owes money back. Every change is in the audit log.
//
//   GET  /departures?safari=&from=&to=   the departures (a safari's, or a period's for the calendar)
//   POST /departures                     a new departure
//   GET  /departures/:id                 one departure, its manifest, where its bookings may move
//   PUT  /departures/:id                 its date, seats, prices, status, guide
//   POST /departures/:id/move            a booking moved to another departure of the safari
//   POST /departures/:id/cancel          cancelled, with a reason: travellers e-mailed, refunds marked due (owners)
import type { Context } from 'hono';
import { Hono } from 'hono';
import { asc } from 'drizzle-orm';
import { BOOKING_CONSOLE_MESSAGES, isMonth } from '../../../common/booking-console.ts';
import { departureCancelSchema, departureInputSchema, departureMoveSchema } from '../../../common/departure-forms.ts';
import type { DepartureDetail, DepartureList } from '../../../common/departures.ts';
import { audit } from '../../auth/audit.ts';
import { requireStaff, sessionOf, type AdminEnv } from '../../auth/guard.ts';
import { type Clock, operatorDay, systemClock } from '../../bookings/today.ts';
import { nextMonth } from '../../bookings/console.ts';
import type { Db } from '../../db/index.ts';
import { guides, safaris } from '../../db/schema.ts';
import { cancelDeparture, createDeparture, manifestOf, moveBooking, updateDeparture } from '../../departures/console.ts';
import { travellerTitle } from '../../bookings/manual.ts';
import { departureCancelledMessage } from '../../departures/mail.ts';
import { consoleDepartures, departureById, departuresWritten } from '../../departures/read.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { StaffMailOptions } from './access.ts';
import { idParam, readBody } from './body.ts';

export interface DeparturesAdminOptions {
  trust: ProxyTrust;
  mail: StaffMailOptions & { operatorEmail: string };
  clock?: Clock;
}

/** The safaris and guides the forms choose from. */
async function choices(db: Db) {
  const [s, g] = await Promise.all([
    db.select({ slug: safaris.safarititleslug, title: safaris.safarititle }).from(safaris).orderBy(asc(safaris.safarititle)),
    db.select({ slug: guides.guidetitleslug, name: guides.guidetitle }).from(guides).orderBy(asc(guides.guidetitle)),
  ]);
  return { safaris: s, guides: g };
}

function listFilter(c: Context) {
  const { safari, month } = c.req.query();
  if (month && !isMonth(month)) throw new HttpError(400, 'Give the month as YYYY-MM.', undefined, 'invalid-month');
  return { safariSlug: safari?.trim() || undefined, from: month ? `${month}-01` : undefined, to: month ? nextMonth(month) : undefined };
}

function readRoutes(app: Hono<AdminEnv>, staffOnly: ReturnType<typeof requireStaff>, clock: Clock) {
  app.get('/departures', staffOnly, async (c) => {
    const db = deps(c).db;
    const today = await operatorDay(db, clock);
    const items = await consoleDepartures(db, listFilter(c), clock());
    return c.json({ today, items, ...(await choices(db)) } satisfies DepartureList);
  });
  app.get('/departures/:id', staffOnly, async (c) => {
    const db = deps(c).db;
    const now = clock();
    const departure = await departureById(db, idParam(c, 'Departure'), now);
    if (!departure) throw new HttpError(404, 'Departure not found');
    const today = await operatorDay(db, clock);
    const siblings = await consoleDepartures(db, { safariSlug: departure.safariSlug, from: today }, now);
    const moveTargets = siblings.filter((d) => d.id !== departure.id && d.status !== 'cancelled' && d.status !== 'full' && d.startsOn > today);
    const body: DepartureDetail = { departure, manifest: await manifestOf(db, departure.id, now, today), moveTargets, ...(await choices(db)) };
    return c.json(body);
  });
}

export function departuresAdminApi(opts: DeparturesAdminOptions) {
  const app = new Hono<AdminEnv>();
  const clock = opts.clock ?? systemClock;
  const staffOnly = requireStaff({ roles: ['owner', 'agent'] });
  const record = (c: Context<AdminEnv>, action: string, id: number, detail?: Record<string, unknown>) => {
    const s = sessionOf(c);
    return audit(deps(c).db, { staffId: s.staff.id, actor: s.staff.email, action, target: `departure:${id}`, detail, ip: sourceOf(c, opts.trust).address ?? null });
  };
  readRoutes(app, staffOnly, clock);

  app.post('/departures', staffOnly, async (c) => {
    const input = await readBody(c, departureInputSchema);
    const db = deps(c).db;
    const today = await operatorDay(db, clock);
    const id = await db.transaction((tx) => createDeparture(tx, input, sessionOf(c).staff.id, today));
    departuresWritten(db);
    await record(c, 'departure.create', id, { safari: input.safariSlug, startsOn: input.startsOn, seats: input.seats });
    return c.json({ id }, 201);
  });

  app.put('/departures/:id', staffOnly, async (c) => {
    const id = idParam(c, 'Departure');
    const input = await readBody(c, departureInputSchema);
    const changed = await deps(c).db.transaction((tx) => updateDeparture(tx, id, input, clock()));
    if (changed) await record(c, 'departure.change', id, { startsOn: input.startsOn, seats: input.seats, status: input.status });
    return c.json({ changed });
  });

  app.post('/departures/:id/move', staffOnly, async (c) => {
    const id = idParam(c, 'Departure');
    const { bookingId, toDepartureId } = await readBody(c, departureMoveSchema);
    const moved = await deps(c).db.transaction((tx) => moveBooking(tx, id, bookingId, toDepartureId, clock(), sessionOf(c).staff.id));
    await record(c, 'departure.move', id, { booking: bookingId, to: toDepartureId });
    return c.json({ ok: true, ...moved });
  });

  app.post('/departures/:id/cancel', staffOnly, async (c) => {
    if (sessionOf(c).staff.role !== 'owner') throw new HttpError(403, BOOKING_CONSOLE_MESSAGES.ownerOnly, undefined, 'forbidden');
    const id = idParam(c, 'Departure');
    const { reason } = await readBody(c, departureCancelSchema);
    const db = deps(c).db;
    const today = await operatorDay(db, clock);
    const mailed = await db.transaction(async (tx) => {
      const departure = await departureById(tx, id, clock());
      const title = departure?.safariTitle ?? '';
      const mails = await cancelDeparture(tx, id, reason, { now: clock(), today }, sessionOf(c).staff.id);
      const to = { from: opts.mail.from, operatorEmail: opts.mail.operatorEmail };
      const messages: Parameters<typeof enqueueMail>[2] = [];
      // Each traveller reads the safari's title in their booking's language.
      for (const m of mails) {
        const own = await travellerTitle(tx, { title, safariSlug: departure?.safariSlug ?? null, language: m.language ?? 'en' });
        messages.push({ kind: 'departure-cancelled', message: departureCancelledMessage({ ...m, title: own }, to) });
      }
      await enqueueMail(tx, opts.mail.messageIdDomain, messages);
      return mails;
    });
    opts.mail.onQueued?.();
    await record(c, 'departure.cancel', id, { reason, bookings: mailed.map((m) => m.reference) });
    return c.json({ ok: true, mailed: mailed.length, refundsDue: mailed.filter((m) => m.paidMinor > 0).length });
  });
  return app;
}
