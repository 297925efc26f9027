// Bookings in the console, over HTTP on PGlite and PostgreSQL: who may see and change them
// (signed out 401; agents see bookings and record payments; refunds, corrections and cancelling
// are an owner's), the ledger API (checked field by field, never a 500; idempotent by key;
// append-only; refunds and corrections), the state following the money, the lists and their
// filters, the notes, the lodges confirmed per night, a receipt as a PDF, and the audit log.
import './helpers/production.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail, BookingList } from '../common/booking-console.ts';
import { addDays } from '../common/booking-money.ts';
import { createBooking } from '../server/bookings/bookings.ts';
import { sentQuote } from './helpers/bookings.ts';
import { backends } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';
import { AGENT, startBookingsConsole } from './helpers/bookings-console.ts';
import type { InProcessSite } from './helpers/start-site.ts';
import type { SignedIn } from './helpers/staff.ts';

type Json = Record<string, any>;

const payment = (amountMinor: number, over: Json = {}) => ({ kind: 'payment', amountMinor, method: 'bank-transfer', reference: 'TT-1', receivedOn: '2026-11-26', ...over });

describe.each(backends())('bookings in the console on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  let agent: SignedIn;

  async function book(lead = 'Amina Okello', travelFrom = '2027-03-10'): Promise<number> {
    const db = site.app.database!.db;
    const travelTo = addDays(travelFrom, 3);
    const { version } = await db.transaction((tx) => sentQuote(tx, { travelFrom, travelTo, balanceDueOn: addDays(travelFrom, -60) }));
    const b = await db.transaction((tx) =>
      createBooking(tx, { quoteVersionId: version.id, lead: { name: lead, email: 'amina@example.com' }, travellers: [lead, 'David Okello', 'Grace Okello'], today: '2026-11-27' }),
    );
    return b.id;
  }
  const detail = async (id: number) => (await (await owner.get(`/bookings/${id}`)).json()) as BookingDetail;
  const list = async (q = '') => (await (await owner.get(`/bookings${q}`)).json()) as BookingList;

  beforeAll(async () => {
    ({ site, owner, agent } = await startBookingsConsole(backend));
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('refuses a visitor who is not signed in, and answers 404 for a booking that does not exist', async () => {
    const id = await book();
    for (const path of ['/bookings', `/bookings/${id}`, `/bookings/${id}/receipts/1`]) expect((await fetch(`${site.base}/api/admin${path}`)).status).toBe(401);
    const post = await fetch(`${site.base}/api/admin/bookings/${id}/ledger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.base },
      body: JSON.stringify(payment(100)),
    });
    expect(post.status).toBe(401);
    expect((await owner.get('/bookings/999999')).status).toBe(404);
    expect((await owner.get('/bookings/abc')).status).toBe(404);
    expect((await owner.send('/bookings/999999/ledger', payment(100))).status).toBe(404);
  });

  it('checks every ledger field with a clear 400, never a 500', async () => {
    const id = await book();
    const cases: [Json, string, string][] = [
      [payment(0), 'invalid-amountMinor', 'Enter the amount in whole minor units (cents), not zero.'],
      [payment(12.5), 'invalid-amountMinor', 'Enter the amount in whole minor units (cents), not zero.'],
      [payment(-500), 'invalid-amountMinor', 'A payment is an amount received: more than zero.'],
      [payment(500, { method: 'cheque' }), 'invalid-method', 'Choose how the money was paid.'],
      [payment(500, { receivedOn: '2026-02-30' }), 'invalid-receivedOn', 'Enter the date the money was received.'],
      [payment(500, { receivedOn: '2026-11-28' }), 'invalid-receivedOn', 'The date received cannot be in the future.'],
      [{ kind: 'refund', amountMinor: -500, method: 'cash', receivedOn: '2026-11-26' }, 'invalid-reason', 'Give the reason for a refund or a correction.'],
      [{ kind: 'refund', amountMinor: 500, method: 'cash', receivedOn: '2026-11-26', reason: 'Cancelled day' }, 'invalid-amountMinor', 'A refund is money paid back: enter it as a negative amount.'],
    ];
    for (const [body, code, message] of cases) {
      const res = await owner.send(`/bookings/${id}/ledger`, body);
      expect([res.status, await res.json()], JSON.stringify(body)).toEqual([400, expect.objectContaining({ code, error: message })]);
    }
    const raw = await fetch(`${site.base}/api/admin/bookings/${id}/ledger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.csrf, origin: site.base },
      body: '{"kind":',
    });
    expect(raw.status).toBe(400);
    expect((await detail(id)).ledger).toEqual([]);
  });

  it('moves the booking with its money: deposit → confirmed, the rest → paid; a key records once', async () => {
    const id = await book();
    const before = await detail(id);
    expect(before).toMatchObject({ state: 'confirmed-pending-deposit', account: { totalMinor: 911_999, depositMinor: 273_600, paidMinor: 0, next: { what: 'deposit', amountMinor: 273_600 } } });
    const first = await agent.send(`/bookings/${id}/ledger`, payment(273_600, { idempotencyKey: `deposit-${id}-abc` }));
    expect(first.status).toBe(201);
    const again = await agent.send(`/bookings/${id}/ledger`, payment(273_600, { idempotencyKey: `deposit-${id}-abc` }));
    expect([again.status, ((await again.json()) as Json).created]).toEqual([200, false]);
    const conflict = await agent.send(`/bookings/${id}/ledger`, payment(100, { idempotencyKey: `deposit-${id}-abc` }));
    expect(conflict.status).toBe(409);
    const mid = await detail(id);
    expect(mid.ledger).toHaveLength(1);
    expect(mid.ledger[0]).toMatchObject({ kind: 'payment', amountMinor: 273_600, method: 'bank-transfer', reference: 'TT-1', receivedOn: '2026-11-26', recordedBy: 'Amos Agent' });
    expect(mid).toMatchObject({ state: 'confirmed', account: { paidMinor: 273_600, outstandingMinor: 638_399, next: { what: 'balance', by: mid.balanceDueOn } } });
    expect((await agent.send(`/bookings/${id}/ledger`, payment(638_399, { method: 'mobile-money', reference: 'MM-77' }))).status).toBe(201);
    const paid = await detail(id);
    expect(paid).toMatchObject({ state: 'paid', account: { outstandingMinor: 0, next: null } });
    expect(paid.events.filter((e) => e.kind === 'state').map((e) => e.detail.to)).toEqual(['paid', 'confirmed', 'confirmed-pending-deposit']);
    const audit = rowsOf<Json>(await site.app.database!.db.execute(sql`select action, actor from audit_log where target = ${`booking:${id}`} order by id`));
    expect(audit).toEqual([
      { action: 'booking.payment', actor: AGENT },
      { action: 'booking.payment', actor: AGENT },
    ]);
  });

  it('refunds and corrections are an owner’s, as new entries; nothing is edited or deleted', async () => {
    const id = await book();
    await owner.send(`/bookings/${id}/ledger`, payment(300_000));
    const refund = { kind: 'refund', amountMinor: -26_400, method: 'bank-transfer', receivedOn: '2026-11-27', reason: 'Paid more than the deposit' };
    const byAgent = await agent.send(`/bookings/${id}/ledger`, refund);
    expect([byAgent.status, ((await byAgent.json()) as Json).code]).toEqual([403, 'forbidden']);
    expect((await owner.send(`/bookings/${id}/ledger`, refund)).status).toBe(201);
    expect((await owner.send(`/bookings/${id}/ledger`, { kind: 'correction', amountMinor: -1_000, receivedOn: '2026-11-27', reason: 'Bank charge entered twice' })).status).toBe(201);
    const d = await detail(id);
    expect(d.ledger.map((e) => [e.kind, e.amountMinor])).toEqual([
      ['payment', 300_000],
      ['refund', -26_400],
      ['correction', -1_000],
    ]);
    expect(d.account).toMatchObject({ paidMinor: 272_600, payments: 300_000, refunds: -26_400, corrections: -1_000, outstandingMinor: 639_399 });
    // Back below the deposit: awaiting the deposit again.
    expect(d.state).toBe('confirmed-pending-deposit');
    const entry = d.ledger[0]!.id;
    for (const method of ['PUT', 'PATCH', 'DELETE']) expect((await owner.send(`/bookings/${id}/ledger/${entry}`, {}, method)).status).toBeGreaterThanOrEqual(404);
    const changed = await site.app.database!.db.execute(sql`update ledger_entries set amount_minor = 1 where id = ${entry}`).then(
      () => 'updated',
      () => 'refused',
    );
    expect(changed).toBe('refused');
  });

  it('cancels with a reason (owners only), keeps notes and ticks the lodges night by night', async () => {
    const id = await book();
    expect((await agent.send(`/bookings/${id}/cancel`, { reason: 'Flights cancelled' })).status).toBe(403);
    const noReason = await owner.send(`/bookings/${id}/cancel`, { reason: '  ' });
    expect([noReason.status, ((await noReason.json()) as Json).error]).toEqual([400, 'Give the reason for cancelling the booking.']);
    expect((await agent.send(`/bookings/${id}/notes`, { notes: 'Vegetarian meals; arriving on KQ 414.' }, 'PUT')).status).toBe(200);
    expect((await agent.send(`/bookings/${id}/nights/2`, { confirmed: true }, 'PUT')).status).toBe(200);
    expect((await agent.send(`/bookings/${id}/nights/4`, { confirmed: true }, 'PUT')).status).toBe(400);
    expect((await agent.send(`/bookings/${id}/nights/x`, { confirmed: true }, 'PUT')).status).toBe(400);
    let d = await detail(id);
    expect(d.notes).toBe('Vegetarian meals; arriving on KQ 414.');
    expect(d.nights.map((n) => [n.night, n.date, n.lodge, n.confirmed])).toEqual([
      [1, '2027-03-10', 'Buhoma Lodge', false],
      [2, '2027-03-11', 'Buhoma Lodge', true],
      [3, '2027-03-12', 'Buhoma Lodge', false],
    ]);
    expect(d.manifest.map((t) => t.name)).toEqual(['Amina Okello', 'David Okello', 'Grace Okello']);
    expect((await owner.send(`/bookings/${id}/cancel`, { reason: 'Flights cancelled' })).status).toBe(200);
    expect((await owner.send(`/bookings/${id}/cancel`, { reason: 'Again' })).status).toBe(409);
    d = await detail(id);
    expect(d.state).toBe('cancelled');
    expect(d.events[0]).toMatchObject({ kind: 'state', detail: { from: 'confirmed-pending-deposit', to: 'cancelled', reason: 'Flights cancelled' }, by: 'Olivia Owner' });
    // A payment after the cancellation is still recorded, and the booking stays cancelled.
    expect((await owner.send(`/bookings/${id}/ledger`, payment(5_000))).status).toBe(201);
    expect((await detail(id)).state).toBe('cancelled');
  });

  it('gives a receipt for each entry as a PDF', async () => {
    const id = await book();
    await agent.send(`/bookings/${id}/ledger`, payment(273_600));
    const entry = (await detail(id)).ledger[0]!;
    const res = await agent.get(`/bookings/${id}/receipts/${entry.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/B-2026-\d{4}-R\d+\.pdf/);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await agent.get(`/bookings/${id}/receipts/999999`)).status).toBe(404);
  });

  it('lists bookings by state, departing month, money due or overdue, and by reference or name', async () => {
    const soon = await book('Zawadi Mrema', '2027-01-20'); // balance due 2026-11-21: overdue once the deposit is in
    await owner.send(`/bookings/${soon}/ledger`, payment(273_600));
    const later = await book('Baraka Mwangi', '2027-01-24'); // balance due 2026-11-25 → overdue too; pay it all
    await owner.send(`/bookings/${later}/ledger`, payment(911_999));
    const due = await book('Neema Kato', '2027-02-05'); // balance due 2026-12-07
    await owner.send(`/bookings/${due}/ledger`, payment(273_600));
    const jan = await list('?month=2027-01');
    expect(jan.items.map((i) => i.id)).toEqual([soon, later]);
    expect(jan.today).toBe('2026-11-27');
    expect((await list('?money=overdue')).items.map((i) => i.id)).toEqual([soon]);
    expect((await list('?money=due')).items.map((i) => i.id)).toContain(due);
    expect((await list('?money=due')).items.map((i) => i.id)).not.toContain(soon);
    expect((await list('?state=paid')).items.map((i) => i.id)).toContain(later);
    expect((await list('?state=balance-due')).items.map((i) => i.id)).toEqual([soon]);
    expect((await list('?q=neema')).items.map((i) => i.id)).toEqual([due]);
    const ref = (await detail(due)).reference;
    expect((await list(`?q=${ref}`)).items.map((i) => i.id)).toEqual([due]);
    for (const q of ['?state=booked', '?month=2027-13', '?money=soon']) expect((await owner.get(`/bookings${q}`)).status).toBe(400);
    expect((await agent.get('/bookings')).status).toBe(200);
  });

  it('lets owners, not agents, turn the reminders off', async () => {
    expect(await (await owner.get('/settings/reminders')).json()).toEqual({ 'balance-soon': true, 'balance-overdue': true, 'trip-soon': true });
    expect((await agent.get('/settings/reminders')).status).toBe(403);
    expect((await agent.send('/settings/reminders', { 'trip-soon': false }, 'PUT')).status).toBe(403);
    expect((await owner.send('/settings/reminders', { 'trip-soon': 'no' }, 'PUT')).status).toBe(400);
    const res = await owner.send('/settings/reminders', { 'trip-soon': false }, 'PUT');
    expect(await res.json()).toEqual({ 'balance-soon': true, 'balance-overdue': true, 'trip-soon': false, changed: ['trip-soon'] });
    await owner.send('/settings/reminders', { 'trip-soon': true }, 'PUT');
  });

  it('adds up the bookings on the dashboard: booked this month, received, deposits, outstanding', async () => {
    const all = (await list()).items;
    expect(all.length).toBeGreaterThan(5);
    const d = ((await (await agent.get('/dashboard')).json()) as Json).bookings as import('../common/booking-console.ts').BookingDashboard;
    const open = all.filter((b) => ['confirmed-pending-deposit', 'confirmed', 'balance-due'].includes(b.state));
    const live = all.filter((b) => b.state !== 'cancelled');
    expect(d.receivedMinor).toBe(all.reduce((a, b) => a + b.account.paidMinor, 0));
    expect(d.outstandingMinor).toBe(open.reduce((a, b) => a + Math.max(b.account.outstandingMinor, 0), 0));
    expect(d.depositsReceivedMinor).toBe(live.reduce((a, b) => a + Math.min(Math.max(b.account.paidMinor, 0), b.account.depositMinor), 0));
    expect(d.bookedPerMonth).toHaveLength(12);
    // Every booking here was made today (the database's clock): this month holds them all.
    expect(d.bookedPerMonth.at(-1)).toEqual({ month: new Date().toISOString().slice(0, 7), valueMinor: live.reduce((a, b) => a + b.account.totalMinor, 0), bookings: live.length });
    expect(d.funnel.booked).toBeLessThanOrEqual(d.funnel.quoted);
    expect(d.funnel.quoted).toBeLessThanOrEqual(d.funnel.enquiries);
  });
});
